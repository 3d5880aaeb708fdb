"""`ragstress import-testset`: a test set from Ragas, DeepEval, Giskard RAGET or a CSV, built on the user's index.

Every item that reduces to a checkable answer (generators/import_seeds.py) becomes a curated
seed, and the four testbeds' cases are built from the index around it exactly as for
generated seeds (`generate` with a seed file). An item that does not reduce becomes one case
for judged metrics only (`params.judged_only`; no rule scores it): its question, its reference
as the reference answer, its reference contexts as the passages; judged_only.jsonl says why
each was not reduced. A conversational item's earlier turns go into its cases'
`params.history`, and the runner sends them with the question. testset.json gets an `import`
section: per file, how many items were read, became seeds, were kept for judged metrics only
(and why), and how many carry a conversation history. A question its tool wrote to lie outside
the corpus (RAGET's "out of scope") becomes a negative case: its passages, to be declined.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ragstress.api.stages import TestsetSummary, generate
from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.rundir import CASES_FILE, REJECTED_FILE, SEEDS_FILE, TESTSET_MANIFEST
from ragstress.core.types import Case, Context, SeedQuestion

if TYPE_CHECKING:
    from ragstress.generators.importers import ImportedItem

OUT_OF_SCOPE_KINDS = frozenset({"out of scope"})
"""Item kinds whose tool wrote them to be declined (Giskard RAGET's out-of-scope questions)."""


def import_testset(
    path: str | Path,
    fmt: str,
    index_dir: str | Path,
    out: str | Path,
    *,
    columns: dict[str, str] | None = None,
    random_seed: int = 13,
) -> tuple[TestsetSummary, dict]:
    """Import `path` (format `fmt`) against the index in `index_dir` into the test-set folder `out`."""
    from ragstress.generators.gates import RejectedCandidate
    from ragstress.generators.import_seeds import seed_for
    from ragstress.generators.importers import read_items
    from ragstress.generators.testset import load_chunks
    from ragstress.generators.testset_manifest import case_counts
    from ragstress.indexing.store import IndexStore

    path, out = Path(path), Path(out)
    items = read_items(path, fmt, columns)
    store = IndexStore.open(Path(index_dir))
    chunks = load_chunks(store)

    def retrieve(query: str) -> list[str]:
        return [hit.doc_id for hit in store.query(query, k=3)]

    out.mkdir(parents=True, exist_ok=True)
    seeds, judged_only, out_of_scope, reasons = [], [], [], Counter()
    for item in items:
        if item.kind in OUT_OF_SCOPE_KINDS:
            out_of_scope.append(item)  # the tool wrote it to be declined: a negative case, not a seed
            continue
        outcome = seed_for(item, f"{fmt}-{item.line}", chunks, retrieve)
        if outcome.record is not None:
            seeds.append(outcome.record)
        else:
            reasons[outcome.why] += 1
            judged_only.append(_judged_only_record(item, outcome.why))
    seed_file = out / "imported_seeds.jsonl"
    write_jsonl(seed_file, seeds)
    summary = generate(index_dir, out, seed_file=seed_file, seeds=0, random_seed=random_seed)
    kept = {seed.id for seed in read_records(out / SEEDS_FILE, SeedQuestion)}
    for record in read_records(out / REJECTED_FILE, RejectedCandidate):
        if record.candidate_id not in kept and record.gate == "seed_file":  # dropped while mapped onto the index
            item = next(i for i in items if f"{fmt}-{i.line}" == record.candidate_id)
            reasons[record.reason] += 1
            judged_only.append(_judged_only_record(item, record.reason))
    write_jsonl(out / "judged_only.jsonl", judged_only)
    report = {
        "file": path.name,
        "format": fmt,
        "items": len(items),
        "span_checkable": len(kept),
        "judged_only": len(judged_only),
        "judged_only_reasons": dict(reasons),
        "out_of_scope": len(out_of_scope),
        "conversational": sum(bool(item.history) for item in items),
        "kinds": dict(Counter(item.kind for item in items if item.kind)),
    }
    cases = _with_histories(read_records(out / CASES_FILE, Case), {f"{fmt}-{i.line}": i.history for i in items})
    cases += [_judged_only_case(f"{fmt}-{j['line']}", j) for j in judged_only]
    cases += [_out_of_scope_case(f"{fmt}-{item.line}", item) for item in out_of_scope]
    write_records(out / CASES_FILE, cases)
    summary = replace(summary, cases=len(cases))
    manifest_path = out / TESTSET_MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["import"] = report
    manifest["cases"].update(total=len(cases), by_testbed=case_counts(cases))
    write_json(manifest_path, manifest)
    return summary, report


def write_jsonl(path: Path, records: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")


def _judged_only_record(item: ImportedItem, why: str) -> dict:
    return {
        "line": item.line,
        "question": item.question,
        "reference": item.reference,
        "contexts": item.contexts,
        "history": item.history,
        "why": why,
    }


def _with_histories(cases: list[Case], histories: dict[str, list[dict[str, str]]]) -> list[Case]:
    """Cases of conversational items carry the item's earlier turns."""
    return [
        case.model_copy(update={"params": {**case.params, "history": histories[case.seed_id]}})
        if histories.get(case.seed_id)
        else case
        for case in cases
    ]


def _judged_only_case(seed_id: str, item: dict) -> Case:
    """An item with no checkable answer as one answerable case that only the judged metrics score."""
    from ragstress.corpora.langdetect import detect_lang

    lang = detect_lang(item["question"])
    return Case(
        id=f"{seed_id}:judged",
        seed_id=seed_id,
        testbed="noise",
        lang=lang if lang in ("en", "zh") else "en",
        question=item["question"],
        answers=[[item["reference"]]] if item["reference"] else [],
        contexts=[Context(text=text, role="positive") for text in item["contexts"]],
        expected="answer",
        params={
            "noise_ratio": 0.0,
            "judged_only": True,
            "reference": item["reference"],
            **({"history": item["history"]} if item["history"] else {}),
        },
    )


def _out_of_scope_case(seed_id: str, item: ImportedItem) -> Case:
    """A question its tool made to lie outside the corpus: the passages it came with, to be declined."""
    from ragstress.corpora.langdetect import detect_lang

    lang = detect_lang(item.question)
    return Case(
        id=f"{seed_id}:out-of-scope",
        seed_id=seed_id,
        testbed="negative",
        lang=lang if lang in ("en", "zh") else "en",
        question=item.question,
        answers=[],
        contexts=[Context(text=text, role="noise") for text in item.contexts],
        expected="reject",
        params={
            "noise_ratio": 1.0,
            "n_passages": len(item.contexts),
            "n_positive": 0,
            "n_noise": len(item.contexts),
            "out_of_scope": True,
            "reference": item.reference,
            **({"history": item.history} if item.history else {}),
        },
    )
