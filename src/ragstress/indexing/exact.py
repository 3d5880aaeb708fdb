"""Exact cosine top-k over an index's stored vectors, the same in every process.

Chroma's HNSW search is approximate, and what it misses depends on the process: on a
2,000-chunk docs index it missed the clearly nearest chunk (cosine 0.762) in 5 of 7
processes and found it in the other two, with ef_search raised to 2000 as well. Test sets
generated twice from one index then differed (242, 241 and 234 seeds on one corpus). Scoring
every stored vector costs one matrix product per batch of queries, milliseconds at a
corpus's size, and gives one answer: the k best by cosine similarity, ties in id order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

# Past this many chunks searches go to Chroma's HNSW index instead: the exact search keeps
# every vector in memory as an n × dim float32 matrix (200,000 × 384 dims is 0.3 GB, × 1,024
# is 0.8 GB) and reads all of it for every batch of queries.
EXACT_SEARCH_LIMIT = 200_000

# Candidates within this much of the k-th float32 score are scored again in float64 and ranked
# by that, so near ties fall the same way whatever else was in the query's batch (a float32
# product of unit vectors is off by about 1e-6; the margin is far wider).
RESCORE_MARGIN = 1e-4

# Query rows scored at once are capped so the score matrix stays near 64 MB of float32.
SCORE_CELLS = 16_000_000

_PAGE = 1000


@dataclass(frozen=True)
class StoredVectors:
    """An index's vectors, unit length, one row per chunk, rows in chunk-id order."""

    ids: tuple[str, ...]
    matrix: np.ndarray

    def __len__(self) -> int:
        return len(self.ids)


def unit_rows(vectors: np.ndarray) -> np.ndarray:
    """Each row scaled to length 1 in float32 (a zero row stays zero: it is no closer to anything)."""
    rows = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.where(norms > 0, norms, 1.0)).astype(np.float32)


def _pages(collection) -> Iterator[tuple[list[str], np.ndarray]]:
    """(ids, embeddings) of the collection page by page, as `iter_collection_ids` pages."""
    offset = 0
    while True:
        page = collection.get(include=["embeddings"], limit=_PAGE, offset=offset)
        ids = list(page["ids"])
        if ids:
            yield ids, np.asarray(page["embeddings"], dtype=np.float32)
        if len(ids) < _PAGE:
            return
        offset += len(ids)


def load_vectors(collection) -> StoredVectors:
    """Every stored vector of `collection`; ValueError if the pages did not add up to one set of chunks."""
    ids: list[str] = []
    blocks: list[np.ndarray] = []
    for page_ids, embeddings in _pages(collection):
        ids += page_ids
        blocks.append(unit_rows(embeddings))  # page by page: float64 only for one page at a time
    if len(set(ids)) != len(ids):
        raise ValueError("the collection changed while its vectors were read (an id came twice)")
    if not ids:
        return StoredVectors((), np.zeros((0, 0), dtype=np.float32))
    order = sorted(range(len(ids)), key=ids.__getitem__)
    matrix = np.concatenate(blocks)[order]
    return StoredVectors(tuple(ids[i] for i in order), np.ascontiguousarray(matrix))


def _best_of_row(matrix: np.ndarray, query: np.ndarray, scores: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The k best rows for one query: candidates near the float32 k-th score, ranked by float64 cosine, then row."""
    if k < len(scores):
        kth = scores[np.argpartition(-scores, k - 1)[:k]].min()
        candidates = np.flatnonzero(scores >= kth - RESCORE_MARGIN)
    else:
        candidates = np.arange(len(scores))
    # Elementwise product and sum: the same operations for a row whatever the batch (a BLAS call may not be).
    exact = (matrix[candidates].astype(np.float64) * query.astype(np.float64)).sum(axis=1)
    ranked = np.lexsort((candidates, -exact))[:k]
    return [(int(candidates[i]), float(exact[i])) for i in ranked]


def top_k(vectors: StoredVectors, queries: np.ndarray, k: int) -> list[list[tuple[int, float]]]:
    """For each query, the k nearest rows of `vectors` as (row, cosine similarity), best first.

    The order is total: equal similarities go in chunk-id order, so every process agrees."""
    queries = unit_rows(np.atleast_2d(queries))
    n = len(vectors)
    if n == 0 or k < 1:
        return [[] for _ in range(len(queries))]
    k = min(k, n)
    step = max(1, SCORE_CELLS // n)
    found: list[list[tuple[int, float]]] = []
    for start in range(0, len(queries), step):
        block = queries[start : start + step]
        scores = block @ vectors.matrix.T
        found += [_best_of_row(vectors.matrix, query, row, k) for query, row in zip(block, scores)]
    return found
