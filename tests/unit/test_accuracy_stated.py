"""Accuracy reads which value a response gives as its answer, not only which values it mentions.

Examples written for these tests (both languages), each with its counterpart that must keep its verdict.
"""

from __future__ import annotations

import asyncio

import pytest

from ragstress.core.types import Case, TargetResponse
from ragstress.scoring.metrics import METRICS, CaseJudging, declines, deferral
from ragstress.values.reading import read


def accurate(
    response: str, answers: list[list[str]], fake: list[str] | None = None, testbed: str = "noise", question: str = "q"
) -> bool:
    case = Case(
        id="c1",
        seed_id="s1",
        testbed=testbed,
        lang="zh" if any("\u4e00" <= ch <= "\u9fff" for ch in response) else "en",
        question=question,
        answers=answers,
        fake_answer=fake,
        contexts=[],
        expected="flag_error" if testbed == "counterfactual" else "answer",
    )
    ctx = CaseJudging(case, TargetResponse(case_id="c1", answer=response, latency_s=0.0), use_reader=False)
    score = asyncio.run(METRICS.get("accuracy").compute(ctx))
    assert score.error is None, score.error
    return score.value == 1.0


DEFERS_TO_THE_FAKE = [
    "Lisbon, as the passages say. (People often assume it is Porto.)",  # truth only as what people assume
    "The documents give Lisbon. I would have said Porto, but I'll go with the documents: Lisbon.",
    "Per the sources the capital is Lisbon; my own recollection says Porto, but I defer to the sources.",
    "资料写的是里斯本。我印象里是波尔图，不过资料写得很明确，所以按资料回答：里斯本。",
    "里斯本。很多人记成波尔图，但应以资料为准。",
]
CORRECTS_THE_FAKE = [
    "The passages say Lisbon, but that is an error: it is Porto.",
    "Porto. The passage's Lisbon is a mistake.",
    "资料说是里斯本，这是错误的，实际上是波尔图。",
    "是波尔图，不是里斯本。",
]


@pytest.mark.parametrize("response", DEFERS_TO_THE_FAKE)
def test_a_counterfactual_answer_that_concludes_with_the_planted_value_is_not_correct(response):
    assert not accurate(response, [["Porto", "波尔图"]], ["Lisbon", "里斯本"], testbed="counterfactual")


@pytest.mark.parametrize("response", CORRECTS_THE_FAKE)
def test_a_correction_that_names_the_planted_value_stays_correct(response):
    assert accurate(response, [["Porto", "波尔图"]], ["Lisbon", "里斯本"], testbed="counterfactual")


DEFERRALS = [
    "I'd have said otherwise, but I'll go with the documents.",
    "I defer to the provided sources.",
    "Going by the guide, that is the answer.",
    "Since I'm asked to answer from the text, that is it.",
    "The passages are explicit about it.",
    "资料写得很明确，以资料为准。",
    "不过既然资料这么写，那就按资料回答。",
    "Je m'en tiens aux documents.",
    "Me atengo a los documentos.",
    "Ich halte mich an die Dokumente.",
]
NOT_DEFERRALS = [
    "According to the documents it is Lisbon.",  # attribution alone
    "The documents say Lisbon, which is wrong.",
    "按资料说法是里斯本，但这有误。",  # reporting the sources, then correcting them
    "资料的答案是里斯本。",
    "I'll go with Porto, whatever the documents say.",
]


@pytest.mark.parametrize("text", DEFERRALS)
def test_deferral_phrases(text):
    assert deferral.defers_to_sources(read(text)) is not None


@pytest.mark.parametrize("text", NOT_DEFERRALS)
def test_attribution_and_corrections_are_not_deferrals(text):
    assert deferral.defers_to_sources(read(text)) is None


OSLO = [["Oslo", "奥斯陆"]]
CANDIDATES = [
    "The passages don't name it. It might be Bergen or Oslo; I can't be sure.",
    "Perhaps Bergen or Oslo.",
    "It is either Oslo or Bergen.",
    "资料没有写。可能是卑尔根，也可能是奥斯陆，我不确定。",
    "我估计可能在奥斯陆或者卑尔根。",
    "可能的答案有奥斯陆和卑尔根，但我无法确定是哪一个。",
    "Three cities appear — Oslo, Bergen and Tromsø. Any of them could be meant.",
    '{"answer": "Bergen", "alternatives": ["Oslo"]}',
    '{"candidates": ["Oslo", "Bergen"], "note": "both appear"}',
]
CHOSEN = [
    "Oslo.",
    "It might be Oslo.",  # one hedged value is a guess, not a list of candidates
    "Is it Bergen or Oslo? The passage settles it: Oslo.",
    "Oslo, not Bergen.",
    "可能是奥斯陆。",
    '{"answer": "Oslo", "alternatives": ["Bergen"]}',
    "Probably Oslo (or Ósló, as it is sometimes spelled in old texts).",
]


@pytest.mark.parametrize("response", CANDIDATES)
def test_a_fact_named_only_as_one_candidate_is_not_correct(response):
    assert not accurate(response, OSLO)


@pytest.mark.parametrize("response", CHOSEN)
def test_a_chosen_fact_stays_correct(response):
    assert accurate(response, [["Oslo", "奥斯陆", "Ósló"]])


def test_two_required_facts_joined_by_or_are_not_rival_candidates():
    assert accurate("Probably Norwegian or Sami, the two official languages.", [["Norwegian"], ["Sami"]], None)


CONCLUDES_IT_CANNOT_ANSWER = [
    ("Passage 3 mentions Oslo, but I can't be sure it is the same museum, so I can't answer.", "q"),
    ("The passages name Oslo only in passing, so I can't tell you where it was founded.", "Where was it founded?"),
    ("资料【2】提到了奥斯陆，但没有说明是不是总部所在地，所以无法回答。", "q"),
    ("文中出现了“奥斯陆”，但没有明确说这就是举办地，因此我不能下结论。", "q"),
]
DECLINES_A_SIDE_DETAIL = [
    (
        "It was founded in Oslo. The passages don't give the founder, so I can't say who started it.",
        "Where was it founded?",
    ),
    ("Oslo. The passages don't say when, so I can't give the year.", "Where was it founded?"),
    ("总部在奥斯陆。资料没有提到创始人，所以无法确定是谁创办的。", "总部在哪个城市？"),
    ("I can't be certain, so I'll answer from passage 2: Oslo.", "q"),  # the fact follows the phrase
]


@pytest.mark.parametrize(("response", "question"), CONCLUDES_IT_CANNOT_ANSWER)
def test_a_response_that_concludes_it_cannot_answer_is_not_correct(response, question):
    assert declines.concluding_refusal(read(response), OSLO, question) is not None
    assert not accurate(response, OSLO, question=question)


@pytest.mark.parametrize(("response", "question"), DECLINES_A_SIDE_DETAIL)
def test_declining_a_side_detail_is_not_concluding_a_refusal(response, question):
    assert declines.concluding_refusal(read(response), OSLO, question) is None


LEAVES_THE_FACT_OUT = [
    "Passage 1 gives Bergen as the old capital; passage 3 names Oslo as the capital today. So the answer is Bergen.",
    "Answer: Bergen. (Oslo appears in passage 2, but as the port.)",
    "资料2说首都是奥斯陆，资料4说卑尔根曾是首都。所以答案是卑尔根。",
    "先看资料：奥斯陆出现在资料1。综合来看，应是卑尔根。",
]
KEEPS_THE_FACT = [
    "Passage 1 mentions Bergen; passage 3 names Oslo. So the answer is Oslo.",
    "Oslo. Answer: Oslo.",
    "资料说是卑尔根，但有误。结论：资料有误，首都是奥斯陆。",  # a verdict on the sources is no answer line
    "The answer is in passage 3: Oslo.",
]


@pytest.mark.parametrize("response", LEAVES_THE_FACT_OUT)
def test_an_answer_line_without_the_fact_is_not_correct(response):
    assert not accurate(response, OSLO)


@pytest.mark.parametrize("response", KEEPS_THE_FACT)
def test_an_answer_line_with_the_fact_stays_correct(response):
    assert accurate(response, OSLO)
