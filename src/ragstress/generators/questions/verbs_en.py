"""What an English question's verb needs beside it, and where its adverbs go.

A question keeps what its verb is about: "choose Ottawa" says nothing without "as the capital",
"take over" nothing without what was taken over, "reorganise" nothing once ", creating Alphabet"
is cut. A sentence whose verb would stand without that is not asked.

Adverbs keep the place a writer gives them: one that stood before the verb ("was first held",
"was officially opened") stays before it in the question ("In what year was the Tour de France
first held?"), not after the verb phrase where the rest of the clause goes. A focus adverb there
("Parliament only moved in 1927", meaning not until then) changes its sense once the time is
asked for, and is left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

# Verbs whose passive says enough alone: "In what year was the tower completed?"
SELF_CONTAINED = frozenset(
    """complete finish open reopen close found establish incorporate launch build construct dedicate
    inaugurate bear discover invent publish release demolish destroy abolish dissolve elect locate situate
    base bury hold stage film""".split()
)
# Verbs that say what their object became or was taken as: "chose Ottawa as the capital", "named it Bytown".
_PREDICATING = frozenset(
    "choose select pick appoint designate declare proclaim crown nominate rank rate dub deem".split()
)
# A phrase that gives such a verb its second half: "as the capital", "to the board", "the capital" (oprd).
_COMPLEMENTS = {"oprd", "xcomp", "ccomp", "acomp"}
_COMPLEMENT_PREPOSITIONS = {"as", "to", "for", "into"}
# Adverbs whose sense turns once the fact they mark is asked for: "only moved in 1927" is "not until 1927".
FOCUS_ADVERBS = frozenset("only just even".split())


def says_too_little(verb: Token, rest: list[Token], auxiliaries: list[Token], moved: Token) -> bool:
    """Does the clause leave out what its verb is about: only a particle ("take over"), a passive with nothing
    after it ("were the Games added"), an object with no determiner or modifier ("begin work", "strike a deal"),
    an object without the role a choosing verb gives it ("choose Ottawa"), or nothing at all once a clause after
    a comma is cut ("reorganise, creating ...")?"""
    content = [t for t in rest if not t.is_punct]
    if verb.lemma_ in _PREDICATING and not _has_complement(verb, [*content, moved]):
        return True
    if not content and verb.lemma_ not in SELF_CONTAINED and _clause_cut_after(verb):
        return True
    if all(t.dep_ == "prt" for t in content):
        passive = any(a.dep_ == "auxpass" for a in auxiliaries)
        return bool(content) or (passive and verb.lemma_ not in SELF_CONTAINED)
    heads = [t for t in content if t.head.i == verb.i and t.dep_ != "prt"]
    if len(heads) == 1 and heads[0].dep_ == "dobj" and heads[0].pos_ == "NOUN":
        modifiers = [c for c in heads[0].children if c.dep_ != "det" or c.lower_ not in ("a", "an")]
        return not modifiers
    return False


def _has_complement(verb: Token, kept: list[Token]) -> bool:
    """Does a kept word give a choosing verb its role: "as the capital", an object predicate, "to the board"?"""
    kept_ids = {t.i for t in kept}
    for child in verb.children:
        if child.i not in kept_ids:
            continue
        if child.dep_ in _COMPLEMENTS or (child.dep_ == "prep" and child.lower_ in _COMPLEMENT_PREPOSITIONS):
            return True
    # "elected him president": the predicate hangs from the object.
    return any(c.dep_ in ("oprd", "appos") for t in kept if t.head.i == verb.i for c in t.children)


def _clause_cut_after(verb: Token) -> bool:
    """A participle or other clause after the verb, which the question leaves out: ", creating Alphabet"."""
    return any(c.dep_ in ("advcl", "xcomp", "ccomp") and c.i > verb.i for c in verb.children)


def preverbal_adverbs(verb: Token, kept: list[Token], subject: Token | None) -> list[Token]:
    """The verb's adverbs that stood between its subject and itself ("was first held"), which the question keeps
    before the verb; focus adverbs among them are returned too, for the caller to leave out."""
    after = subject.right_edge.i if subject is not None else -1
    kept_ids = {t.i for t in kept}
    return [
        c
        for c in verb.children
        if c.dep_ == "advmod" and after < c.i < verb.i and c.i in kept_ids and len(list(c.subtree)) == 1
    ]
