"""Load a corpus directory (or a single file) into `Document` records.

Supported: .txt, .md, .html/.htm, .pdf, .rst/.rest, .adoc/.asciidoc, .docx, .ipynb and
man pages (.1–.9, gzipped or not), one document per file; .jsonl (one document per line);
the BEIR layout (a directory with `corpus.jsonl`); and any file matching an `include` glob,
read as plain text. Files are visited in
sorted path order and read one at a time, so loading is deterministic and memory stays
bounded by the largest single file.

Anything that cannot become a document is reported, never silently dropped: the
stream yields a `SkippedFile` with the reason and goes on. With `strict=True` the
first such problem raises `CorpusError` instead. Unsupported file types and repeated
texts are the exceptions: a corpus folder often holds a LICENSE or a CSV next to the
documents, or the same page saved twice, so they are reported but never fatal.
Hidden files and folders are ignored silently.

A document over the size limit (`max_document_bytes`, default 20 MB: a few
thousand pages, which takes minutes to embed on a laptop) is skipped by its size on
disk before any of it is read; a JSONL line over the limit is read past in blocks.
A file that expands (a gzipped man page, a Word file's zip, a page's `.so` includes, a
PDF's text) is held to the same limit on what it expands to, checked as it expands (see
`ragstress.corpora.limits`), and so is the text any reader returns.
The same text under a second name is skipped as a duplicate of the first: kept
twice, it would be retrieved twice and could serve as its own "noise" passage.

The walk over the files and the reading of each is corpus_walk.py; here are the options, the
corpus-wide rules (duplicates, strict mode) and the results callers see.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ragstress.core.types import Document
from ragstress.corpora.corpus_walk import FileProblem, LoadedDocument, walk_corpus
from ragstress.corpora.formats import FormatError, ParsedFile
from ragstress.corpora.limits import DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_RENDER_SECONDS, ReadScope
from ragstress.corpora.readers import FILE_READERS, Reader

SUPPORTED_SUFFIXES: tuple[str, ...] = (*sorted(FILE_READERS), ".jsonl", ".1–.9 (man)")

# How many skip reasons an empty-corpus error lists before eliding the rest.
_REASONS_SHOWN = 5

DEFAULT_MAX_DOCUMENT_MB = DEFAULT_MAX_DOCUMENT_BYTES / 1e6


class ParsedCache:
    """What each file read to, kept for one build: the CLI reads a corpus up to three times (a check that
    it holds a document, its language, then the index), and a man page is rendered once, not thrice.

    Keyed by the file's corpus path and the sha256 of its bytes, so an edited file is read again.
    Every skip reason is kept; texts only up to `max_chars` in all (the first files read, which are
    the ones read again), so memory stays bounded on a large corpus.
    """

    def __init__(self, max_chars: int = 50_000_000) -> None:
        self._results: dict[tuple[str, str], ParsedFile | str] = {}
        self._room = max_chars

    def read(self, reader: Reader, path: Path, relative: str, scope: ReadScope) -> ParsedFile:
        key = (relative, hashlib.sha256(path.read_bytes()).hexdigest())
        if key in self._results:
            found = self._results[key]
            if isinstance(found, str):
                raise FormatError(found)
            return found
        try:
            parsed = reader(path, scope)
        except FormatError as exc:
            self._results[key] = str(exc)
            raise
        if len(parsed.text) <= self._room:
            self._room -= len(parsed.text)
            self._results[key] = parsed
        return parsed


@dataclass(frozen=True)
class ReadOptions:
    """How files are read: globs of other files to load as plain text, notebook outputs kept or not,
    the time a man page may take to render, whether symlinks may leave the corpus folder, and the
    cache that makes one build read each file once."""

    include: tuple[str, ...] = ()
    notebook_outputs: bool = False
    render_seconds: float = DEFAULT_RENDER_SECONDS
    # A symlink whose target lies outside the corpus folder is skipped unless this is set: git
    # checkouts carry symlinks, and what they point to would be indexed and sent to endpoints.
    follow_symlinks: bool = False
    cache: ParsedCache | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SkippedFile:
    """A file (or JSONL line) that did not become a document, and why."""

    path: str  # path relative to the corpus root (posix form)
    reason: str  # human-readable cause; JSONL problems read "<path> line N: ..."


@dataclass(frozen=True)
class LoadResult:
    """All documents of a corpus plus everything that was skipped, in load order."""

    documents: list[Document]
    skipped: list[SkippedFile]


class CorpusError(ValueError):
    """A corpus cannot be loaded; the message names the file (and line) at fault."""


def iter_corpus(
    root: Path,
    *,
    strict: bool = False,
    max_document_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES,
    options: ReadOptions = ReadOptions(),
) -> Iterator[Document | SkippedFile]:
    """Stream the documents of a corpus directory or single file, with skip notices.

    Order is deterministic: paths sorted at every level, JSONL records in line order.
    A document whose id was already seen is skipped ("duplicate document id ..."), and
    so is one whose text was already seen ("same text as ..."). A file (or JSONL line)
    larger than `max_document_bytes` is skipped unread; None means no limit.
    With `strict=True`, any unreadable or over-large file, bad JSONL line or duplicate
    id raises `CorpusError` naming the file and line. Yields nothing for an empty corpus.
    """
    root = Path(root)
    if not root.exists():
        raise CorpusError(f"corpus path does not exist: {root}")
    first_seen: dict[str, str] = {}  # document id -> source where it first appeared
    text_seen: dict[str, str] = {}  # text sha -> source where that text first appeared
    for item in walk_corpus(root, max_document_bytes, options):
        if isinstance(item, LoadedDocument):
            doc = item.document
            if doc.id in first_seen:
                item = FileProblem(
                    item.path, f"duplicate document id {doc.id!r}, first seen in {first_seen[doc.id]}", line=item.line
                )
            elif doc.sha in text_seen:
                item = FileProblem(
                    item.path,
                    f"same text as {text_seen[doc.sha]} (duplicate document, kept once)",
                    line=item.line,
                    fatal_when_strict=False,
                )
            else:
                first_seen[doc.id] = text_seen[doc.sha] = doc.source
                yield doc
                continue
        if strict and item.fatal_when_strict:
            raise CorpusError(item.message())
        yield _skipped(item)


def load_corpus(
    root: Path,
    *,
    strict: bool = False,
    max_document_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES,
    options: ReadOptions = ReadOptions(),
) -> LoadResult:
    """Load a whole corpus into memory (see `iter_corpus` for order and skipping rules).

    Raises `CorpusError` if not a single document could be loaded.
    """
    documents: list[Document] = []
    skipped: list[SkippedFile] = []
    for item in iter_corpus(root, strict=strict, max_document_bytes=max_document_bytes, options=options):
        if isinstance(item, Document):
            documents.append(item)
        else:
            skipped.append(item)
    if not documents:
        raise CorpusError(f"no documents found in {root} ({summarise_skipped(skipped)})")
    return LoadResult(documents=documents, skipped=skipped)


def _skipped(problem: FileProblem) -> SkippedFile:
    reason = problem.detail if problem.line is None else f"{problem.path} line {problem.line}: {problem.detail}"
    return SkippedFile(path=problem.path, reason=reason)


def summarise_skipped(skipped: list[SkippedFile]) -> str:
    """How many files were skipped and why (the first five reasons), for a corpus that yields no document."""
    if not skipped:
        return "0 files skipped"
    shown = "; ".join(
        s.reason if s.reason.startswith(s.path) else f"{s.path}: {s.reason}" for s in skipped[:_REASONS_SHOWN]
    )
    more = f"; and {len(skipped) - _REASONS_SHOWN} more" if len(skipped) > _REASONS_SHOWN else ""
    return f"{len(skipped)} files skipped: {shown}{more}"
