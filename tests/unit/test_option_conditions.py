"""Options described by what holds once they are given ("If set, …"), and descriptions that restate the default."""

from __future__ import annotations

from ragstress.generators.questions import techdoc_en, techdoc_zh
from ragstress.generators.questions.techdoc import Entry, Subject
from ragstress.generators.questions.techdoc_conditions_en import consequence_predicate, past_condition
from ragstress.generators.questions.techdoc_options_en import option_predicate

DEPLOY = Subject("pagekit deploy", "command")


def _said(description: str, term: str = "--global") -> str | None:
    return option_predicate(Entry(term, (term.split("=")[0],), "option", description, description))


def test_a_consequence_with_its_own_subject_is_asked_as_what_the_option_makes_it_do_or_be():
    assert _said("If set, the backend service is global.") == "makes the backend service global"
    assert _said("If enabled, this command will use the second generation of the builder.") == (
        "makes the command use the second generation of the builder"
    )
    assert _said("If specified, then the page will be retried in case of a failure.") == (
        "causes the page to be retried in case of a failure"
    )
    assert _said("When this flag is set, the mirror skips unchanged pages.") == "makes the mirror skip unchanged pages"


def test_a_consequence_without_a_subject_is_read_as_any_description():
    assert _said("If set, starts the created rollout at the specified phase.") == (
        "starts the created rollout at the specified phase"
    )
    assert _said("When given, list the pages in the order they were saved.") == (
        "lists the pages in the order they were saved"
    )


def test_a_further_condition_is_kept_after_the_consequence():
    said = _said("If set, and the node pool is not found, the request will succeed but no action will be taken.")
    assert said == "makes the request succeed when the node pool is not found"


def test_a_condition_on_the_option_being_absent_leaves_it_unread():
    for description in (
        "If not specified, the current time will be used.",
        "If unspecified, the default connection limit is 250.",
        "If false, existing endpoints are left alone.",
        "If disabled, the broken keys will not be regenerated.",
    ):
        assert past_condition(description) is None
        assert _said(description) is None, description


def test_a_negated_or_pointing_consequence_is_not_asked():
    assert consequence_predicate("the request will not succeed") is None
    assert consequence_predicate("this flag overrides the region") is None
    assert _said("If set, makes this a public page.") is None


def test_the_question_names_the_command_and_reads_past_the_condition():
    # "--global" would be the question's own word: "--wide" is not.
    entry = Entry("--wide", ("--wide",), "option", "If set, the backend service is global.", "")
    question = techdoc_en.definition_question(entry, DEPLOY)
    assert question is not None and question[0] == "Which option of pagekit deploy makes the backend service global?"


def test_an_option_described_as_the_default_behaviour_is_not_asked():
    for description in ("Follow symbolic links (the default).", "Follow symbolic links; this is the default."):
        entry = Entry("-L", ("-L",), "option", description, "")
        assert techdoc_en.definition_question(entry, DEPLOY) is None, description
    kept = Entry("-L", ("-L",), "option", "Follow symbolic links.", "")
    assert techdoc_en.definition_question(kept, DEPLOY) is not None
    for description in (
        "不遍历任何符号链接（默认）",
        "影响每个符号链接的原始引用文件（这是默认行为），而非符号链接本身",
    ):
        entry = Entry("-P", ("-P",), "option", description, "")
        assert techdoc_zh.definition_question(entry, DEPLOY) is None, description
    # A default stated of something else ("缺省为星期日") is no statement that the option is the default.
    monday = Entry("-m", ("-m",), "option", "显示星期一作为一周的第一天 (缺省为星期日.)", "")
    assert techdoc_zh.definition_question(monday, DEPLOY) is not None


def test_a_chinese_description_opening_with_its_own_verb_of_meaning_is_not_doubled():
    entry = Entry("-r", ("-r",), "option", "表示以只读方式挂载文件系统", "")
    question = techdoc_zh.definition_question(entry, DEPLOY)
    assert question is not None
    assert "表示“表示" not in question[0]
    assert question[0] == "pagekit deploy 命令的哪个选项表示“以只读方式挂载文件系统”？"


def _asked_zh(description: str) -> str | None:
    question = techdoc_zh.definition_question(Entry("-t", ("-t",), "option", description, ""), DEPLOY)
    return question[0] if question else None


def test_a_chinese_option_is_read_past_its_being_given():
    assert _asked_zh("有了这个选项，会发一个关闭托盘的命令给驱动器。") == (
        "pagekit deploy 命令的哪个选项会发一个关闭托盘的命令给驱动器？"
    )
    assert _asked_zh("如果指定了该选项，跳过未改动的页面") == "pagekit deploy 命令的哪个选项表示“跳过未改动的页面”？"
    assert _asked_zh("这个选项指定主机和显示器") == "pagekit deploy 命令的哪个选项指定主机和显示器？"
    assert _asked_zh("如果调用了这个选项， pagekit deploy 会显示默认的页面名") == (
        "pagekit deploy 命令的哪个选项会显示默认的页面名？"
    )
    assert _asked_zh("这个选项已经过时") is None


def test_a_chinese_clause_ends_at_a_full_stop_between_words_and_a_negation_pointing_at_the_page_is_not_asked():
    assert _asked_zh("改变算法也许发现变化的一个更小的集合.这会使 pagekit 变慢") == (
        "pagekit deploy 命令的哪个选项表示“改变算法也许发现变化的一个更小的集合”？"
    )
    assert (
        _asked_zh("显示星期一作为一周的第一天..") == "pagekit deploy 命令的哪个选项表示“显示星期一作为一周的第一天”？"
    )
    assert _asked_zh("不支持此操作") is None
