"""Turning raw file bytes into document text, and the one way to fingerprint text.

Corpora arrive as UTF-8 (with or without a BOM) or, from many Chinese users, as
GBK. Encoding sniffing libraries guess; we don't. The order is fixed so that the same
bytes always decode the same way:

1. NUL bytes anywhere mean a binary file (no text encoding we accept produces them).
2. Strict UTF-8, BOM stripped. Valid UTF-8 is almost never accidental for non-ASCII
   text, so it goes first.
3. Strict GB18030, a superset of GBK and GB2312, so every GBK file decodes with it.

Either decoding must then *look like text*: GB18030 maps most high-byte pairs to some
character, so a successful decode alone does not prove the file is Chinese text.
"""

from __future__ import annotations

import hashlib
import unicodedata

# Control characters that do occur in real text files.
_TEXT_CONTROLS = frozenset("\t\n\r\f\v")

# Above this share of control / private-use / unassigned characters the bytes are
# probably not text in the guessed encoding. Real files have ~0; a stray form feed or
# a few user-defined GBK glyphs stay well below.
_MAX_SUSPICIOUS_SHARE = 0.01

# How much of a file to inspect for plausibility: enough to be representative,
# bounded so a huge file costs no more than a small one.
_SAMPLE_CHARS = 20_000


class UndecodableText(ValueError):
    """The bytes are not text we can decode; the message is a short, human-readable reason."""


def text_sha(text: str) -> str:
    """sha256 hex digest of `text` (UTF-8): the identity of a document's content."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def normalise_newlines(text: str) -> str:
    """Convert Windows (CRLF) and old Mac (CR) line endings to `\\n`."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_text(data: bytes) -> str:
    """Decode file bytes as UTF-8 (BOM stripped) or GB18030/GBK, newlines normalised.

    Raises `UndecodableText` with the reason: binary content, or neither encoding
    yields plausible text.
    """
    if b"\x00" in data:
        raise UndecodableText("binary file (NUL bytes)")
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if looks_like_text(text):
            return normalise_newlines(text)
    raise UndecodableText("not decodable as text (tried UTF-8 and GB18030/GBK)")


def looks_like_text(text: str) -> bool:
    """True unless a notable share of characters are controls, private-use or unassigned."""
    sample = text[:_SAMPLE_CHARS]
    if not sample:
        return True
    suspicious = sum(1 for ch in sample if _is_suspicious(ch))
    return suspicious / len(sample) <= _MAX_SUSPICIOUS_SHARE


def _is_suspicious(ch: str) -> bool:
    if ch.isprintable() or ch in _TEXT_CONTROLS:
        return False
    # isprintable() is also False for ordinary separators such as U+3000 (ideographic
    # space) or U+2028; only controls, surrogates, private-use and unassigned count.
    return unicodedata.category(ch) in {"Cc", "Cs", "Co", "Cn"}
