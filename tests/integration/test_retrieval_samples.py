"""Retrieval quality of the default settings on the bundled sample corpora.

Each sample corpus is built with its default embedder and chunking; a seed counts
as retrieved when every one of its source documents is among the doc ids of the
top-5 hits for its question. The bar is 90% of seeds per language.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ragstress.indexing.build import build_index, choose_embedder, default_chunk_params
from ragstress.indexing.store import IndexStore

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples"
TOP_K = 5
REQUIRED_HIT_RATE = 0.90


def load_seeds(lang: str) -> list[dict]:
    path = SAMPLES / lang / "seeds.jsonl"
    if not path.is_file():
        pytest.skip(f"sample corpus {lang} has no seeds.jsonl yet")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_seed_documents_are_in_the_top_5(lang, tmp_path):
    seeds = load_seeds(lang)
    corpus, index = SAMPLES / lang / "docs", tmp_path / "index"
    embedder = choose_embedder(corpus, index, None)
    stats = build_index(corpus, index, embedder, default_chunk_params(embedder))
    assert stats.truncated == 0 and stats.skipped == []

    hits_per_seed = IndexStore.open(index).query_many([seed["question"] for seed in seeds], k=TOP_K)
    misses = []
    for seed, hits in zip(seeds, hits_per_seed):
        found = {hit.doc_id for hit in hits}
        if not set(seed["doc_ids"]) <= found:
            misses.append(f"{seed['id']} {seed['question']!r}: want {seed['doc_ids']}, got {[h.doc_id for h in hits]}")
    rate = 1 - len(misses) / len(seeds)
    figure = (
        f"{lang}: top-{TOP_K} document hit rate {rate:.1%} ({len(seeds) - len(misses)}/{len(seeds)} seeds) "
        f"with {embedder.name}; build {stats.documents} docs, {stats.chunks} chunks in {stats.seconds:.1f}s "
        f"({stats.chunks_per_second:.1f} chunks/s)"
    )
    print(figure)
    assert rate >= REQUIRED_HIT_RATE, figure + "\nmissed:\n" + "\n".join(misses)
