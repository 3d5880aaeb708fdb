"""The shape of a named rule pattern, shared by the pattern modules (role_patterns.py, refusal_*.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ragstress.scoring.lexicon import Phrase


@dataclass(frozen=True)
class NamedPattern:
    """A regular expression with the name a Score's explanation cites and a docstring saying what it catches."""

    name: str
    regex: str
    doc: str
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pattern", re.compile(self.regex))

    @classmethod
    def of(cls, phrase: Phrase) -> NamedPattern:
        """The compiled pattern of a lexicon phrase, under the phrase's name."""
        return cls(phrase.name, phrase.regex, phrase.doc)


def compile_phrases(phrases: Iterable[Phrase]) -> tuple[NamedPattern, ...]:
    """The compiled patterns of lexicon phrases, in their order."""
    return tuple(NamedPattern.of(phrase) for phrase in phrases)


@dataclass(frozen=True)
class Hit:
    """Where a named pattern matched: the rule's name and the text span it matched."""

    rule: str
    span: str
    start: int = 0

    def __str__(self) -> str:
        return f"{self.rule} matched {self.span!r}"
