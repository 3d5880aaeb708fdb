"""Conflict readings of round twenty-three: a true value called a passage's typo while the planted value stands as
the response's own ("the 42,000 in Document 2 looks like a typo"; 资料3写1861年，应该是笔误) flags one passage and
says nothing of the passages differing, so it is no acknowledgement; "two different prices appear — A and B" is one.
Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conflict_rules
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("text", "lang", "answers", "fake"),
    [
        (
            "The fleet has 31 ships; the 13 in Document 2 looks like a transposition typo.",
            "en",
            [["13"]],
            ["31"],
        ),
        ("资料2写1905年，应该是笔误，这座桥建于1950年。", "zh", [["1905", "1905年"]], ["1950", "1950年"]),
    ],
)
def test_a_true_value_called_a_typo_is_no_acknowledgement(text, lang, answers, fake):
    assert not conflict_rules.acknowledges_conflict(read(text, lang), answers, fake).value


@pytest.mark.parametrize(
    ("text", "lang", "answers", "fake"),
    [
        ("Two different fares appear — £18 and £24 — and I can't tell which is current.", "en", [["£18"]], ["£24"]),
        (
            "The fleet has 13 ships (Documents 1 and 3); the 31 in Document 2 looks like a typo.",
            "en",
            [["13"]],
            ["31"],
        ),
        ("资料里出现了两个不同的价格：18元和24元，我不确定哪个是现行的。", "zh", [["18元"]], ["24元"]),
    ],
)
def test_values_counted_or_sources_set_against_one_acknowledge(text, lang, answers, fake):
    assert conflict_rules.acknowledges_conflict(read(text, lang), answers, fake).value
