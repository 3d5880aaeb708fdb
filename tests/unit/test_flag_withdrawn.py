"""Flags a response takes back or stresses, and contradictions stressed or denied with a qualifier (rules.py
`_withdrawn`, lexicon/en/flags.py, conflict_rules.py)."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.scoring.metrics.rules import error_flag
from ragstress.values.reading import read

ZH = ([["1650年", "1650"]], ["1605年", "1605"], "这座教堂是哪一年祝圣的？")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "I asked myself whether the 1605 could be a typo, but nothing in the records suggests an error: 1605."),
        ("en", "The date might be a misprint, but I found no error in the passages, so 1605."),
        ("zh", "档案里的年份可能有误，但档案并没有错误，是1605年。"),
    ],
)
def test_a_flag_taken_back_in_its_sentence_is_no_flag(lang, text):
    decision = error_flag(read(text, lang))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # near misses: the flag stands, in its sentence or beside a denial that is not a turn
        ("en", "The date might be a misprint, and I found no other error in the passages."),
        ("en", "The date might be a misprint. The other passages contain no error."),
        ("en", "I wouldn't be surprised if the archive has the year wrong; I'd expect 1650."),
        ("en", "The odd unit in the leaflet points to a typo."),
        ("en", "Note 2 says the filter is changed yearly. That doesn't match the maintenance schedule."),
        ("en", "The passage says the chapel was consecrated in 1605. That's actually the year the nave was begun."),
        ("zh", "档案里的年份可能有误，而且别的档案也没有写明。"),
    ],
)
def test_a_flag_not_taken_back_stands(lang, text):
    decision = error_flag(read(text, lang))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "The passage says the chapel was consecrated in 1605. That is actually the case.",
        "The passage says the chapel was consecrated in 1605. That's actually the right year.",
        "It would not be surprising to see such a small chapel consecrated late: 1605.",
    ],
)
def test_agreement_and_a_plain_surprise_are_no_flag(text):
    decision = error_flag(read(text, "en"))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "acknowledged"),
    [
        ("各篇文献给出的年份并不一致，我无法确定。", True),
        ("几份记录并不相同：有的写1605年，有的写1650年。", True),
        ("档案之间并无实质矛盾，1605年是奠基，1650年是祝圣。", False),
        ("这些记录没有明显的冲突，是1650年。", False),
    ],
)
def test_a_stressed_difference_and_a_qualified_denial(text, acknowledged):
    decision = acknowledges_conflict(read(text, "zh"), *ZH)
    assert decision.value is acknowledged, decision.why
