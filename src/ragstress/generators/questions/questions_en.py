"""English questions in question syntax, from a dependency parse of the sentence holding the answer.

The answer's place in its clause decides the shape of the question:
- the subject: the wh-phrase takes its place and nothing moves ("Who designed the tower?");
- an object, a measure or a prepositional phrase of the verb: the wh-phrase is fronted and the
  subject inverted with the first auxiliary, or with "do" when there is none ("In what year was
  the Eiffel Tower completed?", "How long is the Panama Canal?", "What did Apple introduce in 1984?");
- the agent of a passive: the clause is made active ("Who founded Apple?").
An answer anywhere else (inside a noun phrase, in a subordinate clause, one item of a list) is not
asked, nor is a clause the parse leaves in pieces (a comma left inside, a second year beside the
one asked for): a question that cannot be written as a fluent writer would write it is not written.
The wh-phrase is `wh_en`'s; how the question names its subject is `naming_en`'s.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.names_en import surnames_in_full
from ragstress.generators.questions.naming_en import (
    kept_tokens,
    named_in_rest,
    named_subject,
    names_something,
    points_outside,
    text_of,
)
from ragstress.generators.questions.verbs_en import FOCUS_ADVERBS, preverbal_adverbs, says_too_little
from ragstress.generators.questions.wh_en import MEASURES, wh_phrase

if TYPE_CHECKING:
    from spacy.tokens import Token

    from ragstress.values.spans import FactSpan

_SUBJECTS = {"nsubj", "nsubjpass", "expl"}
_OBJECTS = {"dobj", "attr", "oprd", "dative"}
# Dependents of the verb a question leaves out: other clauses, asides and punctuation.
_LEFT_OUT = {"punct", "cc", "conj", "appos", "advcl", "parataxis", "mark", "dep", "intj", "meta", "preconj"}
# Words that only link the sentence to the text around it; a question does without them.
_LINKING_ADVERBS = frozenset("also too still however further moreover meanwhile likewise instead then".split())
_DO_SUPPORT = {"VBD": "did", "VBZ": "does", "VBP": "do"}
_THIRD_PERSON = {"are": "is", "have": "has", "do": "does", "were": "was"}
_A_TIME = re.compile(
    r"\b(?:1[0-9]{3}|20[0-9]{2})\b|\b(?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December)\b"
)
MAX_WORDS = 28
# A role many hold in turn: who took it is one answer only with its time ("became chief executive in 2015").
_IN_TURN = frozenset("become succeed replace".split())


def english_question(
    span: FactSpan, sentence: str, at: int, subject: str | None, passage: str = "", document: str = ""
) -> str | None:
    """The question whose answer is `span` (at offset `at` of `sentence`, a sentence of `passage`, in `document`),
    naming `subject` where the sentence leaves it implicit; None when the sentence cannot be asked about naturally.
    People are named in full as the document first names them (the passage when no document is given)."""
    doc = parse(sentence)
    answer = [t for t in doc if at <= t.idx < at + len(span.text)]
    if not answer or answer[-1].idx + len(answer[-1]) != at + len(span.text):
        return None  # the span cuts a word
    heads = [t for t in answer if t.head not in answer or t.head.i == t.i]
    if len(heads) != 1:
        return None
    head = heads[0]
    # A number counts a noun ("2,500,000 rivets", "300 steps"): the noun's phrase is what is asked for.
    phrase = head.head if span.kind == "number" and head.dep_ in ("nummod", "quantmod") else head
    if phrase.dep_ == "conj" or any(c.dep_ in ("conj", "cc") for c in phrase.children):
        return None  # one item of a list or a range
    found = _role(phrase)
    if found is None:
        return None
    role, verb, moved = found
    wh = wh_phrase(span, answer, phrase, role, moved)
    if wh is None:
        return None
    return _assemble(verb, moved, role, *wh, subject, passage or sentence, span.kind, document or passage or sentence)


def _role(phrase: Token) -> tuple[str, Token, Token] | None:
    """(role, the clause's verb, the token whose subtree the wh-phrase replaces) for the answer's phrase."""
    parent = phrase.head
    if phrase.dep_ in _SUBJECTS - {"expl"}:
        role, verb, moved = "subject", parent, phrase
    elif phrase.dep_ in _OBJECTS:
        role, verb, moved = "object", parent, phrase
    elif phrase.dep_ == "pobj" and parent.dep_ in ("prep", "agent"):
        role, verb, moved = "pp", parent.head, parent
        # "... has allowed visitors to walk around the pod since 2011": asked of the main verb.
        while verb.dep_ in ("xcomp", "ccomp") and verb.tag_ == "VB":
            verb = verb.head
    elif phrase.dep_ == "npadvmod" and parent.lower_ in MEASURES and parent.dep_ in ("acomp", "advmod"):
        role, verb, moved = "measure", parent.head, parent
    else:
        return None
    if verb.pos_ not in ("VERB", "AUX") or not _main_clause(verb):
        return None
    if any(c.dep_ == "neg" for c in verb.children):
        return None  # "When was X not ...": a negated statement makes no question
    return role, verb, moved


def _main_clause(verb: Token) -> bool:
    """The sentence's main verb, or a verb joined to it with a subject of its own."""
    if verb.dep_ == "ROOT":
        return True
    return verb.dep_ == "conj" and verb.head.dep_ == "ROOT" and any(c.dep_ in _SUBJECTS for c in verb.children)


def _assemble(
    verb: Token,
    moved: Token,
    role: str,
    wh: str,
    stranded: str,
    name: str | None,
    passage: str,
    kind: str,
    document: str,
) -> str | None:
    """The question: wh-phrase, (inverted) verb group, subject, the rest of the clause."""
    subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
    if subject is None and verb.dep_ == "conj":
        subject = next((c for c in verb.head.children if c.dep_ in _SUBJECTS), None)
    auxiliaries = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i]
    main, opening = _rest_of_clause(verb, moved, subject, auxiliaries)
    adverbs = preverbal_adverbs(verb, main, subject)  # "first held": kept before the verb, "only" left out
    main = [t for t in main if t not in adverbs]
    before_verb = " ".join(t.lower_ for t in adverbs if t.lower_ not in FOCUS_ADVERBS)
    rest = main + opening
    in_full = surnames_in_full(rest, document)
    if in_full is None:
        return None  # "... beat Garin": a surname the document never gives in full
    rest_text = named_in_rest(" ".join(t for t in (text_of(main, in_full), text_of(opening, in_full)) if t), name)
    if _in_pieces(rest) or (kind in ("year", "date") and _A_TIME.search(rest_text)):
        return None  # a clause in pieces, or a second time beside the one asked for
    if role == "measure" and rest:
        return None  # "How long is the Channel Tunnel the longest undersea section ...?"
    if role != "measure" and moved.dep_ != "agent" and says_too_little(verb, rest, auxiliaries, moved):
        return None  # "In what year did Satya Nadella take over?": over what, the question cannot say
    if verb.lemma_ == "be" and not auxiliaries and role != "measure" and (stranded or kind in ("year", "date")):
        return None  # "Who is the Danube the second river after?", "In what year was its first product a radio?"
    named_place = (t for t in rest if t.dep_ == "pobj" and t.head.lower_ in ("in", "at"))
    if wh == "where" and any(any(w.pos_ == "PROPN" for w in t.subtree) for t in named_place):
        return None  # "Where was the Titanic built at the Harland and Wolff shipyard?"
    kept = list(rest)
    if role == "subject":
        if verb.lemma_ == "be" and not auxiliaries:
            return None  # "What is an American software company?": a definition has many right answers
        if verb.lemma_ in _IN_TURN and not _A_TIME.search(rest_text):
            return None  # "Who became Google's chief executive?": many have, one after another
        first = auxiliaries[0] if auxiliaries else verb
        agrees = (first.tag_ != "VBP" and first.lower_ != "were") or wh.startswith("how many")
        finite = first.text if agrees else _third_person(first)
        more = [a.text for a in auxiliaries[1:]]
        group = [finite, *more, before_verb, verb.text] if auxiliaries else [before_verb, finite]
        words = [wh, *group, rest_text, stranded]
    else:
        if subject is None:
            return None
        named = named_subject(subject, name, passage, document)
        if named is None:
            return None
        as_written = text_of(kept_tokens(subject))
        kept += kept_tokens(subject) if named == as_written else []
        if named != as_written and name and name.lower() in named.lower() and name.lower() in rest_text.lower():
            return None  # "In what year was Ottawa renamed Ottawa?": the subject was something else
        active = _active_form(verb, moved, auxiliaries) if wh in ("who", "what") else None
        if active:  # "Who founded Apple Inc.?", not "Who was Apple Inc. founded by?"
            words = [wh, before_verb, active, named, rest_text]
        else:
            inverted = _inverted(verb, auxiliaries)
            if inverted is None:
                return None
            verb_words = [*inverted[1][:-1], before_verb, *inverted[1][-1:]]
            words = [wh, inverted[0], named, *verb_words, rest_text, stranded]
    question = " ".join(w for w in words if w).replace(" ,", ",").strip()
    said = kept_tokens(subject) if subject is not None and role != "subject" else []  # as the document names it
    if points_outside(kept, name) or not names_something(question, [*kept, verb, *said], name, document):
        return None
    if not 4 <= len(question.split()) <= MAX_WORDS:
        return None
    return question[:1].upper() + question[1:] + "?"


def _in_pieces(rest: list[Token]) -> bool:
    """A comma or dash inside the words kept: the parse joined pieces that a reader would not."""
    if not rest:
        return False
    kept = {t.i for t in rest}
    low, high = min(kept), max(kept)
    doc = rest[0].doc
    return any(doc[i].text in (",", ";", "—", "–") and not doc[i - 1].like_num for i in range(low + 1, high))


def _rest_of_clause(
    verb: Token, moved: Token, subject: Token | None, auxiliaries: list[Token]
) -> tuple[list[Token], list[Token]]:
    """The clause's words other than its subject, verb group and the moved phrase: (those after the verb,
    a phrase that opened the sentence), which a question puts after them ("In 1857, X chose Y" -> "... Y in 1857")."""
    left_out = {moved.i, verb.i} | {a.i for a in auxiliaries} | {t.i for t in moved.subtree}
    if subject is not None:
        left_out |= {t.i for t in subject.subtree}
    chain = {a.i for a in moved.ancestors}
    for child in verb.subtree:
        if child.i in chain or child.i in left_out:
            continue
        aside = (
            child.dep_ in ("appos", "relcl", "acl")
            and child.left_edge.i > 0
            and (child.doc[child.left_edge.i - 1].text in (",", "(", "—", "–"))
        )
        if aside or (child.head.i == verb.i and (child.dep_ in _LEFT_OUT or _discourse_opener(child, subject))):
            left_out |= {t.i for t in child.subtree}
    rest = [
        t
        for t in verb.subtree
        if t.i not in left_out and not (t.is_punct and t.text in "()") and t.lower_ not in _LINKING_ADVERBS
    ]
    opening = [t for t in rest if subject is not None and t.i < subject.i]
    return [t for t in rest if t not in opening], opening


def _active_form(verb: Token, moved: Token, auxiliaries: list[Token]) -> str | None:
    """The active verb of "<subject> was <verb>ed by <answer>" ("founded", "wrote"), or None."""
    if moved.dep_ != "agent" or verb.tag_ != "VBN" or len(auxiliaries) != 1:
        return None
    tense = {"was": "VBD", "were": "VBD", "is": "VBZ", "are": "VBZ"}.get(auxiliaries[0].lower_)
    return _inflect(verb.lemma_, tense) if tense else None


def _inverted(verb: Token, auxiliaries: list[Token]) -> tuple[str, list[str]] | None:
    """(the word before the subject, the verb words after it): an auxiliary, "be", or "do" with the verb's base."""
    if [a.lower_ for a in auxiliaries] == ["had"] and verb.tag_ == "VBN":
        return "did", [verb.lemma_]  # "Franklin had died in 1958": asked in the past, "did Franklin die"
    if auxiliaries:
        return auxiliaries[0].lower_, [a.text for a in auxiliaries[1:]] + [verb.text]
    if verb.lemma_ == "be":
        return verb.lower_, []
    if verb.tag_ in _DO_SUPPORT:
        return _DO_SUPPORT[verb.tag_], [verb.lemma_]
    return None


def _third_person(token: Token) -> str:
    """The verb as "who" or "what" takes it: "Who owns ...", not "Who own ..."."""
    if token.lower_ in _THIRD_PERSON:
        return _THIRD_PERSON[token.lower_]
    return _inflect(token.lemma_, "VBZ")


def _inflect(lemma: str, tag: str) -> str:
    from lemminflect import getInflection

    forms = getInflection(lemma, tag)
    return forms[0] if forms else lemma


def _discourse_opener(child: Token, subject: Token | None) -> bool:
    """ "However," or "Today," before the subject: a link to the text around, not part of the fact."""
    if subject is None or child.i > subject.i or child.dep_ not in ("advmod", "npadvmod"):
        return False
    following = child.doc[child.right_edge.i + 1] if child.right_edge.i + 1 < len(child.doc) else None
    return following is not None and following.text == ","
