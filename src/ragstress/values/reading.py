"""One reading of a response: what every rule of every free-text metric reads, made once per response.

A `Reading` holds the text the rules read (the whole response, or its first and last parts when it is long), its
normalised and comparable forms (`matching`), its statements, the JSON object it consists of if it is one, and its
language. It is made once per response being scored (`read`, by the case's `CaseJudging`) and handed to every rule;
no rule normalises the response again. What the rules work out from it and share (the mentions of each answer and of
the planted value with their clause and role, the hits of a phrase family, the value the response concludes with,
where the clauses of a form begin) is worked out on the first ask and kept on the Reading (`derived`), so each is
made once per response however many metrics ask.

The bound: a response longer than twice READ_PART characters is read in its first and last READ_PART characters
(`bounded`), and every Score computed on that reading says so (`unread`). The beginning holds the answer a response
opens with, the end the one it concludes with; what lies between is reasoning the rules would read at a cost that
grows with it. RGB's exact rules (rules_rgb.py) read the whole text: they are plain substring tests, linear already,
and must agree with RGB's evalue.py on every record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ragstress.values.breaks import Breaks
from ragstress.values.matching import comparable, normalise

READ_PART = 10_000
"""A response longer than twice this many characters is read in its first and last READ_PART characters."""
_CUT_SLACK = 80  # how far a cut may move back to fall between words, so no word is read in half
_CJK_PUNCTUATION = set("。！？；，、：")
_JOIN = "\n\n"  # the two parts read as separate paragraphs: no clause or statement runs across the cut
_STATEMENT_END = re.compile(r"(?<=[.!?])\s+|[。!?;\n]+")  # plain sentence ends (line breaks are folded by then)
_OPENING_FENCE = re.compile(r"^```\w*\s*")

T = TypeVar("T")


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


def unfenced(text: str) -> str:
    """`text` stripped, without a ```json fence around it. The closing fence is cut by hand: a pattern for it with
    the spaces before it is tried from every character of a run of spaces, which costs the square of the run."""
    body = _OPENING_FENCE.sub("", text.strip())
    return body[:-3].rstrip() if body.endswith("```") else body


def _json_object(text: str) -> dict | None:
    """The JSON object a response consists of (a fenced ```json block allowed), or None if it is not one."""
    try:
        data = json.loads(unfenced(text))
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def spans_between(text: str, ends: re.Pattern[str]) -> tuple[tuple[int, int], ...]:
    """The (start, end) spans of the non-blank stretches of `text` between the matches of `ends`."""
    bounds, start = [], 0
    for end in ends.finditer(text):
        if text[start : end.start()].strip():
            bounds.append((start, end.start()))
        start = end.end()
    if text[start:].strip():
        bounds.append((start, len(text)))
    return tuple(bounds)


@dataclass(frozen=True, eq=False)
class Reading:
    """One response as the rules read it (see the module docstring).

    `text` is what the rules read; `unread` the note a Score on a bounded reading carries (None when all was read);
    `normalised` and `comparable` its forms (`matching.normalise`, `matching.comparable`); `statements` the spans of
    `comparable` between plain sentence ends (all of it when it has none); `json` the object the response consists
    of, or None; `lang` the question's language."""

    text: str
    lang: str
    normalised: str
    comparable: str
    statements: tuple[tuple[int, int], ...]
    json: dict | None
    unread: str | None = None
    _derived: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    def derived(self, key: Hashable, make: Callable[[], T]) -> T:
        """What `make()` works out from this reading, made on the first ask for `key` and kept: the rules share it.

        It is shared, so a caller must never change it."""
        if key not in self._derived:
            self._derived[key] = make()
        return self._derived[key]

    def breaks(self, pattern: re.Pattern[str], form: str) -> Breaks:
        """The matches of `pattern` in `form` (this reading's `normalised` or `comparable`, or a part of it), found once."""
        return self.derived(("breaks", pattern, form), lambda: Breaks(pattern, form))

    def part(self, text: str) -> Reading:
        """A reading of a piece of this response (its JSON answer field, what follows a phrase), made once per piece."""
        return self.derived(("part", text), lambda: read(text, self.lang, whole=False))


def read(text: str, lang: str = "en", *, whole: bool = True) -> Reading:
    """The Reading of `text`, a response to a question in `lang`: bounded when `whole` (a whole response)."""
    shown, unread = bounded(text) if whole else (text, None)
    forms = comparable(shown)
    statements = spans_between(forms, _STATEMENT_END) or ((0, len(forms)),)
    return Reading(shown, lang, normalise(shown), forms, statements, _json_object(shown), unread)
