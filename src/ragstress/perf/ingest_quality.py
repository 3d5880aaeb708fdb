"""Retrieval recall@5 of the bundled English sample's seed questions, per embedding model.

`python -m ragstress.perf.ingest_quality CACHE WORK MODEL...` builds the sample
corpus (src/ragstress/corpora/samples/en) once per model with our real build, asks every seed
question, and counts a seed as found when one of the top 5 chunks comes from one of
its source documents. Prints one JSON line {model: recall %, "seeds": n}.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[1] / "corpora" / "samples" / "en"


def recall_at_5(model: str, work: Path) -> tuple[float, int]:
    """(recall@5 in %, number of seeds) for the sample corpus built with `model`."""
    from ragstress.corpora.embeddings import make_embedder
    from ragstress.indexing.build import build_index
    from ragstress.indexing.store import IndexStore

    embedder = make_embedder(model)
    index = work / f"recall-{embedder.name}"
    shutil.rmtree(index, ignore_errors=True)
    build_index(SAMPLE / "docs", index, embedder)
    seeds = [json.loads(line) for line in (SAMPLE / "seeds.jsonl").read_text(encoding="utf-8").splitlines() if line]
    store = IndexStore.open(index, embedder)
    hits = store.query_many([seed["question"] for seed in seeds], k=5)
    found = sum(any(hit.doc_id in seed["doc_ids"] for hit in top) for seed, top in zip(seeds, hits))
    return 100.0 * found / len(seeds), len(seeds)


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    from ragstress.corpora.embeddings import set_model_cache_dir

    set_model_cache_dir(Path(argv[0]))
    work = Path(argv[1])
    result: dict[str, float] = {}
    for model in argv[2:]:
        result[model], result["seeds"] = recall_at_5(model, work)
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
