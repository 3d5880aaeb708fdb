"""Wordings the default rules were not tuned on: refusals wrapped around answers, refusal shapes,
false scope matches, other roles. Each pattern is tested in English and Chinese."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import refusal, rules
from ragstress.values.reading import read

YEAR = [["1889", "1889年"]]


@pytest.mark.parametrize(
    "text",
    [
        "I can't say for sure, but I believe it was 1890.",
        "The passages do not mention the architect, but the tower was completed in 1890.",
        "The wreck was not found until 1985; it sank in 1915.",
        "Nothing in the documents says so; my best guess is that it opened in the 1890s.",
        "文档中没有提到建筑师，但塔是1890年建成的。",
        "资料里没说，不过我猜应该是1890年。",
        "文档没有给出确切信息，估计是一八九零年。",
    ],
)
def test_declining_and_then_answering_is_not_a_rejection(text):
    decision = refusal.refusal(read(text), YEAR)
    assert not decision.value and decision.uncertain, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "The river is the Danube; the documents don't give its length.",
        "长江注入东海，黄河的入海口资料里没有提到。",
    ],
)
def test_one_fact_given_and_the_other_declined_is_a_partial_answer(text):
    decision = refusal.refusal(read(text), [["Danube", "东海"], ["2850 km", "渤海"]])
    assert not decision.value and "partial" in decision.why, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "No details given.",
        "The text is silent on this.",
        "The passages only cover the bridge's length, not when it opened.",
        "I would rather not guess without a source.",
        "Please provide more documents about the bridge and I will answer.",
        "资料里信息有限，不好妄下结论。",
        "请补充相关资料后再问。",
        "资料只介绍了大桥的长度，没有提到建成年份。",
        "文档对此只字未提。",
        "暂无相关信息。",
    ],
)
def test_refusal_shapes(text):
    decision = refusal.refusal(read(text), YEAR)
    assert decision.value and decision.uncertain is None, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "The documents do not say when it was completed.",
        "The passages do not say; they discuss the 1889 exhibition instead.",
        "资料中没有提到这座塔的建成年份，只介绍了它的高度。",
    ],
)
def test_a_refusal_that_explains_what_the_sources_hold_stays_a_refusal(text):
    assert refusal.refusal(read(text), [["Gustave Eiffel", "埃菲尔"]]).value


@pytest.mark.parametrize(
    ("text", "answers", "stated"),
    [
        ("Paris is simply the capital of France.", [["Paris"]], True),
        ("2008 was just the year building started.", [["2008"]], False),
        ("King Charles III opened the bridge.", [["Stephen King"]], False),
        ("See Page 4 of the report.", [["Larry Page"]], False),
        ("Page and Brin founded it.", [["Larry Page"]], True),
        ("It opened a decade before the 1931 flood.", [["1931"]], False),
        ("Brazil won it, beating Uruguay.", [["Uruguay"]], False),
        ("Uruguay lost to Brazil in the final.", [["Uruguay"]], False),
        ("Uruguay beat Brazil 2-1 in the final.", [["Uruguay"]], True),
        ("The new bridge replaced the Old Mill Bridge.", [["Old Mill Bridge"]], False),
        ("巴西队击败了乌拉圭队夺冠。", [["乌拉圭"]], False),
        ("乌拉圭队输给了巴西队。", [["乌拉圭"]], False),
        ("乌拉圭队击败了巴西队，夺得冠军。", [["乌拉圭"]], True),
        ("新桥取代了老桥。", [["老桥"]], False),
    ],
)
def test_scope_reads_roles_and_names(text, answers, stated):
    assert rules.facts_stated(read(text), answers)[0] is stated


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("The hall seats fifteen hundred people.", [["1500"]]),
        ("Three thousand and twelve runners finished.", [["3012"]]),
        ("Sales reached two point five million copies.", [["2500000", "2.5 million"]]),
        ("It was finished in eighteen eighty-nine.", [["1889"]]),
        ("礼堂可容纳一千四百人。", [["1400"]]),
        ("图书馆藏书两万三千册。", [["23000", "2.3万"]]),
        ("塔于一八八九年落成。", [["1889年", "1889"]]),
    ],
)
def test_numbers_in_words_state_the_answer(text, answers):
    assert rules.facts_stated(read(text), answers)[0]


def test_the_noise_checks_read_numbers_as_the_scorer_does():
    from ragstress.values.restated import restated_answer

    assert restated_answer("塔于一八八九年落成。", ["1889年", "1889"])  # before: passed as answer-free
    assert restated_answer("It was finished in eighteen eighty-nine.", ["1889"])
    assert restated_answer("The span is fifteen hundred metres.", ["1500 m"])
    assert restated_answer("One of the two towers was repainted.", ["1889"]) is None
