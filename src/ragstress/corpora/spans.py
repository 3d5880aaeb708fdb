"""Find where a text splitter's chunks sit in the original text.

Text splitters return strings, not offsets, and with overlap and repeated passages a
chunk's text can occur several times near where it belongs. A plain "search forward"
can then pick the wrong copy and leave real text uncovered, or get stuck.

What is known about the splitter's output fixes the answer instead:

* chunk starts never decrease;
* only whitespace is ever left out, so each chunk starts no later than the first
  non-space character after everything covered so far, and the last chunk leaves
  only whitespace behind.

`locate_chunks` finds positions satisfying all three by depth-first search, trying
the likeliest position first (the latest one that adds new text), so it normally
never backtracks. Any exact copy has the right text, so even the rare fallback keeps
`text[start:end] == chunk` true; only coverage would suffer.
"""

from __future__ import annotations

from collections.abc import Iterator

# Search effort per chunk before falling back to the greedy placement.
_STEPS_PER_CHUNK = 20
_MIN_STEPS = 10_000


def locate_chunks(text: str, chunks: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each non-blank chunk in `text`, in order; blank chunks are dropped.

    Raises `ValueError` if a chunk does not occur in `text` at all.
    """
    pieces = [chunk for chunk in chunks if chunk.strip()]
    starts: list[int] = []
    covered: list[int] = []  # end of covered text after each placed chunk
    options: list[Iterator[int]] = []
    budget = _STEPS_PER_CHUNK * len(pieces) + _MIN_STEPS
    while len(starts) < len(pieces) or not _only_space_after(text, covered[-1] if covered else 0):
        budget -= 1
        if budget < 0:
            return _greedy(text, pieces)
        index = len(starts)
        previous_start = starts[-1] if starts else 0
        covered_end = covered[-1] if covered else 0
        if index == len(pieces):  # all placed but text left uncovered: revise the last one
            start = None
        else:
            if len(options) == index:
                options.append(_candidates(text, pieces[index], previous_start, covered_end))
            start = next(options[index], None)
        if start is None:
            if index < len(options):
                options.pop()
            if not starts:
                return _greedy(text, pieces)
            starts.pop()
            covered.pop()
            continue
        starts.append(start)
        covered.append(max(covered_end, start + len(pieces[index])))
    return [(start, start + len(piece)) for start, piece in zip(starts, pieces, strict=True)]


def _candidates(text: str, piece: str, previous_start: int, covered_end: int) -> Iterator[int]:
    """Starts allowed for `piece`, likeliest first.

    First the positions that reach past the covered text, latest first (the latest
    leaves no gap and covers the most); then copies lying inside the covered text
    (an overlap tail emitted on its own), latest first.
    """
    latest_start = _next_content(text, covered_end)
    first_extending = max(previous_start, covered_end - len(piece) + 1)
    yield from _occurrences_backwards(text, piece, first_extending, latest_start)
    yield from _occurrences_backwards(text, piece, previous_start, min(latest_start, first_extending - 1))


def _occurrences_backwards(text: str, piece: str, low: int, high: int) -> Iterator[int]:
    """Every start s with low <= s <= high and text[s:s+len(piece)] == piece, descending."""
    while high >= low:
        found = text.rfind(piece, low, high + len(piece))
        if found == -1:
            return
        yield found
        high = found - 1


def _next_content(text: str, position: int) -> int:
    while position < len(text) and text[position].isspace():
        position += 1
    return position


def _only_space_after(text: str, position: int) -> bool:
    return _next_content(text, position) == len(text)


def _greedy(text: str, pieces: list[str]) -> list[tuple[int, int]]:
    """Placement by forward search only: exact text, possibly imperfect coverage."""
    spans = []
    previous_start = 0
    for piece in pieces:
        start = text.find(piece, previous_start)
        if start == -1:
            start = text.find(piece)
        if start == -1:
            raise ValueError(f"chunk text not found in document: {piece[:40]!r}")
        spans.append((start, start + len(piece)))
        previous_start = start
    return spans
