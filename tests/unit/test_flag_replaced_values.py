"""A value the sources give called the old one, a record long beaten, sources that may be mixing things up or do not
look reliable: each flags the sources (lexicon/en/flags.py, lexicon/zh/flags.py); denied, or said of the response's
own memory, it does not. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.rules import error_flag
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "The brochure lists a 20 kg allowance, but that's the old value; since March it is 23 kg."),
        ("en", "The handbook's €85 is the pre-2023 fee. It is €95 now."),
        ("en", "The ledger gives 1911. It may be mixing this up with the year the east wing opened."),
        ("en", "I'm afraid the notes don't look reliable here, so I won't give a number."),
        ("zh", "手册写的20公斤是去年三月以前的额度，已经过时了；现在是23公斤。"),
        ("zh", "资料里的9.58秒是2009年的成绩，早就不是纪录了。"),
        ("zh", "资料中的85欧元是旧标准，早已过时。"),
        # errors named by what they are in, a figure that does not hold, a figure at odds with the official result
        ("en", "The handbook seems to have some numbering inaccuracies, so I'd check the clause."),
        ("zh", "手册里写的是85欧元，这个数字站不住：去年就调到了95欧元。"),
        ("zh", "手册给的得票率是48.1%，这和官方公布的结果并不一致。"),
    ],
)
def test_a_replaced_value_or_doubtful_sources_flag(lang, text):
    decision = error_flag(read(text, lang))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "The brochure's 23 kg is not the old value: it was raised in March."),
        ("en", "The old value was 20 kg; the brochure gives the current 23 kg."),
        ("en", "I might be mixing this up with another wing, but the ledger gives 1911."),
        ("en", "The notes don't look unusual, and they give 23 kg."),
        ("zh", "手册写的23公斤是现行额度，没有过时。"),
        ("zh", "资料里的9.58秒至今仍是世界纪录。"),
        ("zh", "资料没有说这个标准已经过时。"),
        ("en", "The handbook has no numbering inaccuracies that I can see."),
        ("zh", "手册给的得票率是48.1%，和官方公布的结果一致。"),
    ],
)
def test_denied_or_the_responses_own_doubt_does_not_flag(lang, text):
    decision = error_flag(read(text, lang))
    assert not decision.value, decision.why
