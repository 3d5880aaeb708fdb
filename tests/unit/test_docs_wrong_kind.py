"""A docs question asks for the kind of thing its answer is: a setting, not a module; a file, not a property."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_product import about_product
from ragstress.generators.questions.mddocs_wording import misnames_a_file


def test_a_dotted_name_the_product_sets_to_a_value_is_an_option():
    asked = about_product("Kettle sets brew.mode to steep by default", "Kettle", {}, False)
    assert asked is not None and asked[0] == "Which option does Kettle set to steep by default?"
    asked = about_product("Kettle 将 brew.mode 设置为 steep", "Kettle", {}, True)
    assert asked is not None and asked[0] == "Kettle 将哪个选项设置为 steep？"


def test_a_dotted_name_the_product_provides_stays_a_module():
    asked = about_product("Kettle provides its filters in kettle.filters", "Kettle", {}, False)
    assert asked is None or "option" not in asked[0]


def test_a_place_to_import_from_is_not_asked_as_a_setting():
    assert misnames_a_file("From which parameter does Kettle import tea styles?", ["tea_leaves"])
    assert misnames_a_file("从哪个参数导入茶叶样式？", ["tea_leaves"])
    assert not misnames_a_file("Which parameter sets the tea style?", ["tea_style"])


def test_a_text_file_is_not_asked_as_a_property():
    assert misnames_a_file("Which property is a standard that lists tea notes?", ["notes.txt"])
    assert not misnames_a_file("Which attribute of pour controls the JS output?", ["pour.js"])


def test_an_interface_s_kind_titling_a_table_is_the_product_s():
    from ragstress.generators.questions.mddocs_table_wording import page_en

    wording = page_en("--no-steam", "flag", "CLI", "Kettle")
    assert wording.which("disables steam") == "Which flag of the Kettle CLI disables steam?"
    assert (
        page_en("size", "option", "Teapot", "Kettle").which("sets the size") == "Which option of Teapot sets the size?"
    )
