"""Which reader reads a corpus file, and the readers of documentation formats.

Plain text, Markdown, HTML and PDF are read by `ragstress.corpora.formats`; the formats
documentation is written in (reStructuredText, AsciiDoc, Word, Jupyter notebooks, man
pages) are parsed here, each into the shape `ragstress.corpora.structured` describes.
Their parsers are imported on first use: a corpus without such files never loads them.
Every reader takes the file and a `ReadScope` (`ragstress.corpora.limits`): what it may read
besides the file, and how large the document may grow as it expands.
"""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path

from ragstress.corpora.formats import (
    FormatError,
    ParsedFile,
    read_html,
    read_markdown,
    read_mdx,
    read_pdf,
    read_plain,
    read_text,
)
from ragstress.corpora.limits import ReadScope, check_zip_expansion
from ragstress.corpora.man_reader import is_man_page
from ragstress.corpora.textdecode import normalise_newlines

Reader = Callable[[Path, ReadScope], ParsedFile]


def _plain_reader(read_file: Callable[[Path], ParsedFile]) -> Reader:
    """A reader of a format that cannot expand: the loader's size check on the file bounds it."""

    def read(path: Path, scope: ReadScope = ReadScope()) -> ParsedFile:
        del scope
        return read_file(path)

    return read


def _structured(parse: Callable[[str], tuple[str, str]], what: str) -> Reader:
    """A reader that decodes the file and parses its structure (see `ragstress.corpora.structured`)."""

    def read(path: Path, scope: ReadScope = ReadScope()) -> ParsedFile:
        del scope
        try:
            title, text = parse(read_text(path))
        except FormatError:
            raise
        except Exception as exc:  # noqa: BLE001 - a parser's own errors become the skip reason
            raise FormatError(f"unreadable {what}: {type(exc).__name__}: {exc}") from exc
        if not text.strip():
            raise FormatError(f"no text in {what}")
        return ParsedFile(title=title, text=normalise_newlines(text))

    return read


def _rst(text: str) -> tuple[str, str]:
    from ragstress.corpora.rst_reader import rst_to_text

    return rst_to_text(text)


def _adoc(text: str) -> tuple[str, str]:
    from ragstress.corpora.adoc_reader import adoc_to_text

    return adoc_to_text(text)


def read_docx(path: Path, scope: ReadScope = ReadScope()) -> ParsedFile:
    """A Word document: headings, paragraphs, lists, code and tables in order; skipped before parsing
    when its zip members add up to more than the per-document limit."""
    from ragstress.corpora.office_readers import read_docx_text

    check_zip_expansion(path, scope.max_bytes, "Word document")
    try:
        title, text = read_docx_text(path)
    except Exception as exc:  # noqa: BLE001 - a damaged .docx raises zip, XML or key errors
        raise FormatError(f"unreadable Word document: {type(exc).__name__}: {exc}") from exc
    if not text.strip():
        raise FormatError("no text in Word document")
    return ParsedFile(title=title, text=normalise_newlines(text))


def notebook_reader(outputs: bool) -> Reader:
    """A Jupyter notebook reader; `outputs` keeps the code cells' text outputs."""
    from ragstress.corpora.office_readers import read_notebook_text

    return _structured(lambda text: read_notebook_text(text, outputs=outputs), "notebook")


def read_man(path: Path, scope: ReadScope = ReadScope()) -> ParsedFile:
    """A man page (roff, gzipped or not), rendered; see `ragstress.corpora.man_reader`."""
    from ragstress.corpora.man_reader import read_man_page

    return read_man_page(path, scope)


FILE_READERS: dict[str, Reader] = {
    ".txt": _plain_reader(read_plain),
    ".md": _plain_reader(read_markdown),
    ".markdown": _plain_reader(read_markdown),
    ".mdx": _plain_reader(read_mdx),
    ".html": _plain_reader(read_html),
    ".htm": _plain_reader(read_html),
    ".pdf": _plain_reader(read_pdf),
    ".rst": _structured(_rst, "reStructuredText"),
    ".rest": _structured(_rst, "reStructuredText"),
    ".adoc": _structured(_adoc, "AsciiDoc"),
    ".asciidoc": _structured(_adoc, "AsciiDoc"),
    ".docx": read_docx,
    ".ipynb": notebook_reader(outputs=False),
}
"""Single-document formats by lower-case suffix. `.jsonl` is handled by `iter_jsonl`; man pages
(`.1`–`.9`, gzipped or not) by `reader_for`."""


SPHINX_SOURCES = (".rst", ".md")
"""Formats whose sources Sphinx publishes with `.txt` appended (`_sources/page.rst.txt`): read as that format."""


def reader_for(name: str, *, include: tuple[str, ...] = (), notebook_outputs: bool = False) -> Reader | None:
    """The reader for a file name: by suffix, a man page by its section suffix, or plain text when
    the name matches an `include` glob (`*.cfg`); None when the file type is not read."""
    suffix = Path(name).suffix.lower()
    inner = Path(Path(name).stem).suffix.lower()
    if suffix == ".txt" and inner in SPHINX_SOURCES:
        suffix = inner  # Sphinx publishes a page's source as `_sources/<page>.rst.txt`: read in its own format
    if suffix == ".ipynb" and notebook_outputs:
        return notebook_reader(outputs=True)
    if suffix in FILE_READERS:
        return FILE_READERS[suffix]
    if is_man_page(name):
        return read_man
    if any(fnmatch(Path(name).name, pattern) or fnmatch(name, pattern) for pattern in include):
        return FILE_READERS[".txt"]
    return None
