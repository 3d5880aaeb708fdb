"""Which lines of a text are code: fenced blocks, reStructuredText literal blocks, doctest sessions.

A question is never made from code and a definition entry is never read inside it, so the
generators ask here which lines are code. Three shapes are known:

- a Markdown fence: a line opening with three or more backticks or tildes, up to the line
  closing it with the same character, at least as many times;
- a reStructuredText literal block: after a paragraph ending in `::` or a code directive
  (`.. code-block::`, `.. code::`, `.. sourcecode::`, `.. doctest::`, `.. testcode::`), the
  blank and more indented lines that follow, until a line indented no deeper than the
  paragraph;
- a doctest session: from a `>>>` line to the next blank line (its `...` lines and output).

A chunk can begin inside a block opened in the chunk before it, where its own lines cannot
show it (the fence that opened it is elsewhere, its indentation was stripped). Chunking
therefore records the block a chunk begins inside as a state (`Chunk.code_state`): the
fence's marker (```` ``` ````, `~~~~`), `rst:N` (N the indentation of the paragraph that opened
the block) or `>>>`; reading the chunk from that state finds its code as a reading of the
whole document would.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
_CODE_DIRECTIVE = re.compile(r"^[ \t]*\.\.\s+(?:code-block|code|sourcecode|doctest|testcode|testoutput)::")
_DIRECTIVE = re.compile(r"^[ \t]*\.\.\s+[\w:-]+::")
_DOCTEST = re.compile(r"^[ \t]*>>>(?:\s|$)")
DOCTEST = ">>>"
_RST = "rst:"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _step(line: str, state: str | None, first: bool = False) -> tuple[bool, str | None]:
    """(is the line code, the state after it) for one line read in `state`.

    `first`: the line opens a chunk that began inside the block `state` names; its own
    indentation was stripped, so an rst block's first line is taken as the block's.
    """
    if state is not None and state.startswith(_RST):
        if not line.strip() or first or _indent(line) > int(state[len(_RST) :]):
            return True, state
        state = None  # dedented: the block is over and this line is read afresh
    if state == DOCTEST:
        return (True, state) if line.strip() else (False, None)
    if state is not None:  # inside a fence: only its own closing fence ends it
        fence = _FENCE.match(line)
        closes = fence and fence[1][0] == state[0] and len(fence[1]) >= len(state) and not line[fence.end() :].strip()
        return True, None if closes else state
    fence = _FENCE.match(line)
    if fence:
        return True, fence[1]
    if _DOCTEST.match(line):
        return True, DOCTEST
    if _CODE_DIRECTIVE.match(line):
        return True, f"{_RST}{_indent(line)}"
    if line.rstrip().endswith("::") and not _DIRECTIVE.match(line):
        return False, f"{_RST}{_indent(line)}"  # "For example::": the paragraph is prose, what follows is code
    return False, None


def code_lines(text: str, state: str | None = None) -> list[bool]:
    """For each line of `text` (split on "\\n"), whether it is code, reading from `state` (a Chunk.code_state)."""
    flags = []
    for i, line in enumerate(text.split("\n")):
        code, state = _step(line, state, first=i == 0 and state is not None)
        flags.append(code)
    return flags


def code_ranges(text: str, state: str | None = None) -> list[tuple[int, int]]:
    """(start, end) of the code lines of `text` (each with its newline), read from `state`."""
    ranges, start = [], 0
    for line, code in zip(text.split("\n"), code_lines(text, state)):
        end = start + len(line) + 1
        if code:
            ranges.append((start, min(end, len(text))))
        start = end
    return ranges


def code_states(text: str, offsets: Sequence[int]) -> list[str | None]:
    """The code block each offset of `text` begins inside (a state for `code_lines`), or None.

    An offset inside a line takes that line's block. A line that ends a block (a dedented
    paragraph, the blank line after a doctest) is not inside it; a closing fence is.
    """
    if not any(mark in text for mark in ("```", "~~~", "::", ">>>")):
        return [None] * len(offsets)
    line_starts, states, state = [], [], None
    position = 0
    for line in text.split("\n"):
        before = state
        code, state = _step(line, state)
        line_starts.append(position)
        # The line belongs to the block open before it (a closing fence included), not to one it opens.
        states.append(before if before is not None and code and state in (before, None) else None)
        position += len(line) + 1
    return [states[bisect_right(line_starts, offset) - 1] for offset in offsets]
