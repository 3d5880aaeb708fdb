"""`ragstress import-testset`: a test set from Ragas, DeepEval, Giskard RAGET or a CSV, built on the user's index.

Every item that reduces to a checkable answer (generators/import_seeds.py) becomes a curated
seed, and the four testbeds' cases are built from the index around it exactly as for
generated seeds (`generate` with a seed file). An item that does not reduce becomes one case
for judged metrics only (`params.judged_only`; no rule scores it): its question, its reference
as the reference answer, its reference contexts as the passages; judged_only.jsonl says why
each was not reduced. A conversational item's earlier turns go into its cases'
`params.history`, and the runner sends them with the question. testset.json gets an `import`
section: per file, how many items were read, became seeds, were kept for judged metrics only
(and why), and how many carry a conversation history.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ragstress.api.stages import TestsetSummary, generate
from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.rundir import CASES_FILE, TESTSET_MANIFEST
from ragstress.core.types import Case, Context


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
    from ragstress.generators.import_seeds import seed_for
    from ragstress.generators.importers import read_items
    from ragstress.generators.testset import case_counts, load_chunks
    from ragstress.indexing.store import IndexStore

    path, out = Path(path), Path(out)
    items = read_items(path, fmt, columns)
    store = IndexStore.open(Path(index_dir))
    chunks = load_chunks(store)

    def retrieve(query: str) -> list[str]:
        return [hit.doc_id for hit in store.query(query, k=3)]

    out.mkdir(parents=True, exist_ok=True)
    seeds, judged_only, reasons = [], [], Counter()
    for item in items:
        outcome = seed_for(item, f"{fmt}-{item.line}", chunks, retrieve)
        if outcome.record is not None:
            seeds.append(outcome.record)
        else:
            reasons[outcome.why] += 1
            judged_only.append(
                {
                    "line": item.line,
                    "question": item.question,
                    "reference": item.reference,
                    "contexts": item.contexts,
                    "history": item.history,
                    "why": outcome.why,
                }
            )
    if not seeds:
        from ragstress.generators.importers import TestsetImportError

        raise TestsetImportError(
            f"{path}: none of its {len(items)} items reduces to an answer checkable in the index ({dict(reasons)})"
        )
    seed_file = out / "imported_seeds.jsonl"
    seed_file.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in seeds), encoding="utf-8")
    (out / "judged_only.jsonl").write_text(
        "".join(json.dumps(j, ensure_ascii=False) + "\n" for j in judged_only), encoding="utf-8"
    )
    report = {
        "file": path.name,
        "format": fmt,
        "items": len(items),
        "span_checkable": len(seeds),
        "judged_only": len(judged_only),
        "judged_only_reasons": dict(reasons),
        "conversational": sum(bool(item.history) for item in items),
        "kinds": dict(Counter(item.kind for item in items if item.kind)),
    }
    summary = generate(index_dir, out, seed_file=seed_file, seeds=0, random_seed=random_seed)
    cases = _with_histories(read_records(out / CASES_FILE, Case), {f"{fmt}-{i.line}": i.history for i in items})
    cases += [_judged_only_case(f"{fmt}-{j['line']}", j) for j in judged_only]
    write_records(out / CASES_FILE, cases)
    summary = replace(summary, cases=len(cases))
    manifest_path = out / TESTSET_MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["import"] = report
    manifest["cases"].update(total=len(cases), by_testbed=case_counts(cases))
    write_json(manifest_path, manifest)
    return summary, report


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
