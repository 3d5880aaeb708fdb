"""The default rules on the issue's examples and on hand-made cases, a few per named pattern, both languages.

Each case is what a careful reader would say; the explanation must name the rule and span.
"""

from __future__ import annotations

import asyncio

import pytest

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.scoring.metrics import corrections, refusal, rules, score_case
from ragstress.values.reading import read

EN, ZH = [["1889"]], [["1889年", "1889"]]
FAKE_EN, FAKE_ZH = ["1895"], ["1895年", "1895"]

REFUSALS = [  # (text, answers, refuses)
    # The issue's examples: a side detail declined, the question answered.
    ("The passages do not mention the architect, but the tower was completed in 1889.", EN, False),
    ("文中没有提到具体月份，但埃菲尔铁塔于1889年建成。", ZH, False),
    ("It was completed in 1889. The documents don't say who paid for it.", EN, False),
    # en.insufficient_info
    ("I'm sorry, the documents do not contain enough information to answer this.", EN, True),
    ("Insufficient information.", EN, True),
    ("There is not enough context to say when it was completed.", EN, True),
    # en.cannot_answer
    ("I cannot determine the completion year from the provided passages.", EN, True),
    ("Unable to answer based on these documents.", EN, True),
    # en.sources_silent
    ("The provided documents do not mention when the tower was completed.", EN, True),
    ("There is no information about the completion date in the passages.", EN, True),
    # en.dont_know
    ("I don't know.", EN, True),
    # answers that are not refusals
    ("The tower was completed in 1889.", EN, False),
    ("It was completed in 1890.", EN, False),
    # zh.insufficient_info / cannot_answer / sources_silent
    ("信息不足，无法回答该问题。", ZH, True),
    ("根据所给资料，无法确定埃菲尔铁塔的建成年份。", ZH, True),
    ("文档中没有提到埃菲尔铁塔的建成时间。", ZH, True),
    ("资料并未提及建成年份。", ZH, True),
    ("埃菲尔铁塔于1889年建成。", ZH, False),
    ("资料里没有提到设计师是谁，不过铁塔是1889年建成的。", ZH, False),
]

FLAGS = [  # (text, flags an error)
    # The issue's examples: negated flags and 没有误会 do not flag.
    ("The answer is 1889; there are no factual errors in the documents.", False),
    ("文档中没有错误信息，答案是1889年。", False),
    ("没有误会，答案是1889年。", False),
    ("The claim is not incorrect.", False),
    ("It was built in 1895, not 1889. The documents contain factual errors.", True),
    # en.factual_errors / contains_errors / wrong_information / is_wrong / contradicts_facts
    ("The passages are factually incorrect about the date.", True),
    ("I did not find any factual errors.", False),
    ("The documents contain errors: the tower was finished in 1889.", True),
    ("The passage gives an incorrect date; it was 1889.", True),
    ("The year 1895 in the document is wrong.", True),
    ("This contradicts established facts: it opened in 1889.", True),
    ("The documents are free of factual errors.", False),
    # zh.factual_error / wrong_info / contradicts
    ("文档存在事实性错误，正确答案是1889年。", True),
    ("文档不存在事实性错误。", False),
    ("资料中的年份有误，应为1889年。", True),
    ("文中说1895年，这是错误的。", True),
    ("这与史实不符，铁塔建于1889年。", True),
    ("埃菲尔铁塔于1889年建成，没有问题。", False),
    ("这里有误会，答案是1889年。", False),
]

STANCES = [  # (text, fake asserted, corrected)
    # The issue's examples.
    ("It was built in 1895, not 1889. The documents contain factual errors.", True, False),
    ("The Eiffel Tower was actually completed in 1895.", True, False),
    # en.disputed / en.called_wrong / en.attributed
    ("It was completed in 1889, not 1895.", False, True),
    ("The documents say 1895, which is wrong; it was completed in 1889.", False, True),
    ("It wasn't completed in 1895; it was completed in 1889, so the documents contain errors.", False, True),
    ("The passage claims 1895, but the tower was finished in 1889. The documents contain factual errors.", False, True),
    ("It was completed in 1895 instead.", True, False),
    ("The tower was completed in 1889 rather than 1895.", False, True),
    ("The documents contain factual errors. It was completed in 1895.", True, False),
    ("According to the documents, the tower was completed in 1895.", True, False),
    # zh.disputed / zh.called_wrong / zh.attributed
    ("埃菲尔铁塔不是1895年建成的，而是1889年。", False, True),
    ("文档称铁塔建于1895年，但这是错误的，实际为1889年。", False, True),
    ("1895年有误，正确的是1889年。", False, True),
    ("埃菲尔铁塔实际上是1895年建成的。", True, False),
    ("埃菲尔铁塔于1895年建成，而不是1889年。文档存在事实性错误。", True, False),
    ("文档存在事实性错误。埃菲尔铁塔于1889年建成。", False, True),
]


@pytest.mark.parametrize(("text", "answers", "refuses"), REFUSALS)
def test_refusal(text, answers, refuses):
    decision = refusal.refusal(read(text), answers)
    assert decision.value is refuses, decision.why
    assert decision.why.startswith("refusal:")
    if refuses:
        assert decision.hit.rule.split(".")[0] in ("en", "zh") and decision.hit.span in read(text).normalised


@pytest.mark.parametrize(("text", "flags"), FLAGS)
def test_error_flag(text, flags):
    decision = rules.error_flag(read(text))
    assert decision.value is flags, decision.why
    if flags:
        assert f"{decision.hit.rule} matched {decision.hit.span!r}" in decision.why


@pytest.mark.parametrize(("text", "asserts", "corrects"), STANCES)
def test_planted_answer_and_correction(text, asserts, corrects):
    answers, fake = (ZH, FAKE_ZH) if any("\u4e00" <= ch <= "\u9fff" for ch in text) else (EN, FAKE_EN)
    assert corrections.asserts_fake(read(text), fake, answers).value is asserts, corrections.asserts_fake(
        read(text), fake, answers
    ).why
    decision = corrections.error_correction(read(text), answers, fake)
    assert decision.value is corrects, decision.why


def _scores(testbed: str, lang: str, text: str) -> dict:
    answers, fake = (ZH, FAKE_ZH) if lang == "zh" else (EN, FAKE_EN)
    expected = {"negative": "reject", "counterfactual": "flag_error"}.get(testbed, "answer")
    case = Case(
        id="c",
        seed_id="s",
        testbed=testbed,
        lang=lang,
        question="When was the Eiffel Tower completed?",
        answers=answers,
        fake_answer=fake if testbed == "counterfactual" else None,
        contexts=[Context(text="The Eiffel Tower was completed in 1889.", role="positive")],
        expected=expected,
    )
    names = ["accuracy", "over_refusal", "rejection", "error_detection", "error_correction"]
    scores, _ = asyncio.run(score_case(case, TargetResponse(case_id="c", answer=text, latency_s=0.0), names))
    return {s.metric: s for s in scores}


def test_issue_examples_through_the_metrics():
    hedged = _scores("noise", "en", "The passages do not mention the architect, but the tower was completed in 1889.")
    assert hedged["accuracy"].value == 1.0 and hedged["over_refusal"].value == 0.0
    zh = _scores("noise", "zh", "文中没有提到具体月份，但埃菲尔铁塔于1889年建成。")
    assert zh["accuracy"].value == 1.0 and zh["over_refusal"].value == 0.0
    for text in (
        "The answer is 1889; there are no factual errors in the documents.",
        "文档中没有错误信息，答案是1889年。",
        "没有误会，答案是1889年。",
    ):
        lang = "en" if text.isascii() else "zh"
        assert _scores("counterfactual", lang, text)["error_detection"].value == 0.0
    wrong = _scores("counterfactual", "en", "It was built in 1895, not 1889. The documents contain factual errors.")
    assert wrong["error_detection"].value == 1.0 and wrong["error_correction"].value == 0.0
    assert "planted answer: stated as '1895'" in wrong["error_correction"].explanation
    refused = _scores("negative", "en", "The documents do not contain enough information to answer.")
    assert refused["rejection"].value == 1.0
    # The rule's reason, then the learned reader's view of the same response.
    assert refused["rejection"].explanation.startswith("refusal: en.sources_silent matched 'do not contain'; reader p(")


@pytest.mark.parametrize(
    ("text", "answers", "stated"),
    [
        # numbers and dates in other forms (numerals.py, matching.comparable)
        ("铁塔于一八八九年落成。", ZH, True),
        ("主峰海拔一千五百四十五米。", [["1545米"]], True),
        ("It opened on 14/03/1998.", [["March 14, 1998"]], True),
        ("开幕式在1998-03-14举行。", [["1998年3月14日"]], True),
        ("It opened on 03/04/1998.", [["March 4, 1998"]], False),  # day and month could swap: not read
        ("The mast is 412m tall.", [["412 metres"]], True),
        ("It was completed in 1889.", [["1889年"]], True),  # an English answer to a Chinese question
        ("The launch used the Soyuz-2 rocket.", [["Soyuz 2"]], True),
        ("It has 18890 rooms.", EN, False),
        # a mention naming something else, or a point of comparison, is not the answer
        ("It was finished in 1887, two years before the 1889 exhibition.", EN, False),
        ("It was finished in 1887, before 1889.", EN, False),
        ("铁塔1887年建成，比1889年的博览会早两年。", ZH, False),
        ("The tower was completed in 1889 for the 1889 exhibition.", EN, True),
    ],
)
def test_answers_in_other_forms_and_roles(text, answers, stated):
    assert rules.facts_stated(read(text), answers)[0] is stated, rules.facts_stated(read(text), answers)[1]


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        ("None of the passages mentions the completion year.", True),
        ("That is beyond what the documents cover.", True),
        ("The answer is not in the provided context.", True),
        ("抱歉，我无法根据这些资料作答。", True),
        ("这超出了所给资料的范围。", True),
        ("资料中没有关于建成年份的信息。", True),
    ],
)
def test_more_refusal_wordings(text, refuses):
    assert refusal.refusal(read(text), EN).value is refuses


def test_sources_stated_wrongly_and_doubted():
    assert rules.error_flag(read("The passage wrongly dates the tower to 1895.")).hit.rule == "en.sources_wrongly"
    assert rules.error_flag(read("It was 1889, not 1895 as the documents say.")).value
    assert rules.error_flag(read("文档误将建成年份写成1895年。")).hit.rule == "zh.sources_wrongly"
    doubted = "The passages say 1895, but I'm not sure that's right."
    assert not corrections.asserts_fake(read(doubted), FAKE_EN, EN).value
    assert corrections.asserts_fake(read("The passages say 1895."), FAKE_EN, EN).value
