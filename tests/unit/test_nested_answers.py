"""Answers named only inside their owner: a nested option's full path, a bare word, a placeholder."""

from __future__ import annotations

from ragstress.generators.questions.nested_answers import nested_key, with_full_path

PAGE = "Options\n\nretain\n\n- Type: boolean\n\nWhether old brews are kept.\n"
TYPED = "```ts\ntype Steep = {\n  enabled?: boolean;\n  minutes: number;\n};\n```\n"


def test_a_sub_option_on_a_dotted_page_is_answered_by_its_full_path():
    assert with_full_path(["retain"], "option", "kettle.history", PAGE) == ["kettle.history.retain", "retain"]
    assert with_full_path(["enabled"], "property", "brew.steep", TYPED) == ["brew.steep.enabled", "enabled"]
    assert with_full_path(["minutes"], "option", "brew.steep", TYPED)[0] == "brew.steep.minutes"


def test_a_name_the_chunk_does_not_show_as_a_key_keeps_its_answer():
    prose = "Call appendPlugins to add a plugin after the built-in ones."
    assert with_full_path(["appendPlugins"], "function", "tools.bundler", prose) == ["appendPlugins"]
    # A helper headed on the page of an option's function form is a function, not a key of the option.
    helper = "appendPlugins\n\n- Type: (plugins) => void\n\nAdds plugins after the built-in ones.\n"
    assert with_full_path(["appendPlugins"], "function", "tools.bundler", helper) == ["appendPlugins"]
    # The page's own last part is the page, not a key of it; an undotted title gives no path.
    assert with_full_path(["history"], "option", "kettle.history", "history\n") == ["history"]
    assert with_full_path(["retain"], "option", "History", PAGE) == ["retain"]


def test_a_plain_word_asked_as_a_function_is_not_asked():
    text = "A callback function that runs before each brew."
    assert with_full_path(["callback"], "function", "Brew hooks", text) is None
    assert with_full_path(["callback"], "hook", None, text) is None
    # A parameter may be a plain word; a function named in code is kept.
    assert with_full_path(["timeout"], "parameter", None, text) == ["timeout"]
    assert with_full_path(["startBrew"], "function", None, text) == ["startBrew"]


def test_an_answer_holding_a_placeholder_is_not_asked():
    assert with_full_path(["RULE.[NAME]"], "name", None, "") is None
    assert with_full_path(["kettle-<version>.tar"], "file", None, "") is None
    assert with_full_path(["kettle.{region}.example"], "name", None, "") is None
    assert with_full_path(["RULE.NAME"], "name", None, "") == ["RULE.NAME"]


def test_a_key_is_a_heading_line_or_an_object_key():
    assert nested_key("retain", PAGE) and nested_key("enabled", TYPED)
    assert not nested_key("retain", "Set retain to keep old brews.")
