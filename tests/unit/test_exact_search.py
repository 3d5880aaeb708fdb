"""Exact cosine search over a real embedded Chroma store, against a brute-force numpy reference."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np
import pytest

from ragstress.core.manifests import IndexManifest, write_manifest
from ragstress.corpora.embeddings import Embedder
from ragstress.indexing import exact
from ragstress.indexing import store as store_module
from ragstress.indexing.collection import COLLECTION_NAME, open_chroma, open_collection
from ragstress.indexing.store import IndexStore

DIM = 16


class VectorsByName(Embedder):
    """An embedder for tests: the query "q<i>" embeds to the i-th of the vectors it was given."""

    name, dim, max_tokens, backend = "test-vectors", DIM, 512, "test"

    def __init__(self, queries: np.ndarray):
        self.queries = np.asarray(queries, dtype=np.float32)

    def count_tokens(self, text: str) -> int:
        return len(text.split())

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        raise AssertionError("these tests add their vectors themselves")

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.queries[[int(text[1:]) for text in texts]]


def stored_vectors(rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Random vectors by id, with exact ties: copies (some scaled by a power of two) under other ids."""
    base = rng.normal(size=(400, DIM))
    vectors = {f"c-{i:04d}": base[i] for i in range(len(base))}
    vectors["a-copy-of-7"] = base[7]
    vectors["z-copy-of-7"] = base[7] * 2.0  # the same direction: a tie once lengths are divided out
    vectors["b-copy-of-30"] = base[30] * 0.5
    for j in range(12):  # a tie group longer than k, straddling the k-th place
        vectors[f"m-{j:02d}"] = base[99]
    return vectors


def reference_top_k(vectors: dict[str, np.ndarray], query: np.ndarray, k: int) -> list[tuple[str, float]]:
    """Brute force in float64: every cosine, best first, equal scores in id order."""
    q = query / np.linalg.norm(query)
    scored = [(cid, float(v @ q / np.linalg.norm(v))) for cid, v in vectors.items()]
    return sorted(scored, key=lambda pair: (-round(pair[1], 9), pair[0]))[:k]


def build_store(index_dir, vectors: dict[str, np.ndarray], queries: np.ndarray) -> IndexStore:
    """A built index's shape: index.json and an embedded Chroma collection holding `vectors`."""
    embedder = VectorsByName(queries)
    manifest = {"embedding_model": embedder.name, "embedding_dim": DIM, "collection": COLLECTION_NAME}
    index_dir.mkdir(parents=True, exist_ok=True)
    write_manifest(index_dir / "index.json", manifest, IndexManifest)
    collection = open_collection(open_chroma(index_dir), COLLECTION_NAME, embedder, str(index_dir), create=True)
    add(collection, vectors)
    return IndexStore.open(index_dir, embedder)


def add(collection, vectors: dict[str, np.ndarray]) -> None:
    ids = list(vectors)
    collection.add(
        ids=ids,
        embeddings=[vectors[cid].astype(np.float32).tolist() for cid in ids],
        documents=[f"text of {cid}" for cid in ids],
        metadatas=[{"doc_id": f"doc-{cid}", "start": 0, "end": 1} for cid in ids],
    )


@pytest.fixture
def case(tmp_path):
    rng = np.random.default_rng(20261207)
    vectors = stored_vectors(rng)
    # Random queries, plus queries pointing straight at each tie group.
    queries = np.vstack([rng.normal(size=(40, DIM)), [vectors["c-0007"], vectors["c-0030"], vectors["c-0099"]]])
    return vectors, queries, build_store(tmp_path / "index", vectors, queries)


def names(count: int) -> list[str]:
    return [f"q{i}" for i in range(count)]


def test_exact_search_equals_brute_force_ties_in_id_order(case):
    vectors, queries, store = case
    for k in (1, 2, 5, 10):
        found = store.query_many(names(len(queries)), k=k)
        for query, hits in zip(queries, found):
            expected = reference_top_k(vectors, query, k)
            assert [h.chunk_id for h in hits] == [cid for cid, _ in expected]
            assert [h.score for h in hits] == pytest.approx([score for _, score in expected], abs=1e-6)
            assert all(h.doc_id == f"doc-{h.chunk_id}" and h.text == f"text of {h.chunk_id}" for h in hits)
    at_seven, at_thirty, at_group = store.query_many(["q40", "q41", "q42"], k=3)
    assert [h.chunk_id for h in at_seven] == ["a-copy-of-7", "c-0007", "z-copy-of-7"]
    assert [h.chunk_id for h in at_thirty][:2] == ["b-copy-of-30", "c-0030"]
    assert [h.chunk_id for h in at_group] == ["c-0099", "m-00", "m-01"]
    assert store.retrieval == "exact-cosine"


def test_a_query_gets_the_same_answer_whatever_its_batch(case, monkeypatch):
    _, queries, store = case
    whole = store.query_many(names(len(queries)), k=7)
    monkeypatch.setattr(exact, "SCORE_CELLS", 3 * len(store.all_chunk_ids()))  # three queries scored at a time
    assert store.query_many(names(len(queries)), k=7) == whole
    assert [store.query(f"q{i}", k=7) for i in range(len(queries))] == whole


def test_two_stores_on_one_index_answer_alike_every_time(case, tmp_path):
    _, queries, first = case
    second = IndexStore.open(tmp_path / "index", VectorsByName(queries))
    assert second is not first
    answers = [store.query_many(names(len(queries)), k=10) for store in (first, second, first, second)]
    assert all(answer == answers[0] for answer in answers[1:])


def test_chunks_added_or_removed_later_are_searched(case):
    vectors, queries, store = case
    assert store.query("q0", k=1)[0].chunk_id != "late"
    add(store.collection, {"late": queries[0] * 3.0})
    late = store.query("q0", k=2)
    assert late[0].chunk_id == "late" and late[0].score == pytest.approx(1.0)
    assert late[1].chunk_id == reference_top_k(vectors, queries[0], 1)[0][0]
    store.collection.delete(ids=["late", "a-copy-of-7"])
    assert store.query("q0", k=1)[0].chunk_id != "late"
    assert [h.chunk_id for h in store.query("q40", k=2)] == ["c-0007", "z-copy-of-7"]


def test_an_index_past_the_limit_is_searched_by_hnsw_and_says_so(case, monkeypatch, caplog):
    vectors, queries, store = case
    monkeypatch.setattr(store_module, "EXACT_SEARCH_LIMIT", len(vectors) - 1)
    assert store.retrieval == "hnsw"
    with caplog.at_level(logging.WARNING, logger=store_module.__name__):
        hits = store.query("q1", k=3)
    assert "approximate HNSW" in caplog.text and len(hits) == 3
    assert hits[0].score == pytest.approx(reference_top_k(vectors, queries[1], 1)[0][1], abs=1e-5)
    assert store.retrieval == "hnsw"


def test_zero_and_empty_inputs():
    none = exact.StoredVectors((), np.zeros((0, 0), dtype=np.float32))
    assert exact.top_k(none, np.ones((2, DIM)), 3) == [[], []]
    rows = exact.unit_rows(np.array([[0.0, 0.0], [3.0, 4.0]]))
    assert rows.tolist() == [[0.0, 0.0], [pytest.approx(0.6), pytest.approx(0.8)]]
    two = exact.StoredVectors(("a", "b"), rows)
    assert exact.top_k(two, np.array([[1.0, 1.0]]), 5) == [[(1, pytest.approx(1.4 / 2**0.5)), (0, 0.0)]]
