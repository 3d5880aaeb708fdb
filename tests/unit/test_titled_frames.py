"""A question framed on a page's title asks for its answer's kind in the product, or is not asked."""

from __future__ import annotations

from ragstress.generators.questions.titled_frames import asked_by_kind


def test_an_answer_naming_its_kind_is_asked_for_that_kind():
    question = "在 Kettle 的“命令行工具”文档中，用于查看壶的当前温度的是什么？"
    assert asked_by_kind(question, ["kettle status 命令"], {}) == "在 Kettle 中，哪个命令用于查看壶的当前温度？"
    question = "In Kettle's CLI guide, what shows the pot's temperature?"
    assert asked_by_kind(question, ["the status command"], {}) == "Which command shows the pot's temperature in Kettle?"


def test_a_code_name_is_asked_for_the_kind_the_corpus_documents():
    question = "在 Kettle 的“配置”文档中，用于设置壶的容量的是什么？"
    assert asked_by_kind(question, ["pot.size"], {"pot.size": "option"}) == "在 Kettle 中，哪个选项用于设置壶的容量？"


def test_an_answer_of_no_kind_is_not_asked():
    question = "在 Kettle 的“冲泡”文档中，用于声明目标温度和时长的是什么？"
    assert asked_by_kind(question, ["对象类型"], {}) is None
    assert asked_by_kind("In Kettle's Tasting guide, what checks one cup alone?", ["unit tasting"], {}) is None


def test_a_question_not_framed_on_a_title_is_left_alone():
    question = "在 Kettle 中，哪个选项用于设置壶的容量？"
    assert asked_by_kind(question, ["pot.size"], {}) == question
