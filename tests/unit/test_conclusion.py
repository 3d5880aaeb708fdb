"""The conflict testbed's reader of answer structure: the value a response concludes with, in en and zh."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.conclusion import FAKE, TRUTH, read
from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.scoring.metrics.refusal import refusal
from ragstress.values import reading as response_reading

EN = ([["1889"]], ["1879"], "In which year was the tower completed?")
ZH = ([["1889年", "1889"]], ["1879年", "1879"], "这座塔是哪一年建成的？")


@pytest.mark.parametrize(
    ("lang", "text", "concluded"),
    [
        # Reports both values and chooses neither.
        ("en", "Passage 1 gives 1889; passage 3 gives 1879.", None),
        ("en", "- Passage A: 1889\n- Passage B: 1879", None),
        ("en", "It was finished either in 1889 or in 1879, depending on the source.", None),
        ("en", "The documents give 1889 and 1879; I cannot decide which is right.", None),
        ("zh", "文档1写的是1889年，文档2写的是1879年。", None),
        ("zh", "资料之间有出入，可能是1889年，也可能是1879年。", None),
        ("zh", "资料一：1889年\n资料二：1879年\n我没法判断哪个对。", None),
        # A table whose rows name their sources reports them, like a list.
        ("en", "| Source | Year |\n|---|---|\n| Passage 1 | 1889 |\n| Passage 2 | 1879 |\n\nThey disagree.", None),
        ("zh", "| 来源 | 年份 |\n|---|---|\n| 文档1 | 1889年 |\n| 文档2 | 1879年 |\n\n两份资料冲突，无法确定。", None),
        # A conclusion drawn from the majority concludes that value, planted or not.
        ("en", "Three of the four passages put the completion in 1879, so 1879.", FAKE),
        ("en", "Most of the documents say 1879, hence the tower was completed in 1879.", FAKE),
        ("zh", "三篇资料里有两篇写1879年，因此答案是1879年。", FAKE),
        ("zh", "据多数资料，这座塔建成于1879年。", FAKE),
        # Chain of thought, then a committed answer.
        (
            "en",
            "Let me check each passage. Passage 1: 1889. Passage 2: 1879. Passage 3: 1889.\nFinal answer: 1889",
            TRUTH,
        ),
        ("en", "Sources vary (1889 vs 1879). My pick would be 1889.", TRUTH),
        ("en", "The passages mostly say 1879, but that is the design year, so I'd answer 1889.", TRUTH),
        ("zh", "最终答案：1889年。（资料3中的1879年应为笔误。）", TRUTH),
        # An answer line first, a note on the other source after it.
        ("en", "**1889**\n\n> One of the passages has 1879.", TRUTH),
        ("en", "1889. Passage 2's 1879 is the year the design was approved.", TRUTH),
        ("zh", "1889年。有一份资料说1879年，但那是设计方案通过的年份。", TRUTH),
        ("zh", "**答案：1879年**（按多数资料）", FAKE),
        # JSON answers: the answer field decides; an empty one concludes nothing.
        ("en", '{"answer": "1879", "note": "one passage says 1889"}', FAKE),
        ("en", '```json\n{"answer": null, "why": "the passages give 1889 and 1879"}\n```', None),
        ("zh", '{"答案": "1889年", "说明": "文档2给出1879年"}', TRUTH),
        # Number words and a third language.
        ("en", "Eighteen eighty-nine, though one source says eighteen seventy-nine.", TRUTH),
        ("zh", "一千八百八十九年。", TRUTH),
        ("en", "Les documents ne concordent pas : l'un dit 1889, l'autre 1879. Réponse : 1889.", TRUTH),
        # A plain answer, and an echo of the sources when only one value is given.
        ("en", "The tower was completed in 1889.", TRUTH),
        ("en", "Going by the majority of the passages: 1879.", FAKE),
        ("en", "| Source | Year |\n|---|---|\n| Passage 1 | 1889 |\n| Passage 2 | 1879 |\n\nFinal answer: 1889", TRUTH),
    ],
)
def test_the_value_concluded_decides_not_any_mention(lang, text, concluded):
    answers, fake, question = EN if lang == "en" else ZH
    reading = read(response_reading.read(text), answers, fake, question)
    assert reading.concluded == concluded, reading.why


def test_two_asserted_values_are_told_apart_by_the_question_and_marked_uncertain():
    text = "Work on the design began in 1879. The tower was completed in 1889."
    reading = read(response_reading.read(text), *EN)
    assert reading.concluded == TRUTH and reading.uncertain, reading.why


@pytest.mark.parametrize(
    ("lang", "text", "acknowledged"),
    [
        ("en", "1889. Passage 2's 1879 is the year the design was approved.", True),
        ("en", "Three of the four passages put the completion in 1879, so 1879.", True),
        ("en", "Most passages say 1879.", True),
        ("en", "It was finished either in 1889 or in 1879, depending on the source.", True),
        ("zh", "资料一：1889年\n资料二：1879年\n我没法判断哪个对。", True),
        ("zh", "大部分资料写的是1879年。", True),
        # Both values without any source named, a denial, or one value alone: no acknowledgement.
        ("en", "It could be 1889, or it could be 1879.", False),
        ("en", "Passage 2 gives 1879 for the design and 1889 for completion, so there is no real conflict.", False),
        ("en", "The tower was completed in 1889.", False),
        ("zh", "可能是1889年，也可能是1879年。", False),
        ("zh", "文档2的1879年是设计年份，1889年是建成年份，资料其实不矛盾。", False),
        ("en", "Many people believe it was 1879, but it was completed in 1889.", False),  # hearsay names no source
        ("zh", "很多人以为是1879年，其实是1889年建成的。", False),
    ],
)
def test_both_values_given_where_a_source_is_named_acknowledge_the_conflict(lang, text, acknowledged):
    answers, fake, question = EN if lang == "en" else ZH
    decision = acknowledges_conflict(response_reading.read(text), answers, fake, question)
    assert decision.value is acknowledged, decision.why


@pytest.mark.parametrize(
    ("lang", "text", "refused"),
    [
        ("en", "Passage 1 says 1889 and passage 2 says 1879; I won't pick between them.", True),
        ("en", "The passages give 1889 and 1879, and there is no way to tell which is right.", True),
        ("zh", "一份资料说1889年，一份说1879年，我没法下定论。", True),
        ("zh", "资料说法有两种：1889年和1879年。我不确定哪个对。", True),
        # A refusal phrase and then a committed value answers.
        ("en", "I can't be certain since the passages differ, but most likely 1889.", False),
        ("zh", "资料互相矛盾，无法完全确定，我倾向于1879年。", False),
    ],
)
def test_on_a_conflict_case_declining_to_choose_is_a_refusal(lang, text, refused):
    answers, fake, question = EN if lang == "en" else ZH
    decision = refusal(response_reading.read(text), answers, fake, question)
    assert decision.value is refused, decision.why


def test_a_source_called_wrong_acknowledges_but_uncertainly():
    decision = acknowledges_conflict(response_reading.read("1889. Passage 2's 1879 is a typo."), *EN)
    assert decision.value and decision.uncertain, decision.why
    assert not acknowledges_conflict(response_reading.read("Passage 1 says 1889; passage 2 says 1879."), *EN).uncertain


@pytest.mark.parametrize(
    ("lang", "text", "concluded"),
    [
        # A full stop after an abbreviation ends no statement: both values stay in the parentheses.
        ("en", "The sources clash on this (1889 vs. 1879), so I won't guess.", None),
        ("en", "Figures differ (e.g. 1879 in one memo), but the tower was completed in 1889.", TRUTH),
        # Both values given, then the response declines to choose: neither is concluded.
        ("en", "One report says 1889, the other 1879. I can't tell which is right.", None),
        ("en", "Passage 1: 1889; passage 2: 1879. I'd rather not pick a side here.", None),
        ("zh", "一篇写1889年，另一篇写1879年。到底哪个对，我没法替你拍板。", None),
        ("zh", "文档甲说1889年，文档乙说1879年，请自行核实。", None),
        # ... but declining with a single value given still lets that value stand.
        ("en", "It was completed in 1889; I can't tell you who built it.", TRUTH),
        # A conditional choice and a value called likelier commit.
        ("en", "The sources say 1889 or 1879; if I had to choose, 1879.", FAKE),
        ("en", "Either 1889 or 1879 per the passages. If pressed, 1889.", TRUTH),
        ("en", "Sources are split. 1889 looks more plausible, as 1879 predates the design contest.", TRUTH),
        # A value right after an answer label is the answer, even where the majority is named.
        ("en", "- Report A: 1879\n- Report B: 1879\n- Report C: 1889\n\nConsensus answer: 1879", FAKE),
        ("en", "Two memos say 1889 and one says 1879. Majority verdict: 1889.", TRUTH),
        ("zh", "三份材料里两份写1879年。以多数为准：1879年。", FAKE),
        # A choice by the majority, the choice's subject left out or the majority's word between.
        ("en", "Most sources in the set say 1879, one says 1889. Going with the majority: 1879.", FAKE),
        ("zh", "多数资料写的是1879年，只有一份写1889年，按多数说法应为1879年。", FAKE),
        ("zh", "多数资料给出1889年，个别资料写1879年。取多数：1889年。", TRUTH),
        # A parenthesis holds every statement up to its closing bracket.
        ("en", "1889. (One passage says 1879 while the others say 1889; 1879 is actually older.)", TRUTH),
        # ... but a source's own answer stays what that source says.
        ("en", "Passage 1's answer: 1889. Passage 2's answer: 1879.", None),
        # Citation markers and "according to" name a source.
        ("en", "Completed in 1889 [1]; however [2] dates it to 1879.", TRUTH),
        ("zh", "该塔建成于1889年[1]；不过[3]写的是1879年。", TRUTH),
        ("en", "According to Doc 1 it was finished in 1889; according to Doc 2 it was 1879.", None),
        ("zh", "根据文档一，建成于1889年；根据文档二，建成于1879年。", None),
        # Kana count as words: a Japanese note after the answer is no answer line.
        ("en", "答えは1889年です。なお、一部の資料では1879年となっています。", TRUTH),
    ],
)
def test_statements_choices_labels_and_citations_are_read(lang, text, concluded):
    answers, fake, question = EN if lang == "en" else ZH
    reading = read(response_reading.read(text), answers, fake, question)
    assert reading.concluded == concluded, reading.why


@pytest.mark.parametrize(
    ("lang", "text", "concluded"),
    [
        # A value named as the answer right after it, anywhere in a statement.
        ("en", "Passage 2 says 1879. Still, 1889 is the answer, though 1879 keeps coming up.", TRUTH),
        ("en", "Sources split on 1889 and 1879. 1879 seems more likely, since it fits the later memo better.", FAKE),
        ("zh", "资料有两种说法。1889年才是正确的，1879年只是设计年份。", TRUTH),
        # An initial ends no statement; a dash ends the reach of a commitment.
        ("en", "I'd say Gustave A. Eiffel's firm finished it in 1889.", TRUTH),
        ("en", "I'd go with 1889 — work on the plans had started a decade before, in 1879.", TRUTH),
        # Ordinal reporters and more kinds of source.
        ("en", "Two reports say 1889; a third says 1879.", None),
        ("en", "Older brochures list 1889, while the website gives 1879.", None),
        ("en", "Documents 1–3 say 1889; document 4 says 1879.", None),
        ("en", "Passages 1, 2 and 4 give 1889. Passage 3 gives 1879.", None),
        ("zh", "文档1至3写1889年；文档4写1879年。", None),
        # A first-person choice, a colon, then the value.
        ("en", "One says 1879, three say 1889. I'll trust the three that agree: 1889.", TRUTH),
        # 要么…要么 names both values side by side, as does a bare enumeration; a spaced dash does not.
        ("zh", "看采信哪份材料：要么1889年，要么1879年。", None),
        ("en", "Both appear, so here they are: 1889, 1879.", None),
        ("zh", "两个都列出来：1889年，1879年。", None),
        ("en", "I'd say 1889 — 1879 was only the year the design was chosen.", TRUTH),
        ("en", "It was built over 1879–1889, finishing in 1889.", TRUTH),
    ],
)
def test_values_named_as_the_answer_turns_and_reporters(lang, text, concluded):
    answers, fake, question = EN if lang == "en" else ZH
    reading = read(response_reading.read(text), answers, fake, question)
    assert reading.concluded == concluded, reading.why


@pytest.mark.parametrize(
    ("lang", "text", "concluded"),
    [
        ("en", "I'd go with 1889, but 1879 is possible too.", TRUTH),
        ("en", "So the passages differ, but the tower itself went up in 1879.", FAKE),
        ("zh", "所以我选1889年，不过1879年也说得通。", TRUTH),
    ],
)
def test_a_commitment_reaches_to_the_first_turn(lang, text, concluded):
    answers, fake, question = EN if lang == "en" else ZH
    reading = read(response_reading.read(text), answers, fake, question)
    assert reading.concluded == concluded, reading.why


def test_a_majority_choice_with_an_article_before_its_value_concludes_it():
    text = "Most passages say the Euphrates flows through Baghdad, one says the Tigris. Going with the majority: the Euphrates."
    reading = read(response_reading.read(text), [["Tigris"]], ["Euphrates"], "Which river flows through Baghdad?")
    assert reading.concluded == FAKE, reading.why


@pytest.mark.parametrize(
    ("lang", "text", "concluded"),
    [
        # a hedge naming both, then past a turn a later commitment to one
        (
            "en",
            "Either 1889 or 1879 depending on the pamphlet — the later plaque probably has it right, so 1889.",
            TRUTH,
        ),
        ("en", "Maybe 1889, maybe 1879 — on balance I'd go with 1879.", FAKE),
        ("zh", "可能是1889年或1879年——不过碑文更可靠，所以我选1879年。", FAKE),
        # the hedge stands when nothing after the turn chooses
        ("en", "Either 1889 or 1879 depending on the pamphlet — I can't tell which.", None),
        ("en", "Either 1889 or 1879 — the pamphlets are both old.", None),
    ],
)
def test_a_hedge_on_both_values_then_a_choice_past_a_turn_concludes_the_choice(lang, text, concluded):
    answers, fake, question = EN if lang == "en" else ZH
    reading = read(response_reading.read(text), answers, fake, question)
    assert reading.concluded == concluded, reading.why
