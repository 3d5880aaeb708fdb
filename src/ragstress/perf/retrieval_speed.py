"""Index search: the exact cosine search against Chroma's HNSW search, on one store (`--only retrieval`).

Random unit vectors of the bundled MiniLM's size (384) go into an embedded Chroma
collection as a build would put them; random queries are then searched through
`IndexStore.query_vectors` (exact: one matrix product per batch, the path every index up
to EXACT_SEARCH_LIMIT chunks takes) and through `IndexStore.hnsw_query_vectors` (Chroma's
approximate search, the path past the limit), in the same batches, and both answers are
timed in the same run. Random vectors are the hard case for HNSW (no clusters to follow),
so the share of exact top-k that HNSW also returns is recorded beside the times.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ragstress.corpora.embedding_base import Embedder
from ragstress.perf import Row, at_most, info

SECTION = "retrieval"
DIM = 384
TOP_K = 10
BATCH = 256


class _GivenVectors(Embedder):
    """Stands in for an embedding model: the collection is filled with vectors made here, queries come as vectors."""

    name, dim, max_tokens, backend = "random-unit-vectors", DIM, 512, "numpy"

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        raise NotImplementedError("this workload adds its vectors itself")

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        raise NotImplementedError("this workload searches with vectors")


def _store(workdir: Path, vectors: np.ndarray):
    """An IndexStore over a fresh embedded Chroma collection holding `vectors`."""
    from ragstress.indexing.collection import COLLECTION_NAME, open_chroma, open_collection
    from ragstress.indexing.store import IndexStore

    shutil.rmtree(workdir, ignore_errors=True)
    workdir.mkdir(parents=True)
    embedder = _GivenVectors()
    collection = open_collection(open_chroma(workdir), COLLECTION_NAME, embedder, str(workdir), create=True)
    for start in range(0, len(vectors), 1000):
        block = vectors[start : start + 1000]
        ids = [f"chunk-{i:06d}" for i in range(start, start + len(block))]
        collection.add(
            ids=ids,
            embeddings=block.tolist(),
            documents=[f"passage {cid}" for cid in ids],
            metadatas=[{"doc_id": cid, "start": 0, "end": 1} for cid in ids],
        )
    return IndexStore(collection, embedder, workdir)


def _timed(search, queries: np.ndarray) -> tuple[float, list]:
    started = time.perf_counter()
    found = []
    for start in range(0, len(queries), BATCH):
        found += search(queries[start : start + BATCH], TOP_K)
    return time.perf_counter() - started, found


def measure(quick: bool, workdir: Path) -> list[Row]:
    from ragstress.indexing.exact import unit_rows

    rng = np.random.default_rng(7)
    n_chunks, n_queries = (1_000, 200) if quick else (5_000, 2_000)
    store = _store(workdir / "store", unit_rows(rng.normal(size=(n_chunks, DIM))))
    queries = unit_rows(rng.normal(size=(n_queries, DIM)))
    started = time.perf_counter()
    store.query_vectors(queries[:1], TOP_K)  # reads the stored vectors once, as a store's first query does
    load_s = time.perf_counter() - started
    store.hnsw_query_vectors(queries[:1], TOP_K)  # Chroma loads its HNSW index on the first query
    exact_s, exact_hits = _timed(store.query_vectors, queries)
    hnsw_s, hnsw_hits = _timed(store.hnsw_query_vectors, queries)
    shared = sum(
        len({h.chunk_id for h in mine} & {h.chunk_id for h in theirs}) for mine, theirs in zip(exact_hits, hnsw_hits)
    )
    agreement = shared / (TOP_K * n_queries)
    workload = f"{n_queries:,} queries, top {TOP_K}, {n_chunks:,} random {DIM}-dim vectors, batches of {BATCH}"
    return [
        at_most(
            SECTION,
            f"search time ({n_queries:,} queries): exact cosine (store.query_vectors) vs Chroma HNSW",
            exact_s,
            hnsw_s,
            "s",
            2.0,
            f"{workload}; both paths fetch the winners' texts from Chroma; HNSW found {agreement:.1%} of the exact "
            "top-k",
        ),
        info(SECTION, "reading the stored vectors for exact search (once per store)", load_s, "s", note=workload),
    ]
