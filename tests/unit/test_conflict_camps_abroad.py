"""A response that says its sources differ in a third language and then names the two values side by side, with no
statement of one alone, concludes neither (conclusion._camps_abroad): the values are the sources' camps. One that
then says one value alone is read as before. Sentences of our own, for English and Chinese questions."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conclusion
from ragstress.values.reading import read

ANSWERS = [["2150", "2150米"]]
FAKE = ["2350", "2350米"]


@pytest.mark.parametrize(
    ("text", "question", "lang"),
    [
        ("Les documents divergent : certains donnent 2150 m, d'autres 2350 m.", "How high is the pass?", "en"),
        ("자료마다 다릅니다. 2150미터라고 한 자료도 있고, 2350미터라고 한 자료도 있습니다.", "山口海拔多少米？", "zh"),
        ("Las fuentes se contradicen: unas dan 2150 m y otras 2350 m.", "山口海拔多少米？", "zh"),
    ],
)
def test_camps_named_in_a_third_language_conclude_neither(text, question, lang):
    assert conclusion.read(read(text, lang), ANSWERS, FAKE, question).concluded is None


@pytest.mark.parametrize(
    ("text", "question", "lang"),
    [
        (
            "Les documents divergent : certains donnent 2150 mètres, d'autres 2350 mètres. Le col culmine à 2150 mètres.",
            "How high does the col culminate?",
            "en",
        ),
        (
            "資料によって異なります。2150メートルとする資料と2350メートルとする資料がありますが、2350は旧道の標高で、正しくは2150メートルです。",
            "山口海拔多少米？",
            "zh",
        ),
        ("The sources diverge: 2150 m in two, 2350 m in one, and 2150 m is the surveyed height.", "How high?", "en"),
    ],
)
def test_a_value_said_alone_after_the_camps_is_read_as_before(text, question, lang):
    assert conclusion.read(read(text, lang), ANSWERS, FAKE, question).concluded == conclusion.TRUTH
