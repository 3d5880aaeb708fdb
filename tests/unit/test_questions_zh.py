"""Chinese questions rebuilt from the parse: 是……的 for past times, leading clauses, subjects named."""

from __future__ import annotations

import builtins

import pytest

from ragstress.generators.questions import chinese_parse
from ragstress.generators.questions.clause_zh import subject_text, without_aspect
from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.questions_zh import with_full_name
from ragstress.generators.questions.topics import with_topic
from ragstress.values.spans import extract_spans


def ask(text: str, answer: str, title: str | None) -> str | None:
    span = next(s for s in extract_spans(text, "zh") if s.text == answer)
    return insitu_question(span, text, title, "zh")


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        # The aspect particle goes once the question asks when; 是……的 marks the past event.
        ("中国女排在1981年首次获得了世界杯冠军。", "1981年", "中国女排", "中国女排是在哪一年首次获得世界杯冠军的？"),
        ("1999年2月，腾讯推出了即时通信软件OICQ。", "1999年2月", "腾讯", "腾讯是在什么时候推出即时通信软件OICQ的？"),
        # A linking clause before the asked one is dropped.
        (
            "进入新世纪，中国女排在2003年第六次获得了世界杯冠军。",
            "2003年",
            "中国女排",
            "中国女排是在哪一年第六次获得世界杯冠军的？",
        ),
        ("其中，丹阳至昆山特大桥全长约164.85公里。", "164.85公里", "京沪高速铁路", "丹阳至昆山特大桥全长多少公里？"),
        # The last of a long run of clauses, given the sentence's subject.
        (
            "京杭大运河北起北京，南到浙江杭州，全长约1794公里，是世界上最早的人工运河之一。",
            "1794公里",
            "京杭大运河",
            "京杭大运河全长多少公里？",
        ),
        # A subject opening with the title lends the title, not its part (外形).
        (
            "东方红一号外形近似球体，是一个七十二面体，质量为173公斤。",
            "173公斤",
            "东方红一号",
            "东方红一号质量为多少公斤？",
        ),
        # A modifier clause before a person's name goes: the name says who.
        (
            "1969年，在中医研究院工作的屠呦呦被任命为课题组组长。",
            "1969年",
            "青蒿素",
            "屠呦呦是在哪一年被任命为课题组组长的？",
        ),
        # A clause with no subject takes the one of the clause before it.
        (
            "埃菲尔铁塔由一万八千多个构件组装而成，用了约250万个铆钉。",
            "250万个",
            "埃菲尔铁塔",
            "埃菲尔铁塔用了多少个铆钉？",
        ),
        # A future keeps its question word in place.
        ("青石桥将于2030年重新开放。", "2030年", "青石桥", "青石桥将于哪一年重新开放？"),
        # A clause's own subject that only the passage explains is given the subject of the clause before.
        ("三峡大坝是混凝土重力坝，坝顶高程185米。", "185米", "三峡大坝", "三峡大坝坝顶高程多少米？"),
        # A date asked without a preposition still takes 是在……的.
        ("贝尔1847年出生于苏格兰的爱丁堡。", "1847年", "电话", "贝尔是在哪一年出生于苏格兰的爱丁堡的？"),
    ],
)
def test_chinese_questions_are_rebuilt_from_the_parse(text, answer, title, expected):
    assert ask(text, answer, title) == expected


def test_a_time_that_names_which_thing_is_not_asked():
    # 哪一年雅典奥运会冠军: the question word dropped into a noun phrase.
    assert ask("中国女排在陈忠和的带领下获得2004年雅典奥运会冠军。", "2004年", "中国女排") is None


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("这届奥运会上，中国代表团一共获得了15枚金牌。", "15枚"),  # which games: only the passage says
        ("塔身主体高454米，上面的天线桅杆高146米。", "146米"),  # above what: the passage's layout
        ("位于约350米高处的太空舱是塔上最高的观光层。", "350米"),  # the figure describes another statement's subject
    ],
)
def test_clauses_that_lean_on_the_passage_are_not_asked(text, answer):
    assert ask(text, answer, "广州塔") is None


def test_aspect_particles_go_but_words_holding_the_character_stay():
    assert without_aspect("获得了世界杯冠军") == "获得世界杯冠军"
    assert without_aspect("为了了解情况") == "为了了解情况"


def test_the_subject_of_a_clause_is_its_leading_noun_phrase():
    assert subject_text("弗莱明、弗洛里和钱恩共同获得诺贝尔奖") == "弗莱明、弗洛里和钱恩"
    assert subject_text("在哪一年获得冠军") == ""
    # An ordinal cut from its measure word (第23|届) is no subject: the question word is never put inside it.
    assert subject_text("第23届奥运会于1984年在美国洛杉矶举行") == ""


@pytest.mark.parametrize(
    ("question", "title", "expected"),
    [
        # A subject that names itself needs no frame, nor does the title's short form.
        ("屠呦呦是在哪一年获得拉斯克临床医学奖的？", "青蒿素", "屠呦呦是在哪一年获得拉斯克临床医学奖的？"),
        ("京沪高铁全线是在哪一天开工建设的？", "京沪高速铁路", "京沪高铁全线是在哪一天开工建设的？"),
        # A subject only the passage explains is named as its topic's part.
        ("塔身主体高多少米？", "广州塔", "广州塔的塔身主体高多少米？"),
        # A transliterated name written in full names its person.
        ("托马斯·埃德温·莫顿是在哪一年生于约克郡的？", "织机", "托马斯·埃德温·莫顿是在哪一年生于约克郡的？"),
        # An ordinal names its event itself.
        ("第9届运动会在青石镇举行是在哪一年？", "李明", "第9届运动会在青石镇举行是在哪一年？"),
    ],
)
def test_the_topic_frame_opens_only_questions_that_need_it(question, title, expected):
    assert with_topic(question, title, title) == expected


def test_a_missing_parser_is_an_error_that_names_the_packages(monkeypatch):
    real_import = builtins.__import__

    def without_udpipe(name, *args, **kwargs):
        if name.startswith("ufal"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    chinese_parse._tools.cache_clear()
    chinese_parse.parse.cache_clear()
    monkeypatch.setattr(builtins, "__import__", without_udpipe)
    try:
        with pytest.raises(chinese_parse.ChineseParserMissing, match="ufal.udpipe"):
            chinese_parse.parse("埃菲尔铁塔于1889年建成。")
    finally:
        monkeypatch.undo()
        chinese_parse._tools.cache_clear()


def test_a_leading_setting_stays_with_its_clause():
    # The setting bounds the fact (after the founding, not ever): the sentence is asked as it stands.
    text = "新中国成立后，上海于1953年开始工业化生产青霉素。"
    assert ask(text, "1953年", "青霉素") == "新中国成立后，上海于哪一年开始工业化生产青霉素？"


def test_the_upper_end_of_a_spaced_range_is_not_asked():
    assert ask("在基准测试中，它比 Rollup 快 10-30 倍。", "30 倍", "Vite") is None


def test_a_surname_subject_is_named_in_full_as_its_document_writes_it():
    document = "这种织机由托马斯·埃德温·莫顿设计。莫顿1801年生于约克郡。1830年莫顿纺织厂开工。"
    assert with_full_name("莫顿是在哪一年生于约克郡的？", document) == "托马斯·埃德温·莫顿是在哪一年生于约克郡的？"
    # A name that only begins with the surname is a name of its own.
    assert with_full_name("莫顿纺织厂是在哪一年开工的？", document) == "莫顿纺织厂是在哪一年开工的？"
    assert with_full_name("莫顿是在哪一年生于约克郡的？", "莫顿1801年生于约克郡。") == "莫顿是在哪一年生于约克郡的？"


def test_a_then_that_points_past_the_figure_beside_it_is_not_asked():
    text = "林海出生于1950年，当时年仅27岁，原是一名登山向导。"
    spans = [s for s in extract_spans(text, "zh") if s.text.startswith("27")]
    assert spans and insitu_question(spans[0], text, "林海", "zh") is None
