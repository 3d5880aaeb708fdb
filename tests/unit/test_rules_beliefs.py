"""A value given as what others believe is neither stated nor disputed (beliefs.py). Examples written for these tests."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.rules import facts_stated, stance
from ragstress.values.reading import read

PORTO = ["Porto", "波尔图"]

BELIEFS = [
    "The capital is Lisbon; it's often quoted as Porto.",
    "Lisbon. Many sources list Porto, but not these passages.",
    "Lisbon, although some readers might expect Porto.",
    "It is Lisbon, though many people attribute the title to Porto.",
    "Lisbon. A common misconception is that it's Porto.",
    "Lisbon; there's a common belief it was Porto.",
    "Lisbon, though you'll often see Porto cited in older guides.",
    "Lisbon. Porto is sometimes cited, wrongly.",
    "首都是里斯本。很多人记成波尔图。",
    "是里斯本。很多书上写的是波尔图。",
    "答案是里斯本，许多人误以为是波尔图。",
    "里斯本。大家一般说的是波尔图，其实不对。",
    "里斯本。这和通常的认识（波尔图）不太一样。",
    "Lisbonne. On croit souvent que c'est Porto.",
    # Places (sites, guidebooks) as the holders of the belief.
    "里斯本。很多地方都说是波尔图，但这里的资料显示是里斯本。",
    "Lisbon. Lots of places say Porto, but the passages say Lisbon.",
]
ANSWERS = [
    "It is Porto.",
    "The discovery is usually credited to Porto.",  # the consensus the response answers with
    "文档未提及，不过一般认为是波尔图。",
    "答案是波尔图，资料写得很清楚。",
    "Porto, as the passages say.",
    "Many people visit Porto, which is the answer.",
    "很多地方都能看到波尔图的名字，答案就是波尔图。",
    "Porto: the passages name it in many places.",
]


@pytest.mark.parametrize("text", BELIEFS)
def test_a_belief_of_others_is_not_stated(text):
    assert not facts_stated(read(text), [PORTO])[0]
    found = stance(read(text), PORTO)
    assert found.aside is not None and found.disputed is None


@pytest.mark.parametrize("text", ANSWERS)
def test_an_answer_is_still_stated(text):
    assert facts_stated(read(text), [PORTO])[0]
