"""Readers for each corpus file format: bytes on disk -> title and plain text.

Each reader handles one file and raises `FormatError` with a short reason when the
file holds no usable text; the loader turns that into a skip notice. JSONL files hold
many documents, so their reader streams records (or per-line problems) instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ragstress.core.types import Lang
from ragstress.corpora.htmltext import html_to_text
from ragstress.corpora.md_reader import markdown_to_text
from ragstress.corpora.mdx_reader import mdx_to_markdown
from ragstress.corpora.textdecode import UndecodableText, decode_text, normalise_newlines


class FormatError(ValueError):
    """A file (or JSONL line) has no usable document; the message says why."""


@dataclass(frozen=True)
class ParsedFile:
    """The document a single-document file holds."""

    title: str
    text: str


@dataclass(frozen=True)
class JsonlRecord:
    """One valid JSONL line. `id` is None when the record has none of its own."""

    line: int
    id: str | None
    title: str
    text: str
    lang: Lang | None


@dataclass(frozen=True)
class JsonlProblem:
    """One JSONL line that holds no usable document."""

    line: int
    detail: str


def read_text(path: Path) -> str:
    """The decoded text of a file; FormatError when it is empty or undecodable."""
    data = path.read_bytes()  # the loader checked the size first: this is bounded
    if not data.strip():
        raise FormatError("empty file")
    try:
        text = decode_text(data)
    except UndecodableText as exc:
        raise FormatError(str(exc)) from exc
    if not text.strip():  # e.g. only a BOM, or only ideographic spaces
        raise FormatError("empty file")
    return text


def read_plain(path: Path) -> ParsedFile:
    """A .txt file: the whole decoded text, no title."""
    return ParsedFile(title="", text=read_text(path))


_ATX_H1 = re.compile(r"# +(.+?)(?: +#+)? *")
_FENCE = re.compile(r" {0,3}(```|~~~)")


def read_markdown(path: Path) -> ParsedFile:
    """A Markdown file as its rendered page reads (see `ragstress.corpora.md_reader`); the title is its
    first `# ` heading."""
    title, text = markdown_to_text(read_text(path))
    if not text.strip():
        raise FormatError("no text in Markdown (only markup)")
    return ParsedFile(title=title, text=normalise_newlines(text))


def read_mdx(path: Path) -> ParsedFile:
    """An MDX page: its Markdown without the module statements and comments MDX adds (`ragstress.corpora.mdx_reader`)."""
    title, text = markdown_to_text(mdx_to_markdown(read_text(path)))
    if not text.strip():
        raise FormatError("no text in MDX (only markup and code)")
    return ParsedFile(title=title, text=normalise_newlines(text))


def markdown_title(text: str) -> str:
    """The first level-1 ATX heading (`# Title`) outside code fences, or ''."""
    in_fence = False
    for line in text.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence  # a shell comment in a code block is no heading
        elif not in_fence and (match := _ATX_H1.fullmatch(line)):
            return match.group(1).strip()
    return ""


def read_html(path: Path) -> ParsedFile:
    """An HTML page: its <title> and visible text (see `ragstress.corpora.htmltext`)."""
    page = html_to_text(read_text(path))
    if not page.text.strip():
        raise FormatError("no visible text in HTML")
    return ParsedFile(title=page.title, text=page.text)


def read_pdf(path: Path) -> ParsedFile:
    """A PDF's extracted text, pages separated by a blank line; title from its metadata."""
    # Imported here: pypdf is only needed for corpora that contain PDFs.
    from pypdf import PdfReader

    try:
        reader = PdfReader(path)
        if reader.is_encrypted and not reader.decrypt(""):
            raise FormatError("encrypted PDF (password required)")
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = reader.metadata.title if reader.metadata else None
    except FormatError:
        raise
    except Exception as exc:  # noqa: BLE001 - malformed PDFs raise all kinds of errors
        raise FormatError(f"unreadable PDF: {type(exc).__name__}: {exc}") from exc
    text = normalise_newlines("\n\n".join(page.strip() for page in pages if page.strip()))
    if not text:
        raise FormatError("no extractable text in PDF (scanned images?)")
    return ParsedFile(title=meta_title.strip() if isinstance(meta_title, str) else "", text=text)


def iter_jsonl(path: Path, max_line_bytes: int | None = None) -> Iterator[JsonlRecord | JsonlProblem]:
    """Stream the records of a JSONL file, one line at a time (1-based line numbers).

    Each line is an object with a required string `text` and optional `id` (or BEIR's
    `_id`), `title` and `lang`. Blank lines are ignored; any other bad line becomes a
    `JsonlProblem` and reading goes on. A line longer than `max_line_bytes` is a
    problem too, and is skipped without ever being held in memory whole.
    """
    with path.open("rb") as lines:
        for number, raw in enumerate(_bounded_lines(lines, max_line_bytes), start=1):
            if raw is None:
                yield JsonlProblem(
                    line=number,
                    detail=f"line longer than the per-document limit of {_megabytes(max_line_bytes)} (raise it with --max-document-mb)",
                )
                continue
            if number == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")  # UTF-8 BOM
            if not raw.strip():
                continue
            try:
                yield _parse_record(number, raw)
            except FormatError as exc:
                yield JsonlProblem(line=number, detail=str(exc))


def _bounded_lines(handle: Any, limit: int | None) -> Iterator[bytes | None]:
    """Each line of a binary file, or None for a line over `limit` bytes (read past in blocks, never kept)."""
    if limit is None:
        yield from handle
        return
    while line := handle.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n") and len(line) == limit + 1:
            yield line
            continue
        while line and not line.endswith(b"\n"):  # drop the rest of the over-long line
            line = handle.readline(1 << 20)
        yield None


def _megabytes(size: int | None) -> str:
    return f"{(size or 0) / 1e6:g} MB"


def _parse_record(number: int, raw: bytes) -> JsonlRecord:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not valid UTF-8 at byte {exc.start}") from exc
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise FormatError(f"invalid JSON: {exc.msg} (column {exc.colno})") from exc
    if not isinstance(record, dict):
        raise FormatError(f"expected a JSON object, got {type(record).__name__}")
    text = record.get("text")
    if text is None:
        raise FormatError("missing required field 'text'")
    if not isinstance(text, str):
        raise FormatError(f"field 'text' must be a string, got {type(text).__name__}")
    if not text.strip():
        raise FormatError("empty text")
    title = record.get("title") or ""
    if not isinstance(title, str):
        raise FormatError(f"field 'title' must be a string, got {type(title).__name__}")
    return JsonlRecord(
        line=number,
        id=_record_id(record),
        title=title.strip(),
        text=normalise_newlines(text),
        lang=_record_lang(record.get("lang")),
    )


def _record_id(record: dict[str, object]) -> str | None:
    key = "id" if "id" in record else "_id"
    value = record.get(key)
    if value is None:
        return None
    # Numeric ids are common in exported datasets; bools are never meant as ids.
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise FormatError(f"field '{key}' must be a string or integer, got {type(value).__name__}")
    value = str(value).strip()
    if not value:
        raise FormatError(f"field '{key}' is empty")
    return value


def _record_lang(value: object) -> Lang | None:
    if value is None or value == "":
        return None
    # Accept locale-style tags (zh-CN, en_US) as well as the bare codes.
    tag = str(value).strip().lower().replace("_", "-")
    if tag == "mixed":
        return "mixed"
    primary = tag.split("-")[0]
    if primary in ("zh", "en"):
        return primary  # type: ignore[return-value]
    raise FormatError(f"unsupported lang {value!r} (expected zh, en or mixed)")
