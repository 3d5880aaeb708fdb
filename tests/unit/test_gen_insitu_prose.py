"""English in-situ questions as an editor would publish them: people in full, parts with their owner, verbs with
their complement, adverbs where a writer puts them."""

from __future__ import annotations

import pytest

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.names_en import full_name, surnames_in_full
from ragstress.values.spans import extract_spans

LIGHTHOUSE = (
    "Varna Lighthouse\n\nThe Varna Lighthouse was designed by the Bulgarian engineer Petar Dimov in 1870.\n\n"
    "Dimov left for Sofia in 1881."
)


def ask(text: str, answer: str, title: str | None, document: str = "") -> str | None:
    span = next(s for s in extract_spans(text, "en") if s.text == answer)
    return insitu_question(span, text, title, "en", document)


def test_a_surname_takes_the_full_name_the_document_first_gives():
    chunk = "Dimov left for Sofia in 1881."
    assert ask(chunk, "1881", "the Varna Lighthouse", LIGHTHOUSE) == "In what year did Petar Dimov leave for Sofia?"
    # Without the document the chunk alone never names him in full: not asked.
    assert ask(chunk, "1881", "the Varna Lighthouse") is None


def test_full_names_are_people_at_their_first_mention():
    document = "The Bell Telephone Company was set up later.\nThe device is credited to Alexander Graham Bell."
    assert full_name("Bell", document) == "Alexander Graham Bell"
    assert full_name("Telephone", document) is None
    assert full_name("Victoria", "In 1857 Queen Victoria chose the city.") is None


def test_surnames_in_a_list_are_each_given_in_full_or_the_list_is_not_asked():
    sentence = parse("In 1945 Fleming, Florey and Chain shared the Nobel Prize in Physiology or Medicine.")
    others = "A team led by Howard Florey, with the biochemist Ernst Chain, took up the work."
    discovery = "It was discovered in 1928 by the Scottish bacteriologist Alexander Fleming at a London hospital."
    names = surnames_in_full(list(sentence), f"{discovery}\n{others}")
    assert names is not None and sorted(names.values()) == ["Alexander Fleming", "Ernst Chain", "Howard Florey"]
    # One item the document never names in full: the list is not written half in full.
    assert surnames_in_full(list(sentence), others) is None
    # No item given in full anywhere: nothing to replace (whether the names stand alone is names_something's call).
    assert surnames_in_full(list(sentence), "No first names here.") == {}


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        # A name of ordinary words is a part of the document's subject, and says whose.
        (
            "Since 2011 the Harbour Stage has had a glass roof.",
            "2011",
            "Kessa Festival",
            "Since what year has Kessa Festival's Harbour Stage had a glass roof?",
        ),
        ("Since 2011 the Harbour Stage has had a glass roof.", "2011", None, None),
        # One ordinary word ("Parliament") cannot say which one it is.
        ("In 1899 the Parliament moved from Varna.", "1899", "Sofia", None),
        # The subject's own kind takes the subject's distinctive words.
        (
            "The Summer and Winter Games have alternated since 1994.",
            "1994",
            "Modern Olympic Games",
            "Since what year have the Summer and Winter Olympic Games alternated?",
        ),
    ],
)
def test_a_part_is_named_with_what_it_belongs_to(text, answer, title, expected):
    assert ask(text, answer, title) == expected


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        # A choosing verb keeps what its object was chosen as, or is not asked.
        ("In 1857 King Boris chose Varna.", "1857", "Varna", None),
        (
            "In 1857 King Boris chose Varna as the capital of Kessa.",
            "1857",
            "Varna",
            "In what year did King Boris choose Varna as the capital of Kessa?",
        ),
        # A verb left with nothing once the clause after its comma is cut says too little.
        (
            "In 2015 Orlen Motors reorganised, creating a holding company called Orlen Group.",
            "2015",
            "Orlen Motors",
            None,
        ),
        (
            "In 2015 Orlen Motors reorganised into a holding company.",
            "2015",
            "Orlen Motors",
            "In what year did Orlen Motors reorganise into a holding company?",
        ),
    ],
)
def test_a_verb_keeps_its_complement(text, answer, title, expected):
    assert ask(text, answer, title) == expected


@pytest.mark.parametrize(
    ("text", "answer", "title", "expected"),
    [
        (
            "The Kessa Regatta was first held in 1903.",
            "1903",
            "Kessa Regatta",
            "In what year was the Kessa Regatta first held?",
        ),
        (
            "The Kessa Regatta was officially opened on 4 May 1903 by King Boris.",
            "4 May 1903",
            "Kessa Regatta",
            "On what date was the Kessa Regatta officially opened by King Boris?",
        ),
        # "only moved in 1927" means not until then: asked without "only".
        (
            "The Kessa Parliament only moved to Varna in 1927.",
            "1927",
            "Varna",
            "In what year did the Kessa Parliament move to Varna?",
        ),
    ],
)
def test_adverbs_stay_before_the_verb(text, answer, title, expected):
    assert ask(text, answer, title) == expected


def test_who_took_a_role_many_hold_in_turn_is_asked_only_with_its_time():
    assert ask("Marco Vell became the chief executive of Orlen Motors.", "Marco Vell", "Orlen Motors") is None
