"""What a reader may read and how much: the corpus folder only, and documents no larger than the limit
once expanded (a gzipped man page, a Word file's zip, a page's `.so` includes).

The per-document limit (`--max-document-mb`) is checked on the file's size before it is read and again
on what it expands to, while it expands: a gzip stream is inflated in bounded steps and stopped at the
limit, a zip archive's members are summed before any is inflated (Python's zip reader never inflates a
member past its declared size, so the sum bounds the bytes a parser can see).
"""

from __future__ import annotations

import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from ragstress.corpora.formats import FormatError

DEFAULT_MAX_DOCUMENT_BYTES = 20_000_000
DEFAULT_RENDER_SECONDS = 20.0
_STEP = 1 << 20


@dataclass(frozen=True)
class ReadScope:
    """A reader's bounds: files inside `root` only (None: none but the file itself), at most
    `max_bytes` once expanded (None: no limit), `render_seconds` for an external renderer (groff)."""

    root: Path | None = None
    max_bytes: int | None = DEFAULT_MAX_DOCUMENT_BYTES
    render_seconds: float = DEFAULT_RENDER_SECONDS


def over_limit(what: str, limit: int, size: int | None = None) -> FormatError:
    """The skip reason for a document that expands past the per-document limit (to `size` bytes, when known)."""
    grows = f"expands to {size / 1e6:.1f} MB, over" if size is not None else "expands to more than"
    return FormatError(f"{what} {grows} the per-document limit of {limit / 1e6:g} MB (raise it with --max-document-mb)")


def gunzip_bounded(data: bytes, limit: int | None, what: str = "gzipped file") -> bytes:
    """`data` gunzipped (concatenated members too), stopped with FormatError once past `limit` bytes."""
    out = bytearray()
    while data:
        inflater = zlib.decompressobj(wbits=zlib.MAX_WBITS | 16)
        chunk = inflater.decompress(data, _STEP)
        while True:
            out += chunk
            if limit is not None and len(out) > limit:
                raise over_limit(what, limit)
            if inflater.eof or not inflater.unconsumed_tail and not chunk:
                break
            chunk = inflater.decompress(inflater.unconsumed_tail, _STEP)
        if not inflater.eof:
            raise FormatError(f"unreadable {what}: truncated gzip stream")
        data = inflater.unused_data.lstrip(b"\x00")  # members may follow; NUL padding may too
    return bytes(out)


def check_zip_expansion(path: Path, limit: int | None, what: str) -> None:
    """FormatError when the members of the zip archive at `path` add up to more than `limit` bytes."""
    if limit is None:
        return
    try:
        with zipfile.ZipFile(path) as archive:
            declared = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise FormatError(f"unreadable {what}: {type(exc).__name__}: {exc}") from exc
    if declared > limit:
        raise over_limit(f"{what} (unzipped)", limit, declared)


def inside(root: Path | None, candidate: Path) -> Path | None:
    """`candidate` resolved, when it is a regular file inside `root` and not hidden there, else None.

    Symbolic links are followed before the check, so a link cannot lead out; a hidden file or folder
    (`.env`, `.git/`) is refused as the loader ignores it. A single-file corpus contains only itself.
    """
    if root is None:
        return None
    try:
        base, found = root.resolve(strict=True), candidate.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not found.is_file():
        return None
    if base.is_file():
        return found if found == base else None
    if not found.is_relative_to(base):
        return None
    return None if any(part.startswith(".") for part in found.relative_to(base).parts) else found
