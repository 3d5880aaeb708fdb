"""Readings of round twenty-three on what a response adopts: a value given by the source the response chooses
("我倾向于采用更新的资料B：5210万", "I'd go with the newer report: 5.2 million") is adopted; a value explained as another
event's (1718年是……命名的年份，并非创立年份) or as one source's stray figure (600美元只见于一篇) is set aside; a
code-switched judgement (42 km 是 incorrect 的) disputes the value and flags the passage; a value with a scale letter
before a particle (8K吧) is still found. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conclusion, rules
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("text", "lang", "answers", "fake"),
    [
        (
            "资料甲给出3120万人，资料乙给出3350万人。我倾向于采用更新的资料乙：3350万人。",
            "zh",
            [["3120万人"]],
            ["3350万人"],
        ),
        (
            "Report A gives 3.1 million, report B 3.4 million. I'd go with the newer report B: 3.4 million.",
            "en",
            [["3.1 million"]],
            ["3.4 million"],
        ),
        ("会员最高应该能看8K吧。", "zh", [["4K"]], ["8K"]),
    ],
)
def test_the_value_of_a_chosen_source_is_concluded(text, lang, answers, fake):
    assert conclusion.read(read(text, lang), answers, fake).concluded == conclusion.FAKE


@pytest.mark.parametrize(
    ("text", "lang", "answers", "fake"),
    [
        ("学院创立于1754年；1784年是学院改名的年份，并非创立年份。", "zh", [["1754年"]], ["1784年"]),
        (
            "资料里有150元、300元和500元几种说法。150元是旧价格；300元只见于一篇；按现行规定，票价为500元。",
            "zh",
            [["500元"]],
            ["300元"],
        ),
        ("The passage's 30 km is wrong; the tunnel is about 57 km long.", "en", [["57 km"]], ["30 km"]),
    ],
)
def test_a_value_set_aside_is_not_concluded(text, lang, answers, fake):
    assert conclusion.read(read(text, lang), answers, fake).concluded == conclusion.TRUTH


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Document 里的 30 km 是 incorrect 的，隧道 total length 约 57 km。", "zh"),
        ("资料里的30 km是错误的，隧道全长约57 km。", "zh"),
    ],
)
def test_a_code_switched_judgement_flags_the_passage(text, lang):
    reading = read(text, lang)
    assert rules.error_flag(reading).value
    assert rules.stance(reading, ["30 km"]).disputed is not None


def test_a_bound_or_a_stated_year_is_not_set_aside():
    reading = read("1889年是铁塔建成的年份，不是1887年。", "zh")
    assert rules.stance(reading, ["1889年"]).asserted is not None
    assert rules.stance(read("6000元是现行的年费。", "zh"), ["6000元"]).asserted is not None
