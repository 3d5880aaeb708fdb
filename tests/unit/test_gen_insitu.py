"""In-situ questions from answer spans, English and Chinese, including pronoun subjects."""

from __future__ import annotations

import pytest

from ragstress.generators.insitu import insitu_question
from ragstress.generators.spans import extract_spans


def ask(text: str, answer: str, title: str | None, lang: str) -> str | None:
    span = next(s for s in extract_spans(text, lang) if s.text == answer)
    return insitu_question(span, text, title, lang)


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        (
            "The Eiffel Tower was completed in 1889.",
            "1889",
            "Eiffel Tower",
            "In what year was the Eiffel Tower completed?",
        ),
        (
            "Work began early. It was completed in 1889.",
            "1889",
            "Eiffel Tower",
            "In what year was the Eiffel Tower completed?",
        ),
        (
            "The tower was completed in 1889 after two years of work.",
            "1889",
            "Eiffel Tower",
            "The Eiffel Tower was completed in what year after two years of work?",
        ),
        (
            "In 1889, the tower opened to the public.",
            "1889",
            "Eiffel Tower",
            "The Eiffel Tower opened to the public in what year?",
        ),
        (
            "The tower is held together by roughly 2,500,000 rivets.",
            "2,500,000 rivets",
            "Eiffel Tower",
            "The Eiffel Tower is held together by how many rivets?",
        ),
        (
            "Apple Inc. was founded on 1 April 1976 by Steve Jobs.",
            "Steve Jobs",
            "Apple Inc.",
            "Apple Inc. was founded on 1 April 1976 by whom?",
        ),
        (
            "Apple Inc. was founded on 1 April 1976 by Steve Jobs.",
            "1 April 1976",
            "Apple Inc.",
            "Apple Inc. was founded on what date by Steve Jobs?",
        ),
        ("He was born in Dijon in 1832.", "1832", "Gustave Eiffel", "In what year was Gustave Eiffel born in Dijon?"),
        (
            "Its main span is 1,280 metres long.",
            "1,280 metres",
            "Golden Gate Bridge",
            "The Golden Gate Bridge's main span is how many metres long?",
        ),
    ],
)
def test_english_questions_in_place_and_fronted(text, answer, title, expected):
    assert ask(text, answer, title, "en") == expected


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        ("埃菲尔铁塔于1889年建成。", "1889年", "埃菲尔铁塔", "埃菲尔铁塔于哪一年建成？"),
        ("它于1889年建成。", "1889年", "埃菲尔铁塔", "埃菲尔铁塔于哪一年建成？"),
        ("该塔用了约250万个铆钉。", "250万个", "埃菲尔铁塔", "埃菲尔铁塔用了多少个铆钉？"),
        ("铁塔于1889年3月31日建成，高约300米。", "1889年3月31日", "埃菲尔铁塔", "埃菲尔铁塔于哪一天建成？"),
        ("铁塔建成时高约300米，是当时最高的建筑。", "300米", "埃菲尔铁塔", "埃菲尔铁塔建成时高多少米？"),
        ("1889年，法国在巴黎举办世界博览会。", "1889年", "埃菲尔铁塔", "法国在巴黎举办世界博览会是在哪一年？"),
        ("大桥于2018年10月正式通车。", "2018年10月", "港珠澳大桥", "港珠澳大桥于什么时候正式通车？"),
    ],
)
def test_chinese_wh_words_in_place(text, answer, title, expected):
    assert ask(text, answer, title, "zh") == expected


@pytest.mark.parametrize(
    ("text", "answer", "lang"),
    [("Work began early. It was completed in 1889.", "1889", "en"), ("它于1889年建成。", "1889年", "zh")],
)
def test_a_pronoun_subject_without_a_title_drops_the_sentence(text, answer, lang):
    assert ask(text, answer, None, lang) is None


@pytest.mark.parametrize(
    ("text", "answer", "lang"),
    [
        ("The explorer travelled down the river in 1541 and 1542.", "1541", "en"),  # one end of a list
        ("Apollo 11 lifted off on 16 July 1969 from Florida.", "1969", "en"),  # the year of a date
        ("中国代表团共获得9枚金牌、4枚银牌和2枚铜牌。", "4枚", "zh"),  # one item of a list
        ("2008年北京奥运会是第29届夏季奥运会。", "2008年", "zh"),  # a year used as a modifier
    ],
)
def test_shapes_that_make_broken_questions_are_dropped(text, answer, lang):
    assert ask(text, answer, "Topic", lang) is None


def test_the_same_input_gives_the_same_question():
    text = "Work on the foundations began in January 1887, and the tower was completed in 1889."
    assert ask(text, "1889", "Eiffel Tower", "en") == ask(text, "1889", "Eiffel Tower", "en")
    assert ask(text, "1889", "Eiffel Tower", "en") == "In what year was the Eiffel Tower completed?"


@pytest.mark.parametrize(
    "text",
    [
        "The wreck was located in 1985 by a team of divers.",
        "Mississippi River flows south. From there it flows for 3,000 kilometres.",
    ],
)
def test_a_question_pointing_back_to_unnamed_things_is_dropped(text):
    span = next(s for s in extract_spans(text, "en") if s.kind in ("year", "number"))
    assert insitu_question(span, text, "Titanic", "en") is None
