"""A docs question does not ask "Who …?" of a program: the product, or a name also written as a package."""

from __future__ import annotations

from ragstress.generators.questions.wh_en import asks_software_as_who

_PAGE = (
    "Install steeper-kettle with npm install steeper-kettle.\n"
    "Steeper Kettle requires at least version 3 of Leafy.\n"
    "The timer was designed by Mara Quill, who keeps it.\n"
)


def test_the_product_or_a_name_written_as_a_package_is_no_answer_to_who():
    assert asks_software_as_who("Who requires at least version 3 of Leafy?", "Steeper Kettle", "Kettle", _PAGE)
    assert asks_software_as_who("Who defaults pour.mode to gentle?", "Kettle", "Kettle", _PAGE)


def test_a_person_or_a_question_not_asking_who_is_kept():
    assert not asks_software_as_who("Who designed the timer?", "Mara Quill", "Kettle", _PAGE)
    assert not asks_software_as_who("Which tool defaults pour.mode to gentle?", "Kettle", "Kettle", _PAGE)
    # A lower-case word that is not the name's package spelling: "leafy" inside "leafy-extra" is another package.
    assert not asks_software_as_who("Who wrote Leafy?", "Leafy", None, "npm install leafy-extra\n")
