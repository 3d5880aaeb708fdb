"""A component library's pages: the title as subject, API sections by kind, their rows asked by what they state."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import corpus_names
from ragstress.generators.questions.mddocs_api_rows import css_variable_question, event_question, method_question
from ragstress.generators.questions.mddocs_components import (
    component_names,
    component_title,
    is_release_note,
    telling_default,
)
from ragstress.generators.questions.mddocs_tables import TableReading

_PAGE_EN = (
    "Teapot\n\nIntro\n\nTeapot component pours tea into cups.\n\n"
    "```js\nimport { Teapot } from 'kettle-ui';\napp.use(Teapot);\n```\n\n"
    "API\n\nProps\n\n"
    "| Attribute | Description | Type | Default |\n| --- | --- | --- | --- |\n"
    "| spout-angle | Angle of the spout when pouring | _number \\| string_ | `35deg` |\n"
    "| lid | Whether to show the lid | _boolean_ | `true` |\n"
    "| pour-text | Pour button text | _string_ | `Pour` |\n\n"
    "Events\n\n"
    "| Event | Description | Arguments |\n| --- | --- | --- |\n"
    "| overflow | Emitted when the cup is full, before the tea spills | _cup: Cup_ |\n"
    "| ready | Fired after the pot is refilled | - |\n\n"
    "Methods\n\n"
    "| Name | Description | Attribute | Return value |\n| --- | --- | --- | --- |\n"
    "| warmUp | Warm the pot before brewing | - | - |\n\n"
    "CSS Variables\n\n"
    "| Name | Default Value | Description |\n| --- | --- | --- |\n"
    "| --kt-teapot-height | _120px_ | - |\n"
    "| --kt-teapot-color | _var(--kt-brown)_ | - |\n"
)

_PAGE_ZH = (
    "Teapot 茶壶\n\n介绍\n\n用于倒茶的组件，支持多种壶嘴角度，可以在杯子装满时停止倒茶。\n\n"
    "```js\nimport { Teapot } from 'kettle-ui';\n```\n\n"
    "Events\n\n"
    "| 事件名 | 说明 | 回调参数 |\n| --- | --- | --- |\n"
    "| overflow | 杯子装满时触发 | _cup: Cup_ |\n\n"
    "方法\n\n"
    "| 方法名 | 说明 | 参数 | 返回值 |\n| --- | --- | --- | --- |\n"
    "| warmUp | 预热茶壶 | - | - |\n\n"
    "样式变量\n\n"
    "| 名称 | 默认值 | 描述 |\n| --- | --- | --- |\n"
    "| --kt-teapot-height | _120px_ | - |\n"
)


def _chunk(text: str, doc: str) -> Chunk:
    return Chunk(id=f"{doc}#0", doc_id=doc, text=text, start=0, end=len(text))


def _asked(text: str, doc: str) -> dict[str, list[str]]:
    chunks = [_chunk(text, doc)]
    reading = TableReading(chunks, {doc: text.split("\n", 1)[0]})
    return {q[0]: q[1] for c in chunks for q in reading.questions(c, None)}


def test_a_component_page_asks_its_rows_of_the_component_its_title_names():
    asked = _asked(_PAGE_EN, "teapot/README.md")
    assert asked["What is the default value of spout-angle for the Teapot component?"][0] == "35deg"
    assert asked["Which event does the Teapot component emit when the cup is full?"] == ["overflow"]
    assert asked["Which event does the Teapot component emit after the pot is refilled?"] == ["ready"]
    assert asked["Which method of the Teapot component warms the pot before brewing?"][0] == "warmUp"
    assert asked["What is the default value of the --kt-teapot-height CSS variable of the Teapot component?"] == [
        "120px"
    ]
    # A flag's true, a button text its name spells and a variable's default that is another variable say nothing.
    assert not any("of lid " in q or "pour-text" in q or "--kt-teapot-color" in q for q in asked)


def test_a_chinese_component_page_asks_events_methods_and_style_variables():
    asked = _asked(_PAGE_ZH, "teapot/README.zh-CN.md")
    assert asked["Teapot 组件在杯子装满时触发哪个事件？"] == ["overflow"]
    assert asked["调用 Teapot 组件的哪个方法可以预热茶壶？"][0] == "warmUp"
    assert asked["Teapot 组件的样式变量 --kt-teapot-height 的默认值是什么？"] == ["120px"]


def test_a_title_is_a_component_only_when_the_page_uses_it_as_one():
    assert component_title("Teapot", [_chunk(_PAGE_EN, "a.md")]) == "Teapot"
    assert component_title("Teapot 茶壶", [_chunk(_PAGE_ZH, "b.md")]) == "Teapot"
    assert component_title("Theming", [_chunk("Theming\n\nColors are set with variables.", "c.md")]) == ""
    assert component_title("Props", [_chunk("Props\n\n```js\nimport { Props } from 'x';\n```", "d.md")]) == ""


def test_rows_of_one_kind_are_not_asked_when_their_description_does_not_say_it():
    assert event_question("spill", "The spilled amount", "the Teapot component", False) is None
    assert event_question("spill", "它被触发", "Teapot 组件", True) is None
    assert method_question("size", "Size of the pot", "the Teapot component", False) is None
    assert css_variable_question("--kt-gap", "_var(--kt-padding)_", "the Teapot component", False) is None
    assert css_variable_question("gap", "_8px_", "the Teapot component", False) is None


def test_guessed_defaults_and_release_notes():
    assert not telling_default("lid", "`false`")
    assert not telling_default("cancel-text", "`Cancel`")
    assert not telling_default("theme", "`default`")
    assert telling_default("spout-angle", "`35deg`")
    assert telling_default("confirm-text", "`Pour now`")
    assert is_release_note("Teapot: fix the lid animation #10231")
    assert is_release_note("fix spout angle (https://github.com/kettle/ui/pull/88)")
    assert not is_release_note("Warm the pot before brewing")


def test_a_component_named_on_every_page_and_a_title_cased_link_are_not_the_product():
    pages = [
        _chunk(
            f"Page {n}\n\nThe teapot pours, see the Theme component. Refer to Component Registration for more.",
            f"{n}.md",
        )
        for n in range(4)
    ]
    assert component_names(pages) == {"Theme"}
    assert corpus_names.product_name(pages) is None


def test_a_changelog_entry_is_not_asked_as_what_its_class_does():
    from ragstress.generators.questions.mddocs_code import CodeName
    from ragstress.generators.questions.mddocs_entry_lines import entry_line_question

    name = CodeName(0, 6, "Teapot", "class", False)
    assert entry_line_question("Teapot: warm the lid before pouring #10231", name, "Kettle") is None
    assert entry_line_question("Teapot: warm the lid before pouring", name, "Kettle") is not None


def test_a_value_table_outside_the_api_sections_is_not_asked_as_parameters():
    page = (
        _PAGE_EN + "\nPour Modes\n\n| Name | Description |\n| --- | --- |\n| gentle | Pours slowly along the side |\n"
    )
    asked = _asked(page, "teapot/README.md")
    assert not any(answers[0] == "gentle" for answers in asked.values())


def test_a_page_asks_its_first_few_css_variables_only_and_later_verbs_agree_only_where_they_open_a_task():
    rows = "".join(f"| --kt-teapot-gap-{n} | _{n}px_ | - |\n" for n in range(1, 9))
    asked = _asked(_PAGE_EN + rows, "teapot/README.md")
    assert sum("CSS variable" in q for q in asked) == 3
    question = method_question("pour", "Show a dialog with confirm and cancel buttons", "the Teapot component", False)
    assert question[0] == "Which method of the Teapot component shows a dialog with confirm and cancel buttons?"


def test_a_colour_function_cut_from_its_arguments_is_no_default():
    assert not telling_default("inactive-color", "rgba")
    assert css_variable_question("--kt-mask", "_linear-gradient_", "the Teapot component", False) is None


def test_a_name_the_description_spells_is_not_asked():
    assert event_question("focus", "Emitted when the spout is focused", "the Teapot component", False) is None
    assert method_question("setLidColor", "Set lid color", "the Teapot component", False) is None
    assert event_question("overflow", "Emitted when the cup is full", "the Teapot component", False) is not None


def test_an_acronym_title_is_no_component():
    page = "CLI 命令行\n\n```bash\nnpx CLI --detail\n```\n\n使用 CLI 组件时请注意版本。"
    assert component_title("CLI 命令行", [_chunk(page, "cli.md")]) == ""


def test_a_title_written_only_in_a_string_of_the_code_is_no_component():
    page = "Request\n\nSend requests.\n\n```ts\nmessage.error('Request failed');\n```\n"
    assert component_title("Request", [_chunk(page, "request.md")]) == ""


def test_a_name_written_before_plural_components_qualifies_them_and_may_be_the_product():
    pages = [
        _chunk(
            f"Page {n}\n\nThe pot is warmed by Kettle when it boils. All the core Kettle components pour.", f"{n}.md"
        )
        for n in range(4)
    ]
    pages += [
        _chunk("Extra\n\nSee the Kettle component registry.", "x.md"),
        _chunk("More\n\nKettle component.", "y.md"),
    ]
    assert "Kettle" not in component_names(pages)
    assert corpus_names.product_name(pages) == "Kettle"


def test_an_entry_line_in_the_past_or_already_agreeing_is_not_inflected_again():
    from ragstress.generators.questions.mddocs_code import CodeName
    from ragstress.generators.questions.mddocs_entry_lines import entry_line_question

    name = CodeName(0, 11, "kettle.boil", "property", False)
    moved = entry_line_question("kettle.boil: moved to heater.boilPoint", name, None)
    assert moved is not None and moved[0] == "Which property was moved to heater.boilPoint?"
    fills = entry_line_question("kettle.boil: heats the water to its boiling point", name, None)
    assert fills is not None and fills[0] == "Which property heats the water to its boiling point?"
    heat = entry_line_question("kettle.boil: heat the water to its boiling point", name, None)
    assert heat is not None and heat[0] == "Which property heats the water to its boiling point?"


def test_a_framework_s_component_library_is_no_component_of_that_name():
    text = "Pour\n\nLearn how to build a Pour component library with Kettle, and Pour components with styles."
    assert component_title("Pour", [_chunk(text, "guide/pour.md")]) == ""
    text_zh = "Pour\n\n本文介绍如何使用 Kettle 构建 Pour 组件库。\n\n开发 Pour 组件时需要设置目标。"
    assert component_title("Pour", [_chunk(text_zh, "guide/pour-zh.md")]) == ""
    assert component_title("Pour", [_chunk("Pour\n\nThe Pour component pours tea.", "api/pour.md")]) == "Pour"
