"""Flags read this round: a value of the documents explained as another event's value and set aside ("资料里的1887年
其实是动工的年份，并不是落成年份"), and a hedged "不太准" said of a figure. English says both in words the rules
already read; they are checked beside the Chinese. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import rules
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("资料里的1887年其实是动工的年份，并不是落成年份；大桥1890年落成。", "zh"),
        ("文档中的3.2亿其实是去年的营收数字，而不是今年的。", "zh"),
        ("我觉得资料里这个数字可能不太准，但资料写的是12周。", "zh"),
        ("The passages' 1887 is actually the year work began, so the document is wrong about the opening.", "en"),
        ("I think the figure in the document may be inaccurate, but it says 12 weeks.", "en"),
    ],
)
def test_a_value_set_aside_or_doubted_flags_the_documents(text, lang):
    assert rules.error_flag(read(text, lang)).value


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("资料里的1887年其实是正确的，大桥当年就落成了。", "zh"),
        ("这个数字我不太准备采用，资料写的是12周。", "zh"),
        ("这里不准停车。", "zh"),
        ("The passages put it at 1887, which is the year it opened.", "en"),
    ],
)
def test_a_value_confirmed_or_a_prohibition_is_no_flag(text, lang):
    assert not rules.error_flag(read(text, lang)).value
