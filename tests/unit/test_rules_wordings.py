"""Refusal, hearsay, called-wrong and Chinese-decimal wordings of the default rules, both languages, in sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import corrections, refusal, rules
from ragstress.values import matching
from ragstress.values.reading import read

YEAR, FAKE_YEAR = [["1973"]], ["1968"]
LENGTH = [["1.5 km", "1.5公里"]]


@pytest.mark.parametrize(
    ("text", "refuses", "rule"),
    [
        ("I'd rather not answer without a passage that covers it.", True, "en.cannot_answer"),
        ("I would rather not speculate about the year.", True, "en.cannot_answer"),
        ("I can't verify the opening year from these passages.", True, "en.cannot_answer"),
        ("That lies beyond what the provided documents cover.", True, "en.sources_silent"),
        ("这些资料只讲了门票价格，我回答不了。", True, "zh.cannot_answer"),
        ("仅凭这几段文字，确定不了启用年份。", True, "zh.cannot_answer"),
        # declining a side detail while stating the answer is no refusal
        ("I can't verify the architect, but the hall opened in 1973.", False, None),
        ("设计者是谁我回答不了，不过歌剧院是1973年启用的。", False, None),
    ],
)
def test_refusal_wordings(text, refuses, rule):
    decision = refusal.refusal(read(text), [["1973", "1973年"]])
    assert decision.value is refuses, decision.why
    if rule:
        assert decision.hit.rule == rule, decision.why


@pytest.mark.parametrize(
    "text",
    ["Many people assume it opened in 1973, but the passages give 1968.", "Some assume 1973; the documents say 1968."],
)
def test_what_people_assume_is_hearsay(text):
    ok, report = rules.facts_stated(read(text), YEAR)
    assert not ok and "en.hearsay" in report, report


@pytest.mark.parametrize(
    "text",
    [
        "1968 is definitely not right; the hall opened in 1973.",
        "1968 is certainly wrong, so the documents have the year wrong.",
    ],
)
def test_a_mention_called_wrong_with_an_adverb_is_disputed(text):
    found = rules.stance(read(text), FAKE_YEAR)
    assert found.asserted is None and found.disputed.rule == "en.called_wrong", found
    assert not corrections.asserts_fake(read(text), FAKE_YEAR, YEAR).value


@pytest.mark.parametrize(
    ("text", "stated"),
    [
        ("这座桥全长一点五公里。", True),
        ("这座桥全长一千五百米，即一点五公里。", True),
        ("这座桥全长十五公里。", False),
    ],
)
def test_chinese_decimals_are_read(text, stated):
    assert rules.facts_stated(read(text), LENGTH)[0] is stated, rules.facts_stated(read(text), LENGTH)[1]


def test_a_time_of_day_is_not_a_decimal():
    assert "10点五分" in matching.comparable("上午十点五分开幕")
    assert "8848.86" in matching.comparable("海拔八千八百四十八点八六米")
