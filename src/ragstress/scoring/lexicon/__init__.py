"""Word lists of the scoring rules, apart from the rules that use them.

A rule module (ragstress.scoring.metrics.*) says how a phrase is shaped; the words that fill a
slot in it, such as what a response calls its passages, live here, once per language: `en`,
`zh`, one module per concept (`en.sources`, `zh.sources`). Each word is data with an example
sentence it is written to catch, and an entry (a named list of words) is turned into a regular
expression alternation by `Entry.alternation`. A rule that needs fewer words than a concept's
whole list uses a named subset of it defined in the same module, so no word is written twice.
tests/unit/test_lexicon.py checks every example against its word and every entry that holds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Word:
    """One way of writing a word of a concept: a regular-expression fragment and a sentence it occurs in.

    `lists` names the entries of its concept module that hold the word (one letter per entry, as
    that module's docstring says), so a narrower rule's list is a selection, not a copy.
    """

    pattern: str
    example: str
    lists: str


@dataclass(frozen=True)
class Entry:
    """A named list of words, in the order a rule tries them, and what the list is for."""

    name: str
    words: tuple[Word, ...]
    doc: str

    @property
    def alternation(self) -> str:
        """The words as one non-capturing regular-expression group, in their order: '(?:a|b|c)'."""
        return "(?:" + "|".join(word.pattern for word in self.words) + ")"


def select(name: str, words: tuple[Word, ...], mark: str, doc: str) -> Entry:
    """The entry of the words marked `mark`, in the order `words` gives them."""
    chosen = tuple(word for word in words if mark in word.lists)
    if not chosen:
        raise ValueError(f"lexicon entry {name} selects no word (mark {mark!r})")
    return Entry(name, chosen, doc)


@dataclass(frozen=True)
class Phrase:
    """A named way of saying one thing: the regular expression a rule compiles, what it catches, and sentences.

    `examples` are real phrasings the compiled pattern must find, `near_misses` phrasings it must not (both as
    a response writes them; the test normalises them as the rules do). The engine compiles a phrase with
    `NamedPattern.of` (ragstress.scoring.metrics.rules_base) and cites `name` in a Score's explanation.

    `reads` says what text the engine searches: the whole response ("text"), the clause before a mention
    ("before") or the text right after it ("after"), or an alias as written, not normalised ("as_written"). The examples of the last two mark the mention as ⟨1895⟩,
    and the test searches what stands before or after the mark, as the engine would.
    """

    name: str
    regex: str
    doc: str
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()
    reads: Literal["text", "before", "after", "as_written"] = "text"
