"""The plain-text shape every structured reader gives a document, so chunking can respect it.

Readers of documentation formats (reStructuredText, AsciiDoc, Word, notebooks, man pages)
write what a reader sees, in one convention shared with Markdown sources:
- a heading is a line of its own between blank lines;
- a code or literal block is fenced with ``` lines (chunking keeps a fenced block whole
  when it fits the window: see `ragstress.corpora.chunking`);
- a table is one line per row, cells joined by " | " (chunking never cuts inside a line
  unless the line alone exceeds the window);
- list items start with "- ".
"""

from __future__ import annotations

import re

FENCE = "```"
_SPACES = re.compile(r"[ \t\r\f\v]+")


def inline(text: str) -> str:
    """Running text on one line: line breaks and runs of spaces become one space."""
    return _SPACES.sub(" ", text.replace("\n", " ")).strip()


def fenced(code: str, language: str = "") -> str:
    """A code block between fences, its lines kept as written."""
    body = code.strip("\n")
    return f"{FENCE}{language}\n{body}\n{FENCE}" if body.strip() else ""


def table_rows(rows: list[list[str]]) -> str:
    """A table, one line per row."""
    lines = [" | ".join(inline(cell) for cell in row) for row in rows]
    return "\n".join(line for line in lines if line.strip(" |"))


def join_blocks(blocks: list[str]) -> str:
    """Blocks separated by one blank line; empty blocks dropped."""
    return "\n\n".join(block.strip("\n") for block in blocks if block and block.strip())
