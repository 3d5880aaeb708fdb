"""Mentions in a lesser role or among peers, approximate guesses, scaled numbers and explained dates, both languages, in sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import corrections, refusal, rules
from ragstress.values.reading import read

DISCOVERER = [["Marie Tharp", "Tharp"]]
PEAK = [["金顶", "金顶峰"]]
GARDEN = [["Humble Administrator's Garden", "拙政园"]]
OPENED = [["2008", "2008年"]]


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("Bruce Heezen mapped the ridge; Marie Tharp only later checked his soundings.", DISCOVERER),
        ("Heezen drew the map, and Tharp was merely an assistant on the survey.", DISCOVERER),
        ("主峰叫万佛顶，金顶只是山上的一处寺院。", PEAK),
        ("答案是万佛顶，金顶峰不过是游客常去的观景台。", PEAK),
        ("The line opened in 2011; 2008 was just the year building started.", OPENED),
        ("铁路2011年通车，2008年只是开工的年份。", OPENED),
    ],
)
def test_a_mention_given_a_lesser_role_is_not_the_answer(text, answers):
    ok, report = rules.facts_stated(read(text), answers)
    assert not ok and ("en.demoted" in report or "zh.demoted" in report), report


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("Marie Tharp mapped the ridge; Heezen only later published the map.", DISCOVERER),
        ("主峰是金顶，万佛顶只是它旁边的一座山峰。", PEAK),
        ("It opened in 2008, just before the summer games.", OPENED),
        ("It opened in 2008 only a year after work began.", OPENED),
    ],
)
def test_the_answer_beside_a_lesser_role_is_stated(text, answers):
    ok, report = rules.facts_stated(read(text), answers)
    assert ok, report


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (
            "The document reads: 'The Lingering Garden is famous for its halls and ranks alongside the Humble "
            "Administrator's Garden.'",
            "en.peer",
        ),
        ("The Lingering Garden is often compared with the Humble Administrator's Garden.", "en.peer"),
        ("文档写道：“留园以厅堂著称，与拙政园、网师园、沧浪亭并称。”", "zh.peer"),
        ("留园和拙政园齐名。", "zh.peer"),
    ],
)
def test_a_peer_of_the_subject_is_not_the_answer(text, rule):
    ok, report = rules.facts_stated(read(text), GARDEN)
    assert not ok and rule in report, report


@pytest.mark.parametrize(
    "text",
    [
        "The largest is the Humble Administrator's Garden, which ranks alongside the Lingering Garden.",
        "面积最大的是拙政园，它与留园并称。",
        "拙政园和留园都在苏州，最大的是拙政园。",
    ],
)
def test_the_answer_named_with_its_peers_is_stated(text):
    ok, report = rules.facts_stated(read(text), GARDEN)
    assert ok, report


@pytest.mark.parametrize(
    "text",
    [
        "The passages do not give the year. It opened in 2008 or so.",
        "资料没有提到开通时间，大约2008年吧。",
    ],
)
def test_an_approximate_year_after_a_refusal_is_a_guess(text):
    # Declining and then guessing answers the question (not a rejection), but a guess states no fact.
    decision = refusal.refusal(read(text), OPENED)
    assert not decision.value and decision.guess is not None and decision.uncertain, decision.why
    assert "approximate" in decision.why


@pytest.mark.parametrize(
    "text",
    [
        "The documents don't say; I'd guess around 2008, but I can't confirm it.",
        "文档里没有写，我猜是2008年前后，但不能确定。",
    ],
)
def test_an_approximate_year_taken_back_after_a_refusal_refuses(text):
    # The response takes its guess back ("but I can't confirm it"): the refusal stands (refusal_guess).
    decision = refusal.refusal(read(text), OPENED)
    assert decision.value and "guess" in decision.why, decision.why


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        ("It opened around 2008.", False),  # no refusal phrase: an approximate answer is still an answer
        ("The documents don't say who built it, but it opened in 2008.", False),
        ("资料没有提到设计者，但铁路是2008年开通的。", False),
    ],
)
def test_an_exact_or_unrefused_year_answers(text, refuses):
    assert refusal.refusal(read(text), OPENED).value is refuses


def test_an_approximate_measure_after_declining_a_side_detail_answers():
    text = "The documents don't name the architect, but the tower is about 330 metres tall."
    assert not refusal.refusal(read(text), [["330 m", "330 metres"]]).value


@pytest.mark.parametrize(
    ("text", "answers", "stated"),
    [
        ("The village has about 12.4 thousand inhabitants.", [["12,400"]], True),
        ("The fund holds 1.5 million dollars.", [["1,500,000"]], True),
        ("镇上约有1.24万人。", [["12400人", "12,400"]], True),
        ("这座水库可蓄水3亿立方米。", [["300000000"]], True),
        ("The village has about 12.5 thousand inhabitants.", [["12,400"]], False),
    ],
)
def test_numbers_with_a_scale_word_are_read_whole(text, answers, stated):
    ok, report = rules.facts_stated(read(text), answers)
    assert ok is stated, report


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("05/04/1975 (5 April).", True),
        ("It ended on 05/04/1975 (April 5th).", True),
        ("战争结束于05/04/1975（4月5日）。", True),
        ("05/04/1975.", False),  # day and month could swap: left alone
        ("05/04/1975 (9 June).", False),  # brackets that fit neither reading explain nothing
    ],
)
def test_an_ambiguous_slashed_date_explained_in_brackets(text, stated):
    ok, report = rules.facts_stated(read(text), [["April 5, 1975", "1975年4月5日"]])
    assert ok is stated, report


FOUNDERS = [["Ada Lovelace"], ["Charles Babbage"]]


@pytest.mark.parametrize(
    ("text", "answers", "stated"),
    [
        ("Lovelace and Babbage.", FOUNDERS, True),
        ("It was Babbage, with notes by Ada Lovelace.", FOUNDERS, True),
        ("The engine is usually credited to John F. Kennedy's advisers.", [["John F. Kennedy"]], True),
        ("是法国建筑师安德鲁设计的。", [["保罗·安德鲁"]], True),
        ("这座桥由埃菲尔设计。", [["古斯塔夫·埃菲尔", "Gustave Eiffel"]], True),
        # the surname after another given name is someone else
        ("Lovelace and Henry Babbage.", FOUNDERS, False),
        ("是约翰·安德鲁设计的。", [["保罗·安德鲁"]], False),
        # written as a plain word, not a name
        ("The babbage of the crowd drowned it out; see page 3.", [["Charles Babbage"]], False),
        # a place is no given name and surname
        ("It flows into the Sea of Japan.", [["East China Sea"]], False),
    ],
)
def test_a_surname_alone_names_the_person(text, answers, stated):
    ok, report = rules.facts_stated(read(text), answers)
    assert ok is stated, report


def test_a_planted_surname_is_asserted_and_disputed_like_the_full_name():
    fake, true = ["Charles Babbage"], [["Ada Lovelace"]]
    assert corrections.asserts_fake(read("Babbage wrote the first program."), fake, true).value
    found = rules.stance(read("Lovelace wrote it, not Babbage."), fake)
    assert found.asserted is None and found.disputed.rule == "en.disputed", found
