"""What the rules read of a response, and at what cost: a bounded text, forms made once, breaks found once.

Three things keep the deterministic scoring of a response linear in its length:
- the bound: a response longer than twice READ_PART characters is read in its first and last READ_PART
  characters (`bounded`), and every Score computed on that reading says so (`note`). The beginning holds the
  answer a response opens with, the end the one it concludes with; what lies between is reasoning the rules
  would read at a cost that grows with it. RGB's exact rules (rules_rgb.py) read the whole text: they are
  plain substring tests, linear already, and must agree with RGB's evalue.py on every record;
- one reading per response: while one response is scored (`reading(memo)`, entered by every metric's
  compute), the forms every rule derives from the text (normalised, comparable, its mentions of each value)
  are made once and shared through the memo (`memoised`); a rule called on its own keeps nothing;
- breaks found once (`Breaks`): where a clause or a sentence that holds a position begins is looked up by
  bisection among the breaks of the whole text, not by scanning the text before every mention.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from re import _parser  # type: ignore[attr-defined]  # the width of a pattern: how far a break can reach
from typing import Any, TypeVar

READ_PART = 10_000
"""A response longer than twice this many characters is read in its first and last READ_PART characters."""
_CUT_SLACK = 80  # how far a cut may move back to fall between words, so no word is read in half
_CJK_PUNCTUATION = set("。！？；，、：")
_JOIN = "\n\n"  # the two parts read as separate paragraphs: no clause or statement runs across the cut

F = TypeVar("F", bound=Callable[..., Any])
_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("reading_memo", default=None)


def _between_words(text: str, at: int) -> bool:
    """Whether a cut before `text[at]` falls after a space or a Chinese punctuation mark."""
    return text[at - 1].isspace() or text[at - 1] in _CJK_PUNCTUATION


def bounded(text: str) -> tuple[str, str | None]:
    """The text the rules read of `text`, and the note that says what was left unread (None when all is read).

    Each cut moves up to a few dozen characters towards the middle's side to fall between words or after a
    Chinese punctuation mark, so no word or number is read in half."""
    if len(text) <= 2 * READ_PART:
        return text, None
    head_end = next((i for i in range(READ_PART, READ_PART - _CUT_SLACK, -1) if _between_words(text, i)), READ_PART)
    tail = len(text) - READ_PART
    tail_start = next((i for i in range(tail, tail + _CUT_SLACK) if _between_words(text, i)), tail)
    note = f"read the first and last {READ_PART:,} of {len(text):,} characters (the middle was not read)"
    return text[:head_end] + _JOIN + text[tail_start:], note


@contextmanager
def reading(memo: dict[Any, Any]) -> Iterator[None]:
    """Share `memo` among the rules that read one response for as long as the block runs."""
    token = _MEMO.set(memo)
    try:
        yield
    finally:
        _MEMO.reset(token)


def memoised(function: F) -> F:
    """`function` (of hashable arguments, the text among them) computed once per response being scored.

    Its result is shared by every caller, so it must be immutable or never changed by a caller."""

    @functools.wraps(function)
    def shared(*args: Any) -> Any:
        memo = _MEMO.get()
        if memo is None:
            return function(*args)
        key = (function, *args)
        if key not in memo:
            memo[key] = function(*args)
        return memo[key]

    return shared  # type: ignore[return-value]


def _width(pattern: re.Pattern[str]) -> int | None:
    """The longest match `pattern` can make, or None when it is unbounded."""
    longest = _parser.parse(pattern.pattern, pattern.flags).getwidth()[1]
    return None if longest >= _parser.MAXREPEAT else longest


@functools.lru_cache(maxsize=256)
def _reach(pattern: re.Pattern[str]) -> int | None:
    width = _width(pattern)
    return None if width is None else width + 1  # "$" may also match before a final line break


def search_ending_at(pattern: re.Pattern[str], text: str, end: int, start: int = 0) -> re.Match[str] | None:
    """`pattern.search(text, start, end)` for a pattern whose every alternative ends with `$`, searching back only as
    far as its longest match reaches: the same match, at a cost that does not grow with `end - start`."""
    reach = _reach(pattern)
    return pattern.search(text, start if reach is None else max(start, end - reach), end)


class Breaks:
    """The matches of a break pattern in one text, found once.

    `last_end(position)` is the end of the last match that `pattern.finditer(text, 0, position)` finds (None if
    it finds none), which every rule asked before by scanning the text up to each position. Matches that end
    before `position` are the same in both scans; only one that touches `position` can differ (a word edge at the
    cut, a match the cut shortens), so the few characters a match can span before `position` are scanned again.
    """

    def __init__(self, pattern: re.Pattern[str], text: str):
        self.pattern, self.text = pattern, text
        self.ends = [m.end() for m in pattern.finditer(text)]
        width = _width(pattern)
        self.reach = None if width is None else width + 1

    def last_end(self, position: int) -> int | None:
        index = bisect.bisect_left(self.ends, position)  # self.ends[:index] end before `position`
        before = self.ends[index - 1] if index else None
        rescan_from = before or 0
        if self.reach is not None:
            rescan_from = max(rescan_from, position - self.reach)
        near = [m.end() for m in self.pattern.finditer(self.text, rescan_from, position)]
        return near[-1] if near else before

    def start_of(self, position: int) -> int:
        """Where the stretch that holds `position` begins: the end of the last break before it, else 0."""
        found = self.last_end(position)
        return 0 if found is None else found


@memoised
def breaks(pattern: re.Pattern[str], text: str) -> Breaks:
    """The Breaks of `pattern` in `text`, made once per response being scored."""
    return Breaks(pattern, text)
