"""Both values of a conflict listed without a choice adopt neither: a second camp with its verb left out ("two put it
at $11.99, one at $12.99"), a source named after each value ("$13.99 in the help-centre excerpt, $12.99 in the news
piece") and two questions ("24 weeks? Or 23?"). A majority pick taken as the response's own ("3 of 5 say $549.99,
so that's my answer") concludes that value. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conclusion
from ragstress.values.reading import read

TRUTH = [["$8.49", "8.49"]]
FAKE = ["$9.49", "9.49"]
QUESTION = "What is the monthly price of the Basic plan?"
TRUTH_ZH = [["8.49美元", "8.49"]]
FAKE_ZH = ["9.49美元", "9.49"]
QUESTION_ZH = "基础套餐每月多少钱？"
WEEKS = [["31", "thirty-one"]]
WEEKS_FAKE = ["30", "thirty"]


def _concluded(text: str, answers=TRUTH, fake=FAKE, question=QUESTION, lang="en") -> str | None:
    return conclusion.read(read(text, lang), answers, fake, question).concluded


@pytest.mark.parametrize(
    "text",
    [
        "The notes differ: two of them put it at $8.49 a month, one at $9.49.",
        "Accounts split: $9.49 in the pricing excerpt, $8.49 in the launch article.",
    ],
)
def test_both_values_reported_without_a_choice_conclude_neither(text):
    assert _concluded(text) is None


def test_two_questions_offering_both_values_conclude_neither():
    assert _concluded("31 weeks? Or 30? The notes don't agree.", WEEKS, WEEKS_FAKE, "How many weeks?") is None
    assert _concluded("31周？还是30周？资料说法不一。", [["31周", "31"]], ["30周", "30"], "几周？", "zh") is None


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Four of the six notes say $9.49, so that's my answer, though two give $8.49.", conclusion.FAKE),
        ("Most notes give $8.49, so that's my pick, although one says $9.49.", conclusion.TRUTH),
    ],
)
def test_a_majority_taken_as_the_answer_concludes_it(text, side):
    assert _concluded(text) == side


def test_a_source_saying_a_value_is_the_answer_stays_its_report():
    text = "One note says $9.49, another says $8.49 is the answer; I can't tell which."
    assert _concluded(text) is None


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("资料说法不一：两份写8.49美元，一份写9.49美元。", None),
        ("六份资料里有四份写9.49美元，所以我的答案是9.49美元。", conclusion.FAKE),
    ],
)
def test_the_same_readings_in_chinese(text, side):
    assert _concluded(text, TRUTH_ZH, FAKE_ZH, QUESTION_ZH, "zh") == side
