"""Incremental index build: corpus -> chunks -> embeddings in Chroma, re-embedding only what changed.

Chunk ids encode the document id, the document's sha and the chunk offsets, so an
unchanged chunk keeps its id across builds and an edited document gets new ids.
Stored ids still produced are reused without embedding; new ids are upserted in
batches as the corpus streams by; stored ids no longer produced (vanished or edited
documents) are deleted at the end. Each chunk also records the sha of its text, so
a new id whose text is already in the collection (the untouched paragraphs of an
edited document, a file that moved) gets the stored vector copied instead of being
embedded again: an edit costs only the chunks whose text changed. Unchanged documents
keep the previous build's chunk boundaries instead of being tokenised again. An
interrupted build leaves a usable collection; the next build picks up whatever was
upserted.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ragstress.core.jsonl import write_records
from ragstress.core.manifests import IndexManifest, write_manifest
from ragstress.core.paths import recorded_path
from ragstress.core.types import Chunk, Document
from ragstress.corpora.chunking import CHUNKER_VERSION, ChunkParams, chunk_document
from ragstress.corpora.embeddings import Embedder, default_embedding_name, make_embedder
from ragstress.corpora.loaders import (
    DEFAULT_MAX_DOCUMENT_BYTES,
    CorpusError,
    ReadOptions,
    SkippedFile,
    iter_corpus,
    summarise_skipped,
)
from ragstress.indexing.batcher import Batcher, BuildProgress, previous_spans, reuse_chunks, scan_stored
from ragstress.indexing.collection import (
    BUILDING_NAME,
    CHUNKS_NAME,
    MANIFEST_NAME,
    check_embedding_model,
    collection_metadata,
    default_collection_name,
    open_chroma,
    open_collection,
    read_manifest,
)

DEFAULT_CHUNK_TOKENS = 200
DEFAULT_OVERLAP_TOKENS = 30
DEFAULT_CHUNK_CHARS = 400
DEFAULT_OVERLAP_CHARS = 60


@dataclass
class BuildStats:
    """What a build did. `truncated` counts chunks longer than the model's window.

    Every chunk was either `embedded` now or `reused` from the index; `copied` is the
    part of `reused` found by text under a new chunk id (the rest kept its id).
    """

    documents: int = 0
    chunks: int = 0
    skipped: list[SkippedFile] = field(default_factory=list)
    embedded: int = 0
    reused: int = 0
    copied: int = 0
    deleted: int = 0
    truncated: int = 0
    seconds: float = 0.0

    @property
    def chunks_per_second(self) -> float:
        return self.chunks / self.seconds if self.seconds > 0 else 0.0


def default_chunk_params(
    embedder: Embedder, size: int | None = None, overlap: int | None = None, unit: str = "tokens"
) -> ChunkParams:
    """Chunk parameters for `embedder`: 200 model tokens with 30 overlap, never past its window.

    Explicit `size`/`overlap` win (an over-long size then shows up as `truncated`);
    an overlap not smaller than the size raises ValueError.
    In characters the defaults are 400/60, which stays inside the window of both
    bundled models for English and, for e5, for Chinese too.
    """
    if unit == "tokens":
        size = size or min(DEFAULT_CHUNK_TOKENS, embedder.max_tokens)
        default_overlap = DEFAULT_OVERLAP_TOKENS
    else:
        size = size or DEFAULT_CHUNK_CHARS
        default_overlap = DEFAULT_OVERLAP_CHARS
    if overlap is None:
        # Only the default is fitted to a small size; an explicit overlap >= size is an error.
        overlap = min(default_overlap, size // 2)
    return ChunkParams(size=size, overlap=overlap, unit=unit)


def corpus_language(
    corpus_root: Path,
    sample: int = 200,
    max_document_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES,
    options: ReadOptions = ReadOptions(),
) -> str:
    """`en` if the first `sample` documents are all English, `zh` if all Chinese, else `mixed`."""
    langs: set[str] = set()
    seen = 0
    for item in iter_corpus(corpus_root, max_document_bytes=max_document_bytes, options=options):
        if isinstance(item, Document):
            langs.add(item.lang)
            seen += 1
            if seen >= sample:
                break
    return langs.pop() if len(langs) == 1 else "mixed"


def choose_embedder(
    corpus_root: Path,
    index_dir: Path,
    name: str | None,
    max_document_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES,
    options: ReadOptions = ReadOptions(),
) -> Embedder:
    """The embedder to build with: `name`, else the model an existing index records, else by corpus language."""
    manifest = read_manifest(index_dir)
    if name:
        if manifest:
            # Refuse a mismatch before spending seconds loading the model.
            check_embedding_model(manifest, name, str(index_dir))
        return make_embedder(name)
    if manifest and manifest.get("embedding_model"):
        return make_embedder(manifest["embedding_model"])
    return make_embedder(
        default_embedding_name(corpus_language(corpus_root, max_document_bytes=max_document_bytes, options=options))
    )


def build_index(
    corpus_root: Path,
    index_dir: Path,
    embedder: Embedder,
    chunk_params: ChunkParams | None = None,
    chroma_url: str | None = None,
    strict: bool = False,
    progress: Callable[[BuildProgress], None] | None = None,
    *,
    collection_name: str | None = None,
    batch_size: int = 64,
    max_document_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES,
    read_options: ReadOptions = ReadOptions(),
) -> BuildStats:
    """Bring the index in `index_dir` up to date with the corpus at `corpus_root`.

    Raises `CorpusError` if the corpus yields no document (the index is left as it
    was) and `EmbeddingMismatchError` if the index was built with another model.
    Documents over `max_document_bytes` are skipped (None: no limit). Without
    `collection_name`, a Chroma server gets a collection named after the index directory
    (see `default_collection_name`), so two indexes never share one by accident.
    """
    started = time.perf_counter()
    corpus_root, index_dir = Path(corpus_root), Path(index_dir)
    params = chunk_params or default_chunk_params(embedder)
    count_tokens = embedder.count_tokens if params.unit == "tokens" else None
    collection_name = collection_name or default_collection_name(index_dir, chroma_url)
    index_dir.mkdir(parents=True, exist_ok=True)
    collection = open_collection(
        open_chroma(index_dir, chroma_url), collection_name, embedder, str(index_dir), create=True
    )
    building = index_dir / BUILDING_NAME
    building.write_text(f"started {datetime.now(UTC).isoformat(timespec='seconds')}\n", encoding="utf-8")
    stored, stored_by_text = scan_stored(collection)
    previous = previous_spans(index_dir / CHUNKS_NAME, read_manifest(index_dir), embedder, params)
    stats, running = BuildStats(), BuildProgress()
    report = (lambda: progress(running)) if progress else (lambda: None)
    batcher = Batcher(collection, embedder, batch_size, running, report, stored_by_text)
    produced: set[str] = set()

    def chunks_in_corpus_order() -> Iterator[Chunk]:
        """Chunk the corpus as it streams, queueing unseen chunks for embedding on the way."""
        for item in iter_corpus(
            corpus_root, strict=strict, max_document_bytes=max_document_bytes, options=read_options
        ):
            if isinstance(item, SkippedFile):
                stats.skipped.append(item)
                running.skipped += 1
                report()
                continue
            running.current = item.id
            chunks = reuse_chunks(item, previous.pop(item.id, None)) or chunk_document(item, params, count_tokens)
            for chunk in chunks:
                if chunk.id in produced:
                    continue
                produced.add(chunk.id)
                tokens = stored.get(chunk.id) or embedder.count_tokens(chunk.text)
                stats.truncated += tokens > embedder.max_tokens
                if chunk.id in stored:
                    running.reused += 1
                else:
                    batcher.add(chunk, item, tokens)
                yield chunk
            running.documents += 1
            running.chunks = len(produced)
            report()
        if running.documents == 0:
            # Raising here keeps the old chunks.jsonl and, before any deletion, the old
            # collection: an empty folder or a wrong path must not wipe the index.
            why = f" ({summarise_skipped(stats.skipped)})" if stats.skipped else ""
            raise CorpusError(f"no documents found in {corpus_root}{why}; the index was left unchanged")
        batcher.flush()

    # chunks.jsonl is replaced atomically only once the whole corpus went through.
    try:
        write_records(index_dir / CHUNKS_NAME, chunks_in_corpus_order())
    except CorpusError:
        if running.embedded + running.copied == 0:
            building.unlink(missing_ok=True)  # nothing was stored: the index is as it was
        raise
    finally:
        batcher.close()
    stale = sorted(stored.keys() - produced)
    for begin in range(0, len(stale), 1000):
        collection.delete(ids=stale[begin : begin + 1000])
    collection.modify(metadata=collection_metadata(embedder, params))

    stats.documents, stats.chunks = running.documents, len(produced)
    stats.embedded, stats.reused, stats.copied, stats.deleted = (
        running.embedded,
        running.reused,
        running.copied,
        len(stale),
    )
    stats.seconds = time.perf_counter() - started
    _write_manifest(index_dir, corpus_root, embedder, params, chroma_url, collection_name, stats)
    building.unlink()
    return stats


def _write_manifest(index_dir, corpus_root, embedder, params, chroma_url, collection_name, stats) -> None:
    manifest = {
        "embedding_model": embedder.name,
        # Which engine computed the vectors; not part of the model's identity (same vectors either way).
        "embedding_backend": embedder.backend,
        "embedding_dim": int(embedder.dim),
        "max_tokens": int(embedder.max_tokens),
        "chunk_params": params.model_dump(),
        "chunker": CHUNKER_VERSION,
        "corpus_root": recorded_path(corpus_root, index_dir),
        "chroma_url": chroma_url,
        "collection": collection_name,
        "documents": stats.documents,
        "chunks": stats.chunks,
        "skipped": len(stats.skipped),
        "truncated": stats.truncated,
        "embedded": stats.embedded,
        "reused": stats.reused,
        "copied": stats.copied,
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "build_seconds": round(stats.seconds, 3),
    }
    write_manifest(index_dir / MANIFEST_NAME, manifest, IndexManifest)
