"""Refusals read in round twenty-three: a refusal that names what the passages do cover ("the notes only cover
parking and seating. For the ticket price, please contact the box office", "I can find its opening hours, but
neither its address nor its phone number", "nothing definitive on the weekly pass"), one with nothing to give
("I don't have a confirmed figure to give you"), and in Chinese 只提到了甲，没有乙 and 该信息在资料中不可用.
Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import refusal
from ragstress.values.reading import read

ANSWERS = [["£45", "45 pounds"]]
ZH_ANSWERS = [["4500万人次", "4500万"]]


@pytest.mark.parametrize(
    ("text", "lang", "answers"),
    [
        (
            "The notes only cover parking and seating. For the ticket price, please contact the box office.",
            "en",
            ANSWERS,
        ),
        ("I can find the library's opening hours in the passages, but neither its address nor its fee.", "en", ANSWERS),
        ("The leaflet lists the day fares (from £12), but nothing definitive on the weekly pass.", "en", ANSWERS),
        ("The flyer gives an old price, so I don't have a confirmed 2024 figure to give you.", "en", ANSWERS),
        ("文档里只提到了浦东机场的数据，没有虹桥机场去年的旅客吞吐量。", "zh", ZH_ANSWERS),
        ("这一数据在所给文档中不可用。", "zh", ZH_ANSWERS),
    ],
)
def test_a_refusal_naming_what_the_passages_cover_refuses(text, lang, answers):
    assert refusal.refusal(read(text, lang), answers).value


@pytest.mark.parametrize(
    ("text", "lang", "answers"),
    [
        ("The notes only cover the ticket price: £45. For parking, please contact the box office.", "en", ANSWERS),
        ("I can find the fee in the passages: £45, but neither the address nor the phone number.", "en", ANSWERS),
        ("文档里只提到了虹桥机场的数据：4500万人次，没有浦东机场的。", "zh", ZH_ANSWERS),
        ("这个插座在国外不可用。虹桥机场去年旅客吞吐量为4500万人次。", "zh", ZH_ANSWERS),
    ],
)
def test_the_same_words_beside_the_answer_do_not_refuse(text, lang, answers):
    assert not refusal.refusal(read(text, lang), answers).value
