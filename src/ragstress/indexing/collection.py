"""An index's Chroma collection and directory: where it lives, what it records, and opening it safely.

An index directory holds `index.json` (what was built, with which model and chunk
parameters), `chunks.jsonl` (every chunk in corpus order) and, unless a Chroma
server is used, the embedded Chroma database in `chroma/`. Vectors are always
computed by our own `Embedder` and passed explicitly: Chroma's default embedding
function downloads a model, so collections are created with none.

The collection records the embedding model it was built with; opening it with a
different model is refused, because vectors from two models are not comparable.
Building (indexing.build) and searching (indexing.store) both go through these, so they
stand apart from either.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import chromadb
from chromadb.config import Settings
from chromadb.errors import NotFoundError

from ragstress.core.manifests import IndexManifest
from ragstress.core.manifests import read_manifest as read_typed_manifest
from ragstress.core.rundir import CHUNKS_FILE, INDEX_MANIFEST
from ragstress.corpora.embeddings import Embedder, canonical_embedding_name

COLLECTION_NAME = "ragstress_chunks"
CHROMA_DIRNAME = "chroma"
MANIFEST_NAME = INDEX_MANIFEST
CHUNKS_NAME = CHUNKS_FILE
# Present while a build changes the collection: if a build dies, the collection may hold
# chunks that chunks.jsonl and index.json do not describe until the next build finishes.
BUILDING_NAME = "build-in-progress"
PAGE_SIZE = 1000
"""Rows asked of Chroma per call when reading a whole collection or many ids: memory stays bounded."""


class StoreError(ValueError):
    """The index cannot be opened or used as asked; the message says what to do."""


class EmbeddingMismatchError(StoreError):
    """The index was built with another embedding model than the one requested."""


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
        page = collection.get(include=[], limit=PAGE_SIZE, offset=offset)["ids"]
        yield from page
        if len(page) < PAGE_SIZE:
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
