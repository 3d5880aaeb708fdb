"""Defaults a guide states in prose, asked as the value of a named option, in English and Chinese."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_defaults import default_questions, headed_default_questions


def _asked(sentence: str, kinds: dict[str, str] | None = None) -> dict[str, list[str]]:
    return {q[0]: q[1] for q in default_questions(sentence, "Kettle", kinds or {})}


def test_a_named_option_defaults_to_a_value():
    assert _asked("config.proxy.hostHeaders defaults to x-forwarded-host.") == {
        "What is the default value of config.proxy.hostHeaders in Kettle?": ["x-forwarded-host"]
    }


def test_an_entry_line_with_its_description():
    assert _asked("brewTimeout - sets how long a brew may take, defaults to 300") == {
        "What is the default value of brewTimeout, which sets how long a brew may take, in Kettle?": ["300"]
    }


def test_a_parameter_of_an_unnamed_call_or_a_plain_word_is_not_asked():
    assert not _asked("options.loginURL - the login address, defaults to /login")
    assert not _asked("size defaults to medium")
    assert _asked("size defaults to medium", {"size": "option"})


def test_chinese_defaults():
    assert default_questions("config.proxy.ipHeaders 的默认配置为 x-forwarded-for", "Kettle", {})[0][:2] == (
        "在 Kettle 中，config.proxy.ipHeaders 的默认值是什么？",
        ["x-forwarded-for"],
    )
    assert default_questions("brewTimeout：冲泡的最长时间，默认为 300", "Kettle", {})[0][:2] == (
        "在 Kettle 中，brewTimeout（冲泡的最长时间）的默认值是什么？",
        ["300"],
    )


def test_a_default_under_a_code_name_heading():
    text = "memberSize\n\nSize of each member. Defaults to medium.\n\nfooter\n\nDefaults to none."
    asked = {q[0]: q[1] for q in headed_default_questions(text, "Kettle", {})}
    assert asked == {"What is the default value of memberSize in Kettle?": ["medium"]}


def test_a_chinese_question_opening_with_a_code_name_keeps_its_spelling():
    from ragstress.core.types import Chunk
    from ragstress.generators.questions import mddocs

    text = "config.protocolHeaders 的默认配置为 x-forwarded-proto。\n"
    chunk = Chunk(id="c", doc_id="d.zh-CN.md", text=text, start=0, end=len(text))
    asked = {q[0]: q[1] for q in mddocs.doc_questions(chunk, "zh", "Kettle", {})}
    assert asked == {"config.protocolHeaders 的默认值是什么？": ["x-forwarded-proto"]}


def test_an_entry_line_whose_description_opens_with_a_capital_verb():
    assert _asked("brewTimeout: Sets how long a brew may take, defaults to 300") == {
        "What is the default value of brewTimeout, which sets how long a brew may take, in Kettle?": ["300"]
    }


def test_a_description_of_what_the_reader_can_do_is_left_out_of_the_question():
    # "Can customize the cache directory" says what the reader does with the entry, not what the entry is.
    ((question, answers, *_),) = default_questions(
        "cacheDirectory: Can customize the cache directory, default is node_modules/.cache/mfsu", "Kettle", {}
    )
    assert question == "What is the default value of cacheDirectory in Kettle?"
    assert answers[0] == "node_modules/.cache/mfsu"
    # A description of what the entry does stays.
    ((question, *_),) = default_questions("mfName: Sets the global variable name, default is mf", "Kettle", {})
    assert question == "What is the default value of mfName, which sets the global variable name, in Kettle?"
    ((question, *_),) = default_questions(
        "cacheDirectory：可以自定义缓存目录，默认为 node_modules/.cache/mfsu", "Kettle", {}
    )
    assert question == "在 Kettle 中，cacheDirectory 的默认值是什么？"
    ((question, *_),) = default_questions("brewTimeout：冲泡的最长时间，默认为 300", "Kettle", {})
    assert question == "在 Kettle 中，brewTimeout（冲泡的最长时间）的默认值是什么？"
