"""An entry described by a noun phrase: a setting sets the value it holds, a name standing for another is it."""

from __future__ import annotations

from ragstress.generators.questions.entry_noun_en import noun_phrase_verb
from ragstress.generators.questions.mddocs_headed import headed_questions

# An invented kettle's option reference, as the Markdown reader leaves it: headings on lines of their own.
_OPTIONS = """Options

recipeDir

The directory for storing brewed recipes between runs.

maxCups

The maximum number of cups held by one pot of the kettle.

spoutGuard

A guard for the spout of the kettle.

Properties

kettle.steamTimer

The ESM equivalent of kettle.legacyTimer in modules.

kettle.brand

The brand name printed on the lid of the kettle.
"""


def test_a_setting_is_asked_by_what_it_sets_and_an_equivalent_by_what_it_is():
    asked = {q[0]: q[1] for q in headed_questions(_OPTIONS, "Kettle", {})}
    assert asked == {
        "Which option sets the directory for storing brewed recipes between runs in Kettle?": ["recipeDir"],
        "Which option sets the maximum number of cups held by one pot of the kettle in Kettle?": ["maxCups"],
        "Which property is the ESM equivalent of kettle.legacyTimer in modules in Kettle?": ["kettle.steamTimer"],
        "Which property is the brand name printed on the lid of the kettle in Kettle?": ["kettle.brand"],
    }  # "A guard for the spout": an option is no guard; the description says nothing it sets


def test_the_verb_by_kind_and_head():
    assert noun_phrase_verb("option", "timeout", []) == "sets"
    assert noun_phrase_verb("option", "theme", ["default"]) == "sets"
    assert noun_phrase_verb("option", "alias", []) == "is"
    assert noun_phrase_verb("option", "plugin", []) is None
    assert noun_phrase_verb("property", "name", []) == "is"  # a property a program may read back
    assert noun_phrase_verb("property", "folder", []) == "sets"
    # A form a user picks among ("the style of the printed labels") is set, read back or not.
    assert noun_phrase_verb("property", "style", []) == "sets"
    assert noun_phrase_verb("option", "convention", []) == "sets"
    assert noun_phrase_verb("type", "options", []) == "describes"
    assert noun_phrase_verb("function", "wrapper", []) == "is"


def test_a_list_entry_s_noun_phrase_is_asked_by_what_it_sets():
    from ragstress.generators.questions.mddocs_code import CodeName
    from ragstress.generators.questions.mddocs_entry_lines import entry_line_question

    name = CodeName(0, 11, "kettle.cups", "property", False)
    asked = entry_line_question("kettle.cups: the maximum number of cups kept warm on the plate", name, "Kettle")
    assert asked[0] == "Which property sets the maximum number of cups kept warm on the plate in Kettle?"
    name = CodeName(0, 11, "kettle.make", "property", False)
    asked = entry_line_question("kettle.make: the brand name printed on the lid", name, "Kettle")
    assert asked[0] == "Which property is the brand name printed on the lid in Kettle?"
