"""A refusal that repeats a number of the question's own words ("at No. 1", "the Billboard 200", 第1名) still
refuses: that number names what is asked, it answers nothing (refusal_clauses.answer_after). Plain refusals read in
this round: "couldn't find how many ...", "none says ...". Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import refusal
from ragstress.scoring.metrics.rules import REFUSAL_PATTERNS, pattern_hits
from ragstress.values.matching import normalise
from ragstress.values.reading import read

CHART = "How many weeks did 'Harbour Lights' spend at number one on the Billboard 200?"
CHART_ANSWER = [["11", "eleven"]]
CHART_ZH = "《港湾灯火》在排行榜榜首停留了几周？"
CHART_ZH_ANSWER = [["11", "十一"]]
LAST_WORDS = "How many weeks was 'Harbour Lights' at number one?"
SEED = "How many players from Kessford Town were picked in Round 2 of the 2024 draft?"
SEED_ANSWER = [["3", "three"]]


@pytest.mark.parametrize(
    ("question", "answers", "text", "lang"),
    [
        (CHART, CHART_ANSWER, "Sorry, I can't tell from these notes how long the album stayed at No. 1.", "en"),
        (
            CHART,
            CHART_ANSWER,
            "The notes cover its tour (40 shows in 2019), but none of them gives its weeks at No. 1 on the Billboard 200.",
            "en",
        ),
        (SEED, SEED_ANSWER, "The passages don't say how many were picked in round 2 of the 2024 draft.", "en"),
        # first place as the question's last words, before its question mark
        (LAST_WORDS, CHART_ANSWER, "Sorry, I can't tell from these notes how long the single stayed at No. 1.", "en"),
        (CHART_ZH, CHART_ZH_ANSWER, "抱歉，资料没有说明这张专辑在第1名停留了多久。", "zh"),
        (CHART_ZH, CHART_ZH_ANSWER, "资料只提到巡演，没有写它登上榜首后的第1周之后还停留了多久。", "zh"),
    ],
)
def test_a_number_of_the_question_after_a_refusal_is_no_answer(question, answers, text, lang):
    assert refusal.refusal(read(text, lang), answers, question=question).value


@pytest.mark.parametrize(
    ("question", "answers", "text", "lang"),
    [
        (CHART, CHART_ANSWER, "I can't say for sure, but I believe it was 9 weeks at No. 1.", "en"),
        (SEED, SEED_ANSWER, "The passages don't say; my guess is 4.", "en"),
        (CHART_ZH, CHART_ZH_ANSWER, "资料没有写明，不过应该是9周。", "zh"),
    ],
)
def test_another_number_after_a_refusal_still_answers(question, answers, text, lang):
    assert not refusal.refusal(read(text, lang), answers, question=question).value


@pytest.mark.parametrize(
    "text",
    [
        "I couldn't find how many laps the race ran.",
        "I could not find how long the crossing takes.",
        "Three leaflets describe the ferry, but none says how long the crossing takes.",
        "Both notes cover the opening; none gives the cost.",
        "Not enough info in these leaflets to answer, sorry.",
        "The timetable you need isn't fully present in the pages provided.",
        "资料里的信息不足以回答这个问题。",
        "这几段资料都没有说渡轮要开多久。",
    ],
)
def test_plain_refusals_read_this_round(text):
    assert pattern_hits(REFUSAL_PATTERNS, normalise(text))


@pytest.mark.parametrize(
    "text",
    [
        "I don't see how the second leaflet could be right.",
        "Two notes give 1911 and none says otherwise.",
    ],
)
def test_no_refusal_in_how_it_could_be_or_none_otherwise(text):
    assert not pattern_hits(REFUSAL_PATTERNS, normalise(text))
