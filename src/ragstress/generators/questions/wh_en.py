"""The wh-phrase that asks for an answer in its role: "in what year", "how many rivets", "who", "where".

A time is asked with its preposition ("since what year", "on what date"); a quantity by its counted
noun or measure ("how many people", "how long"); a name by who it is (a person or an organisation
that acted: "who") or where it is (a place after in, at or from). A role none of these fits gives no
phrase, and the sentence is not asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ragstress.generators.questions.naming_en import text_of

if TYPE_CHECKING:
    from spacy.tokens import Token

    from ragstress.values.spans import FactSpan

_TIME_PREPOSITIONS = {"in", "on", "since", "by", "until", "before", "after", "from", "during", "around", "circa"}
# "For how many kilometres does the river flow?"; "At how many metres does the cable car carry ..." is not asked.
_QUANTITY_PREPOSITIONS = {"by", "for", "over", "with", "of"}
# Not "old": an age holds only at a time the sentence gives elsewhere ("Gagarin was 27 years old" when he flew).
MEASURES = {"long", "tall", "high", "wide", "deep", "thick", "heavy", "far", "large"}
_PLACES = {"GPE", "LOC", "FAC"}
_PERCENT = {"%", "percent", "cent"}
_ORGANISATION_WORDS = (
    r"\b(?:Company|Corporation|Society|Association|Agency|Committee|Council|Inc|Ltd|Properties|Group|"
    r"University|Bank|Institute|Foundation|Organi[sz]ation|Union|Commission|Party|Ministry|Department)\b"
)
# Words that make a figure a bound ("at least 140", "more than 100 million").
_BOUNDS = {"least", "most", "more", "fewer", "less", "over", "under", "up", "nearly", "almost", "exceeding"}
_NAMING_VERBS = {"call", "know", "name", "term", "dub", "nickname", "title"}


def wh_phrase(span: FactSpan, answer: list[Token], phrase: Token, role: str, moved: Token) -> tuple[str, str] | None:
    """(the wh-phrase, a preposition left at the end) for the answer in its role; None when none fits."""
    preposition = moved.lower_ if role == "pp" else ""
    if span.kind in ("year", "date"):
        if role != "pp" or preposition not in _TIME_PREPOSITIONS:
            return None
        if span.kind == "year":
            return f"{preposition} what year", ""
        has_day = any(t.like_num and len(t.text) <= 2 for t in answer)
        if preposition == "in" and not has_day:
            return "in what month and year", ""
        return ("on what date" if preposition in ("on", "in") else f"{preposition} what date"), ""
    if span.kind == "number":
        if any(t.lower_ in _BOUNDS for t in phrase.subtree if t.i < answer[0].i):
            return None  # "at least 140 people": a bound, not the figure a question can ask for
        return _how_many(answer, phrase, role, preposition, moved)
    # A name.
    # Only "the" or a title before a full name ("the Scottish bacteriologist Alexander Fleming") may stay out:
    # anything else makes the name part of a longer one ("Tower Bridge's engines", "the first modern Games").
    for t in (t for t in phrase.subtree if t not in answer):
        titled = t.dep_ in ("compound", "amod") and t.text.islower() and len(answer) > 1
        if t.i > phrase.i or not (t.dep_ == "det" or titled):
            return None
    entity = next((t.ent_type_ for t in answer if t.ent_type_), "")
    if role == "subject":
        # "What begins at Lake Tana?" has many answers; a person or an organisation that acted has fewer.
        return ("who", "") if _agent(answer, entity) and phrase.dep_ == "nsubj" else None
    if role == "object":
        if entity in _PLACES:
            return None  # a place as an object ("reached London") has no natural wh-word of its own
        return ("who" if entity == "PERSON" else "what"), ""
    if moved.head.lemma_ in _NAMING_VERBS:
        return None  # "Where is Everest called Sagarmatha?" asks for a language, not a place
    if preposition in ("in", "at", "near") and entity in _PLACES:
        return "where", ""
    if preposition == "from" and entity in _PLACES:
        return "where", "from"
    if preposition in ("by", "with", "for", "to", "against"):
        return ("who" if _agent(answer, entity) else "what"), preposition
    return None


def _agent(answer: list[Token], entity: str) -> bool:
    """A person or an organisation ("Who"), not a vehicle or a work ("Discovery carried the telescope")."""
    text = " ".join(t.text for t in answer)
    organisation = re.search(_ORGANISATION_WORDS, text) or re.fullmatch(r"[A-Z]{2,6}", text)
    return entity in ("PERSON", "NORP") or (entity == "ORG" and organisation is not None)


def _how_many(answer: list[Token], phrase: Token, role: str, preposition: str, moved: Token) -> tuple[str, str] | None:
    """ "how many rivets", "what percentage of the vote", "how long": the wh-phrase of a quantity."""
    if role == "measure":
        return f"how {moved.lower_}", ""
    if role == "pp" and preposition not in _QUANTITY_PREPOSITIONS:
        return None
    noun = phrase if phrase not in answer or phrase.pos_ == "NOUN" else None
    if noun is None or noun.lower_ in ("million", "billion", "thousand", "hundred"):
        return None
    before = [t for t in noun.children if t.i < noun.i and t not in answer and t.dep_ in ("amod", "compound")]
    if any(
        t.dep_ not in ("nummod", "quantmod", "advmod", "det", "amod", "compound")
        for t in noun.subtree
        if t.i < noun.i and t not in answer and t not in before
    ):
        return None
    # Only an "of" phrase belongs to the counted noun ("what percentage of the vote"); others stay in the clause.
    of = [t for c in noun.children if c.i > noun.i and c.lower_ == "of" for t in c.subtree]
    if noun.lower_ in _PERCENT:
        words = "what percentage" + (" " + text_of(of) if of else "")
    else:
        words = f"how many {text_of([*before, noun, *of])}"
    return (f"{preposition} {words}" if role == "pp" else words), ""


def asks_software_as_who(question: str, answer: str, product: str | None, document: str) -> bool:
    """Does a docs question ask "Who …?" of software: the corpus's product ("Who defaults x to y?" -> the tool),
    or a name the document also writes in lower case as a package or a command (storybook-kettle for
    "Storybook Kettle")? A program is no answer to "who"; asked so, the question misleads."""
    if not question.startswith("Who "):
        return False
    name = answer.strip()
    if product and name.casefold() == product.casefold():
        return True
    package = re.sub(r"\s+", "-", name.lower())
    return name != package and re.search(rf"(?<![\w/-]){re.escape(package)}(?![\w-])", document) is not None
