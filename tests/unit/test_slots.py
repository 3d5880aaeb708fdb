"""Two-part questions: a fact named in the other part's slot is not stated (slots.py). Examples written for these tests."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.slots import role_asked, slot_words, swapped
from ragstress.values.reading import read

SWAPPED = [
    ("王维和孟浩然分别被称为什么？", [["诗佛"], ["孟山人"]], "王维被称为孟山人，孟浩然被称为诗佛。"),
    ("这首歌的作词者和作曲者分别是谁？", [["林夕"], ["陈辉阳"]], "作词：陈辉阳；作曲：林夕。"),
    ("苏轼被称为什么？辛弃疾又被称为什么？", [["坡仙"], ["词中之龙"]], "苏轼被称为词中之龙，辛弃疾被称为坡仙。"),
    (
        "Which option sets the read timeout, and which sets the connect timeout?",
        [["--read-timeout"], ["--connect-timeout"]],
        "--connect-timeout sets the read timeout; --read-timeout sets the connect timeout.",
    ),
    (
        "Who won the first Lantern Cup, and who won the second?",
        [["Ada Moss"], ["Ben Ruiz"]],
        "Ben Ruiz took the first Lantern Cup, and Ada Moss won the second.",
    ),
]
IN_PLACE = [
    ("王维和孟浩然分别被称为什么？", [["诗佛"], ["孟山人"]], "王维被称为诗佛，孟浩然被称为孟山人。"),
    ("这首歌的作词者和作曲者分别是谁？", [["林夕"], ["陈辉阳"]], "林夕作词，陈辉阳作曲。"),
    (
        "Which option sets the read timeout, and which sets the connect timeout?",
        [["--read-timeout"], ["--connect-timeout"]],
        "--read-timeout sets the read timeout and --connect-timeout the connect timeout.",
    ),
    (
        "Who won the first Lantern Cup, and who won the second?",
        [["Ada Moss"], ["Ben Ruiz"]],
        "Ada Moss, then Ben Ruiz.",
    ),
    (
        "Who designed the bridge and when did it open?",
        [["Ada Moss"], ["1931"]],
        "It opened in 1931; Ada Moss designed it.",
    ),
    # Two things asked of one event: the second question repeats the first's subject, which tells nothing apart.
    (
        "青石K3召回从哪天开始？召回的是哪段时间生产的车？",
        [["2024年5月20日"], ["2022年1月1日至2022年12月31日"]],
        "召回自2024年5月20日起实施，范围是2022年1月1日至2022年12月31日生产的青石K3。",
    ),
    (
        "When does the Slate K3 recall start, and which production dates does the recall cover?",
        [["May 20, 2024"], ["2022"]],
        "The Slate K3 recall starts on May 20, 2024, and covers cars produced in 2022.",
    ),
]


@pytest.mark.parametrize(("question", "answers", "response"), SWAPPED)
def test_a_fact_in_the_other_slot_is_swapped(question, answers, response):
    assert swapped(read(response), answers, question) is not None


@pytest.mark.parametrize(("question", "answers", "response"), IN_PLACE)
def test_facts_in_their_own_slots_are_not_swapped(question, answers, response):
    assert swapped(read(response), answers, question) is None


def test_slot_words():
    assert slot_words("《雷雨》和《茶馆》的作者分别是谁？") == ({"雷雨"}, {"茶馆"})
    assert slot_words("What is the capital of Peru?") is None
    assert slot_words("青石K3召回从哪天开始？召回的是哪段时间生产的车？") is None


@pytest.mark.parametrize(
    ("question", "response"),
    [
        ("Which team did Spain beat in the final?", "Spain won, beating Ghana 2-0."),
        ("Which bridge did the new span replace?", "It replaced the Ghana Bridge in 1998."),
        ("西班牙队在决赛中击败了哪支球队？", "西班牙队击败了加纳队。"),
    ],
)
def test_a_rival_is_the_answer_when_the_question_asks_for_it(question, response):
    assert role_asked(read(response), ["Ghana", "Ghana Bridge", "加纳队", "加纳"], question) is not None


@pytest.mark.parametrize(
    ("question", "response"),
    [
        ("Which team won the final?", "Spain won, beating Ghana 2-0."),
        ("谁赢得了决赛？", "西班牙队击败了加纳队。"),
    ],
)
def test_a_rival_is_not_the_answer_otherwise(question, response):
    assert role_asked(read(response), ["Ghana", "加纳队", "加纳"], question) is None


# Two things asked in one question joined by "and" (or "A和B，分别"), each up to the thing they are asked of.
JOINED_SWAPPED = [
    (
        "What are the guarantee period and the exchange window for the Lumo K2 kettle?",
        [["3 years"], ["14 days"]],
        "The Lumo K2 has a 14-day guarantee, and you can exchange it within 3 years.",
    ),
    (
        "How many kilometres do the red trail and the blue trail cover in Fenwick Park?",
        [["8 km"], ["5 km"]],
        "Red trail: 5 km. Blue trail: 8 km.",
    ),
    ("长江大桥和黄河大桥，分别是哪一年通车的？", [["1957年"], ["1960年"]], "长江大桥1960年通车，黄河大桥1957年通车。"),
]
JOINED_IN_PLACE = [
    (
        "What are the guarantee period and the exchange window for the Lumo K2 kettle?",
        [["3 years"], ["14 days"]],
        "3 years for the Lumo K2; exchanges within 14 days.",
    ),
    (
        "How many kilometres do the red trail and the blue trail cover in Fenwick Park?",
        [["8 km"], ["5 km"]],
        "Red trail: 8 km. Blue trail: 5 km.",
    ),
    ("长江大桥和黄河大桥，分别是哪一年通车的？", [["1957年"], ["1960年"]], "长江大桥1957年通车，黄河大桥1960年通车。"),
]


@pytest.mark.parametrize(("question", "answers", "response"), JOINED_SWAPPED)
def test_two_things_asked_with_and_are_slots(question, answers, response):
    assert swapped(read(response), answers, question) is not None


@pytest.mark.parametrize(("question", "answers", "response"), JOINED_IN_PLACE)
def test_two_things_asked_with_and_in_place_are_not_swapped(question, answers, response):
    assert swapped(read(response), answers, question) is None


def test_the_thing_both_are_asked_of_is_neither_slot():
    first, second = slot_words("What are the guarantee period and the exchange window for the Lumo K2 kettle?")
    assert first == {"guarantee", "period"} and second == {"exchange", "window"}
