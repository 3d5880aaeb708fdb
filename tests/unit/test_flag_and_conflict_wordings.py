"""Error flags, conflict acknowledgements and refusals in wordings the lexicon did not hold (round twenty-two):
a source called out of date with "they're", a verdict after a dash, the sources' value denied by name; 录入错误,
高得离谱, 对不上, 不太可靠; a flag in French, Spanish or Korean on a Chinese item; 数字不完全一样 and Japanese 二つの説 as
acknowledgements; "no release date is given" as a refusal. Each with a near miss. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conclusion, corrections, refusal, rules
from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The brochures give 40 lockers, but they're out of date on this: the new hall has 64.", "en"),
        ("The gauge log shows 412 mm for one afternoon — most likely a data-entry error.", "en"),
        ("Not 1931 as the document has it — that was the year of the first survey. The pier opened in 1934.", "en"),
        ("资料里写的38.6℃是录入错误，实际应为28.6℃。", "zh"),
        ("文档给的票价高得离谱，一张门票不可能要900元。", "zh"),
        ("资料里的3.2公里对不上——从地图上量是5.3公里。", "zh"),
        ("这份资料里的人数看起来不太可靠，我没法据此回答。", "zh"),
        ("Les documents semblent contenir une erreur sur la date d'ouverture.", "zh"),
        ("Según el folleto son 12 salas, aunque el dato me parece dudoso.", "zh"),
        ("자료에는 300명으로 되어 있는데, 오류 같습니다.", "zh"),
    ],
)
def test_new_flag_wordings_flag_the_sources(text, lang):
    decision = rules.error_flag(read(text, lang))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("You're out of luck with parking on match days — probably a sign of the season.", "en"),
        ("Not as often as the leaflet says, but the ferry still runs twice a day.", "en"),
        ("资料说录入系统在2019年启用。", "zh"),
        ("我对不上号这个人名，只能按资料回答：1934年。", "zh"),
        ("Les documents ne semblent pas contenir d'erreur.", "zh"),
        ("El museo tiene 12 salas, según el folleto.", "zh"),
    ],
)
def test_near_misses_of_the_new_flag_wordings_flag_nothing(text, lang):
    decision = rules.error_flag(read(text, lang))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("年降雨量约1,480毫米。各文档给的数字不完全一样，我以气象局年报为准。", "zh"),
        ("資料によって3階と5階の二つの説があり、どちらが正しいか判断できません。", "zh"),
        ("開業年については説が分かれています。", "zh"),
    ],
)
def test_new_conflict_wordings_acknowledge_a_conflict(text, lang):
    decision = acknowledges_conflict(read(text, lang))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("各文档给的数字完全一样，都是1,480毫米。", "zh"),
        ("この説は1950年代に広まりました。", "zh"),
    ],
)
def test_near_misses_of_the_new_conflict_wordings_acknowledge_nothing(text, lang):
    decision = acknowledges_conflict(read(text, lang))
    assert not decision.value, decision.why


QUESTION_EN = "When was the Lumen 2 headset released?"
QUESTION_ZH = "Lumen 2 头显是什么时候发售的？"


def test_a_missing_value_with_a_word_before_it_refuses():
    text = "The passages only say the headset was shown at a trade fair in March; no release date is given."
    decision = refusal.refusal(read(text), [["2024"]], (), QUESTION_EN)
    assert decision.value, decision.why
    decision = refusal.refusal(
        read("资料只提到这款头显三月在展会上亮相，没有给出发售日期。", "zh"), [["2024年"]], (), QUESTION_ZH
    )
    assert decision.value, decision.why


def test_a_missing_detail_beside_an_answer_does_not_refuse():
    text = "It went on sale on 4 June 2024; no launch price is given."
    decision = refusal.refusal(read(text), [["4 June 2024"]], (), QUESTION_EN)
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang", "answers", "fake"),
    [
        ("The 1957 figure in Passage 3 is a misprint. The observatory opened in 1975.", "en", [["1975"]], ["1957"]),
        ("资料3里的1957年那个年份是笔误。天文台1975年启用。", "zh", [["1975年"]], ["1957年"]),
    ],
)
def test_one_source_called_wrong_by_its_value_is_no_acknowledgement(text, lang, answers, fake):
    # The flag's sentence names the planted value, and no true one: it calls that source wrong, which the label
    # definitions do not count as saying the passages differ.
    decision = acknowledges_conflict(read(text, lang), answers, fake, "When did the observatory open?")
    assert not decision.value, decision.why


def test_a_flag_beside_both_values_still_reads_the_structure():
    text = "Passage 3 gives 1957 and passages 1 and 2 give 1975; 1957 looks like a misprint."
    decision = acknowledges_conflict(read(text), [["1975"]], ["1957"], "When did the observatory open?")
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang", "alias"),
    [
        (
            "The leaflet gives 1911, but the centenary fell in 1992, so it must be 1892, and 1911 looks like a typo.",
            "en",
            "1892",
        ),
        ("资料写的是1911年，但百年纪念在1992年，所以应是1892年，而1911年看起来是笔误。", "zh", "1892年"),
    ],
)
def test_a_slip_called_after_and_belongs_to_the_value_after_it(text, lang, alias):
    found = rules.stance(read(text, lang), [alias])
    assert found.asserted is not None and found.disputed is None, found


def test_a_slip_called_right_after_a_value_still_disputes_it():
    found = rules.stance(read("The leaflet gives 1911, which looks like a typo."), ["1911"])
    assert found.disputed is not None, found


@pytest.mark.parametrize(
    ("text", "lang", "answers", "fake"),
    [
        ("It's £8 for adults according to one source and £12 according to another.", "en", [["£8"]], ["£12"]),
        ("成人票一份资料说是8元，另一份资料说是12元。", "zh", [["8元"]], ["12元"]),
    ],
)
def test_each_value_given_for_its_own_source_concludes_neither(text, lang, answers, fake):
    concluded = conclusion.read(read(text, lang), answers, fake, "What is the adult entry fee?")
    assert concluded.concluded is None, concluded.why


def test_a_value_for_a_group_with_no_source_after_it_is_concluded():
    concluded = conclusion.read(
        read("It's £8 for adults and free for children."), [["£8"]], ["£12"], "What is the fee?"
    )
    assert concluded.concluded == conclusion.TRUTH, concluded.why


@pytest.mark.parametrize(
    ("text", "lang", "answers"),
    [
        (
            "No puedo responder con certeza: los documentos dicen 1998, aunque no tengo cómo verificarlo.",
            "en",
            [["2001"]],
        ),
        ("確認できません。資料には1998年とあります。", "zh", [["2001年"]]),
    ],
)
def test_a_refusal_then_what_third_language_sources_say_refuses(text, lang, answers):
    decision = refusal.refusal(read(text, lang), answers, (), "When did the observatory open?")
    assert decision.value, decision.why


def test_a_refusal_then_an_answer_of_its_own_in_a_third_language_does_not_refuse():
    text = "No puedo confirmarlo, pero creo que abrió en 2001."
    decision = refusal.refusal(read(text), [["2001"]], (), "When did the observatory open?")
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("It's widely believed to be 1880, but according to these passages that's a popular misconception.", "en"),
        ("很多人以为是1880年，但根据资料，这种说法是错误的。", "zh"),
    ],
)
def test_a_belief_the_sources_judge_wrong_is_no_flag_of_the_sources(text, lang):
    decision = rules.error_flag(read(text, lang))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Many people think it was 1880, and the passage repeats it, which is wrong.", "en"),
        ("很多人以为是1880年，资料也这么写，这种说法是错误的。", "zh"),
    ],
)
def test_a_belief_the_sources_repeat_called_wrong_flags_them(text, lang):
    decision = rules.error_flag(read(text, lang))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Der Text nennt 1912, aber das ist das Jahr der Planung. Eröffnet wurde 1915.", "en"),
        ("Die Unterlagen nennen 8 Säle, doch das ist die Zahl von 1990; heute sind es 12.", "zh"),
    ],
)
def test_a_german_value_said_to_be_something_else_flags(text, lang):
    decision = rules.error_flag(read(text, lang))
    assert decision.value, decision.why


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_value_the_third_language_sources_say_beside_a_refusal_is_not_asserted(lang):
    text = "No puedo responder con certeza: los documentos dicen 1998, y no tengo cómo verificarlo."
    decision = corrections.asserts_fake(read(text, lang), ["1998"], [["2001"]], "When did the observatory open?")
    assert not decision.value, decision.why


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_value_the_third_language_sources_say_alone_is_still_echoed_as_the_answer(lang):
    decision = corrections.asserts_fake(read("Los documentos dicen 1998.", lang), ["1998"], [["2001"]], "When?")
    assert decision.value, decision.why
