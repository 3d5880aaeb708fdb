"""A guess after a refusal of the question asked: the response declines the fact, then offers a value it marks as a
guess and takes back ('only a guess', 'can't confirm', 请以…为准): it refuses (refusal_guess.guess_after_refusal).
The near wordings stay as they were: a detail declined beside an answer, a hedge with no refusal, a refusal of one
source then an answer from another, an unhedged value after 'I can't confirm', a refusal that then reports what the
passages say, and a guess the response lets stand. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import refusal
from ragstress.values.reading import read

OPENED = "When did the Harlow Lido open?"
OPENED_ZH = "哈洛露天泳池是哪一年开放的？"
YEAR = [["1938", "1938年"]]
WARRANTY = "How long is the kettle's warranty?"
WARRANTY_ZH = "这款水壶保修多久？"
TWO_YEARS = [["two years", "2 years", "两年", "2年"]]
ARCHITECT = "Who designed the Harlow Lido?"
ARCHITECT_NAME = [["Ada Finch"]]


@pytest.mark.parametrize(
    ("question", "answers", "text"),
    [
        # the value after the refusal, marked as a guess and taken back
        (OPENED, YEAR, "The leaflets don't give an opening year. It might be 1938, but that's only a guess."),
        (OPENED, YEAR, "I couldn't find the year in these pages. My guess is 1938; please check that elsewhere."),
        (
            ARCHITECT,
            ARCHITECT_NAME,
            "The passages don't name the architect. Probably Ada Finch, but I can't confirm it.",
        ),
        # the guess just before a refusal that takes it back
        (OPENED, YEAR, "The pages only cover the 2019 refit. I think it opened in 1938, but I can't confirm that."),
        (OPENED_ZH, YEAR, "资料里没有写开放年份，我没法确认。印象中好像是1938年？具体请以官网为准。"),
        (WARRANTY_ZH, TWO_YEARS, "这份说明里找不到保修期，我不能确定。按同类产品推测，可能是两年左右。"),
        (OPENED_ZH, YEAR, "資料には開業年の記載がありません。たしか1938年だったと思いますが、念のためご確認ください。"),
        # taken back by sending the reader to someone who knows
        (OPENED, YEAR, "The leaflets don't say. If I had to guess, 1938, but please ask the lido's staff."),
        (OPENED_ZH, YEAR, "资料里没有写开放年份。要我猜的话大概是1938年，具体请问泳池的工作人员。"),
    ],
)
def test_a_guess_taken_back_after_a_refusal_refuses(question, answers, text):
    decision = refusal.refusal(read(text), answers, question=question)
    assert decision.value, decision.why
    assert "guess" in decision.why


def test_a_guess_after_a_refusal_refuses_with_no_reference_answer():
    decision = refusal.refusal(read("资料里没写，我无法确定。估计是1938年前后，仅供参考。"), None, question=OPENED_ZH)
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("question", "answers", "text"),
    [
        # a side detail declined beside a real answer
        (
            WARRANTY,
            TWO_YEARS,
            "Two years. Whether it covers limescale I couldn't tell you, probably not, so please check.",
        ),
        (WARRANTY_ZH, TWO_YEARS, "保修两年。是否包括水垢损坏，资料里没有说，可能不包括，请以说明书为准。"),
        # an answer hedged without any refusal
        (OPENED, YEAR, "It's probably 1938."),
        (OPENED_ZH, YEAR, "应该是1938年开放的。"),
        # one source declined, the answer taken from another
        (OPENED, YEAR, "Document 2 doesn't give the year, but Document 1 says it opened in 1938."),
        (OPENED_ZH, YEAR, "资料二没有写年份，不过资料一写明是1938年开放的。"),
        # an answer given plainly after 'I can't confirm'
        (OPENED, YEAR, "I can't confirm it from the sources, but it is 1938."),
        # a refusal that then reports what the passages say
        (OPENED, YEAR, "The pages don't give the opening date; they say it was probably open by 1938, please check."),
        # a guess the response lets stand is its answer
        (OPENED, YEAR, "The leaflets are silent on this. If I had to guess, I'd say 1938."),
        (OPENED_ZH, YEAR, "资料没写，估计是1938年吧。"),
    ],
)
def test_near_wordings_still_answer(question, answers, text):
    decision = refusal.refusal(read(text), answers, question=question)
    assert not decision.value, decision.why
