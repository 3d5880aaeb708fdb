"""Which named thing a product provides for a task, read from a guide's sentence, in English and Chinese."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_provided import provided_questions


def _asked(sentence: str, zh: bool = False, product: str | None = "Kettle") -> dict[str, list[str]]:
    return {q[0]: q[1] for q in provided_questions(sentence, product, {}, zh)}


def test_the_product_provides_a_named_variable_for_a_purpose():
    assert _asked("Kettle provides a variable kettle.env to represent the current brewing mode.") == {
        "Which variable does Kettle provide to represent the current brewing mode?": ["kettle.env"]
    }


def test_the_framework_stands_for_the_product_and_a_gerund_purpose_is_kept():
    asked = _asked("The framework offers the pot.pour() method for filling several cups at once.")
    assert asked == {
        "Which method does Kettle offer for filling several cups at once?": ["pot.pour()", "pot.pour", "pour()", "pour"]
    }


def test_no_purpose_another_provider_a_negation_or_a_list_is_not_asked():
    assert not _asked("The framework provides ctx.helper for developer use.")  # whom, not what for
    assert not _asked("Koa provides a variable koa.env to represent the environment.")
    assert not _asked("Kettle does not provide kettle.env to represent the mode.")
    assert not _asked("Kettle provides kettle.env and kettle.mode to represent the mode.")
    assert not _asked("Kettle provides a variable kettle.env to represent it.")
    assert not _asked("Kettle provides a variable kettle.env to represent the mode.", product=None)


def test_chinese_provided_for_a_task():
    assert _asked("Kettle 提供了 kettle.env 变量来表示当前的冲泡模式。", zh=True) == {
        "在 Kettle 中，可以用哪个变量来表示当前的冲泡模式？": ["kettle.env"]
    }
    assert _asked("框架内置了 pot.pour() 方法用于一次倒满多个杯子。", zh=True) == {
        "在 Kettle 中，可以用哪个方法来一次倒满多个杯子？": ["pot.pour()", "pot.pour", "pour()", "pour"]
    }


def test_chinese_negated_pointing_or_other_providers_are_not_asked():
    assert not _asked("框架没有提供 kettle.env 变量来表示当前的冲泡模式。", zh=True)
    assert not _asked("Koa 提供了 koa.env 变量来表示当前的运行环境。", zh=True)
    assert not _asked("框架提供了 kettle.env 变量来表示该模式。", zh=True)


def test_a_plugin_keeps_its_product_frame_beside_a_code_shaped_name():
    from ragstress.core.types import Chunk
    from ragstress.generators.questions.mddocs import doc_questions

    text = "数据库\n\n框架提供了 [kettle-pot] 插件来访问 MySQL 数据库。\n"
    chunk = Chunk(id="c1", doc_id="db.md", text=text, start=0, end=len(text))
    asked = {q[0]: q[1] for q in doc_questions(chunk, "zh", "Kettle", {})}
    assert asked == {"在 Kettle 中，可以用哪个插件来访问 MySQL 数据库？": ["kettle-pot"]}
