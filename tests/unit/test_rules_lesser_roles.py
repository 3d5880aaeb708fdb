"""A mention given only a lesser role right after it is set aside (lesser_roles.py). Examples written for these tests."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.rules import facts_stated, stance
from ragstress.values.reading import read

HALE = ["Mira Hale", "Hale", "海尔"]

LESSER = [
    "The passages mention Mira Hale only as the editor of the second edition.",
    "Mira Hale appears only as the 1998 recipient; the first winner is not named.",
    "Passage 2 mentions Mira Hale, but only as chair of the jury.",
    "Mira Hale is listed merely as a consultant.",
    "资料里海尔仅以顾问身份出现。",
    "文中的海尔只作为评委被提及。",
    "Mira Hale est mentionnée seulement comme productrice.",
    "Mira Hale aparece solo como productora.",
    "Mira Hale wird nur als Produzentin genannt.",
]
STATED = [
    "Mira Hale directed it.",
    "It was Mira Hale, who served as director only as of 2004.",  # "only as of" is a date, not a role
    "The director was Mira Hale, not only as credited but in practice.",
    "导演是海尔。",
    "Mira Hale, only as of 2004 the director, made it.",
]


@pytest.mark.parametrize("text", LESSER)
def test_a_lesser_role_is_not_stated(text):
    found = stance(read(text), HALE)
    assert found.asserted is None and found.aside is not None, found


@pytest.mark.parametrize("text", STATED)
def test_the_answer_is_still_stated(text):
    assert facts_stated(read(text), [HALE])[0]
