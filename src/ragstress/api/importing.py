"""`ragstress import-testset`: a test set from Ragas, DeepEval, Giskard RAGET or a CSV, built on the user's index.

Every item that reduces to checkable answers (src/ragstress/generators/interop/import_seeds.py) becomes a curated
seed, and the testbeds' cases are built from the index around it exactly as for generated
seeds (`generate` with a seed file); a seed whose question the near-duplicate gate finds too
close to a kept seed's, with the same answers, is dropped (identical items make one seed).
An item that does not reduce becomes one case for judged metrics only (`params.judged_only`;
no rule scores it, and it belongs to no testbed's counts): its question, its reference as the
reference answer, its reference contexts as the passages; judged_only.jsonl says why each was
not reduced and names each span weighed as its answer with why it lost. A conversational item's
earlier turns go into its cases' `params.history`, and the runner sends them with the question.

A question its tool wrote to lie outside the corpus (RAGET's "out of scope"), or whose
reference says the context does not hold the answer (Ragas's "The answer to given question is
not present in context"), becomes a negative case: its passages, to be declined. Another
failure the tool wrote as a reference ("nan", "-1") drops the item, with the reason.

testset.json gets an `import` section: per file, how many items were read, became seeds, were
kept for judged metrics only, to be declined, dropped (each with the reasons; dropped.jsonl lists
the dropped items), and how many carry
a conversation history; `cases.judged_only` counts the judged-only cases apart from the testbeds.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ragstress.api.stages import TestsetSummary, generate
from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.rundir import CASES_FILE, REJECTED_FILE, SEEDS_FILE, TESTSET_MANIFEST
from ragstress.core.types import Case, Context, SeedQuestion

if TYPE_CHECKING:
    from ragstress.generators.interop.import_seeds import SeedOutcome
    from ragstress.generators.interop.importers import ImportedItem
    from ragstress.indexing.store import IndexStore

_NEAR_DUPLICATE = "a near-duplicate of an earlier seed with the same answers"

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
    from ragstress.generators.interop.import_seeds import SeedOutcome, seed_for
    from ragstress.generators.interop.importers import read_items
    from ragstress.generators.questions.gates import RejectedCandidate
    from ragstress.generators.testset import load_chunks
    from ragstress.indexing.store import IndexStore

    path, out = Path(path), Path(out)
    items = read_items(path, fmt, columns)
    store = IndexStore.open(Path(index_dir))
    chunks = load_chunks(store)

    def retrieve(query: str) -> list[str]:
        return [hit.doc_id for hit in store.query(query, k=3)]

    out.mkdir(parents=True, exist_ok=True)
    outcomes: dict[int, SeedOutcome] = {}
    for item in items:
        if item.kind in OUT_OF_SCOPE_KINDS:
            outcomes[item.line] = SeedOutcome(None, "written by its tool to lie outside the corpus", "negative")
        else:
            outcomes[item.line] = seed_for(item, f"{fmt}-{item.line}", chunks, retrieve)
    details = _drop_near_duplicates(store, outcomes) | _drop_identical(items, outcomes)
    seeds = [o.record for o in outcomes.values() if o.fate == "seed" and o.record is not None]
    seed_file = out / "imported_seeds.jsonl"
    write_jsonl(seed_file, seeds)
    summary = generate(index_dir, out, seed_file=seed_file, seeds=0, random_seed=random_seed)
    mapped = {seed.id for seed in read_records(out / SEEDS_FILE, SeedQuestion)}
    unmapped = {
        r.candidate_id: r.reason
        for r in read_records(out / REJECTED_FILE, RejectedCandidate)
        if r.gate == "seed_file" and r.candidate_id not in mapped  # dropped while mapped onto the index
    }
    built = read_records(out / CASES_FILE, Case)
    with_cases = {c.seed_id for c in built}
    for line, outcome in outcomes.items():
        seed_id = f"{fmt}-{line}"
        if outcome.fate != "seed" or seed_id in with_cases:
            continue
        why = unmapped.get(seed_id, "no testbed could build a case from it on this index")
        if seed_id not in unmapped and outcome.record and len(outcome.record["answers"]) > 1:
            why += " (an integration case needs its facts in different passages)"
        outcomes[line] = replace(outcome, record=None, why=why, fate="judged")
    kept = {f"{fmt}-{line}" for line, o in outcomes.items() if o.fate == "seed"}
    by_line = {item.line: item for item in items}
    judged = [_judged_only_record(by_line[line], o) for line, o in outcomes.items() if o.fate == "judged"]
    declined = [by_line[line] for line, o in outcomes.items() if o.fate == "negative"]
    write_jsonl(out / "judged_only.jsonl", judged)
    dropped = [
        {
            "line": line,
            "question": by_line[line].question,
            "reference": by_line[line].reference,
            "why": details.get(line, o.why),
        }
        for line, o in outcomes.items()
        if o.fate == "dropped"
    ]
    write_jsonl(out / "dropped.jsonl", dropped)

    def reasons(fate: str) -> dict[str, int]:
        return dict(Counter(o.why for o in outcomes.values() if o.fate == fate))

    report = {
        "file": path.name,
        "format": fmt,
        "items": len(items),
        "span_checkable": len(kept),
        "judged_only": len(judged),
        "judged_only_reasons": reasons("judged"),
        "negative": len(declined),
        "negative_reasons": reasons("negative"),
        "out_of_scope": sum(item.kind in OUT_OF_SCOPE_KINDS for item in declined),
        "dropped": len(dropped),
        "dropped_reasons": reasons("dropped"),
        "duplicates": sum(o.why == _NEAR_DUPLICATE for o in outcomes.values()),
        "seeds_matched_by": dict(Counter(o.found_by for o in outcomes.values() if o.fate == "seed" and o.found_by)),
        "conversational": sum(bool(item.history) for item in items),
        "kinds": dict(Counter(item.kind for item in items if item.kind)),
    }
    cases = _with_histories(built, {f"{fmt}-{i.line}": i.history for i in items})
    cases += [_judged_only_case(f"{fmt}-{j['line']}", j) for j in judged]
    cases += [_declined_case(f"{fmt}-{item.line}", item, item.kind in OUT_OF_SCOPE_KINDS) for item in declined]
    write_records(out / CASES_FILE, cases)
    summary = replace(summary, cases=len(cases))
    _update_manifest(out / TESTSET_MANIFEST, report, cases)
    return summary, report


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def _drop_identical(items: list[ImportedItem], outcomes: dict[int, SeedOutcome]) -> dict[int, str]:
    """Identical items that are no seeds have no gate to pass: the first stands for the rest. Returns the reason
    per dropped line."""
    from ragstress.generators.interop.import_seeds import SeedOutcome

    first_of: dict[tuple[str, str], int] = {}
    reasons = {}
    for item in items:
        if outcomes[item.line].fate in ("judged", "negative"):
            same = first_of.setdefault((_flat(item.question), _flat(item.reference or "")), item.line)
            if same != item.line:
                outcomes[item.line] = SeedOutcome(None, "the same question and reference as an earlier item", "dropped")
                reasons[item.line] = f"the same question and reference as line {same}"
    return reasons


def _drop_near_duplicates(store: IndexStore, outcomes: dict[int, SeedOutcome]) -> dict[int, str]:
    """Seeds through the near-duplicate gate, in file order: a seed whose question is too close to a kept one's
    and whose answers are the same is dropped. Returns the gate's reason per dropped line."""
    from ragstress.generators.questions.gates import near_duplicate
    from ragstress.generators.testset import GenerateOptions

    seeds = [(line, o.record) for line, o in outcomes.items() if o.fate == "seed" and o.record is not None]
    if not seeds:
        return {}
    vectors = store.embedder.embed_queries([record["question"] for _, record in seeds])
    threshold = GenerateOptions().duplicate_threshold
    kept: dict[str, tuple[list, list[str]]] = {}  # the answers' main spellings -> the kept seeds' vectors and ids
    reasons = {}
    for (line, record), vector in zip(seeds, vectors):
        same_answers = kept.setdefault(json.dumps(sorted(a[0].lower() for a in record["answers"])), ([], []))
        reason = near_duplicate(vector, same_answers[0], same_answers[1], threshold)
        if reason is not None:
            outcomes[line] = replace(outcomes[line], record=None, why=_NEAR_DUPLICATE, fate="dropped")
            reasons[line] = f"{reason}, with the same answers"
            continue
        same_answers[0].append(vector)
        same_answers[1].append(record["id"])
    return reasons


def _update_manifest(path: Path, report: dict, cases: list[Case]) -> None:
    """testset.json with the import section; judged-only cases counted apart from the testbeds' cases."""
    from ragstress.generators.testset_manifest import case_counts

    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["import"] = report
    tested = [c for c in cases if not c.params.get("judged_only")]
    manifest["cases"].update(total=len(cases), by_testbed=case_counts(tested), judged_only=len(cases) - len(tested))
    write_json(path, manifest)


def write_jsonl(path: Path, records: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")


def _judged_only_record(item: ImportedItem, outcome: SeedOutcome) -> dict:
    return {
        "line": item.line,
        "question": item.question,
        "reference": item.reference,
        "contexts": item.contexts,
        "history": item.history,
        "kind": item.kind,
        "why": outcome.why,
        "spans": outcome.weighed,
    }


def _with_histories(cases: list[Case], histories: dict[str, list[dict[str, str]]]) -> list[Case]:
    """Cases of conversational items carry the item's earlier turns."""
    return [
        case.model_copy(update={"params": {**case.params, "history": histories[case.seed_id]}})
        if histories.get(case.seed_id)
        else case
        for case in cases
    ]


def _lang(question: str) -> str:
    from ragstress.corpora.langdetect import detect_lang

    lang = detect_lang(question)
    return lang if lang in ("en", "zh") else "en"


def _judged_only_case(seed_id: str, item: dict) -> Case:
    """An item with no checkable answer as one answerable case that only the judged metrics score.

    It records no noise ratio: its passages are the tool's reference contexts, not a testbed's mix."""
    return Case(
        id=f"{seed_id}:judged",
        seed_id=seed_id,
        testbed="noise",
        lang=_lang(item["question"]),
        question=item["question"],
        answers=[[item["reference"]]] if item["reference"] else [],
        contexts=[Context(text=text, role="positive") for text in item["contexts"]],
        expected="answer",
        params={
            "judged_only": True,
            "reference": item["reference"],
            **({"history": item["history"]} if item["history"] else {}),
        },
    )


def _declined_case(seed_id: str, item: ImportedItem, out_of_scope: bool) -> Case:
    """A question its tool made to lie outside the corpus, or whose reference says the context lacks the
    answer: the passages it came with, to be declined."""
    return Case(
        id=f"{seed_id}:{'out-of-scope' if out_of_scope else 'lacking'}",
        seed_id=seed_id,
        testbed="negative",
        lang=_lang(item.question),
        question=item.question,
        answers=[],
        contexts=[Context(text=text, role="noise") for text in item.contexts],
        expected="reject",
        params={
            "noise_ratio": 1.0,
            "n_passages": len(item.contexts),
            "n_positive": 0,
            "n_noise": len(item.contexts),
            "out_of_scope" if out_of_scope else "context_lacks_answer": True,
            **({"history": item.history} if item.history else {}),
        },
    )
