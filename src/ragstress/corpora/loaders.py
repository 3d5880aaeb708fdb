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
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ragstress.core.types import Document
from ragstress.corpora.formats import FormatError, JsonlProblem, ParsedFile, iter_jsonl
from ragstress.corpora.langdetect import detect_lang
from ragstress.corpora.limits import DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_RENDER_SECONDS, ReadScope, over_limit
from ragstress.corpora.readers import FILE_READERS, Reader, reader_for
from ragstress.corpora.textdecode import text_sha

BEIR_CORPUS_FILE = "corpus.jsonl"
"""A directory holding this file is read as a BEIR dataset: only this file is loaded."""

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


@dataclass(frozen=True)
class _Problem:
    path: str
    detail: str
    line: int | None = None
    fatal_when_strict: bool = True

    def skipped(self) -> SkippedFile:
        reason = self.detail if self.line is None else f"{self.path} line {self.line}: {self.detail}"
        return SkippedFile(path=self.path, reason=reason)

    def message(self) -> str:
        where = self.path if self.line is None else f"{self.path} line {self.line}"
        return f"{where}: {self.detail}"


@dataclass(frozen=True)
class _Loaded:
    document: Document
    path: str
    line: int | None = None


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
    for item in _iter_unchecked(root, max_document_bytes, options):
        if isinstance(item, _Loaded):
            doc = item.document
            if doc.id in first_seen:
                item = _Problem(
                    item.path, f"duplicate document id {doc.id!r}, first seen in {first_seen[doc.id]}", line=item.line
                )
            elif doc.sha in text_seen:
                item = _Problem(
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
        yield item.skipped()


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


def summarise_skipped(skipped: list[SkippedFile]) -> str:
    """How many files were skipped and why (the first five reasons), for a corpus that yields no document."""
    if not skipped:
        return "0 files skipped"
    shown = "; ".join(
        s.reason if s.reason.startswith(s.path) else f"{s.path}: {s.reason}" for s in skipped[:_REASONS_SHOWN]
    )
    more = f"; and {len(skipped) - _REASONS_SHOWN} more" if len(skipped) > _REASONS_SHOWN else ""
    return f"{len(skipped)} files skipped: {shown}{more}"


def _iter_unchecked(root: Path, max_bytes: int | None, options: ReadOptions) -> Iterator[_Loaded | _Problem]:
    """Every document and problem in path order, before duplicate checks."""
    if root.is_file():
        yield from _load_file(root, root.name, ReadScope(root, max_bytes, options.render_seconds), options)
    elif (root / BEIR_CORPUS_FILE).is_file():
        # BEIR: queries.jsonl and qrels/ sit next to the corpus; they are not documents.
        yield from _load_jsonl(root / BEIR_CORPUS_FILE, BEIR_CORPUS_FILE, max_bytes)
    else:
        scope = ReadScope(root, max_bytes, options.render_seconds)
        walk = _Walk(root.resolve(), options.follow_symlinks)
        for entry in walk.files(root, prefix=""):
            if isinstance(entry, _Problem):
                yield entry
            else:
                yield from _load_file(*entry, scope, options)


class _Walk:
    """The files of a corpus folder in name order, with its symlink rule.

    A symlink (to a file or a folder) whose target stays inside the corpus is read like any
    file or folder; one whose target lies outside is skipped with the reason, unless
    `follow` is set. Folders already walked (by their real path) are not walked again, so
    a symlink loop ends.
    """

    def __init__(self, root: Path, follow: bool) -> None:
        self.root, self.follow = root, follow
        self.walked: set[Path] = set()

    def files(self, directory: Path, prefix: str) -> Iterator[tuple[Path, str] | _Problem]:
        """(path, relative posix path) of each visible file, sorted by name at every level."""
        real = directory.resolve()
        if real in self.walked:
            yield _Problem(
                prefix.rstrip("/"), "folder already read through another path (symlink loop)", fatal_when_strict=False
            )
            return
        self.walked.add(real)
        try:
            with os.scandir(directory) as scan:
                entries = sorted(scan, key=lambda e: e.name)
        except OSError as exc:
            yield _Problem(prefix.rstrip("/") or ".", f"cannot list directory: {exc.strerror or exc}")
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            relative = prefix + entry.name
            if entry.is_symlink() and (refusal := self._refused_link(Path(entry.path))):
                yield _Problem(relative, refusal, fatal_when_strict=False)
            elif entry.is_dir():
                yield from self.files(Path(entry.path), relative + "/")
            elif entry.is_file():
                yield Path(entry.path), relative
            else:
                yield _Problem(relative, "not a regular file (special file or broken symlink)", fatal_when_strict=False)

    def _refused_link(self, link: Path) -> str | None:
        # The target's real path decides: a chain of links that ends outside the corpus leaves it.
        try:
            target = link.resolve(strict=True)
        except (OSError, RuntimeError):
            return "broken symlink (its target does not exist)"
        if self.follow or target.is_relative_to(self.root):
            return None
        return f"symlink to {target.name!r} outside the corpus folder, not read (--follow-symlinks reads it)"


def _load_file(path: Path, relative: str, scope: ReadScope, options: ReadOptions) -> Iterator[_Loaded | _Problem]:
    max_bytes = scope.max_bytes
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        # A JSONL file holds many documents: the limit applies to each line, not the file.
        yield from _load_jsonl(path, relative, max_bytes)
        return
    reader = reader_for(relative, include=options.include, notebook_outputs=options.notebook_outputs)
    if reader is None:
        kind = suffix or "(no extension)"
        glob = f"*{suffix}" if suffix else path.name
        yield _Problem(
            relative,
            f"unsupported file type {kind} (to read it as plain text: --include '{glob}')",
            fatal_when_strict=False,
        )
        return
    try:
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            yield _Problem(
                relative,
                f"{size / 1e6:.1f} MB is over the per-document limit of {max_bytes / 1e6:g} MB "
                "(raise it with --max-document-mb)",
            )
            return
        parsed = options.cache.read(reader, path, relative, scope) if options.cache else reader(path, scope)
        if max_bytes is not None and len(parsed.text) * 4 > max_bytes and len(parsed.text.encode()) > max_bytes:
            raise over_limit("its text", max_bytes, len(parsed.text.encode()))
    except FormatError as exc:
        yield _Problem(relative, str(exc))
        return
    except OSError as exc:
        yield _Problem(relative, f"cannot read file: {exc.strerror or exc}")
        return
    yield _Loaded(_make_document(relative, relative, parsed.title, parsed.text, lang=None), relative)


def _load_jsonl(path: Path, relative: str, max_bytes: int | None) -> Iterator[_Loaded | _Problem]:
    try:
        for record in iter_jsonl(path, max_bytes):
            if isinstance(record, JsonlProblem):
                yield _Problem(relative, record.detail, line=record.line)
                continue
            source = f"{relative}#{record.line}"
            doc = _make_document(record.id or source, source, record.title, record.text, lang=record.lang)
            yield _Loaded(doc, relative, line=record.line)
    except OSError as exc:
        yield _Problem(relative, f"cannot read file: {exc.strerror or exc}")


def _make_document(doc_id: str, source: str, title: str, text: str, *, lang: str | None) -> Document:
    return Document(
        id=doc_id,
        source=source,
        lang=lang or detect_lang(text),
        title=title,
        text=text,
        sha=text_sha(text),
    )
