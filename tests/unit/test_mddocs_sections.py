"""Names listed under a section heading that says what they are: environment variables, methods."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_defaults import headed_default_questions
from ragstress.generators.questions.mddocs_headed import headed_questions
from ragstress.generators.questions.mddocs_sections import ENVVAR, envvar_names, section_kind
from ragstress.generators.questions.mddocs_terms import telling_type, value_aliases

# An invented tea kettle's guide, as the Markdown reader leaves it: headings on lines of their own.
_GUIDE_EN = """Kettle Settings

Supported Environment Variables

Kettle reads these when it starts.

BREW_HOME

Specifies the folder of saved recipes.

STEAM

Sets the steam level, the default is medium.

LID_ALARM

The default is 90.

API

KettleOptions

The options passed to createKettle().
"""

_GUIDE_ZH = """环境变量列表

BREW_HOME

指定存放冲泡配方的文件夹。

STEAM

设置为 none 会关闭蒸汽提示。

STEAM_LEVEL

指定蒸汽的档位，默认为 3。
"""


def _chunk(text: str, n: int = 0, doc: str = "guide/settings.md", start: int = 0) -> Chunk:
    return Chunk(id=f"c{n}", doc_id=doc, text=text, start=start, end=start + len(text))


def test_upper_case_names_under_an_environment_variable_section_are_variables():
    names = envvar_names([_chunk(_GUIDE_EN)])
    assert names == {"BREW_HOME": ENVVAR, "STEAM": ENVVAR, "LID_ALARM": ENVVAR}
    # "API" opens the next part (a heading follows it, not a sentence): the list ended there.


def test_the_list_goes_on_into_the_next_chunk_of_its_document():
    first, rest = _GUIDE_EN.split("STEAM\n", 1)
    names = envvar_names([_chunk(first, 0), _chunk("STEAM\n" + rest, 1, start=len(first))])
    assert set(names) == {"BREW_HOME", "STEAM", "LID_ALARM"}
    assert not envvar_names([_chunk("STEAM\n" + rest, 1, doc="guide/other.md")])  # no section heading above


def test_section_headings_qualifying_their_kind_noun():
    assert section_kind("Extended Methods") == "method"
    assert section_kind("Lifecycle Hooks") == "hook"
    assert section_kind("扩展方法") == "method"
    assert section_kind("List of Environment Variables") == ENVVAR
    assert section_kind("cssMinifierOptions") is None  # a name, not a section
    assert section_kind("How to set the options of the kettle before brewing") is None


def test_a_variable_is_asked_as_one_with_the_product_and_its_default_apart():
    kinds = envvar_names([_chunk(_GUIDE_EN)])
    asked = {q[0]: q[1] for q in headed_questions(_GUIDE_EN, "Kettle", kinds)}
    assert asked == {
        "Which environment variable specifies the folder of saved recipes in Kettle?": ["BREW_HOME"],
        "Which environment variable sets the steam level in Kettle?": ["STEAM"],
        "Which type describes the options passed to createKettle()?": ["KettleOptions"],
    }  # "The default is 90." says what LID_ALARM holds, not what it is for
    defaults = {q[0]: q[1] for q in headed_default_questions(_GUIDE_EN, "Kettle", kinds)}
    assert defaults == {
        "What is the default value of the STEAM environment variable in Kettle?": ["medium"],
        "What is the default value of the LID_ALARM environment variable in Kettle?": ["90"],
    }


def test_chinese_variables_and_a_value_to_set_is_no_task():
    kinds = envvar_names([_chunk(_GUIDE_ZH)])
    assert set(kinds) == {"BREW_HOME", "STEAM", "STEAM_LEVEL"}
    asked = {q[0]: q[1] for q in headed_questions(_GUIDE_ZH, "Kettle", kinds)}
    assert asked == {
        "在 Kettle 中，哪个环境变量用于指定存放冲泡配方的文件夹？": ["BREW_HOME"],
        "在 Kettle 中，哪个环境变量用于指定蒸汽的档位？": ["STEAM_LEVEL"],
    }
    defaults = {q[0]: q[1] for q in headed_default_questions(_GUIDE_ZH, "Kettle", kinds)}
    assert defaults == {"在 Kettle 中，STEAM_LEVEL 环境变量的默认值是什么？": ["3"]}


def test_a_value_of_several_dotted_numbers_is_not_answered_by_its_first_number():
    assert value_aliases("0.0.0.0") == ["0.0.0.0"]
    assert value_aliases("1.2.3") == ["1.2.3"]
    assert value_aliases("30s") == ["30s", "30"]
    assert value_aliases("'2.5'") == ["'2.5'", "2.5"]
    # A numeric separator: the digits before it are not the value.
    assert value_aliases("60_000") == ["60_000", "60000"]
    assert value_aliases("1,500") == ["1,500"]


def test_a_plain_list_of_a_primitive_is_not_a_telling_type():
    assert not telling_type("string[]") and not telling_type("Array<number>") and not telling_type("boolean")
    assert telling_type("Kettle[]") and telling_type("string | false") and telling_type("string[] | RegExp")
