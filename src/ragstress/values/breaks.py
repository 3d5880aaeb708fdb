"""Where a clause or a sentence begins, looked up among breaks found once, and searches anchored at a position.

Both keep the rules linear in a response's length: a rule that asks where the clause of each mention begins would
otherwise scan the text before every mention, and a pattern anchored at a mention would search all the text before it.
"""

from __future__ import annotations

import bisect
import functools
import re
from re import _parser  # type: ignore[attr-defined]  # the width of a pattern: how far a break can reach


def _width(pattern: re.Pattern[str]) -> int | None:
    """The longest match `pattern` can make, or None when it is unbounded."""
    longest = _parser.parse(pattern.pattern, pattern.flags).getwidth()[1]
    return None if longest >= _parser.MAXREPEAT else longest


@functools.lru_cache(maxsize=256)  # the width of a compiled pattern, parsed once per process
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
        self.reach = _reach(pattern)

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
