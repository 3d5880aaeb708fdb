"""Search over a built index: the chunks nearest a query, and chunk lookup by id.

Search is exact (indexing.exact) up to EXACT_SEARCH_LIMIT chunks and Chroma's approximate HNSW
index beyond, and the store says which it used. Where the index lives and how its collection is
opened (and a different embedding model refused) is indexing.collection.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from ragstress.core.types import Chunk
from ragstress.corpora.embeddings import Embedder, make_embedder
from ragstress.indexing.collection import (
    BUILDING_NAME,
    CHUNKS_NAME,  # noqa: F401  (kept importable here: generators/testset.py reads chunks.jsonl by it)
    COLLECTION_NAME,
    MANIFEST_NAME,
    PAGE_SIZE,
    StoreError,
    check_embedding_model,
    iter_collection_ids,
    open_chroma,
    open_collection,
    read_manifest,
)
from ragstress.indexing.exact import EXACT_SEARCH_LIMIT, StoredVectors, load_vectors, top_k

_log = logging.getLogger(__name__)
# How a store searched, as testset.json records it (`index.retrieval`).
EXACT_SEARCH = "exact-cosine"
HNSW_SEARCH = "hnsw"


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk; `score` is the cosine similarity to the query (higher is closer)."""

    chunk_id: str
    doc_id: str
    text: str
    score: float


QUERY_BATCH = 256


class IndexStore:
    """Read access to a built index: nearest-chunk search and chunk lookup.

    Search is exact (ragstress.indexing.exact) up to EXACT_SEARCH_LIMIT chunks: the vectors are
    read once, on the first query, and read again when the collection's count changes. A larger
    index is searched with Chroma's approximate HNSW index, and a note says so.
    """

    def __init__(self, collection, embedder: Embedder, index_dir: Path):
        self.collection = collection
        self.embedder = embedder
        self.index_dir = Path(index_dir)
        self._vectors: StoredVectors | None = None
        self._searches: set[str] = set()

    @classmethod
    def open(cls, index_dir: Path, embedder: Embedder | str | None = None, chroma_url: str | None = None) -> IndexStore:
        """Open the index in `index_dir`.

        `embedder` defaults to the model the index was built with; a different one is
        refused. `chroma_url` defaults to the server recorded at build time, if any.
        """
        index_dir = Path(index_dir)
        manifest = read_manifest(index_dir)
        if manifest is None:
            raise StoreError(f"no index found at {index_dir} (no {MANIFEST_NAME}): run `ragstress build` first")
        if (index_dir / BUILDING_NAME).exists():
            raise StoreError(
                f"a build of {index_dir} did not finish (it was interrupted or is still running; see "
                f"{index_dir / BUILDING_NAME}): run `ragstress build` on its corpus again to complete the index"
            )
        if isinstance(embedder, str):
            # Checked before loading: refusing a model should not cost seconds of loading it.
            check_embedding_model(manifest, embedder, str(index_dir))
        if embedder is None or isinstance(embedder, str):
            embedder = make_embedder(embedder or manifest["embedding_model"])
        check_embedding_model(manifest, embedder.name, str(index_dir), embedder.dim)
        client = open_chroma(index_dir, chroma_url or manifest.get("chroma_url"))
        collection = open_collection(
            client, manifest.get("collection", COLLECTION_NAME), embedder, str(index_dir), create=False
        )
        return cls(collection, embedder, index_dir)

    def count(self) -> int:
        """Number of chunks in the index."""
        return self.collection.count()

    def query(self, text: str, k: int = 5) -> list[Hit]:
        """The `k` chunks closest to `text`, best first."""
        return self.query_many([text], k)[0]

    def query_many(self, texts: list[str], k: int = 5) -> list[list[Hit]]:
        """`query` for several texts at once: one embedding batch, searched QUERY_BATCH texts at a time
        (on the HNSW path a single Chroma call for thousands of texts passes SQLite's limit on bound
        variables)."""
        if not texts:
            return []
        vectors = self.embedder.embed_queries(texts)
        hits: list[list[Hit]] = []
        for start in range(0, len(texts), QUERY_BATCH):
            hits += self.query_vectors(vectors[start : start + QUERY_BATCH], k)
        return hits

    @property
    def retrieval(self) -> str:
        """How this store's queries were searched ("exact-cosine" or "hnsw", both joined by "+" if the
        index grew past the limit between queries); before any query, how the next one would be."""
        if self._searches:
            return "+".join(sorted(self._searches))
        return EXACT_SEARCH if self.count() <= EXACT_SEARCH_LIMIT else HNSW_SEARCH

    def _stored_vectors(self) -> StoredVectors | None:
        """The index's vectors for exact search, read again if the count changed; None past the limit."""
        count = self.collection.count()
        if count > EXACT_SEARCH_LIMIT:
            if HNSW_SEARCH not in self._searches:
                _log.warning(
                    "note: the index holds %d chunks, more than the %d searched exactly: searching with "
                    "Chroma's approximate HNSW index, which may miss a nearest chunk",
                    count,
                    EXACT_SEARCH_LIMIT,
                )
            self._vectors = None
            return None
        if self._vectors is None or len(self._vectors) != count:
            self._vectors = load_vectors(self.collection)
        return self._vectors

    def query_vectors(self, vectors, k: int) -> list[list[Hit]]:
        """The `k` chunks closest to each query vector, best first: exact up to EXACT_SEARCH_LIMIT chunks."""
        stored = self._stored_vectors()
        if stored is None:
            self._searches.add(HNSW_SEARCH)
            return self.hnsw_query_vectors(vectors, k)
        self._searches.add(EXACT_SEARCH)
        found = top_k(stored, vectors, max(1, k))
        winners = sorted({stored.ids[row] for rows in found for row, _ in rows})
        texts: dict[str, tuple[str, str]] = {}
        for begin in range(0, len(winners), PAGE_SIZE):
            page = self.collection.get(ids=winners[begin : begin + PAGE_SIZE], include=["documents", "metadatas"])
            for cid, doc, meta in zip(page["ids"], page["documents"], page["metadatas"]):
                texts[cid] = (str(meta["doc_id"]), doc or "")
        return [
            [
                Hit(chunk_id=cid, doc_id=texts[cid][0], text=texts[cid][1], score=score)
                for cid, score in ((stored.ids[row], score) for row, score in rows)
            ]
            for rows in found
        ]

    def hnsw_query_vectors(self, vectors, k: int) -> list[list[Hit]]:
        """Chroma's approximate HNSW search (past EXACT_SEARCH_LIMIT; `make perf` compares the exact search with it)."""
        result = self.collection.query(
            query_embeddings=vectors,
            n_results=max(1, k),
            include=["documents", "metadatas", "distances"],
        )
        return [
            [
                # Chroma's cosine space returns distance = 1 - cosine similarity.
                Hit(chunk_id=cid, doc_id=str(meta["doc_id"]), text=doc or "", score=1.0 - float(dist))
                for cid, doc, meta, dist in zip(ids, docs, metas, dists)
            ]
            for ids, docs, metas, dists in zip(
                result["ids"], result["documents"], result["metadatas"], result["distances"]
            )
        ]

    def get_chunks(self, ids: list[str]) -> list[Chunk]:
        """The chunks with these ids, in the order asked; KeyError names any missing."""
        found: dict[str, Chunk] = {}
        for begin in range(0, len(ids), PAGE_SIZE):
            page = self.collection.get(ids=ids[begin : begin + PAGE_SIZE], include=["documents", "metadatas"])
            for cid, doc, meta in zip(page["ids"], page["documents"], page["metadatas"]):
                found[cid] = Chunk(
                    id=cid, doc_id=str(meta["doc_id"]), text=doc or "", start=int(meta["start"]), end=int(meta["end"])
                )
        missing = [cid for cid in ids if cid not in found]
        if missing:
            raise KeyError(f"{len(missing)} chunk id(s) not in the index, e.g. {missing[:3]}")
        return [found[cid] for cid in ids]

    def all_chunk_ids(self) -> list[str]:
        """Every chunk id in the index (Chroma's order, not corpus order: see chunks.jsonl for that)."""
        return list(iter_collection_ids(self.collection))
