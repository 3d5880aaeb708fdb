"""The Python API's build stage and the index's search: `ragstress.build_index(corpus, index_dir)`.

A build chunks the corpus in the embedding model's tokens and embeds only the chunks that
are new or changed (the index is incremental). A corpus the build would refuse fails
before the index is opened, so a refused build leaves an existing index byte-identical.
StoreError (a ValueError) is the index's own error: a missing or mismatched index.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragstress.corpora.limits import DEFAULT_MAX_DOCUMENT_BYTES

if TYPE_CHECKING:
    from ragstress.corpora.loaders import ReadOptions
    from ragstress.indexing.build import BuildProgress, BuildStats
    from ragstress.indexing.store import Hit


@dataclass(frozen=True)
class IndexResult:
    """What build_index did: the index folder, its embedding model and its chunk counts."""

    index_dir: Path
    embedding_model: str
    chunks: int
    embedded: int
    reused: int
    stats: BuildStats | None = field(default=None, repr=False, compare=False)
    """Everything the build counted: documents, skipped files with their reasons, deleted and truncated
    chunks, seconds."""


@dataclass(frozen=True)
class BuildPlan:
    """How a build is about to embed, known once the model is chosen: for a progress display."""

    embedding_model: str
    window_tokens: int
    chunk_size: int
    chunk_overlap: int
    chunk_unit: str


def build_index(
    corpus: str | Path,
    index_dir: str | Path,
    *,
    embedding: str | None = None,
    include: Sequence[str] = (),
    notebook_outputs: bool = False,
    follow_symlinks: bool = False,
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    chunk_size: int | None = None,
    chunk_overlap: int | None = None,
    chunk_unit: str = "tokens",
    strict: bool = False,
    max_document_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES,
    chroma_url: str | None = None,
    collection: str | None = None,
    on_plan: Callable[[BuildPlan], None] | None = None,
    on_progress: Callable[[BuildProgress], None] | None = None,
) -> IndexResult:
    """Chunk and embed the corpus at `corpus` into a Chroma index at `index_dir` (incremental).

    `embedding` names the model (default: by corpus language, a bundled model); `include` globs
    load other text files as plain text; `notebook_outputs` keeps Jupyter notebooks' text outputs;
    `follow_symlinks` reads symlinks whose target lies outside the corpus folder (skipped by default).
    `executor="ray"` embeds the new chunks in Ray actors (see `run`), one core each.
    `chunk_size`/`chunk_overlap` in `chunk_unit` (tokens or chars) override the model's defaults;
    `strict` makes an unreadable or over-large file an error instead of a skip; a document over
    `max_document_bytes` (None: no limit) is skipped unread. `chroma_url` writes to a Chroma server
    (`collection` names the collection). `on_plan` hears the model and chunking before the first
    document is read, `on_progress` the build's progress as it goes.
    CorpusError when the corpus holds no document (before the index is opened), ValueError for
    chunk parameters that cannot hold, StoreError and EmbeddingModelError for the index and model.
    """
    from ragstress.corpora.loaders import ParsedCache, ReadOptions
    from ragstress.distributed import parse_executor
    from ragstress.distributed.embedding import embedding_executor, record_executor
    from ragstress.indexing.build import build_index as build
    from ragstress.indexing.build import choose_embedder, default_chunk_params

    corpus, index_dir = Path(corpus), Path(index_dir)
    ray = parse_executor(executor, ray_address, actors, actor_resources)
    # One cache for the reads of the corpus below: each file is parsed (a man page rendered) once.
    options = ReadOptions(
        include=tuple(include), notebook_outputs=notebook_outputs, follow_symlinks=follow_symlinks, cache=ParsedCache()
    )
    _refuse_early(corpus, strict, max_document_bytes, options)
    embedder = choose_embedder(corpus, index_dir, embedding, max_document_bytes=max_document_bytes, options=options)
    try:
        params = default_chunk_params(embedder, chunk_size, chunk_overlap, chunk_unit)
    except ValueError as error:  # pydantic's ValidationError: say what is wrong, not where
        detail = error.errors()[0]["msg"] if hasattr(error, "errors") else error
        raise ValueError(f"invalid chunk parameters: {detail}") from None
    if on_plan is not None:
        on_plan(BuildPlan(embedder.name, embedder.max_tokens, params.size, params.overlap, params.unit))
    with embedding_executor(embedder, ray) as embedder:
        stats = build(
            corpus,
            index_dir,
            embedder,
            params,
            chroma_url=chroma_url,
            strict=strict,
            progress=on_progress,
            collection_name=collection,
            max_document_bytes=max_document_bytes,
            read_options=options,
        )
        record_executor(index_dir, embedder)
    return IndexResult(index_dir, embedder.name, stats.chunks, stats.embedded, stats.reused, stats)


def _refuse_early(corpus: Path, strict: bool, max_bytes: int | None, options: ReadOptions) -> None:
    """Raise CorpusError for a corpus the build would refuse, before the index is opened.

    Opening a Chroma store rewrites its files, so a refused build must fail before that
    to leave an existing index byte-identical. Without `strict` one document is enough
    to go on; with it every file is read once here (reading is cheap next to embedding).
    """
    from ragstress.core.types import Document
    from ragstress.corpora.loaders import CorpusError, iter_corpus, summarise_skipped

    documents, skipped = 0, []
    for item in iter_corpus(corpus, strict=strict, max_document_bytes=max_bytes, options=options):
        if isinstance(item, Document):
            documents += 1
            if not strict:
                return
        else:
            skipped.append(item)
    if not documents:
        why = f" ({summarise_skipped(skipped)})" if skipped else ""
        raise CorpusError(f"no documents found in {corpus}{why}; the index was left unchanged")


def search(index_dir: str | Path, query: str, k: int = 5, *, chroma_url: str | None = None) -> list[Hit]:
    """The `k` chunks of the index closest to `query`, best first, each with its cosine similarity."""
    from ragstress.indexing.store import IndexStore

    return IndexStore.open(Path(index_dir), chroma_url=chroma_url).query(query, k)


def __getattr__(name: str) -> Any:
    # StoreError lives beside Chroma, which only a process that opens an index should load.
    if name == "StoreError":
        from ragstress.indexing.collection import StoreError

        return StoreError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BuildPlan", "IndexResult", "build_index", "search"]  # and StoreError, loaded on first use
