"""English questions on a list's entry line: "kettle.fill(): fill the pot with water" asks "Which method fills
the pot with water", "this.config: the application's run-time config" asks "Which property is …", and
"kettle.maxCups: the maximum number of cups" asks "Which property sets …"."""

from __future__ import annotations

import re

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.entry_noun_en import verb_for_phrase
from ragstress.generators.questions.mddocs_code import CodeName, answer_spellings
from ragstress.generators.questions.mddocs_components import is_release_note
from ragstress.generators.questions.mddocs_terms import Question, in_product
from ragstress.generators.questions.techdoc_sentences_en import third_person

# "its" reads as the question's own subject's; the others point at the page around the sentence ("that" only
# as a determiner, see `mddocs_roles_en._points_with_that`).
POINTS_OUT_EN = re.compile(
    r"\b(?:it|it's|them|they|this|these|those|here|above|below|previous|following|same|example|we|our|"
    r"us|I|let's|former|latter)\b",
    re.I,
)


def entry_line_question(sentence: str, name: CodeName, product: str | None) -> Question | None:
    """A list's entry line, "kettle.fill(): fill the pot with water", asked by what it does: "Which method
    fills the pot with water"."""
    m = re.match(r"\s*(?::|—|–|-)\s+([a-z][a-z]+) ([^:;]{6,150})$", sentence[name.end :])
    if name.start != 0 or not m or POINTS_OUT_EN.search(m[2]) or is_release_note(m[2]):
        return None  # "ImagePreview: fix zoom #11848" is a changelog's entry, not what the class does
    if m[1] in ("the", "a", "an"):  # "this.config: the application's run-time config": what the name is
        said = re.split(r", | \(|; ", f"{m[1]} {m[2]}")[0]
        if not 3 <= len(said.split()) <= 12:
            return None  # "the name": too little to tell one entry from another
        # "cache.maxAge: the maximum time …" sets that time; "this.config: the … config" is it (`entry_noun_en`).
        verb = verb_for_phrase(name.kind, said)
        if verb is None:
            return None
        question = f"Which {name.kind} {verb} {said}{in_product(product, said)}?"
        return question, answer_spellings(name.name), name.kind, "doc_identifier", f"{name.kind}: {question}"
    said_verb = parse(f"They {m[1]} {m[2]}")[1]
    if said_verb.pos_ != "VERB":
        return None  # "kettle.size: number of cups": a noun, no task
    if said_verb.tag_ in ("VBD", "VBN"):
        # "kettle.boil: moved to kettle.heat": what became of the name, said of it as done ("was moved").
        verb = f"was {m[1]}"
    elif said_verb.tag_ == "VBZ":
        verb = m[1]  # "kettle.fill: fills the pot": already agrees
    else:
        verb = third_person(m[1]) or _inflect_vbz(m[1])
    question = f"Which {name.kind} {verb} {m[2]}{in_product(product, m[2])}?"
    return question, answer_spellings(name.name), name.kind, "doc_identifier", f"{name.kind}: {question}"


def _inflect_vbz(verb: str) -> str:
    from lemminflect import getInflection

    forms = getInflection(verb, "VBZ")
    return forms[0] if forms else verb
