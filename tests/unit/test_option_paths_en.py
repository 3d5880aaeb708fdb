"""A nested option is asked of the group it belongs to, its last name a right answer beside its path."""

from ragstress.generators.questions.option_paths_en import asked_by_group


def test_a_nested_option_is_asked_of_its_group():
    asked = asked_by_group("Which Kettle option adds a note to the pot in Kettle?", ["lid.caption"], "Kettle")
    assert asked == ("Which lid option adds a note to the pot?", ["lid.caption", "caption"])
    asked = asked_by_group("Which attribute of spout tilts the pot while pouring?", ["pot.spout.angle"], "Kettle")
    assert asked == ("Which pot.spout property tilts the pot while pouring?", ["pot.spout.angle", "angle"])


def test_a_last_name_the_question_holds_is_not_made_an_answer():
    asked = asked_by_group("Which property sets the steam level in Kettle?", ["boiler.level"], "Kettle")
    assert asked == ("Which boiler property sets the steam level?", ["boiler.level"])


def test_other_questions_are_left_as_they_were():
    plain = "Which Kettle option adds a note to the lid?"
    assert asked_by_group(plain, ["caption"], "Kettle") == (plain, ["caption"])  # no path
    named = "Which lid option adds a note?"
    assert asked_by_group(named, ["lid.caption"], "Kettle") == (named, ["lid.caption"])  # no kind word matched
    typed = "What is the type of Kettle's lid.caption option?"
    assert asked_by_group(typed, ["string"], "Kettle") == (typed, ["string"])
