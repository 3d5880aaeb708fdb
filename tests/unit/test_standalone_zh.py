"""Chinese questions that stand alone: parts with their whole, no passage-relative words, one occasion."""

from __future__ import annotations

import pytest

from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.standalone_zh import standalone_question
from ragstress.values.spans import extract_spans


def ask(text: str, answer: str, title: str | None) -> str | None:
    span = next(s for s in extract_spans(text, "zh") if s.text == answer)
    return insitu_question(span, text, title, "zh")


@pytest.mark.parametrize(
    ("question", "title", "expected"),
    [
        # A part of a route or structure takes the whole the document is about.
        ("全线最长隧道长多少米", "滇南铁路", "滇南铁路全线最长隧道长多少米"),
        ("昆明至河口段长多少公里", "滇南铁路", "滇南铁路昆明至河口段长多少公里"),
        ("塔顶观景台高多少米", "白鹭塔", "白鹭塔塔顶观景台高多少米"),
        # Already named: left as it is.
        ("滇南铁路全线最长隧道长多少米", "滇南铁路", "滇南铁路全线最长隧道长多少米"),
        # With no document title the whole is unknown.
        ("昆明至河口段长多少公里", None, None),
    ],
)
def test_a_part_is_named_with_its_whole(question, title, expected):
    assert standalone_question(question, title) == expected


@pytest.mark.parametrize(
    "question",
    [
        "新一轮河道普查是在哪一年开始的",  # new relative to the one the passage told of before
        "新馆是在哪一年落成的",  # the new hall beside an old one: new only inside the passage
        "上一届博览会是在哪一年举办的",
    ],
)
def test_references_relative_to_the_passage_are_not_asked(question):
    assert standalone_question(question, "云岭博物馆") is None


def test_a_named_new_state_is_a_name_not_a_relative_reference():
    question = "新加坡是在哪一年独立的"
    assert standalone_question(question, "新加坡") == question


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # Adverbs that lean on the sentence before go.
        ("青川公司也在哪一年迁往成都", "青川公司在哪一年迁往成都"),
        ("青川公司随后在哪一年迁往成都", "青川公司在哪一年迁往成都"),
        # "Again" with an ordinal: the ordinal says which time, the adverb goes.
        ("青川公司是在哪一年又在深圳证券交易所第二次上市的", "青川公司是在哪一年在深圳证券交易所第二次上市的"),
        # "Again" with nothing to say which time: not asked.
        ("青川公司是在哪一年又在深圳证券交易所上市的", None),
    ],
)
def test_linking_adverbs_and_again(question, expected):
    assert standalone_question(question, "青川公司") == expected


@pytest.mark.parametrize(
    ("question", "expected_kept"),
    [
        ("李明远在滇池畅游是在哪一年", False),  # a swim is done again and again
        ("山城市在体育馆举办全国运动会是在哪一年", False),
        ("青川足球队是在哪一年夺得联赛冠军的", False),
        ("青川足球队是在哪一年首次夺得联赛冠军的", True),  # the qualifier says which time
        ("山城市是在哪一年举办第十届全国运动会的", True),  # an ordinal names the one
        ("青川公司是在哪一年成立的", True),  # founded once
        ("世界卫生组织是在哪一年成立的", True),  # 组织 inside a name is no activity
    ],
)
def test_recurring_events_need_a_qualifier(question, expected_kept):
    kept = standalone_question(question, "青川公司") is not None
    assert kept == expected_kept


def test_a_time_asked_of_an_instrument_rather_than_the_topic_is_not_asked():
    # The launcher type flew many times; the mission the document is about flew once.
    question = "长风二号运载火箭是在哪一天从南海发射场发射升空的"
    assert standalone_question(question, "远航一号任务") is None
    assert standalone_question("远航一号任务是在哪一天发射升空的", "远航一号任务") is not None


def test_a_named_agent_may_act_in_a_document_on_something_else():
    assert standalone_question("中老两国政府是在哪一天在北京签署合作协议的", "澜湄铁路") is not None
    assert standalone_question("云南省政府是在哪一年批准修建铁路的", "澜湄铁路") is not None


def test_a_topic_frame_before_a_copied_clause_is_not_asked():
    # 关于X， would stand before a whole clause with a modifier: a person asks the short event instead.
    question = "由陈光带领的设计团队推出手机游戏“飞鸟”是在什么时候"
    assert standalone_question(question, "云帆科技") is None


def test_in_situ_questions_pass_through_the_reading():
    text = "白马铁路东起甲城，西至乙城。其中丙城至丁城段长320公里。"
    assert ask(text, "320公里", "白马铁路") == "白马铁路丙城至丁城段长多少公里？"
    assert ask("2015年，青川公司又在深圳证券交易所上市。", "2015年", "青川公司") is None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("位于6层的观景台距离海面多少米", "海鸥号位于6层的观景台距离海面多少米"),
        ("船上共有乘客多少人", "海鸥号船上共有乘客多少人"),
        # An agent of its own: the topic is not its subject.
        ("由陈光带领的团队共有多少人", "由陈光带领的团队共有多少人"),
    ],
)
def test_a_clause_that_left_its_topic_out_takes_it_as_subject(question, expected):
    assert standalone_question(question, "海鸥号") == expected


def test_a_time_question_restating_another_figure_is_not_asked():
    assert standalone_question("王立与两位同学是在哪一年凑了5万元创业资金的", "青川公司") is None
    assert standalone_question("青川公司是在哪一年举办第3届博览会的", "青川公司") is not None


def test_a_fact_of_an_event_is_asked_as_happening_at_it():
    question = "日本选手田中一人获得多少枚金牌"
    assert standalone_question(question, "青川运动会") == f"在青川运动会上，{question}"
    # A comparison with a thing the passage named before does not stand alone.
    assert standalone_question("水库下游多少公里处是较早建成的青川电站", "青川水库") is None


def test_a_bound_before_the_figure_is_kept_while_a_hedge_goes():
    assert ask("青川大桥的桥墩间距不超过30米。", "30米", "青川大桥") == "青川大桥的桥墩间距不超过多少米？"
    assert ask("青川系统支持最近3个版本的浏览器。", "3个", "青川系统") == "青川系统支持最近多少个版本的浏览器？"
    assert ask("青川大桥全长约800米。", "800米", "青川大桥") == "青川大桥全长多少米？"
