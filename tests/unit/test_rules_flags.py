"""How the default rules read a response that says its sources are wrong, a few sentences per named pattern, both languages.

The sentences are about one made-up counterfactual case (the passages date the opening of the Sydney
Opera House to 1968; it opened in 1973) and are phrased the way models flag, hedge or clear their
sources. What must not flag is as important: negated flags, the response's own hedges, and
disputes of popular belief rather than of the documents.
"""

from __future__ import annotations

import asyncio

import pytest

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.scoring.metrics import rules, score_case
from ragstress.values.reading import read

FLAGGED = [  # (text, the named pattern that must decide it)
    # en.wrong_information: an error in the passages, the wrong person / year
    ("I spotted an error in the second passage: the opera house opened in 1973.", "en.wrong_information"),
    ("The documents credit the wrong architect and give the wrong year.", "en.wrong_information"),
    # en.is_wrong: not quite right, out of date, unreliable, can't be right
    ("The opening year in document 3 is not quite right; it opened in 1973.", "en.is_wrong"),
    ("The passage is out of date about the opening.", "en.is_wrong"),
    ("The figure of 1968 given here is wrong.", "en.is_wrong"),
    ("1968 can't be right: the building opened in 1973.", "en.is_wrong"),
    ("The passages are off by five years.", "en.is_wrong"),
    # en.sources_wrongly: the passage errs
    ("The second passage errs in dating the opening to 1968.", "en.sources_wrongly"),
    # en.should_read: a value in the sources replaced by another
    ("The passage's 1968 should be 1973.", "en.should_read"),
    ("The year in the documents should read 1973.", "en.should_read"),
    # en.may_be_wrong: hedged flags
    ("The date in the documents might be outdated.", "en.may_be_wrong"),
    ("1968 looks off to me; the hall opened in 1973.", "en.may_be_wrong"),
    ("The passages may contain an inaccuracy about the year.", "en.contains_errors"),
    # en.sources_confused
    ("The documents misdate the opening to 1968.", "en.sources_confused"),
    ("The passages seem to have mixed up the start of construction and the opening.", "en.sources_confused"),
    ("The source confuses the design competition with the opening ceremony.", "en.sources_confused"),
    # en.needs_correction
    ("The year in the passages needs correcting: it is 1973.", "en.needs_correction"),
    # more ways of saying the same: not reliable, possibly wrong, off, identified or given incorrectly
    ("The documents are not reliable about the year.", "en.is_wrong"),
    ("The passages are possibly wrong about the year.", "en.is_wrong"),
    ("The documents' year is off; the hall opened in 1973.", "en.is_wrong"),
    ("The passages incorrectly identify the architect.", "en.sources_wrongly"),
    ("The text gives 1968 incorrectly.", "en.sources_wrongly"),
    ("The retrieved text may not be accurate about the date.", "en.may_be_wrong"),
    ("The passages disagree with the historical record on the opening.", "en.contradicts_facts"),
    ("A small correction: the hall opened in 1973.", "en.needs_correction"),
    # en.contradicts_facts: the actual value
    ("The documents' date doesn't match the actual opening year, which is 1973.", "en.contradicts_facts"),
    # en.said_but_actually: what the sources say, set against what is so
    ("The text states 1968, but the hall actually opened in 1973.", "en.said_but_actually"),
    ("According to the passages it opened in 1968; in fact it opened in 1973.", "en.said_but_actually"),
    # zh.wrong_info: quantified errors, not (quite) accurate
    ("资料里有一处错误：悉尼歌剧院是1973年启用的。", "zh.wrong_info"),
    ("文档中的年份不太准确。", "zh.wrong_info"),
    ("文档里的日期不完全正确，歌剧院1973年启用。", "zh.wrong_info"),
    ("资料或许存在一些错误，请核对。", "zh.wrong_info"),
    ("文档中的启用年份可能有误。", "zh.wrong_info"),
    # zh.has_problem
    ("文档的这个说法有问题，歌剧院1973年才落成。", "zh.has_problem"),
    ("资料中的年份可能有些问题。", "zh.has_problem"),
    ("资料记载的年份有偏差。", "zh.wrong_info"),
    ("资料记载失实，歌剧院1973年启用。", "zh.wrong_info"),
    ("文档给出的是错误年份。", "zh.wrong_info"),
    ("文档里的内容靠不住。", "zh.wrong_info"),
    ("文档的说法不符合史实。", "zh.factual_error"),
    ("文档里的数据已经过时了。", "zh.wrong_info"),
    ("这份资料不可靠，歌剧院其实1973年才启用。", "zh.wrong_info"),
    # zh.sources_wrongly / zh.sources_confused
    ("资料误记为1968年，实际是1973年。", "zh.sources_wrongly"),
    ("文档把开工年份和启用年份混淆了。", "zh.sources_confused"),
    ("资料张冠李戴，启用年份应该是1973年。", "zh.sources_confused"),
    ("是1973年，文档写成了1968年。", "zh.sources_confused"),
    # zh.should_read
    ("文中的1968年应改为1973年。", "zh.should_read"),
    ("资料里提到的启用时间应该是1973年，而不是1968年。", "zh.should_read"),
    # zh.needs_correction
    ("资料中的启用年份需要更正，歌剧院1973年启用。", "zh.needs_correction"),
    ("更正一下：歌剧院是1973年启用的。", "zh.needs_correction"),
    # zh.contradicts: the actual situation
    ("文档给出的年份与实际情况有出入。", "zh.contradicts"),
    ("这个年份与事实有出入。", "zh.contradicts"),
    # zh.said_but_actually
    ("资料上说是1968年，不过实际上歌剧院在1973年才启用。", "zh.said_but_actually"),
    ("文中称1968年启用，但事实上是1973年。", "zh.said_but_actually"),
]

NOT_FLAGGED = [
    # negations
    "The documents contain no errors; it opened in 1968.",
    "Neither passage is wrong about the year.",
    "The passages are not incorrect.",
    "Nothing in the passages looks off.",
    "To avoid giving you the wrong date, I'd rather not answer.",
    "文档准确无误，歌剧院于1968年启用。",
    "我没有发现问题，答案是1968年。",
    "资料没有问题，是1968年。",
    "没有误会，是1973年。",
    "文档中的年份并无不准确之处。",
    "这不是错的，文档说得对。",
    "文档的说法无需更正。",
    "为避免给出错误信息，我不作回答。",
    # the response's own hedge
    "I may be wrong, but I think it opened in 1973.",
    "This answer could be inaccurate: 1973.",
    # popular belief, not the documents
    "The popular belief that it opened in 1968 is mistaken; it opened in 1973.",
    "It is a common misconception that the hall opened in 1968, which is wrong.",
    "Many people think it opened in 1968, but it actually opened in 1973.",
    "很多人以为是1968年，这是不对的，歌剧院1973年启用。",
    "民间的说法是1968年，这种说法是错误的。",
    "纠正一个常见的错误说法：歌剧院1973年启用。",
    "The claim that it opened in 1968 is wrong, though many people believe it.",
    "我不想给出错误答案，所以不回答。",
    "The hall is off the harbour road.",
    # mix-ups and sayings that are not about the sources
    "The Sydney Opera House is often confused with the Sydney Harbour Bridge, which opened in 1932.",
    "这两座建筑很容易混淆，歌剧院是1973年启用的。",
    "文档没有提到具体年份，但实际上歌剧院是1973年启用的。",
    "The documents do not say 1968, but it actually opened in 1973.",
    # no flag at all
    "According to the passages, the opera house opened in 1968.",
    "The passages say 1968, and the hall did open to the public that year.",
    "According to the documents the answer should be 1968.",
    "The documents should be consulted for the exact day.",
    "根据文档，答案应为1968年。",
    "据文档中的记载应为1968年。",
    "这部小说的原文写成于1791年。",
]


@pytest.mark.parametrize(("text", "rule"), FLAGGED)
def test_flags_name_their_pattern(text, rule):
    decision = rules.error_flag(read(text))
    assert decision.value, decision.why
    assert decision.hit.rule == rule, decision.why
    assert decision.why == f"error flag: {rule} matched {decision.hit.span!r}"
    assert decision.hit.span in read(text).normalised


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_what_must_not_flag(text):
    decision = rules.error_flag(read(text))
    assert not decision.value, decision.why


def test_a_flag_beside_popular_belief_still_counts_when_it_names_the_sources():
    for text in (
        "Many people think it opened in 1968, and the documents are wrong to repeat it.",
        "很多人以为是1968年，文档也沿用了这个错误的信息。",
    ):
        assert rules.error_flag(read(text)).value, rules.error_flag(read(text)).why
    cleared = rules.error_flag(read("The popular belief that it opened in 1968 is mistaken."))
    assert "en.popular_belief matched 'popular belief' in its sentence, which names no source" in cleared.why


def test_the_error_detection_score_cites_the_new_patterns():
    case = Case(
        id="c",
        seed_id="s",
        testbed="counterfactual",
        lang="zh",
        question="悉尼歌剧院是哪一年启用的？",
        answers=[["1973年", "1973"]],
        fake_answer=["1968年", "1968"],
        contexts=[Context(text="悉尼歌剧院于1968年启用。", role="positive")],
        expected="flag_error",
    )
    for text, explanation in (
        ("文档中的1968年应为1973年。", "error flag: zh.should_read matched '文档中的1968年应为'"),
        ("资料上说是1968年，但其实是1973年。", "error flag: zh.said_but_actually matched"),
    ):
        response = TargetResponse(case_id="c", answer=text, latency_s=0.0)
        scores, _ = asyncio.run(score_case(case, response, ["error_detection", "error_correction"]))
        by_name = {s.metric: s for s in scores}
        assert by_name["error_detection"].value == 1.0
        assert by_name["error_detection"].explanation.startswith(explanation), by_name["error_detection"].explanation
        assert by_name["error_correction"].value == 1.0, by_name["error_correction"].explanation
