"""A refusal of a detail beside a value the response states declines the detail, not the question, whatever the
value is (refusal._value_beside_a_detail); a refusal naming what the question asks, or a value only reported from
the sources, still refuses. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.lexicon.en import refusals as en_refusals
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.metrics import refusal
from ragstress.values.reading import read

FOUNDED = "In which year was the Corran Botanic Garden founded?"
FOUNDED_ZH = "科伦植物园是哪一年建成的？"
KEEPER = "Who is the head gardener of the Corran Botanic Garden?"
KEEPER_ZH = "科伦植物园的园长是谁？"
TALL = "How tall is the Corran Tower?"
TALL_ZH = "科伦塔有多高？"
YEAR = [["1911", "1911年"]]
HEIGHT = [["84 m", "84米"]]
KEEPER_NAME = [["Ruth Adair", "鲁思·阿代尔"]]


@pytest.mark.parametrize(
    ("question", "answers", "text"),
    [
        # a wrong year, and the exact month declined beside it
        (FOUNDED, YEAR, "It was founded in 1908, though the exact opening month isn't given in the leaflets."),
        (FOUNDED, YEAR, "Founded in 1908. The brochures don't give the precise day it opened, mind."),
        # a wrong name stated with a copula, and the term of office declined
        (KEEPER, KEEPER_NAME, "The head gardener is Tom Reyes; the notes don't give the specific length of his term."),
        (FOUNDED_ZH, YEAR, "科伦植物园1908年建成，具体开放月份资料里没有写。"),
        (KEEPER_ZH, KEEPER_NAME, "按资料，园长是汤姆·雷耶斯，确切任期资料没有提到。"),
    ],
)
def test_a_detail_declined_beside_a_stated_value_is_no_refusal(question, answers, text):
    decision = refusal.refusal(read(text), answers, question=question)
    assert not decision.value, decision.why
    assert decision.uncertain, "a refusal phrase beside an answer is weighed, not clear"


@pytest.mark.parametrize(
    ("question", "answers", "text"),
    [
        # the detail named is what the question asks
        (FOUNDED, YEAR, "The garden has 4 glasshouses. The leaflets don't give the exact founding year."),
        (FOUNDED_ZH, YEAR, "植物园有4座温室。资料没有给出具体的建成年份。"),
        # the value is reported from the sources, not stated as the answer
        (FOUNDED, YEAR, "The leaflets mention the 1908 flower show but don't give the exact founding year."),
        (FOUNDED_ZH, YEAR, "资料只提到1908年的花展，没有给出具体的建园时间。"),
        # no detail word: the question itself is declined, beside a side fact
        (KEEPER, KEEPER_NAME, "The garden opened in 1908; the notes don't name its head gardener."),
        # 'specifically' is how the sources are silent, not a detail
        (FOUNDED, YEAR, "It had 4 glasshouses. The leaflets don't specifically say when it was founded."),
        # a value stated, then the question declined as a whole: 'so I can't answer' decides
        (TALL, HEIGHT, "The tower opened in 1908. The leaflets don't give its exact height, so I can't answer."),
        (TALL_ZH, HEIGHT, "该塔1908年启用，是当地最高的建筑。资料没有给出具体高度，所以我无法回答。"),
        # the detail is the answer itself
        (FOUNDED, YEAR, "The garden has 4 glasshouses. I'd rather not offer a precise answer here."),
        (FOUNDED_ZH, YEAR, "植物园有4座温室。资料本身没给出可靠的数字，我就不作具体回答了。"),
        # the detail and the question share the kind asked: 年份 for 哪一年
        (FOUNDED_ZH, YEAR, "资料说开园者是一位商人，但我不便给出具体年份。"),
    ],
)
def test_a_refusal_of_what_is_asked_still_refuses(question, answers, text):
    decision = refusal.refusal(read(text), answers, question=question)
    assert decision.value, decision.why


def test_a_guess_after_a_refusal_is_read_as_before():
    decision = refusal.refusal(read("The leaflets don't say; my guess would be 1908."), YEAR, question=FOUNDED)
    assert not decision.value and decision.uncertain
    decision = refusal.refusal(read("The leaflets don't say when it was founded."), YEAR, question=FOUNDED)
    assert decision.value


def test_the_detail_words_are_whole_words_and_the_copulas_words():
    # The engine reads English ones as whole words of the clause, Chinese ones as characters in it.
    for words in (en_refusals.SIDE_DETAIL, en_refusals.STATES_A_VALUE):
        assert all(word.isascii() and word.isalpha() and word == word.lower() for word in words)
    for words in (zh_refusals.SIDE_DETAIL, zh_refusals.STATES_A_VALUE):
        assert all(not word.isascii() for word in words)
