"""Every phrase of the scoring lexicon finds its examples and misses its near misses, as the engine compiles it."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import ragstress.scoring.lexicon as lexicon
from ragstress.scoring.lexicon import Phrase
from ragstress.scoring.metrics.rules_base import NamedPattern
from ragstress.values.matching import normalise


def lexicon_phrases() -> list[Phrase]:
    """Every Phrase a lexicon module holds at module level, alone or in a tuple."""
    found: dict[str, Phrase] = {}
    for lang in ("en", "zh", "intl"):
        package = importlib.import_module(f"{lexicon.__name__}.{lang}")
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for value in vars(module).values():
                for item in value if isinstance(value, tuple) else (value,):
                    if isinstance(item, Phrase):
                        found.setdefault(item.name, item)
    return list(found.values())


PHRASES = lexicon_phrases()


def test_the_lexicon_holds_phrases():
    assert len(PHRASES) >= 12
    assert len({p.name for p in PHRASES}) == len(PHRASES)


def searched(phrase: Phrase, example: str) -> str:
    """What the engine searches with the phrase: the normalised text, or the part before or after the mention ⟨…⟩."""
    if phrase.reads == "as_written":
        return example
    text = normalise(example)
    if phrase.reads == "text":
        return text
    assert "⟨" in text and "⟩" in text, (phrase.name, "mark the mention as ⟨…⟩", example)
    return text.split("⟨", 1)[0] if phrase.reads == "before" else text.split("⟩", 1)[1]


@pytest.mark.parametrize("phrase", PHRASES, ids=lambda p: p.name)
def test_every_phrase_finds_its_examples_and_misses_its_near_misses(phrase: Phrase):
    pattern = NamedPattern.of(phrase).pattern
    assert phrase.examples, f"{phrase.name} has no example"
    for example in phrase.examples:
        assert pattern.search(searched(phrase, example)), (phrase.name, example)
    for near_miss in phrase.near_misses:
        assert not pattern.search(searched(phrase, near_miss)), (phrase.name, near_miss)
