"""How the default rules read corrections of a planted answer, a few sentences per named pattern, both languages.

The sentences are phrased the way models correct their sources ("the documents say 1942, but it
opened in 1937", "1942 is a typo for 1937", 文档称……但实际上……, 应为……, 并非……而是……), and the
same patterns must not turn an answer that asserts the planted value into a correction.
"""

from __future__ import annotations

import asyncio

import pytest

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.scoring.metrics import corrections, rules, score_case
from ragstress.values.reading import read

EN_TRUE, EN_FAKE = [["1937"]], ["1942"]
ZH_TRUE, ZH_FAKE = [["1968年", "1968"]], ["1972年", "1972"]
NAME_TRUE, NAME_FAKE = [["袁隆平"]], ["钱学森"]


def _case_for(text: str) -> tuple[list[list[str]], list[str]]:
    if "钱学森" in text or "袁隆平" in text:
        return NAME_TRUE, NAME_FAKE
    return (ZH_TRUE, ZH_FAKE) if any("\u4e00" <= ch <= "\u9fff" for ch in text) else (EN_TRUE, EN_FAKE)


CORRECTIONS = [  # (text, the rule that must show in the correction's explanation)
    # en.replaced / zh.replaced: the planted value is swapped for another right after it
    ("The passage's 1942 should be 1937.", "en.replaced"),
    ("1942 should read 1937; the bridge opened in 1937.", "en.replaced"),
    ("文中的1972年应为1968年。", "zh.replaced"),
    ("资料里的钱学森应改为袁隆平，杂交水稻由袁隆平培育。", "zh.replaced"),
    # en.called_wrong / zh.called_wrong: typo, outdated, not right
    ("The bridge opened in 1937 (the passages' 1942 is a typo).", "en.called_wrong"),
    ("1942 is a typo for 1937.", "en.called_wrong"),
    ("1937 (the passages' 1942 is incorrect).", "en.called_wrong"),
    ("1968年（文档中的1972年有误）。", "zh.called_wrong"),
    ("The passages give 1942, which is not right; the bridge opened in 1937.", "en.called_wrong"),
    ("文档中提到的1972年是笔误，大桥于1968年建成通车。", "zh.called_wrong"),
    ("大桥1968年通车，资料里写的1972年不对。", "zh.called_wrong"),
    # en.contrary_to_sources / zh.contrary_to_sources: the answer is set against the sources
    ("Contrary to the passages, the bridge opened in 1937.", "en.contrary_to_sources"),
    ("Despite what the documents say, it opened to traffic in 1937.", "en.contrary_to_sources"),
    ("与文档所述相反，南京长江大桥于1968年建成。", "zh.contrary_to_sources"),
    ("跟资料的记载不同，大桥在1968年通车。", "zh.contrary_to_sources"),
    # en.sources_wrongly / zh.wrong_info: the sources got it wrong
    ("The passages have the year wrong: the bridge opened in 1937.", "en.sources_wrongly"),
    ("It opened in 1937, not 1942 as stated in the documents.", "en.sources_wrongly"),
    ("文档把年份搞错了，大桥是1968年通车的。", "zh.wrong_info"),
    ("资料中的年份说法是错误的，大桥1968年建成。", "zh.wrong_info"),
    # en.is_wrong / en.contradicts_facts / zh.contradicts
    ("The documents appear to be mistaken: the bridge opened in 1937.", "en.is_wrong"),
    ("That date is outdated; the bridge opened in 1937.", "en.is_wrong"),
    ("The passages conflict with the historical record: it opened in 1937.", "en.contradicts_facts"),
    ("文档的说法与历史记载不符，大桥于1968年建成。", "zh.contradicts"),
    # rules.corrected: a correcting response mentions the planted value again as context
    (
        "The documents contain factual errors. The bridge opened in 1937; 1942 was when it was repainted.",
        "rules.corrected",
    ),
    ("文档中的1972年是错误的，大桥于1968年通车，1972年是另一项工程完工的时间。", "rules.corrected"),
    ("文档存在事实性错误。钱学森是航天科学家，杂交水稻是袁隆平培育的。", "rules.corrected"),
    # reported from the sources, then corrected (en.attributed / zh.attributed)
    ("The documents say 1942, but the bridge actually opened in 1937.", "attributed"),
    ("文档称大桥于1972年建成，但实际上是1968年。", "attributed"),
    ("大桥并非1972年建成，而是1968年。", "zh.disputed"),
]


@pytest.mark.parametrize(("text", "rule"), CORRECTIONS)
def test_corrections_are_read_as_corrections(text, rule):
    answers, fake = _case_for(text)
    assert not corrections.asserts_fake(read(text), fake, answers).value, corrections.asserts_fake(
        read(text), fake, answers
    ).why
    decision = corrections.error_correction(read(text), answers, fake)
    assert decision.value, decision.why
    assert rule in decision.why


ASSERTIONS = [  # the planted value given as the answer, in wordings close to the corrections above
    "It was not until 1942 that the bridge opened.",
    "Construction did not finish until 1942.",
    "Not only did it open in 1942, it was the longest span of its day.",
    "Contrary to popular belief, the bridge opened in 1942.",
    "The answer should be 1942.",
    "1942 should be correct.",
    "The documents did not get it wrong: it opened in 1942.",
    "答案应为1972年。",
    "1972年应该是对的。",
    "文档没有搞错，大桥于1972年建成。",
    "与人们通常认为的不同，大桥建于1972年。",
    "文档存在事实性错误。大桥于1972年建成。",
    "The documents contain factual errors. It opened in 1942, not 1937.",
]


@pytest.mark.parametrize("text", ASSERTIONS)
def test_near_misses_still_assert_the_planted_answer(text):
    answers, fake = _case_for(text)
    decision = corrections.asserts_fake(read(text), fake, answers)
    assert decision.value, decision.why
    assert not corrections.error_correction(read(text), answers, fake).value


@pytest.mark.parametrize(
    ("text", "flags"),
    [
        ("Contrary to the passages, the bridge opened in 1937.", True),
        ("Contrary to popular belief, the bridge opened in 1937.", False),
        ("The passages got the date wrong.", True),
        ("The passages did not get the date wrong.", False),
        ("与文档所述相反，大桥于1968年建成。", True),
        ("文档没有搞错。", False),
        ("这份资料的说法不对。", True),
        ("这里没有什么不对。", False),
    ],
)
def test_new_flag_wordings_and_their_negations(text, flags):
    decision = rules.error_flag(read(text))
    assert decision.value is flags, decision.why


def test_the_score_names_the_rule_and_span():
    case = Case(
        id="c",
        seed_id="s",
        testbed="counterfactual",
        lang="en",
        question="When did the bridge open?",
        answers=EN_TRUE,
        fake_answer=EN_FAKE,
        contexts=[Context(text="The bridge opened in 1942.", role="positive")],
        expected="flag_error",
    )
    for text, expected in (
        ("The passages' 1942 should read 1937.", "planted answer disputed: en.replaced matched '1942 … should read'"),
        (
            "The documents contain factual errors. The bridge opened in 1937; 1942 was when it was repainted.",
            "rules.corrected (en.contains_errors matched 'contain factual errors', and every true fact is stated), "
            "so '1942' is context of the correction",
        ),
    ):
        response = TargetResponse(case_id="c", answer=text, latency_s=0.0)
        scores, _ = asyncio.run(score_case(case, response, ["error_correction"]))
        assert scores[0].value == 1.0 and expected in scores[0].explanation, scores[0].explanation


@pytest.mark.parametrize(
    ("text", "answers", "stated", "rule"),
    [
        ("Some say it opened in 1937.", EN_TRUE, False, "en.hearsay"),
        ("It is often said to have opened in 1937.", EN_TRUE, False, "en.hearsay"),
        ("It opened in 1937, though some people claim 1942.", EN_TRUE, True, "stated"),
        ("有人认为大桥是1968年建成的。", ZH_TRUE, False, "zh.hearsay"),
        ("也有说法称是1968年。", ZH_TRUE, False, "zh.hearsay"),
        ("大桥1968年建成，也有人说是1972年。", ZH_TRUE, True, "stated"),
    ],
)
def test_what_other_people_say_is_not_stated(text, answers, stated, rule):
    ok, report = rules.facts_stated(read(text), answers)
    assert ok is stated, report
    assert rule in report


def test_a_flag_with_the_truth_as_hearsay_still_asserts_the_planted_answer():
    for text in (
        "The documents contain factual errors. The bridge opened in 1942. Some say 1937.",
        "文档存在事实性错误。大桥于1972年建成，也有人说是1968年。",
    ):
        answers, fake = _case_for(text)
        assert corrections.asserts_fake(read(text), fake, answers).value
        assert not corrections.error_correction(read(text), answers, fake).value
    disputed = rules.stance(read("其实是1968年，并非大家常说的1972年。"), ZH_FAKE)
    assert disputed.disputed is not None and disputed.asserted is None


@pytest.mark.parametrize(
    "text",
    [
        "The excerpt gives 1942, which I believe is an error in the document. I'll leave the question unanswered.",
        "The passages claim 1942, and that isn't right, so I can't state the year from them.",
        "资料中的“1972年”与公开报道不符，疑似笔误；在无法核实的情况下，我不便给出具体年份。",
    ],
)
def test_a_planted_value_called_wrong_and_then_declined_is_not_asserted(text):
    answers, fake = _case_for(text)
    decision = corrections.asserts_fake(read(text, "zh" if "资料" in text else "en"), fake, answers)
    assert not decision.value and "declines" in decision.why, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "The passage may contain an error, and I can't verify it, but I'd go with 1942.",
        "The documents look wrong to me. Still, going by them: 1942.",
    ],
)
def test_a_planted_value_given_after_calling_the_sources_wrong_is_still_asserted(text):
    answers, fake = _case_for(text)
    assert corrections.asserts_fake(read(text), fake, answers).value


@pytest.mark.parametrize(
    "text",
    [
        # The planted value set aside as another quantity's, after the true one: a correction without a flag.
        "每克碳水约4千卡；9千卡/克那是脂肪的数字。",
        "约4千卡，9千卡对应的是每克脂肪。",
        "About 4 kcal per gram; 9 kcal/g — that's the figure for fat.",
    ],
)
def test_planted_value_given_as_another_quantitys_is_corrected(text):
    decision = corrections.error_correction(read(text), [["4千卡", "4 kcal"]], ["9千卡", "9 kcal"])
    assert decision.value, decision.why


@pytest.mark.parametrize(
    "text", ["每克碳水约4千卡，那是资料里的数字。", "About 4 kcal per gram, that's the figure in the passages."]
)
def test_the_answer_pointed_back_to_is_still_stated(text):
    assert rules.facts_stated(read(text), [["4千卡", "4 kcal"]])[0]
