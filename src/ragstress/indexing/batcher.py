"""What an index build reuses: stored vectors by chunk text, previous chunk boundaries, and batched upserts.

Each chunk records the sha of its text in its metadata. A new chunk whose text is
already stored (under any id) gets that vector copied instead of being embedded,
and a text repeated within one batch is embedded once. A document whose chunk ids
are unchanged (ids hash the document's sha) keeps the previous build's chunk
boundaries, so an unchanged corpus is not tokenised again.
"""

from __future__ import annotations

import json
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ragstress.core.types import Chunk, Document
from ragstress.corpora.chunking import CHUNKER_VERSION, ChunkParams, chunk_id, chunks_at
from ragstress.corpora.embeddings import Embedder
from ragstress.corpora.textdecode import text_sha

Span = tuple[str, int, int]  # chunk id, start, end

_PAGE = 1000


@dataclass
class BuildProgress:
    """Running totals handed to the progress callback after each document and batch."""

    documents: int = 0
    skipped: int = 0
    chunks: int = 0
    reused: int = 0
    copied: int = 0
    embedded: int = 0
    current: str = ""


def scan_stored(collection) -> tuple[dict[str, int | None], dict[str, str]]:
    """Stored chunk ids with their token counts, and for each stored text sha one id holding its vector.

    Paged, so memory stays bounded by the page, not the collection.
    """
    ids: dict[str, int | None] = {}
    by_text: dict[str, str] = {}
    offset = 0
    while True:
        page = collection.get(include=["metadatas"], limit=_PAGE, offset=offset)
        for stored_id, meta in zip(page["ids"], page["metadatas"]):
            ids[stored_id] = (meta or {}).get("tokens")
            sha = (meta or {}).get("text_sha")
            if sha:  # indexes built before text shas were recorded simply reuse by id
                by_text.setdefault(sha, stored_id)
        if len(page["ids"]) < _PAGE:
            return ids, by_text
        offset += len(page["ids"])


def previous_spans(
    chunks_file: Path, manifest: dict | None, embedder: Embedder, params: ChunkParams
) -> dict[str, list[Span]]:
    """The last build's chunk boundaries per document, if it chunked the way this build will; else {}."""
    same_chunking = (
        manifest is not None
        and manifest.get("chunker") == CHUNKER_VERSION
        and (manifest.get("embedding_model") == embedder.name and manifest.get("chunk_params") == params.model_dump())
    )
    if not same_chunking or not chunks_file.is_file():
        return {}
    spans: dict[str, list[Span]] = {}
    with open(chunks_file, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            spans.setdefault(record["doc_id"], []).append((record["id"], record["start"], record["end"]))
    return spans


def reuse_chunks(doc: Document, spans: list[Span] | None) -> list[Chunk] | None:
    """`doc`'s chunks at the previous boundaries if its content is unchanged (every id still matches), else None."""
    if not spans or any(chunk_id(doc, start, end) != old_id for old_id, start, end in spans):
        return None
    return chunks_at(doc, [(start, end) for _, start, end in spans])


class Batcher:
    """Collects new chunks and upserts them a batch at a time, embedding only texts not yet stored.

    One batch is embedded in the background while the caller chunks the next and the
    previous one is written to Chroma: chunking and upserts run on one core, and would
    otherwise leave the embedder's cores idle for a tenth of a build.
    """

    def __init__(self, collection, embedder: Embedder, batch_size: int, progress: BuildProgress, report, by_text):
        self.collection, self.embedder, self.batch_size = collection, embedder, batch_size
        self.progress, self.report = progress, report
        self.by_text: dict[str, str] = by_text
        self.pending: list[tuple[Chunk, Document, int, str]] = []
        self._embedding = ThreadPoolExecutor(1, "embed-batch")
        # The batch being embedded: its chunks, the vectors it reuses, the shas sent to the embedder.
        self._in_flight: tuple[list, dict, list[str], Future | None] | None = None

    def add(self, chunk: Chunk, doc: Document, tokens: int) -> None:
        self.pending.append((chunk, doc, tokens, text_sha(chunk.text)))
        if len(self.pending) >= self.batch_size:
            self._submit()

    def flush(self) -> None:
        """Embed and store everything added so far; returns once it is in the collection."""
        self._submit()
        self._store_in_flight()

    def close(self) -> None:
        """Wait for a batch still being embedded (its result is dropped) and stop the background thread."""
        self._embedding.shutdown(wait=True, cancel_futures=True)

    def _submit(self) -> None:
        if not self.pending:
            return
        batch, self.pending = self.pending, []
        vectors = self._stored_vectors({sha for *_, sha in batch})
        texts = {sha: chunk.text for chunk, _, _, sha in batch if sha not in vectors}  # each new text once
        future = self._embedding.submit(self.embedder.embed_passages, list(texts.values())) if texts else None
        # The previous batch is stored while this one is embedded.
        self._store_in_flight()
        self._in_flight = (batch, vectors, list(texts), future)

    def _store_in_flight(self) -> None:
        if self._in_flight is None:
            return
        (batch, vectors, new_shas, future), self._in_flight = self._in_flight, None
        if future is not None:
            vectors.update(zip(new_shas, future.result()))
        self.collection.upsert(
            ids=[chunk.id for chunk, *_ in batch],
            embeddings=np.asarray([vectors[sha] for *_, sha in batch], dtype=np.float32),
            documents=[chunk.text for chunk, *_ in batch],
            metadatas=[
                {
                    "doc_id": c.doc_id,
                    "start": c.start,
                    "end": c.end,
                    "lang": d.lang,
                    "title": d.title,
                    "tokens": t,
                    "text_sha": sha,
                }
                for c, d, t, sha in batch
            ],
        )
        for chunk, *_, sha in batch:
            self.by_text.setdefault(sha, chunk.id)
        self.progress.embedded += len(new_shas)
        self.progress.copied += len(batch) - len(new_shas)
        self.progress.reused += len(batch) - len(new_shas)
        self.report()

    def _stored_vectors(self, shas: set[str]) -> dict[str, object]:
        """Vectors already in the collection for these text shas, read back instead of recomputed."""
        source_of = {self.by_text[sha]: sha for sha in shas if sha in self.by_text}
        if not source_of:
            return {}
        found = self.collection.get(ids=list(source_of), include=["embeddings"])
        return {source_of[cid]: vector for cid, vector in zip(found["ids"], found["embeddings"])}
