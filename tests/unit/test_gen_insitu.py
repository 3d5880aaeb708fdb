"""In-situ questions from answer spans, English and Chinese, including pronoun subjects."""

from __future__ import annotations

import pytest

from ragstress.generators.questions.insitu import bounded, insitu_question
from ragstress.values.spans import extract_spans


def ask(text: str, answer: str, title: str | None, lang: str) -> str | None:
    span = next(s for s in extract_spans(text, lang) if s.text == answer)
    return insitu_question(span, text, title, lang)


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        # A passive clause: the auxiliary inverts with the subject.
        (
            "The Varna Lighthouse was completed in 1874.",
            "1874",
            "Varna Lighthouse",
            "In what year was the Varna Lighthouse completed?",
        ),
        # A pronoun subject is named by the document's title.
        (
            "The Varna Lighthouse was damaged in a storm. It was reopened in 1921.",
            "1921",
            "Varna Lighthouse",
            "In what year was the Varna Lighthouse reopened?",
        ),
        # "the lighthouse" in its own article is the lighthouse; a phrase opening the sentence moves to the end.
        ("In 1874, the lighthouse guided its first ship into port.", "1874", "Varna Lighthouse", None),
        (
            "In 1874, the lighthouse opened to shipping.",
            "1874",
            "Varna Lighthouse",
            "In what year did the Varna Lighthouse open to shipping?",
        ),
        # No auxiliary: do-support with the verb's base form.
        (
            "In 1962, Orlen Motors bought Falcon Works.",
            "Falcon Works",
            "Orlen Motors",
            "What did Orlen Motors buy in 1962?",
        ),
        # The agent of a passive: the clause is made active.
        (
            "Orlen Motors was founded in Turin by Marco Vell.",
            "Marco Vell",
            "Orlen Motors",
            "Who founded Orlen Motors in Turin?",
        ),
        (
            "Orlen Motors was founded on 3 May 1931 by Marco Vell.",
            "3 May 1931",
            "Orlen Motors",
            "On what date was Orlen Motors founded by Marco Vell?",
        ),
        # The answer as subject: nothing moves.
        (
            "Marco Vell designed the first Orlen engine.",
            "Marco Vell",
            "Orlen Motors",
            "Who designed the first Orlen engine?",
        ),
        # Quantities: a measure adjective, and a counted noun.
        ("The Kessa Canal is 64 kilometres long.", "64 kilometres", "Kessa Canal", "How long is the Kessa Canal?"),
        ("Its main lock is 300 metres long.", "300 metres", "Kessa Canal", "How long is the Kessa Canal's main lock?"),
        (
            "About 4 million tourists visit the canal each year.",
            "4 million",
            "Kessa Canal",
            "How many tourists visit the Kessa Canal each year?",
        ),
        (
            "The canal flows for 3,400 kilometres.",
            "3,400 kilometres",
            "Kessa Canal",
            "For how many kilometres does the Kessa Canal flow?",
        ),
        # A place after "in" is asked with "where".
        ("The Orlen museum is located in Turin.", "Turin", "Orlen Motors", "Where is the Orlen museum located?"),
    ],
)
def test_english_questions_in_question_syntax(text, answer, title, expected):
    assert ask(text, answer, title, "en") == expected


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        ("埃菲尔铁塔于1889年建成。", "1889年", "埃菲尔铁塔", "埃菲尔铁塔是在哪一年建成的？"),
        ("它于1889年建成。", "1889年", "埃菲尔铁塔", "埃菲尔铁塔是在哪一年建成的？"),
        ("该塔用了约250万个铆钉。", "250万个", "埃菲尔铁塔", "埃菲尔铁塔用了多少个铆钉？"),
        ("铁塔于1889年3月31日建成，高约300米。", "1889年3月31日", "埃菲尔铁塔", "埃菲尔铁塔是在哪一天建成的？"),
        ("铁塔建成时高约300米，是当时最高的建筑。", "300米", "埃菲尔铁塔", "埃菲尔铁塔建成时高多少米？"),
        (
            "1889年，法国在巴黎第四次举办世界博览会。",
            "1889年",
            "埃菲尔铁塔",
            "法国在巴黎第四次举办世界博览会是在哪一年？",
        ),
        ("大桥于2018年10月正式通车。", "2018年10月", "港珠澳大桥", "港珠澳大桥是在什么时候正式通车的？"),
    ],
)
def test_chinese_wh_words_in_place(text, answer, title, expected):
    assert ask(text, answer, title, "zh") == expected


@pytest.mark.parametrize(
    ("text", "answer", "lang", "bound"),
    [
        ("The harbour takes more than 40 percent of the catch.", "40 percent", "en", True),
        ("A pool may hold up to 12 MB of cache.", "12 MB", "en", True),
        ("Each batch keeps 20 percent or more for testing.", "20 percent", "en", True),
        ("The harbour takes 40 percent of the catch.", "40 percent", "en", False),
        ("目前社区中已经有超过 50 个渔船模型。", "50 个", "zh", True),
        ("这座灯塔的光可以照到 30 公里以上的海面。", "30 公里", "zh", True),
        ("这座灯塔的光可以照到 30 公里远的海面。", "30 公里", "zh", False),
    ],
)
def test_a_number_the_passage_bounds_is_told_from_a_count(text: str, answer: str, lang: str, bound: bool):
    span = next(s for s in extract_spans(text, lang) if s.text == answer)
    assert bounded(span, text) is bound


def test_a_bounded_count_is_not_asked_and_an_exact_one_is():
    bounded_text = "目前社区中已经有超过 50 个渔船模型。"
    exact = "目前社区中已经有 50 个渔船模型。"
    for text, asked in ((bounded_text, False), (exact, True)):
        span = next(s for s in extract_spans(text, "zh") if s.text == "50 个")
        assert (insitu_question(span, text, None, "zh") is not None) is asked
