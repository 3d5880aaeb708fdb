"""More ways of disputing a mentioned value (disputes.py): slips in English, negations and "wrong" in third languages.
Examples written for these tests."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.corrections import asserts_fake
from ragstress.scoring.metrics.rules import stance
from ragstress.values.reading import read

LYON = ["Lyon", "里昂", "リヨン"]

DISPUTED = [
    "The Lyon in the second passage looks like a typo.",
    "The guide says Lyon — I'm fairly sure that's a copy-paste slip.",
    "The guide says Lyon, but that's not right.",
    "Lyon is often taken for the capital, but it isn't — Marseille is.",
    "Lyon? No, it is Marseille.",
    "Le document n'a pas été rédigé à Lyon mais à Marseille.",
    "C'est Marseille et non Lyon.",
    "El documento dice Lyon, pero eso no es correcto.",
    "No fue Lyon sino Marseille.",
    "Es war nicht Lyon, sondern Marseille.",
    "Foi Marseille e não Lyon.",
    "Era Marsiglia e non Lyon.",
    "Это Марсель, а не Lyon.",
    "リヨンではなくマルセイユです。",
    "Le document indique Lyon, ce qui est inexact.",
]
ASSERTED = [
    "It is Lyon.",
    "Lyon, which is the answer the passages give.",
    "The answer is Lyon; the other passage has a typo in the date.",
    "La respuesta es Lyon.",
    "C'est Lyon.",
    "Lyon ist richtig.",
    "Lyon is large, but it isn't the capital of France.",  # a denial that goes on is about something else
]


@pytest.mark.parametrize("text", DISPUTED)
def test_the_value_is_disputed(text):
    found = stance(read(text), LYON)
    assert found.disputed is not None and found.asserted is None, found


@pytest.mark.parametrize("text", ASSERTED)
def test_the_value_is_still_asserted(text):
    assert stance(read(text), LYON).asserted is not None


def test_a_disputed_planted_value_is_not_asserted():
    assert not asserts_fake(read("C'est Marseille et non Lyon."), LYON, [["Marseille"]]).value


@pytest.mark.parametrize(
    ("text", "aliases"),
    [
        ("资料称奥运会起源于古罗马（今意大利），这个说法是有误的。", ["古罗马", "意大利"]),
        ("The capital was Constantinople (now Istanbul), but that's not right.", ["Constantinople", "Istanbul"]),
    ],
)
def test_a_gloss_in_parentheses_is_disputed_with_what_it_glosses(text, aliases):
    found = stance(read(text), aliases, sources_disputed=True)
    assert found.asserted is None and found.disputed is not None, found


def test_a_gloss_before_a_line_break_is_not_read_with_the_next_line():
    # The flag on the next line is about the sources, not the true value glossed before it.
    text = "- 资料说法：一个月\n- 实际情况：约365天（一年）\n\n资料中的说法是错误的。"
    assert stance(read(text), ["约365天", "一年"]).asserted is not None


@pytest.mark.parametrize(
    ("text", "disputed"),
    [
        ("Adults should not exceed 3 g of salt a day.", False),  # a negated limit sets the bound
        ("Keep the dose not to go above 3 g.", False),
        ("The limit is not 3 g; it is 5 g.", True),
    ],
)
def test_a_negated_limit_states_its_bound(text, disputed):
    found = stance(read(text), ["3 g", "3000 mg"])
    assert (found.disputed is not None and found.asserted is None) is disputed, found
