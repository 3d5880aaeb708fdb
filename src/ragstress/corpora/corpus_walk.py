"""The corpus's files walked in name order and each read to a document or a problem, before duplicates are checked.

A folder is walked with its symlink rule (a link leaving the corpus is refused unless followed; a
loop ends), a BEIR folder is read through its `corpus.jsonl` alone, a JSONL file gives one
document per line, and every other file goes to the reader its name picks, held to the size
limit on disk and on what it expands to. What cannot be read is yielded as a `FileProblem`,
never dropped. This is the per-file mechanics; loaders.py applies the corpus-wide rules on top
(duplicate ids and texts, strict mode) and is what callers use.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ragstress.core.types import Document
from ragstress.corpora.formats import FormatError, JsonlProblem, iter_jsonl
from ragstress.corpora.langdetect import detect_lang
from ragstress.corpora.limits import ReadScope, over_limit
from ragstress.corpora.readers import reader_for
from ragstress.corpora.textdecode import text_sha

if TYPE_CHECKING:
    from ragstress.corpora.loaders import ReadOptions

BEIR_CORPUS_FILE = "corpus.jsonl"
"""A directory holding this file is read as a BEIR dataset: only this file is loaded."""


@dataclass(frozen=True)
class FileProblem:
    """A file, folder or JSONL line that did not become a document: where, why, and whether strict mode stops."""

    path: str
    detail: str
    line: int | None = None
    fatal_when_strict: bool = True

    def message(self) -> str:
        where = self.path if self.line is None else f"{self.path} line {self.line}"
        return f"{where}: {self.detail}"


@dataclass(frozen=True)
class LoadedDocument:
    """A document read from the corpus, with the file (and JSONL line) it came from."""

    document: Document
    path: str
    line: int | None = None


def walk_corpus(root: Path, max_bytes: int | None, options: ReadOptions) -> Iterator[LoadedDocument | FileProblem]:
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
            if isinstance(entry, FileProblem):
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

    def files(self, directory: Path, prefix: str) -> Iterator[tuple[Path, str] | FileProblem]:
        """(path, relative posix path) of each visible file, sorted by name at every level."""
        real = directory.resolve()
        if real in self.walked:
            yield FileProblem(
                prefix.rstrip("/"), "folder already read through another path (symlink loop)", fatal_when_strict=False
            )
            return
        self.walked.add(real)
        try:
            with os.scandir(directory) as scan:
                entries = sorted(scan, key=lambda e: e.name)
        except OSError as exc:
            yield FileProblem(prefix.rstrip("/") or ".", f"cannot list directory: {exc.strerror or exc}")
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            relative = prefix + entry.name
            if entry.is_symlink() and (refusal := self._refused_link(Path(entry.path))):
                yield FileProblem(relative, refusal, fatal_when_strict=False)
            elif entry.is_dir():
                yield from self.files(Path(entry.path), relative + "/")
            elif entry.is_file():
                yield Path(entry.path), relative
            else:
                yield FileProblem(
                    relative, "not a regular file (special file or broken symlink)", fatal_when_strict=False
                )

    def _refused_link(self, link: Path) -> str | None:
        # The target's real path decides: a chain of links that ends outside the corpus leaves it.
        try:
            target = link.resolve(strict=True)
        except (OSError, RuntimeError):
            return "broken symlink (its target does not exist)"
        if self.follow or target.is_relative_to(self.root):
            return None
        return f"symlink to {target.name!r} outside the corpus folder, not read (--follow-symlinks reads it)"


def _load_file(
    path: Path, relative: str, scope: ReadScope, options: ReadOptions
) -> Iterator[LoadedDocument | FileProblem]:
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
        yield FileProblem(
            relative,
            f"unsupported file type {kind} (to read it as plain text: --include '{glob}')",
            fatal_when_strict=False,
        )
        return
    try:
        size = path.stat().st_size
        if max_bytes is not None and size > max_bytes:
            yield FileProblem(
                relative,
                f"{size / 1e6:.1f} MB is over the per-document limit of {max_bytes / 1e6:g} MB "
                "(raise it with --max-document-mb)",
            )
            return
        parsed = options.cache.read(reader, path, relative, scope) if options.cache else reader(path, scope)
        if max_bytes is not None and len(parsed.text) * 4 > max_bytes and len(parsed.text.encode()) > max_bytes:
            raise over_limit("its text", max_bytes, len(parsed.text.encode()))
    except FormatError as exc:
        yield FileProblem(relative, str(exc))
        return
    except OSError as exc:
        yield FileProblem(relative, f"cannot read file: {exc.strerror or exc}")
        return
    yield LoadedDocument(_make_document(relative, relative, parsed.title, parsed.text, lang=None), relative)


def _load_jsonl(path: Path, relative: str, max_bytes: int | None) -> Iterator[LoadedDocument | FileProblem]:
    try:
        for record in iter_jsonl(path, max_bytes):
            if isinstance(record, JsonlProblem):
                yield FileProblem(relative, record.detail, line=record.line)
                continue
            source = f"{relative}#{record.line}"
            doc = _make_document(record.id or source, source, record.title, record.text, lang=record.lang)
            yield LoadedDocument(doc, relative, line=record.line)
    except OSError as exc:
        yield FileProblem(relative, f"cannot read file: {exc.strerror or exc}")


def _make_document(doc_id: str, source: str, title: str, text: str, *, lang: str | None) -> Document:
    return Document(
        id=doc_id,
        source=source,
        lang=lang or detect_lang(text),
        title=title,
        text=text,
        sha=text_sha(text),
    )
