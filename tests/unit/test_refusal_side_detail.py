"""A refusal of a detail beside a value the response states declines the detail, not the question, whatever the
value is (refusal_detail.value_beside_a_detail); a refusal naming what the question asks, or a value only reported from
the sources, still refuses. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.lexicon.en import declining as en_declining
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.metrics import corrections, refusal
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
    text = "About 90 m, I'd estimate from the photographs, but the survey figures aren't given."
    decision = refusal.refusal(read(text), DEPTH_ANSWER, question=DEPTH)
    assert not decision.value and decision.uncertain, decision.why
    decision = refusal.refusal(read("The leaflets don't say when it was founded."), YEAR, question=FOUNDED)
    assert decision.value


def test_the_detail_words_are_whole_words_and_the_copulas_words():
    # The engine reads English ones as whole words of the clause, Chinese ones as characters in it.
    for words in (en_declining.SIDE_DETAIL, en_declining.STATES_A_VALUE):
        assert all(word.isascii() and word.isalpha() and word == word.lower() for word in words)
    for words in (zh_refusals.SIDE_DETAIL, zh_refusals.STATES_A_VALUE):
        assert all(not word.isascii() for word in words)


SEATS = "How many spectators does the Halden Arena hold?"
SEATS_ANSWER = [["52,000"]]
OPENED_DAY_ZH = "兰江大桥正式通车是哪一天？"
OPENED_DAY = "On which day did the Lanjiang Bridge open to traffic?"
DAY_ANSWER = [["2014年9月18日", "18 September 2014"]]
DEPTH = "How deep is Lake Morrow?"
DEPTH_ANSWER = [["96 m"]]


@pytest.mark.parametrize(
    ("question", "answers", "text"),
    [
        # any other thing declined, with no word for a detail, beside a value of the kind asked
        (
            SEATS,
            SEATS_ANSWER,
            "The Halden Arena holds 47,500 spectators; the notes do not mention when it was rebuilt.",
        ),
        (DEPTH, DEPTH_ANSWER, "The guides put the lake at 88 m. I can't confirm the year it was surveyed from them."),
        (KEEPER_ZH, KEEPER_NAME, "园长是汤姆·雷耶斯，任期资料里没有提到。"),
        # what is asked, narrowed to a finer part of a date stated: a coarser answer
        (OPENED_DAY_ZH, DAY_ANSWER, "兰江大桥于2014年9月通车，全长约2160米。至于具体哪一天，资料里没有写明。"),
        (OPENED_DAY, DAY_ANSWER, "The bridge opened in September 2014, though the precise day is not given."),
    ],
)
def test_another_thing_declined_beside_a_value_of_the_asked_kind_is_no_refusal(question, answers, text):
    decision = refusal.refusal(read(text), answers, question=question)
    assert not decision.value, decision.why
    assert decision.uncertain


@pytest.mark.parametrize(
    ("question", "answers", "text"),
    [
        # the value stated is not of the kind asked: a length for a date, a count of glasshouses for a year
        (OPENED_DAY_ZH, DAY_ANSWER, "兰江大桥全长约2160米。至于具体是哪一天通车，资料里没有写明。"),
        (FOUNDED, YEAR, "The garden has 4 glasshouses; the leaflets do not mention who designed them."),
        # what is asked, declined beside a coarser value, with no word narrowing it
        (OPENED_DAY, DAY_ANSWER, "The bridge opened in 2014, but the notes don't say on which day it opened."),
        # the sources' clause reports what lies beside the answer
        (DEPTH, DEPTH_ANSWER, "The guides only mention a 12 m jetty; they don't give the year the lake was surveyed."),
        # nothing but the question itself declined
        (SEATS, SEATS_ANSWER, "The arena opened in 1998. The documents don't say."),
        # the thing declined is a value of the kind asked, in other words: a who for a who, a date for a when
        (KEEPER, KEEPER_NAME, "The head gardener is Tom Reyes; I can't confirm who holds the post now, though."),
        (FOUNDED, YEAR, "The garden was founded in 1908 by the leaflets' account; I'd rather not give a date I doubt."),
        # a second refusal declines the question itself
        (DEPTH, DEPTH_ANSWER, "The lake is 88 m deep; the guides don't mention the survey, so I can't answer."),
        # the sources are called wrong: the value is reported to be set aside
        (DEPTH, DEPTH_ANSWER, "The guides put the lake at 88 m, which is wrong; they don't mention the survey year."),
        # a year asked, and the year declined beside a year in the sources
        (FOUNDED_ZH, YEAR, "资料显示该园自1908年起对外开放，但建园的具体年份文中未提及。"),
    ],
)
def test_a_refusal_beside_no_value_of_the_asked_kind_still_refuses(question, answers, text):
    decision = refusal.refusal(read(text), answers, question=question)
    assert decision.value, decision.why


def test_a_planted_value_beside_another_thing_declined_is_asserted():
    text = "The guides put the lake at 88 m. I can't confirm the year it was surveyed from them."
    decision = corrections.asserts_fake(read(text), ["88 m"], DEPTH_ANSWER, DEPTH)
    assert decision.value, decision.why
    decision = corrections.asserts_fake(
        read("The guides put the lake at 88 m, but I can't confirm how deep it is."), ["88 m"], DEPTH_ANSWER, DEPTH
    )
    assert not decision.value, decision.why
