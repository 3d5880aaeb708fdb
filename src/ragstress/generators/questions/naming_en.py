"""How an English question names what it is about, so that it stands without its passage.

A question keeps its sentence's words, and those often lean on the passage around them: a
pronoun ("It was completed ..."), a bare "the tower" in an article on the Eiffel Tower, a
surname the article introduced in full earlier ("Gates"), a "there" or "then". The subject is
named from the document (its title as the text writes it) where that is safe; a question that
still points outside itself is not asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.names_en import ordinary_name, qualified_part, surnames_in_full

if TYPE_CHECKING:
    from spacy.tokens import Token

PRONOUNS = {"it", "he", "she", "they", "him", "them", "its", "his", "her", "their", "itself", "themselves"}
DEMONSTRATIVES = {"this", "these", "that", "those"}
_PLURAL = {"they", "them", "their", "themselves"}
# Nouns that name an organisation: "the company" in an article on one is always that organisation.
_ORGANISATIONS = {"company", "firm", "corporation", "group", "business", "brand", "manufacturer", "maker", "carmaker"}
# Names headed by one of these nouns take "the" ("the Kessa Canal", "the Varna Lighthouse").
_COMMON_HEADS = set(
    """tower bridge canal river lake sea ocean mountains islands desert wall dam tunnel palace cathedral museum
    library institute university park station telescope building games cup lighthouse press""".split()
)
# Subjects that name no thing "it" could mean: an activity or a span of time.
_ABSTRACT = {"construction", "work", "building", "planning", "development", "design", "the work", "the construction"}
# Nouns "the" makes unique without a passage: "to the public", "on the Moon".
_UNIQUE = {"public", "world", "moon", "sun", "earth", "sky", "internet", "web", "press", "government", "past", "future"}
_GENERIC_NAME_WORDS = _COMMON_HEADS | _ORGANISATIONS | {"the", "mount", "lake", "saint", "st", "new", "inc", "ltd"}
# Places and times told relative to the passage ("there", "a year later", "the same year").
_RELATIVE = {"there", "then", "here", "former", "latter", "later", "earlier", "afterwards", "previous", "same", "next"}


def text_of(tokens: list[Token], written: dict[int, str] | None = None) -> str:
    """Tokens as written, in sentence order, with the sentence's own spacing between neighbours; `written`
    gives some tokens (by index) other words ("Bell" -> "Alexander Graham Bell").

    The sentence's first word loses its capital unless it is a name: inside a question it no longer opens."""
    tokens = sorted(tokens, key=lambda t: t.i)
    written = written or {}
    out = ""
    for n, token in enumerate(tokens):
        if token.i in written:
            out += written[token.i]
        elif token.i == 0 and token.pos_ != "PROPN" and token.text != "I":
            out += token.lower_
        else:
            out += token.text
        if n + 1 < len(tokens):
            out += token.whitespace_ if tokens[n + 1].i == token.i + 1 else " "
    return out.strip(" ,;:")


def as_subject(name: str) -> str:
    """The document's subject as a noun phrase: with "the" when its name is headed by a kind ("the Kessa Canal";
    but "Apollo 11", "Orlen Motors")."""
    if len(name.split()) > 1 and name.split()[-1].lower() in _COMMON_HEADS and not name.lower().startswith("the "):
        return "the " + name
    return name


def named_in_rest(text: str, name: str | None) -> str:
    """ "the tower" in an article about the Eiffel Tower, "the company" in one about Apple, written as its name."""
    if not name:
        return text
    heads = "|".join(re.escape(w) for w in sorted({name.split()[-1].lower(), *_ORGANISATIONS}))
    return re.sub(rf"\bthe (?:{heads})\b(?!\s+of\b)", lambda _: as_subject(name), text, flags=re.I)


def kept_tokens(subject: Token) -> list[Token]:
    """The subject's words without appositions or parentheses ("Bell, a teacher of the deaf," -> "Bell")."""
    dropped = {
        t.i for c in subject.subtree if c.dep_ in ("appos", "relcl", "acl") and _after_comma(c) for t in c.subtree
    }
    return [t for t in subject.subtree if t.i not in dropped and not _in_parentheses(t)]


def named_subject(subject: Token, name: str | None, passage: str, document: str = "") -> str | None:
    """The subject as the question must write it to stand alone (a surname in full as `document` first gives it,
    a part with what it belongs to); None when it cannot be named."""
    tokens = kept_tokens(subject)
    if not tokens:
        return None  # a subject wholly inside parentheses or an aside
    first, text = tokens[0], text_of(tokens)
    if first.lower_ in _PLURAL:
        return None  # "they" are rarely the document's subject itself
    if first.lower_ in PRONOUNS | DEMONSTRATIVES and not (
        name and first.i == 0 and _follows_its_subject(subject, name, passage)
    ):
        return None  # "..., and it has sold 100 million": "it" is what was last spoken of, not always the title
    if len(tokens) == 1 and first.lower_ in PRONOUNS | DEMONSTRATIVES:
        return as_subject(name)
    if first.lower_ in PRONOUNS:  # "Its main span"
        return f"{as_subject(name)}'s {text_of(tokens[1:])}"
    if any(t.pos_ == "PROPN" for t in tokens):
        return as_known(tokens, name, document or passage)
    if first.lower_ in DEMONSTRATIVES:
        return as_subject(name) if name and len(tokens) == 2 else None
    if first.lower_ != "the":
        return text
    if not name:
        return None  # "the company", with no document subject to say which
    renamed = named_in_rest(text, name)
    if renamed != text:
        return renamed
    if len(tokens) == 2 and _is_the_subject(subject.lower_, name, passage):
        return as_subject(name)  # "the company" in an article on Sony is Sony
    # "the crew", "the main span", "the city where the factories stand": a thing only the passage explains.
    return None


def _is_the_subject(noun: str, name: str, passage: str) -> bool:
    """Is "the <noun>" the document's subject itself: a word of its name ("the tower" of the Eiffel Tower), an
    organisation ("the company" of Sony), or the kind the passage says it is ("Vostok 1 was the spacecraft ...")?"""
    if noun in name.lower().split() or noun in _ORGANISATIONS:
        return True
    bare = re.escape(name.removeprefix("the ").removeprefix("The "))
    defined = rf"\b{bare}\s+(?:is|was)\s+(?:a|an|the)\s+(?:[\w-]+\s+){{0,3}}{re.escape(noun)}\b"
    return bool(re.search(defined, passage))


def _follows_its_subject(subject: Token, name: str, passage: str) -> bool:
    """Does a pronoun subject follow a sentence about the document's subject (or its title line)? Only then is
    the pronoun read as the title."""
    sentence = subject.doc.text
    at = passage.find(sentence)
    if at < 0:
        return False
    before = re.split(r"(?<=[.!?])\s+|\n+", passage[:at].strip())[-1] if passage[:at].strip() else ""
    if not before:
        return True  # the passage opens with this sentence
    if "\n" in passage[passage.rfind(before) : at]:
        return before.strip() == name.removeprefix("the ")  # a line of its own before: the title line only
    # "It" takes up the subject of the sentence before: it must be the document's subject, a pronoun, or a
    # word that names nothing it could mean ("Construction began ..."); "In 1965 the Mont Blanc Tunnel opened."
    # before "It is 11.6 km long" makes "it" the tunnel.
    root = next((t for t in parse(before) if t.dep_ == "ROOT"), None)
    antecedent = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) if root else None
    if antecedent is None:
        return True
    said = text_of(list(antecedent.subtree)).lower()
    bare = name.lower().removeprefix("the ")
    if said in PRONOUNS or said.removeprefix("the ") == bare or said == "the " + bare.split()[-1]:
        return True  # "the Mont Blanc Tunnel" is not Mont Blanc
    names_nothing = antecedent.pos_ != "NOUN" and not any(t.pos_ == "PROPN" for t in antecedent.subtree)
    return names_nothing or said in _ABSTRACT


def as_known(tokens: list[Token], name: str | None, document: str) -> str | None:
    """A name as a reader outside the passage knows it: surnames in full ("Fleming, Florey and Chain" ->
    "Alexander Fleming, Howard Florey and Ernst Chain"), a part with what it belongs to ("Wimbledon's Centre
    Court"); None when neither can be done for a name that needs it."""
    in_full = surnames_in_full(tokens, document)
    if in_full is None:
        return None
    if in_full:
        return text_of(tokens, in_full)
    if ordinary_name(tokens):
        return qualified_part(text_of(tokens), tokens, as_subject(name) if name else None)
    return text_of(tokens)


def points_outside(tokens: list[Token], name: str | None = None) -> bool:
    """Does a word lean on the passage: a personal pronoun, "this method", "there", "then", a bare "the
    discovery" or "the mountain" that the question never names?"""
    named = {name.split()[-1].lower(), *_ORGANISATIONS} if name else set()
    for t in tokens:
        if _bare_definite(t) and t.lower_ not in named | _UNIQUE:
            return True
        if t.tag_ in ("PRP", "PRP$") and t.lower_ in PRONOUNS:
            return True
        if t.tag_ == "DT" and t.lower_ in DEMONSTRATIVES:
            return True
        if t.text in _RELATIVE and t.dep_ != "expl":  # lower case only: "NeXT" is a name
            return True
        if t.lower_ in ("one", "both") and t.dep_ in ("nsubj", "nsubjpass"):
            return True
    return False


def _bare_definite(token: Token) -> bool:
    """A common noun with only "the" and adjectives before it ("the discovery", "the main pod")."""
    if token.pos_ != "NOUN" or not any(c.dep_ == "det" and c.lower_ == "the" for c in token.children):
        return False
    return all(c.dep_ in ("det", "amod", "punct") for c in token.children)


def names_something(question: str, tokens: list[Token], name: str | None, document: str = "") -> bool:
    """Does the question say what it is about: the document's subject, or a full name ("Lee Byung-chul",
    "the Nobel Prize", a surname the document gives in full; not "Eagle" alone, which only the passage explains)?"""
    if name and name.lower().removeprefix("the ") in question.lower():
        return True
    if surnames_in_full(tokens, document):
        return True  # "Bell" is asked as "Alexander Graham Bell"
    # A distinctive word of the name is enough: "the first Orlen engine" names Orlen Motors.
    distinctive = [w for w in (name or "").split() if w[:1].isupper() and w.lower() not in _GENERIC_NAME_WORDS]
    if any(re.search(rf"\b{re.escape(w)}\b", question) for w in distinctive):
        return True
    capitalised = sorted(t.i for t in tokens if t.i > 0 and (t.pos_ == "PROPN" or t.text[:1].isupper()))
    return any(b == a + 1 for a, b in zip(capitalised, capitalised[1:]))


def _after_comma(token: Token) -> bool:
    first = token.left_edge
    return first.i > 0 and token.doc[first.i - 1].text in (",", "(", "—", "–")


def _in_parentheses(token: Token) -> bool:
    before = token.doc[: token.i].text
    return before.count("(") > before.count(")")
