"""`ragstress import-testset`: a test set from Ragas, DeepEval, Giskard RAGET or a CSV, built on the user's index.

Every item that reduces to a checkable answer (generators/import_seeds.py) becomes a curated
seed, and the four testbeds' cases are built from the index around it exactly as for
generated seeds (`generate` with a seed file). Items that do not reduce are written to
judged_only.jsonl with their reason. testset.json gets an `import` section: per file, how many
items were read, became seeds, were kept for judged metrics only (and why), and how many carry
a conversation history (recorded with the item; the runner does not send histories yet).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ragstress.api.stages import TestsetSummary, generate
from ragstress.core.jsonl import write_json
from ragstress.core.rundir import TESTSET_MANIFEST


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
    from ragstress.generators.testset import load_chunks
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
    manifest_path = out / TESTSET_MANIFEST
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["import"] = report
    write_json(manifest_path, manifest)
    return summary, report
