"""Guide sentences that say by what means a task is done, or since which version it can be."""

from __future__ import annotations

from ragstress.generators.questions.mddocs_means_en import means_questions


def test_a_task_done_by_passing_a_value_to_an_option_asks_for_the_option():
    [(question, answers, kind, *_)] = means_questions(
        "It's possible to keep the lid warm for longer by passing a number to warmFor.", "Kettle", {}
    )
    assert question == "To which Kettle option do you pass a number to keep the lid warm for longer?"
    assert answers == ["warmFor"] and kind == "option"


def test_setting_and_calling_are_asked_with_their_own_verb():
    [(question, *_)] = means_questions("You can pour twice a day by setting maxPours to 2.", "Kettle", {})
    assert question == "Which Kettle option do you set to 2 to pour twice a day?"
    [(question, answers, *_)] = means_questions(
        "You can read the state of the pot by calling usePot().", "Kettle", {"usePot": "composable"}
    )
    assert question == "Which Kettle composable do you call to read the state of the pot?"
    assert "usePot" in answers


def test_a_pointing_task_a_plain_word_or_a_short_task_is_not_asked():
    assert means_questions("You can change this behaviour by setting maxPours to 2.", "Kettle", {}) == []
    assert means_questions("You can pour twice a day by setting refill to true.", "Kettle", {}) == []
    assert means_questions("You can pour by setting maxPours to 2.", "Kettle", {}) == []


def test_a_version_since_which_a_task_is_possible():
    [(question, answers, kind, *_)] = means_questions(
        "Since Teapot 3.3, it is possible to brew cold tea in the pot.", "Kettle", {}
    )
    assert question == "Since which version of Teapot is it possible to brew cold tea in the pot?"
    assert answers[:2] == ["3.3", "Teapot 3.3"] and kind == "version"
    [(question, *_)] = means_questions("Starting with v4.1, you can steep two pots at once.", "Kettle", {})
    assert question == "Since which version of Kettle can you steep two pots at once?"
