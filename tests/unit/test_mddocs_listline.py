"""A list line's markup, a page's pointing words and placeholders, a bare config key, an option's kind and an
auxiliary's verb form: mended where the fix is plain, else the question is not asked (en and zh)."""

from __future__ import annotations

import pytest

from ragstress.generators.questions import mddocs_listline as listline
from ragstress.generators.questions.grammar_en import auxiliary_broken


@pytest.mark.parametrize(
    ("question", "lang", "expected"),
    [
        ("Which hook steeps the leaves (beta) in Kettle?", "en", "Which hook steeps the leaves in Kettle?"),
        ("Which option sets the lid colour (since 3.1)?", "en", "Which option sets the lid colour?"),
        ("在 Kettle 中，哪个钩子在茶叶泡开后调用（实验性）？", "zh", "在 Kettle 中，哪个钩子在茶叶泡开后调用？"),
        ("在 Kettle 中，哪个函数— 在水壶冷却后调用？", "zh", "在 Kettle 中，哪个函数在水壶冷却后调用？"),
        ("在 Kettle 中，哪个函数 — 将水倒出时调用？", "zh", "在 Kettle 中，哪个函数在将水倒出时调用？"),
        ("在 Kettle 中，哪个函数用于水壶加热完成时调用？", "zh", "在 Kettle 中，哪个函数在水壶加热完成时调用？"),
        ("在 Kettle 中，哪个钩子会在壶盖打开时调用？", "zh", "在 Kettle 中，哪个钩子会在壶盖打开时调用？"),
    ],
)
def test_list_line_markup_is_mended(question, lang, expected):
    assert listline.mended(question, "Kettle", lang) == expected


def test_a_bare_config_key_is_framed_by_the_product_or_not_asked():
    en = "Which attribute of pot sets the water capacity in litres?"
    assert listline.mended(en, "Kettle", "en") == "In Kettle, which option under pot sets the water capacity in litres?"
    assert listline.mended(en, None, "en") is None
    zh = "pot 的哪个属性用于设置水壶的容量？"
    assert listline.mended(zh, "Kettle", "zh") == "在 Kettle 中，pot 下的哪个选项用于设置水壶的容量？"
    assert listline.mended(zh, None, "zh") is None
    # A named object's function is no config key: "Which function of lid …" stays as it is.
    assert listline.mended("Which function of lid closes it slowly?", "Kettle", "en") == (
        "Which function of lid closes it slowly?"
    )


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Which property is handed to the pour hook later in Kettle?", "en"),
        ("Which option configures the spout described above?", "en"),
        ("在 Kettle 中，哪个属性稍后会传给倾倒钩子？", "zh"),
        ("在 Kettle 中，上述配置中哪个选项控制水温？", "zh"),
        ("Which property is compiled to kettle.meta.xxx in Kettle?", "en"),
        ("Which option sets the <name> of a brew?", "en"),
        ("在 Kettle 中，哪个属性会编译为 foo 变量？", "zh"),
        ("Which hook runs — after the pour in Kettle?", "en"),
    ],
)
def test_pointing_words_placeholders_and_separators_are_not_asked(question, lang):
    assert listline.fault(question, lang) is not None


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Which option needs Node 18 or later in Kettle?", "en"),
        ("Which hook runs after the water boils in Kettle?", "en"),
        ("在 Kettle 中，哪个选项要求 Node 14 以下的版本？", "zh"),
        ("在 Kettle 中，哪个钩子在水烧开后调用？", "zh"),
    ],
)
def test_plain_questions_have_no_fault(question, lang):
    assert listline.fault(question, lang) is None


def test_a_config_entry_asked_as_a_function_is_an_option():
    chunk = "## Pot\n\n- `capacity: number` — how much water the pot holds\n\n```js\nexport default { lid: true }\n```"
    assert listline.kind_of_entry("Which function sets how much water the pot holds?", "capacity", chunk, "en") == (
        "Which option sets how much water the pot holds?"
    )
    assert listline.kind_of_entry("在 Kettle 中，哪个函数决定是否带盖？", "lid", chunk, "zh") == (
        "在 Kettle 中，哪个选项决定是否带盖？"
    )
    called = chunk + "\n\nCall `capacity()` to read it back."
    assert listline.kind_of_entry("Which function reads the capacity back?", "capacity", called, "en") == (
        "Which function reads the capacity back?"
    )


@pytest.mark.parametrize(
    ("question", "broken"),
    [
        ("Through which option can you brewing green tea in Kettle?", True),
        ("Via which option do control how hot the water gets in Kettle?", True),
        ("With which option does tea leaves steep longer in Kettle?", True),
        ("Which option does the plugins read first in Kettle?", True),
        ("Which hook of lid is a closed pot may detect when it overflows?", True),
        ("Which option do you use to setup the spout in Kettle?", True),
        ("Through which option can you brew green tea in Kettle?", False),
        ("Which option do brewers use to pick the pot in Kettle?", False),
        ("Which option is a tool that can brew tea?", False),
        ("Which property does the kettle read when it boils?", False),
        ("Which hook runs when the pot may overflow?", False),
        ("Via which option does kettle support loose-leaf tea in Kettle?", False),
    ],
)
def test_a_verb_must_agree_with_its_auxiliary(question, broken):
    assert auxiliary_broken(question) is broken


def test_an_item_of_a_list_introduced_as_hooks_is_asked_as_a_hook():
    en = "Pouring hooks:\n- `before_pour` — runs before the water leaves the spout\n- `after_pour` — runs after it"
    assert listline.kind_of_list("Which function runs before the water leaves the spout?", "before_pour", en, "en") == (
        "Which hook runs before the water leaves the spout?"
    )
    zh = "倒水钩子：\n- beforePour — 水从壶嘴流出前调用\n\n配置项：\n- spout — 壶嘴的大小"
    assert listline.kind_of_list("在 Kettle 中，哪个函数在水从壶嘴流出前调用？", "beforePour", zh, "zh") == (
        "在 Kettle 中，哪个钩子在水从壶嘴流出前调用？"
    )
    # A list under another heading keeps the kind it was asked with.
    assert listline.kind_of_list("在 Kettle 中，哪个属性决定壶嘴的大小？", "spout", zh, "zh") == (
        "在 Kettle 中，哪个属性决定壶嘴的大小？"
    )


def test_a_note_that_tells_an_entry_from_its_neighbours_stays():
    en = "Which hook adds a line to the recipe (after the steeping step)?"
    assert listline.mended(en, "Kettle", "en") == en
    zh = "在 Kettle 中，哪个方法用于在配方中添加一行（冲泡步骤之后）？"
    assert listline.mended(zh, "Kettle", "zh") == zh


def test_words_that_only_contain_a_pointing_word_do_not_count():
    assert listline.fault("在 Kettle 中，哪个属性是当前冲泡的上下文对象？", "zh") is None
    assert listline.fault("在 Kettle 中，哪个方法在配方的最后面添加一行？", "zh") is None
