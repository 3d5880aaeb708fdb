"""The chunk index: one Chroma collection plus a manifest, and the query API over it.

An index directory holds `index.json` (what was built, with which model and chunk
parameters), `chunks.jsonl` (every chunk in corpus order) and, unless a Chroma
server is used, the embedded Chroma database in `chroma/`. Vectors are always
computed by our own `Embedder` and passed explicitly: Chroma's default embedding
function downloads a model, so collections are created with none.

The collection records the embedding model it was built with; opening it with a
different model is refused, because vectors from two models are not comparable.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import chromadb
from chromadb.config import Settings
from chromadb.errors import NotFoundError

from ragstress.core.manifests import IndexManifest
from ragstress.core.manifests import read_manifest as read_typed_manifest
from ragstress.core.rundir import CHUNKS_FILE, INDEX_MANIFEST
from ragstress.core.types import Chunk
from ragstress.corpora.embeddings import Embedder, canonical_embedding_name, make_embedder
from ragstress.indexing.exact import EXACT_SEARCH_LIMIT, StoredVectors, load_vectors, top_k

COLLECTION_NAME = "ragstress_chunks"
CHROMA_DIRNAME = "chroma"
MANIFEST_NAME = INDEX_MANIFEST
CHUNKS_NAME = CHUNKS_FILE
# Present while a build changes the collection: if a build dies, the collection may hold
# chunks that chunks.jsonl and index.json do not describe until the next build finishes.
BUILDING_NAME = "build-in-progress"
_PAGE = 1000
_log = logging.getLogger(__name__)
# How a store searched, as testset.json records it (`index.retrieval`).
EXACT_SEARCH = "exact-cosine"
HNSW_SEARCH = "hnsw"


class StoreError(ValueError):
    """The index cannot be opened or used as asked; the message says what to do."""


class EmbeddingMismatchError(StoreError):
    """The index was built with another embedding model than the one requested."""


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk; `score` is the cosine similarity to the query (higher is closer)."""

    chunk_id: str
    doc_id: str
    text: str
    score: float


def open_chroma(index_dir: Path, chroma_url: str | None = None) -> chromadb.ClientAPI:
    """A Chroma client: embedded in `<index_dir>/chroma`, or a server when `chroma_url` is given."""
    # Telemetry off: this runs offline and must not try to reach anything.
    settings = Settings(anonymized_telemetry=False)
    if not chroma_url:
        return chromadb.PersistentClient(path=str(Path(index_dir) / CHROMA_DIRNAME), settings=settings)
    url = urlparse(chroma_url if "://" in chroma_url else f"http://{chroma_url}")
    if url.scheme not in ("http", "https") or not url.hostname:
        raise StoreError(f"--chroma-url must look like http://HOST:PORT, got {chroma_url!r}")
    try:
        return chromadb.HttpClient(
            host=url.hostname,
            port=url.port or (443 if url.scheme == "https" else 8000),
            ssl=url.scheme == "https",
            settings=settings,
        )
    except Exception as error:  # chromadb raises several unrelated types for "not reachable"
        raise StoreError(f"cannot reach the Chroma server at {chroma_url}: {error}") from error


def collection_metadata(embedder: Embedder, chunk_params: Any | None = None) -> dict[str, Any]:
    """What an index records about how its vectors were made."""
    meta: dict[str, Any] = {"embedding_model": embedder.name, "embedding_dim": int(embedder.dim)}
    if chunk_params is not None:
        meta.update(chunk_size=chunk_params.size, chunk_overlap=chunk_params.overlap, chunk_unit=chunk_params.unit)
    return meta


def check_embedding_model(recorded: dict[str, Any], model_name: str, where: str, dim: int | None = None) -> None:
    """Refuse `model_name` if the index at `where` (metadata `recorded`) was built with another model."""
    built_with = recorded.get("embedding_model")
    if built_with is None:
        return
    if canonical_embedding_name(built_with) != canonical_embedding_name(model_name):
        raise EmbeddingMismatchError(
            f"index {where} was built with embedding model {built_with!r}, not {model_name!r}: "
            f"vectors of different models cannot be mixed. Build into another index directory "
            f"(or collection) to use {model_name!r}, or pass --embedding {built_with!r} to use this index."
        )
    if dim is not None and int(recorded.get("embedding_dim", dim)) != dim:
        raise EmbeddingMismatchError(
            f"index {where} holds {recorded['embedding_dim']}-dimensional vectors but model "
            f"{model_name!r} makes {dim}-dimensional ones: rebuild into another index directory"
        )


def open_collection(client: chromadb.ClientAPI, name: str, embedder: Embedder, where: str, *, create: bool):
    """Get (or create) the chunk collection, refusing a different embedding model."""
    try:
        collection = client.get_collection(name, embedding_function=None)
    except NotFoundError as error:
        if not create:
            raise StoreError(f"no index found at {where} (collection {name!r}): run `ragstress build` first") from error
        return client.create_collection(
            name,
            configuration={"hnsw": {"space": "cosine"}},
            metadata=collection_metadata(embedder),
            embedding_function=None,
        )
    check_embedding_model(collection.metadata or {}, embedder.name, where, embedder.dim)
    return collection


def iter_collection_ids(collection) -> Iterator[str]:
    """Every id in the collection, fetched page by page to bound memory."""
    offset = 0
    while True:
        page = collection.get(include=[], limit=_PAGE, offset=offset)["ids"]
        yield from page
        if len(page) < _PAGE:
            return
        offset += len(page)


def default_collection_name(index_dir: Path, chroma_url: str | None) -> str:
    """The collection an index uses when none is named.

    Embedded, each index has its own Chroma database, so the fixed COLLECTION_NAME is
    safe. On a server every index shares one database: a fixed name would make a second
    index's build delete the first one's chunks as stale. There the name is derived
    from the index directory (its name, for people reading the server, and a hash of
    its absolute path, for uniqueness); an index already built on the same server
    keeps the name its manifest records.
    """
    manifest = read_manifest(index_dir)
    if (
        manifest is not None
        and manifest.get("collection")
        and (manifest.get("chroma_url") or None) == (chroma_url or None)
    ):
        return str(manifest["collection"])
    if not chroma_url:
        return COLLECTION_NAME
    resolved = Path(index_dir).resolve()
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", resolved.name).strip("-_")[:40] or "index"
    digest = hashlib.sha256(str(resolved).encode("utf-8")).hexdigest()[:12]
    return f"ragstress_{slug}_{digest}"  # Chroma: 3-512 chars of [A-Za-z0-9._-], alphanumeric at both ends


def read_manifest(index_dir: Path) -> dict[str, Any] | None:
    """The index's `index.json`, or None if the directory holds no built index."""
    path = Path(index_dir) / MANIFEST_NAME
    return read_typed_manifest(path, IndexManifest).model_dump(mode="json") if path.is_file() else None


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
        for begin in range(0, len(winners), _PAGE):
            page = self.collection.get(ids=winners[begin : begin + _PAGE], include=["documents", "metadatas"])
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
        for begin in range(0, len(ids), _PAGE):
            page = self.collection.get(ids=ids[begin : begin + _PAGE], include=["documents", "metadatas"])
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
