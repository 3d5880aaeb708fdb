"""Names as a reader outside the passage knows them: a person in full, a part with what it belongs to.

An article introduces a person once in full ("Alexander Graham Bell") and then by surname ("Bell
showed the telephone ..."); a question keeps the full name, as the document first gives it, not
only the chunk the question came from. A name made only of ordinary words ("the Centre Court",
"Parliament") is a part of the document's subject that the article need not qualify, but a
question must: "Wimbledon's Centre Court". A single ordinary word ("Parliament") leaves open
which one, and is not asked.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ragstress.generators.questions.english_parse import parse

if TYPE_CHECKING:
    from spacy.tokens import Token

# Words that open a sentence or a phrase in capitals without being part of a name.
_NOT_NAME_WORDS = frozenset(
    """The A An In On At By For From With After Before During Since Until When While Although Though As
    His Her Their Its Our This That These Those Then Later Today Also But And Or If""".split()
)
# Words that a name shares with ordinary prose: kinds ("Court", "Tower") and "the" do not make it distinctive.
_ORDINARY_TAGS = ("NOUN", "ADJ")


def full_name(surname: str, document: str) -> str | None:
    """A person named by surname alone, in full as the document first names them ("Bell" -> "Alexander Graham
    Bell"); None when the document never gives more (then the surname alone leaves the question to the passage).
    The longer name must be read as a person's in its own sentence, so "the Bell Telephone Company" does not
    count and "Queen Victoria" is not a surname's full name."""
    for m in re.finditer(rf"\b((?:[A-Z][a-z]+\.?\s+){{1,2}}){re.escape(surname)}\b", document):
        words = m[1].split()
        while words and words[0] in _NOT_NAME_WORDS:
            words = words[1:]
        if not words:
            continue
        found = " ".join([*words, surname])
        if _a_person(found, document, m.start(1) + m[1].index(words[0])):
            return found
    return None


def _a_person(name: str, document: str, at: int) -> bool:
    """Does the sentence around offset `at` read `name` as a person (its named-entity label)?"""
    start = max(document.rfind(". ", 0, at), document.rfind("\n", 0, at)) + 1
    stops = [i for i in (document.find(". ", at), document.find("\n", at)) if i >= 0]
    sentence = document[start : min(stops) + 1 if stops else len(document)].strip()
    return any(ent.text == name and ent.label_ == "PERSON" for ent in parse(sentence).ents)


def surnames_in_full(tokens: list[Token], document: str) -> dict[int, str] | None:
    """For each lone name word of `tokens` that the document gives in full, {token index: the full name}; None
    when a lone word that looks like a person's surname has no full name there ("Fleming, Florey and Chain"
    with no first names anywhere)."""
    found: dict[int, str] = {}
    missing: list[Token] = []
    for token in tokens:
        if not _lone_name(token, tokens):
            continue
        full = full_name(token.text, document) if document else None
        if full:
            found[token.i] = full
        elif token.ent_type_ == "PERSON" or (token.dep_ == "conj" and token.head.ent_type_ == "PERSON"):
            return None
        else:
            missing.append(token)
    # "Fleming, Howard Florey and Ernst Chain": items of one list are named alike or not at all.
    if any(_listed_together(t, found) for t in missing):
        return None
    return found


def _listed_together(token: Token, others: dict[int, str]) -> bool:
    """Is `token` an item of a list ("A, B and C") one of whose other items is in `others`?"""
    first = token
    while first.dep_ == "conj":
        first = first.head
    items = [first, *(t for t in first.subtree if t.dep_ == "conj")]
    return token in items and any(t.i in others for t in items if t.i != token.i)


def _lone_name(token: Token, tokens: list[Token]) -> bool:
    """A proper noun standing alone: no other name word joined to it ("Bell", not "Bell Telephone")."""
    if token.pos_ != "PROPN" or not token.text[:1].isupper() or not token.text.isalpha():
        return False
    joined = [c for c in token.children if c.dep_ in ("compound", "flat")]
    return not joined and token.dep_ not in ("compound", "flat", "poss")


def ordinary_name(tokens: list[Token]) -> bool:
    """Is a capitalised name made only of ordinary English words ("the Centre Court", "Parliament", "the Summer
    and Winter Games"), which only its passage can say whose it is?"""
    words = [t for t in tokens if t.pos_ == "PROPN"]
    root = next((t for t in tokens if t.head not in tokens or t.head.i == t.i), None)
    if not words or root is None or root.pos_ != "PROPN":
        return False  # "the Birch Lane depot": a common noun headed by a name is a named thing of its own
    return all(_ordinary(t.lower_) for t in words)


@functools.cache
def _ordinary(word: str) -> bool:
    from lemminflect import getAllLemmas

    return any(tag in getAllLemmas(word) for tag in _ORDINARY_TAGS)


def qualified_part(text: str, tokens: list[Token], topic: str | None) -> str | None:
    """An ordinary-word name written with the document's subject it belongs to: "the Centre Court" in an article
    on Wimbledon -> "Wimbledon's Centre Court"; "the Summer and Winter Games" in one on the Olympic Games -> "the
    Summer and Winter Olympic Games". The subject itself ("the Games" there) stays as written. None when no
    subject can qualify it, or it is one word ("Parliament")."""
    if not topic:
        return None
    topic_words = topic.removeprefix("the ").split()
    names = [t for t in tokens if t.pos_ == "PROPN"]
    if all(t.lower_ in {w.lower() for w in topic_words} for t in names):
        return text  # the subject itself ("the Larkspur Library" in its own article)
    head = names[-1]
    if head.lower_ == topic_words[-1].lower() and len(names) > 1:
        # The same kind as the subject: its distinctive words go before the head ("Winter Olympic Games").
        distinctive = [w for w in topic_words[:-1] if not _ordinary(w.lower())]
        if not distinctive or any(w in text for w in distinctive):
            return text if distinctive else None
        return re.sub(rf"\b{re.escape(head.text)}$", " ".join([*distinctive, head.text]), text)
    if any(t.lower_ in {w.lower() for w in topic_words} for t in names):
        return text  # the subject, or a name it gives ("the Tower" in an article on a tower)
    if len(names) < 2:
        return None  # "Parliament", "Congress": which one, the name cannot say
    owner = topic + ("'" if topic.endswith("s") else "'s")
    return owner + " " + re.sub(r"^the\s+", "", text, flags=re.IGNORECASE)
