"""Tables asked of the code name heading them, cells cut to their values, descriptions naming a parameter skipped."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_headed import headed_questions
from ragstress.generators.questions.mddocs_table_subjects import clean_cells, spaced
from ragstress.generators.questions.mddocs_tables import TableReading

_STRAINERS_EN = (
    "Strainers\n\nStrainers are used in brew recipes to filter leaves.\n\n"
    "mesh_filter\n\nFilters leaves through a mesh.\n\n"
    "Option | Description | Default\n"
    "hole_size | Width of one hole in the mesh | 2\n"
    "rinse_after (+3.1.0) | Rinses the mesh after each brew | twice\n"
    "shape | Shape of the holes. (Only used when hole_size is set) | round (a circle)\n\n"
    "Examples\n\nSome text.\n\n"
    "Tips\n\nA heading that names nothing.\n\n"
    "Option | Description | Default\n"
    "colour | Colour of the strainer | grey\n"
)
_STRAINERS_ZH = (
    "滤网函数（Strainers）\n\n滤网函数用于在配方中过滤茶叶。\n\n"
    "mesh_filter\n\n用网过滤茶叶。\n\n"
    "参数 | 描述 | 默认值\n"
    "hole_size | 网孔的宽度，单位毫米 | 2\n"
)
_VARIABLES = (
    "Variables\n\nThe variables a recipe template can read.\n\n"
    "Variable | Description | Type\n"
    "pot.volume | The volume of the pot in litres | Litres; see Pot Variables\n"
    "pot.timer | The timer of the pot | [Clockwork] object\n"
    "pot.lid | The lid of the pot | ???\n"
    "pot.leaves | The leaves in the pot | array of ???\n"
    "water | The water used | object\n"
)


def _asked(text: str, doc: str, product: str | None = "Kettle") -> dict[str, list[str]]:
    chunks = [Chunk(id=f"{doc}#0", doc_id=doc, text=text, start=0, end=len(text))]
    reading = TableReading(chunks, {doc: text.split("\n", 1)[0]})
    return {q[0]: q[1] for c in chunks for q in reading.questions(c, product)}


def test_a_table_is_asked_of_the_code_name_heading_it_with_the_kind_the_title_gives():
    asked = _asked(_STRAINERS_EN, "strainers.md")
    assert asked["What is the default value of the hole_size option of the mesh_filter strainer in Kettle?"] == ["2"]
    # The version mark is no part of the name; the default's explanation is no part of the value.
    assert asked["What is the default value of the rinse_after option of the mesh_filter strainer in Kettle?"] == [
        "twice"
    ]
    assert asked["What is the default value of the shape option of the mesh_filter strainer in Kettle?"] == ["round"]
    # "hole_size" in shape's description reads as a word: shape is not asked by what it does.
    assert not any(q.startswith("Which option") and "shape" in a for q, a in asked.items())
    # Under a heading naming nothing, with a generic name, the table is not asked; the page title is no subject.
    assert not any("colour" in q or "Strainers" in q for q in asked)


def test_chinese_tables_name_the_helper_and_its_kind_from_the_title():
    asked = _asked(_STRAINERS_ZH, "strainers.md")
    assert asked["在 Kettle 中，mesh_filter 滤网函数的 hole_size 参数的默认值是什么？"] == ["2"]
    assert asked["在 Kettle 中，mesh_filter 滤网函数的哪个参数表示“网孔的宽度，单位毫米”？"][0] == "hole_size"


def test_a_variables_table_is_asked_in_the_product_by_its_values_alone():
    asked = _asked(_VARIABLES, "variables.md")
    assert asked["What is the type of pot.volume in Kettle?"] == ["Litres"]
    assert asked["What is the type of pot.timer in Kettle?"] == ["Clockwork object"]
    # Placeholders are not asked, nor a generic name with no subject, nor the title as a subject.
    assert not any("pot.lid" in q or "pot.leaves" in q or "water" in q or "Variables" in q for q in asked)


def test_cells_are_cut_to_their_values():
    assert clean_cells({"default": "tag-list (list style)", "type": "object; see Site"}) == {
        "default": "tag-list",
        "type": "object",
    }
    assert clean_cells({"default": "???", "type": "the leaves of every pot in the house"}) == {}
    assert spaced("在", "变量", "中，") == "在变量中，"
    assert spaced("在", "Kettle", "中，") == "在 Kettle 中，"


def test_a_headed_entry_whose_sentence_uses_a_parameter_as_a_word_is_not_asked():
    text = (
        "pour_cup\n\nPours tea into cups no larger than size.\n\n```js\npour_cup(pot, [size])\n```\n\n"
        "rinse_pot\n\nRinses the pot with hot water before brewing.\n\n```js\nrinse_pot(pot)\n```\n"
    )
    asked = {q[0]: q[1] for q in headed_questions(text, "Kettle")}
    assert not any("larger than size" in q for q in asked)
    assert any("rinses the pot with hot water" in q for q in asked)  # "the pot": the word, not the parameter


def test_chinese_cells_keep_a_value_alone():
    assert clean_cells({"type": "array，包含了全部的茶叶 object", "default": "tea-cup （列表样式） tea-pot"}) == {
        "type": "array"
    }
    assert clean_cells({"default": "config.root 的值"}) == {}


def test_a_title_that_is_one_code_name_stays_the_subject_of_its_tables():
    text = (
        "KettleOptions\n\nThe options a kettle is made with.\n\nName | Type | Description\nvolume | Litres | Pot size\n"
    )
    assert _asked(text, "kettle-options.md")[
        "What is the type of the volume parameter of KettleOptions in Kettle?"
    ] == ["Litres"]
