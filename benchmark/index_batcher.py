"""Batched upserts for the index build, reusing stored vectors by chunk text.

Each chunk records the sha of its text in its metadata. A new chunk whose text is
already stored (under any id) gets that vector copied instead of being embedded,
and a text repeated within one batch is embedded once.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from benchmark.types import Chunk, Document
from corpora.embeddings import Embedder
from corpora.textdecode import text_sha

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


def scan_stored(collection) -> tuple[set[str], dict[str, str]]:
    """The stored chunk ids, and for each stored text sha one id holding its vector (paged: bounded memory)."""
    ids: set[str] = set()
    by_text: dict[str, str] = {}
    offset = 0
    while True:
        page = collection.get(include=["metadatas"], limit=_PAGE, offset=offset)
        for chunk_id, meta in zip(page["ids"], page["metadatas"]):
            ids.add(chunk_id)
            sha = (meta or {}).get("text_sha")
            if sha:  # indexes built before text shas were recorded simply reuse by id
                by_text.setdefault(sha, chunk_id)
        if len(page["ids"]) < _PAGE:
            return ids, by_text
        offset += len(page["ids"])


class Batcher:
    """Collects new chunks and upserts them a batch at a time, embedding only texts not yet stored."""

    def __init__(self, collection, embedder: Embedder, batch_size: int, progress: BuildProgress, report, by_text):
        self.collection, self.embedder, self.batch_size = collection, embedder, batch_size
        self.progress, self.report = progress, report
        self.by_text: dict[str, str] = by_text
        self.pending: list[tuple[Chunk, Document, int, str]] = []

    def add(self, chunk: Chunk, doc: Document, tokens: int) -> None:
        self.pending.append((chunk, doc, tokens, text_sha(chunk.text)))
        if len(self.pending) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        if not self.pending:
            return
        batch, self.pending = self.pending, []
        vectors = self._stored_vectors({sha for *_, sha in batch})
        texts = {sha: chunk.text for chunk, _, _, sha in batch if sha not in vectors}  # each new text once
        if texts:
            vectors.update(zip(texts, self.embedder.embed_passages(list(texts.values()))))
        self.collection.upsert(
            ids=[chunk.id for chunk, *_ in batch],
            embeddings=np.asarray([vectors[sha] for *_, sha in batch], dtype=np.float32),
            documents=[chunk.text for chunk, *_ in batch],
            metadatas=[
                {"doc_id": c.doc_id, "start": c.start, "end": c.end, "lang": d.lang, "title": d.title, "tokens": t,
                 "text_sha": sha}
                for c, d, t, sha in batch
            ],
        )
        for chunk, *_, sha in batch:
            self.by_text.setdefault(sha, chunk.id)
        self.progress.embedded += len(texts)
        self.progress.copied += len(batch) - len(texts)
        self.progress.reused += len(batch) - len(texts)
        self.report()

    def _stored_vectors(self, shas: set[str]) -> dict[str, object]:
        """Vectors already in the collection for these text shas, read back instead of recomputed."""
        source_of = {self.by_text[sha]: sha for sha in shas if sha in self.by_text}
        if not source_of:
            return {}
        found = self.collection.get(ids=list(source_of), include=["embeddings"])
        return {source_of[cid]: vector for cid, vector in zip(found["ids"], found["embeddings"])}
