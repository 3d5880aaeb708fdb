"""Chinese questions on a headed API entry: what a type is, what a call does, internal entries left out."""

from __future__ import annotations

import pytest

from ragstress.generators.questions.headed_zh import ask_headed_zh
from ragstress.generators.questions.mddocs_headed import headed_questions
from ragstress.generators.questions.mddocs_table_subjects import document_headings, table_subject


@pytest.mark.parametrize(
    ("said", "word", "kind", "expected"),
    [
        # A type's description names what its values are, even when it opens with a verb.
        ("描述一只茶壶的基本选项", "接口", "interface", "在 Kettle 中，哪个接口是描述一只茶壶的基本选项？"),
        # A type holding members describes them ("……的选项"), it is not one of them.
        ("泡一壶茶时可用的全部选项", "接口", "interface", "在 Kettle 中，哪个接口描述泡一壶茶时可用的全部选项？"),
        # Ending on the entry's own kind word, it is asked by what the phrase does.
        ("允许自定义加热曲线的接口", "接口", "interface", "在 Kettle 中，哪个接口允许自定义加热曲线？"),
        # A call's description is what it does.
        ("返回一个新的茶杯实例", "函数", "function", "在 Kettle 中，哪个函数用于返回一个新的茶杯实例？"),
        # A property's noun phrase, its modifier closed by 在内 or 时.
        ("包括杯盖和手柄在内的完整重量", "属性", "property", "在 Kettle 中，哪个属性是包括杯盖和手柄在内的完整重量？"),
        # Several clauses: the first says what the method does; the rest points back with 它.
        (
            "关闭茶壶底部的加热器，并释放它占用的内存",
            "方法",
            "method",
            "在 Kettle 中，哪个方法用于关闭茶壶底部的加热器？",
        ),
        # A first clause too short to pick the method out, or a condition, is not asked.
        ("设置一个回调，当水烧开时调用", "方法", "method", None),
        ("如果水壶已经关闭，则什么也不做", "方法", "method", None),
    ],
)
def test_a_headed_entry_is_asked_by_what_it_is_or_does(said, word, kind, expected):
    assert ask_headed_zh(said, word, kind, "Kettle") == expected


def test_an_internal_entry_is_not_asked():
    text = "类型别名\n\n_SteepKeys\n\nƬ _SteepKeys<S>: keyof S\n\n推断浸泡参数的键的类型。仅供内部使用\n\n---\n\n"
    text += "SteepOptions\n\nƬ SteepOptions: Record<string, number>\n\n描述一次浸泡的全部选项的类型。\n"
    asked = [q[1][0] for q in headed_questions(text, "Kettle")]
    assert "_SteepKeys" not in asked
    assert "SteepOptions" in asked


def test_a_parameter_table_under_a_signature_belongs_to_the_call():
    text = "方法\n\nsteep %{#Methods-steep}%\n\n▸ steep(leaves, minutes): void\n\n浸泡茶叶。\n\n"
    text += "参数 %{#Methods-steep-Parameters}%\n\n名称 | 类型 | 描述\nleaves | string | 要浸泡的茶叶\n"

    class Chunk:
        start = 0

    Chunk.text = text
    headings = document_headings([Chunk()])
    at = text.index("leaves | string")
    assert table_subject(headings, at, "Kettle")[0] == "steep"


def test_a_field_description_is_asked_by_its_first_clause():
    from ragstress.generators.questions.mddocs_field_questions import field_questions
    from ragstress.generators.questions.mddocs_fields import FieldEntry

    entry = FieldEntry("steamDir", "option", {"type": "string"}, "存放蒸汽日志的目录，相对于项目根目录。")
    assert "在 Kettle 中，哪个选项指定存放蒸汽日志的目录？" in [q[0] for q in field_questions(entry, "Kettle", zh=True)]
    # A first clause that is a condition is not the entry's description.
    entry = FieldEntry("steamLog", "option", {"type": "boolean"}, "当设置为 true 时，记录每次蒸汽的温度。")
    assert not any(q[0].startswith("在 Kettle 中，哪个选项当") for q in field_questions(entry, "Kettle", zh=True))


def test_whether_is_asked_as_what_the_entry_decides():
    assert ask_headed_zh("是否在壶盖打开时停止加热", "属性", "property", "Kettle") == (
        "在 Kettle 中，哪个属性决定是否在壶盖打开时停止加热？"
    )
    assert ask_headed_zh("定义了是否这只壶是另一只的备用壶", "属性", "property", "Kettle") is None


def test_an_entry_whose_signature_is_a_call_is_a_method():
    text = "onBoil\n\n▸ onBoil(handler): void\n\n添加一个在水烧开时调用的处理器。\n"
    assert [(q[1][0], q[2]) for q in headed_questions(text, "Kettle")] == [("onBoil", "method")]


def test_the_reader_after_a_verb_of_enabling_goes():
    from ragstress.generators.questions.mddocs_wording import unspaced_zh

    assert unspaced_zh("哪个方法允许你将两次加热合并为一次？") == "哪个方法允许将两次加热合并为一次？"
    assert unspaced_zh("哪个函数让你在水烧开时收到通知？") == "哪个函数让你在水烧开时收到通知？"  # 让在 would not read


def test_what_replaced_a_name_is_asked_as_the_page_says_it():
    from ragstress.generators.questions.mddocs_replaced import replaced_questions

    kinds = {"pot.onBoil": "method", "pot.whenBoiled": "method"}

    def asked(sentence: str) -> dict[str, list[str]]:
        return {q[0]: q[1] for q in replaced_questions(sentence, "Kettle", kinds)}

    assert (
        asked("现有的 pot.onBoil() 方法已被 pot.whenBoiled() 取代，它返回一个 Promise")[
            "在 Kettle 中，pot.onBoil() 已被哪个方法取代？"
        ][0]
        == "pot.whenBoiled()"
    )
    assert "在 Kettle 中，pot.onBoil() 已被替换为哪个方法？" in asked("pot.onBoil() 已被替换为 pot.whenBoiled()")
    # "使用 X 代替 Y" says Y may be replaced, not that it is deprecated.
    assert asked("也可以使用 pot.whenBoiled() 代替 pot.onBoil()") == {
        "在 Kettle 中，可以使用哪个方法代替 pot.onBoil()？": [
            "pot.whenBoiled()",
            "pot.whenBoiled",
            "whenBoiled()",
            "whenBoiled",
        ]
    }


def test_a_type_definition_is_asked_by_what_it_is():
    from ragstress.generators.questions import techdoc_zh
    from ragstress.generators.questions.techdoc import Entry, Subject

    kettle = Subject("kettle", "module")

    def asked(name: str, description: str) -> str | None:
        question = techdoc_zh.definition_question(Entry(name, (name,), "attribute", description, description), kettle)
        return question[0] if question else None

    assert asked("kettle.BrewOptions", "冲泡一壶茶时可用的选项") == "kettle 模块中哪个类型描述冲泡一壶茶时可用的选项？"
    assert asked("kettle.LidApi", "允许自定义壶盖行为的接口") == "kettle 模块中哪个接口允许自定义壶盖行为？"
    assert asked("kettle.SteepKeys", "浸泡参数的键。仅供内部使用") is None
    assert asked("kettle.Extras", "当用户通过插件添加属性时，接口可被扩展") is None


def test_a_yes_no_clause_inside_a_task_stays():
    assert ask_headed_zh("检查一只给定名称的茶壶是否存在", "函数", "function", "Kettle") == (
        "在 Kettle 中，哪个函数用于检查一只给定名称的茶壶是否存在？"
    )


def test_a_type_note_after_a_table_description_is_no_part_of_it():
    from ragstress.generators.questions.mddocs_table_subjects import clean_cells

    assert clean_cells({"description": "水烧开后自动断电 (boolean)"})["description"] == "水烧开后自动断电"
    assert clean_cells({"description": "启动时预热 (`boolean \\| number`)"})["description"] == "启动时预热"
    assert clean_cells({"description": "the lid (see below)"})["description"] == "the lid (see below)"
