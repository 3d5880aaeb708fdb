"""A docs question names its page by a possessive title or by the first part of an option's path."""

from ragstress.generators.questions.page_scope import without_subject


def test_a_possessive_title_leaves_the_probe_as_a_phrase():
    asked = "What is the type of Hearth's port option, which sets the port to listen on?"
    assert without_subject(asked, "Hearth") == "What is the type of the port option, which sets the port to listen on?"


def test_an_option_path_names_its_configuration_group_s_page():
    assert without_subject("What is the type of Kettle's spout.angle option?", "Spout") == (
        "What is the type of Kettle's angle option?"
    )
    assert without_subject("What is the default value of the spout.angle option in Kettle?", "Spout") == (
        "What is the default value of the angle option in Kettle?"
    )
    # a word of the question that is no path's first part names nothing
    assert without_subject("Which option sets the spout's angle in Kettle?", "Spout") is None
