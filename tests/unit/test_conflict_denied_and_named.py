"""A contradiction denied is no acknowledgement, in either language; a value named as its own kind ('以…的价格',
'…的说法') is the value, not something it modifies (conflict_rules.py, lexicon/zh/roles.py)."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conclusion
from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.values.reading import read

EN = ([["1650"]], ["1605"], "In which year was the chapel consecrated?")
ZH = ([["1650年", "1650"]], ["1605年", "1605"], "这座教堂是哪一年祝圣的？")


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("zh", "几篇文献并不相互矛盾，教堂是1650年祝圣的。"),
        ("zh", "这些记载并未彼此冲突：1650年。"),
        ("zh", "各份资料并不存在分歧，是1650年。"),
        ("en", "The records never contradict each other: 1650."),
        ("en", "The archives hardly disagree; it was 1650."),
        ("en", "There is no conflict between the records; it was 1650."),
        ("en", "I found not a single discrepancy among the sources, so 1650."),
    ],
)
def test_a_negated_contradiction_is_no_acknowledgement(lang, text):
    decision = acknowledges_conflict(read(text, lang), *(ZH if lang == "zh" else EN))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # near misses: the same words, not negated
        ("zh", "几篇文献相互矛盾，我倾向于1650年。"),
        ("zh", "这些记载彼此冲突：1605年还是1650年说不准。"),
        ("zh", "文献对祝圣年份没有一致的结论。"),
        ("zh", "各份资料之间没有统一的说法，我无法确定。"),
        ("en", "The records contradict each other: 1650 or 1605."),
        ("en", "There is a conflict between the records over the year."),
    ],
)
def test_the_same_words_unnegated_acknowledge(lang, text):
    decision = acknowledges_conflict(read(text, lang), *(ZH if lang == "zh" else EN))
    assert decision.value, decision.why


ZH_FEE = ([["3.4亿元", "3.4亿"]], ["2.9亿元", "2.9亿"], "这座球场的造价是多少？")


@pytest.mark.parametrize(
    ("text", "case", "concluded"),
    [
        ("球场最终以2.9亿元的价格建成。", ZH_FEE, "fake"),
        ("资料里有1605年和1650年两种说法，我这里采用1650年的说法。", ZH, "truth"),
        # near miss: the value modifying another thing is still not the answer
        ("教堂的钟楼比1650年的大殿晚建几年。", ZH, None),
    ],
)
def test_a_value_named_as_its_own_kind_is_stated(text, case, concluded):
    found = conclusion.read(read(text, "zh"), *case)
    assert found.concluded == concluded, found.why
