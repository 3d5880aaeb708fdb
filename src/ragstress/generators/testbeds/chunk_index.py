"""Which chunks hold or restate an answer, found through an index instead of by reading every chunk.

A seed's noise must come from chunks that hold none of its aliases and restate none of its
values (src/ragstress/generators/testbeds/pool.py). Asked of every chunk for every seed, those checks cost seeds ×
chunks regular-expression scans: hours for ten thousand seeds. Here each chunk is read once:

- its words (runs of ASCII letters and digits, lower-cased) and characters go into posting
  lists. An alias can only occur where every one of its words occurs as a whole word (its
  edges are guarded against letters and digits, its inner words by the characters between
  them), so the chunks holding all of them are the only ones the alias's own pattern is run on;
- the dates, numbers and two-digit years it states (src/ragstress/values/restated.py's readers, on its
  text with numerals as digits) are stored, and indexed by value, so "which chunks restate
  1889" is a few dictionary look-ups.

Both give exactly what `contains_alias` and `restated_answer` would say of each chunk.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import TypeVar

from ragstress.core.types import Chunk
from ragstress.values.restated import TextValues, restating_keys, text_values
from ragstress.values.spans import contains_alias

T = TypeVar("T")
_WORD = re.compile(r"[0-9A-Za-z]+")
# The characters a case-insensitive pattern matches to an ASCII letter (Kelvin sign, long s, dotted and dotless i):
# a text holding one may match an alias without holding its words; an alias holding one is checked everywhere.
_FOLDS_TO_ASCII = frozenset("\u0130\u0131\u017f\u212a")


def _caseless(char: str) -> bool:
    return not char.isspace() and char.lower() == char == char.upper() == char.casefold()


class ChunkIndex:
    """Posting lists and stated values of `chunks`, built on first use; a chunk id set answers each question."""

    def __init__(self, chunks: Mapping[str, Chunk]) -> None:
        self._chunks = chunks
        self._shared: dict[str, object] = {}

    def covers(self, chunks: Mapping[str, Chunk]) -> bool:
        """Whether this index was built from `chunks` (the same mapping)."""
        return chunks is self._chunks

    @cached_property
    def _words(self) -> dict[str, set[str]]:
        postings: dict[str, set[str]] = {}
        for cid, chunk in self._chunks.items():
            for word in {w.lower() for w in _WORD.findall(chunk.text)}:
                postings.setdefault(word, set()).add(cid)
        return postings

    @cached_property
    def _chars(self) -> dict[str, set[str]]:
        postings: dict[str, set[str]] = {}
        for cid, chunk in self._chunks.items():
            for char in set(chunk.text):
                postings.setdefault(char, set()).add(cid)
        return postings

    @cached_property
    def _folding(self) -> set[str]:
        """Chunks holding a character that folds to an ASCII letter: always read."""
        return {cid for char in _FOLDS_TO_ASCII for cid in self._chars.get(char, ())}

    @cached_property
    def values(self) -> dict[str, TextValues]:
        """The dates, numbers and two-digit years each chunk states (restated.text_values)."""
        return {cid: text_values(chunk.text) for cid, chunk in self._chunks.items()}

    @cached_property
    def _by_value(self) -> dict[tuple, set[str]]:
        postings: dict[tuple, set[str]] = {}
        for cid, values in self.values.items():
            for key in values.keys():
                postings.setdefault(key, set()).add(cid)
        return postings

    def _candidates(self, alias: str) -> Iterable[str]:
        """A superset of the chunks `alias` occurs in."""
        alias = alias.strip()
        if _FOLDS_TO_ASCII & set(alias):
            return self._chunks
        words = {w.lower() for w in _WORD.findall(alias)}
        lists = [self._words.get(w, set()) for w in words] or [
            self._chars.get(c, set()) for c in set(alias) if _caseless(c)
        ]
        if not lists:
            return self._chunks  # letters with case and no ASCII word: nothing narrows it down
        found = set.intersection(*sorted(lists, key=len))
        return found | self._folding

    def holding(self, aliases: list[str]) -> set[str]:
        """The chunks that hold any of `aliases` (spans.contains_alias)."""
        found: set[str] = set()
        for alias in aliases:
            if alias.strip():
                found |= {cid for cid in self._candidates(alias) if contains_alias(self._chunks[cid].text, [alias])}
        return found

    @cached_property
    def folded_text(self) -> str:
        """The chunks' texts joined by newlines and case-folded."""
        return "\n".join(c.text for c in self._chunks.values()).casefold()

    def shared(self, key: str, make: Callable[[], T]) -> T:
        """`make()`, made once for these chunks: what every seed asks of the whole corpus."""
        if key not in self._shared:
            self._shared[key] = make()
        return self._shared[key]

    def corpus_holds(self, aliases: list[str]) -> bool:
        """Whether the chunks' texts joined by newlines hold one of `aliases` (a chunk holds it, or a line break
        inside the alias meets one between chunks)."""
        if any("\n" in alias.strip() for alias in aliases):
            return contains_alias("\n".join(c.text for c in self._chunks.values()), aliases)
        return any(self._holds(alias) for alias in aliases if alias.strip())

    def _holds(self, alias: str) -> bool:
        return any(contains_alias(self._chunks[cid].text, [alias]) for cid in self._candidates(alias))

    def restating(self, aliases: list[str]) -> set[str]:
        """The chunks that state one of `aliases`'s values in another spelling (restated.restated_answer)."""
        return {cid for key in restating_keys(aliases) for cid in self._by_value.get(key, ())}
