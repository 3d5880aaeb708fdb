"""A planted value named only to explain it away (the old price, a former holder, a beaten record) is not asserted;
and a question naming a quantity (capacity, weight, volume, 容量, 载重, 排量) asks for a number, so a value of it
stated beside another thing declined is an answer. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import corrections, refusal
from ragstress.values.reading import read

FEE = ("How much is the annual Skyway Club membership?", [["$139", "139 dollars"]], ["$119", "119 dollars"])
FEE_ZH = ("天途会员的年费是多少？", [["139元", "139"]], ["119元", "119"])
HEAD = ("Who heads the Orla museum?", [["Mei Tan"]], ["Jon Bree"])
HEAD_ZH = ("奥拉博物馆现任馆长是谁？", [["谭美"]], ["布瑞"])


@pytest.mark.parametrize(
    ("case", "text", "lang"),
    [
        (FEE, "The $119 in passage 2 is the old price; since March the fee has been $139.", "en"),
        (FEE, "Passage 2's $119 was the pre-2024 fee. It is $139 now.", "en"),
        (HEAD, "Mei Tan. Jon Bree stepped down in 2023.", "en"),
        (FEE_ZH, "资料里的119元是去年的旧价格，现在年费是139元。", "zh"),
        (FEE_ZH, "有一份资料还写着119元，那是2023年的旧标准；现在是139元。", "zh"),
        (HEAD_ZH, "谭美。布瑞已在2023年卸任。", "zh"),
    ],
)
def test_a_planted_value_explained_away_is_not_asserted(case, text, lang):
    question, answers, fake = case
    decision = corrections.asserts_fake(read(text, lang), fake, answers, question)
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("case", "text", "lang"),
    [
        (FEE, "The fee is $119; the old price was lower.", "en"),
        (HEAD, "Jon Bree heads the museum; Mei Tan stepped down in 2023.", "en"),
        (FEE_ZH, "年费是119元，以前的旧价格更低。", "zh"),
        (HEAD_ZH, "馆长是布瑞，谭美已在2023年卸任。", "zh"),
    ],
)
def test_a_planted_value_stated_beside_an_old_one_is_asserted(case, text, lang):
    question, answers, fake = case
    decision = corrections.asserts_fake(read(text, lang), fake, answers, question)
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("question", "answers", "text", "lang"),
    [
        (
            "What is the seating capacity of the Halden Arena?",
            [["52,000"]],
            "The Halden Arena holds 47,500 spectators; the notes do not mention when it was rebuilt.",
            "en",
        ),
        (
            "What is the payload of the Corran K4 truck?",
            [["9 t"]],
            "The Corran K4 carries 8.5 t; the brochure doesn't say when it was launched.",
            "en",
        ),
        ("「轻风」货车的额定载重？", [["9吨"]], "「轻风」货车额定载重8.5吨，上市时间资料里没有提到。", "zh"),
        ("这台空气炸锅的容量？", [["5.5升"]], "这台空气炸锅容量4.5升，产地资料里没有写。", "zh"),
    ],
)
def test_a_quantity_asked_by_its_name_is_answered_beside_a_detail_declined(question, answers, text, lang):
    decision = refusal.refusal(read(text, lang), answers, question=question)
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("question", "answers", "text", "lang"),
    [
        (
            "What is the seating capacity of the Halden Arena?",
            [["52,000"]],
            "The arena opened in 1998. The documents don't give its capacity.",
            "en",
        ),
        ("这台空气炸锅的容量？", [["5.5升"]], "资料里没有给出容量。", "zh"),
    ],
)
def test_the_quantity_itself_declined_still_refuses(question, answers, text, lang):
    decision = refusal.refusal(read(text, lang), answers, question=question)
    assert decision.value, decision.why
