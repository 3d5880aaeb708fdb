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
    text = "Work on the foundations began in January 1871, and the lighthouse was completed in 1874."
    assert ask(text, "1874", "Varna Lighthouse", "en") == ask(text, "1874", "Varna Lighthouse", "en")
    assert ask(text, "1874", "Varna Lighthouse", "en") == "In what year was the Varna Lighthouse completed?"


@pytest.mark.parametrize(
    "text",
    [
        "Germany was reunified on 3 October 1990, less than a year later.",  # a time told relative to the passage
        "The upper gallery was reopened in June 1998.",  # a part only the passage explains ("the upper gallery")
        "Repairs took a decade. It was relit in 1921.",  # "it" after a sentence about something else
        "The tower was finished, and it was relit in 1921.",  # "it" pointing inside its own sentence
        "Satya Vell took over in 2014.",  # over what: only a particle after the verb
        "The Winter Games were added in 1924.",  # added to what: a passive with nothing after it
        "In 1881 Orlen Motors began work.",  # work on what: a bare object
        "Orlen, a maker of engines, sold the plant, and the workers left in 1975.",  # a clause in pieces
        "Orlen Motors is a Turin carmaker founded by Marco Vell.",  # a definition: many right answers
        "The canal is 64 kilometres long, the longest in the region.",  # a measure with more said after it
        "The gallery closed in 1990 and in 1998.",  # one item of a list
    ],
)
def test_sentences_a_fluent_writer_would_not_ask_from_are_not_asked(text):
    for span in extract_spans(text, "en"):
        question = insitu_question(span, text, "Kessa Canal", "en")
        assert question is None or span.kind == "name", question


@pytest.mark.parametrize(
    "text",
    [
        "They located the wreck in 1985 with a team of divers.",
        "The river flows south. From there it flows for 3,000 kilometres.",
    ],
)
def test_a_question_pointing_back_to_unnamed_things_is_dropped(text):
    span = next(s for s in extract_spans(text, "en") if s.kind in ("year", "number"))
    assert insitu_question(span, text, "Titanic", "en") is None


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("他在1972年获得了该奖项。", "1972年"),  # a person named only by a pronoun
        ("青石桥共有3座主拱、5座副拱和7座小拱。", "7座"),  # the last item of a list
        ("根据1998年公布的测量结果，青石桥全长300米。", "1998年"),  # a setting: the fact comes after it
        ("青石镇建于明朝天启二年（1622年），至今保存完好。", "1622年"),  # the asked value restated in an aside
        ("1950年，青石镇的十二名工匠，在镇东修建了石桥。", "1950年"),  # the clause's verb lies beyond the comma
    ],
)
def test_chinese_sentences_that_make_no_standalone_question_are_not_asked(text, answer):
    assert ask(text, answer, "青石桥", "zh") is None


def test_a_chinese_clause_stating_an_event_after_its_year_is_asked():
    text = "1950年，青石镇在镇东修建了石桥，次年完工。"
    span = next(s for s in extract_spans(text, "zh") if s.text == "1950年")
    assert insitu_question(span, text, "青石桥", "zh") == "青石镇在镇东修建石桥是在哪一年？"


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        # The question word buried in a modifier.
        ("青石桥位于青石镇东南25公里的石门山脚下。", "25公里"),
        # A whole sentence of modifiers copied around the question word.
        (
            "毕业于青石师范学院、曾在省城机械研究所从事桥梁设计多年的工程师王青山在镇东主持修建了青石桥的新桥于1995年。",
            "1995年",
        ),
    ],
)
def test_chinese_questions_that_copy_their_sentence_whole_are_not_asked(text, answer):
    assert ask(text, answer, "青石桥", "zh") is None


def test_an_english_figure_given_as_a_bound_is_not_asked():
    text = "At least 140 people were killed at the Kessa Canal locks."
    span = next(s for s in extract_spans(text, "en") if s.kind == "number")
    assert insitu_question(span, text, "Kessa Canal", "en") is None


def test_a_subject_wholly_in_parentheses_is_not_asked_and_does_not_fail():
    text = "(It) was released in 1999."
    span = next(s for s in extract_spans(text, "en") if s.kind == "year")
    assert insitu_question(span, text, "GNU tar", "en") is None


def test_a_shell_prompt_line_or_a_placeholder_answer_is_never_asked():
    from ragstress.values.spans import FactSpan

    title = "gcloud container fleet memberships delete"
    example = f"EXAMPLES\n       To unregister a membership, run:\n\n           $ {title} MEMBERSHIP_NAME\n"
    assert ask(example, "MEMBERSHIP_NAME", title, "en") is None
    # A prompt line's answer is not asked even when it is no placeholder.
    span = FactSpan(text="Varna", kind="name", start=0, end=5)
    assert insitu_question(span, "Run:\n   $ pagekit fetch Varna now\n", title, "en") is None
    # The same kind of fact stated in prose is asked.
    assert ask("The Varna Lighthouse was completed in 1874.", "1874", "Varna Lighthouse", "en") is not None


@pytest.mark.parametrize(
    ("text", "answer", "lang", "bound"),
    [
        ("The harbour takes more than 40 percent of the catch.", "40 percent", "en", True),
        ("A pool may hold up to 12 MB of cache.", "12 MB", "en", True),
        ("Each batch keeps 20 percent or more for testing.", "20 percent", "en", True),
        ("The harbour takes 40 percent of the catch.", "40 percent", "en", False),
        ("目前社区中已经有超过 50 个渔船模型。", "50 个", "zh", True),
        # A bound the Chinese question keeps (不超过多少米, 多少公里以上) does not stop it.
        ("这座灯塔的光可以照到 30 公里以上的海面。", "30 公里", "zh", False),
        ("这座大桥的桥墩间距不超过 30 米。", "30 米", "zh", False),
    ],
)
def test_a_number_the_passage_bounds_is_told_from_a_count(text: str, answer: str, lang: str, bound: bool):
    span = next(s for s in extract_spans(text, lang) if s.text == answer)
    assert bounded(span, text, lang) is bound


def test_a_bounded_count_is_not_asked_and_an_exact_one_is():
    bounded_text = "目前社区中已经有超过 50 个渔船模型。"
    exact = "目前社区中已经有 50 个渔船模型。"
    for text, asked in ((bounded_text, False), (exact, True)):
        span = next(s for s in extract_spans(text, "zh") if s.text == "50 个")
        assert (insitu_question(span, text, None, "zh") is not None) is asked


def test_a_chinese_sentence_on_a_page_read_as_mixed_is_not_asked_in_english():
    # A Chinese guide dense with code names is read as "mixed"; its Chinese sentences get no English frame.
    from ragstress.values.spans import FactSpan

    text = "关于 req 和 res 的 API 可参考 Fastify 文档。"  # once asked as "What does 关于 req 和 re 可参考 …?"
    at = text.index("API")
    span = FactSpan("API", "name", at, at + 3)
    assert insitu_question(span, text, "Mock", "mixed") is None
