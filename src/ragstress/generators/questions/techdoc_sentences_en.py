"""Reading an English definition's first sentence: the verbs it opens with, and what it says of its term.

"os.getcwd()" above "Return a string representing the current working directory." is read as
"returns a string representing the current working directory". A description is used only when
its first sentence opens with a verb this module can put in the third person (a closed list, so a
noun such as "Number of ..." is never mistaken for one), with "Raised when ..." (exceptions) or
with a noun phrase (classes, attributes, variables). Options are read by `techdoc_options_en`.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.techdoc import Entry
from ragstress.generators.questions.techdoc_useful import first_clause

_VERBS = frozenset(
    """accept access add adjust allocate allow append apply arrange ask assign attempt avoid block break build call cancel
    cause change check clear close combine compare compile compute concatenate configure construct control
    convert copy count create feed decode define delete describe detect determine disable discard display do dump
    emit empty enable encode ensure enter evaluate execute exit expand export extract fail fetch fill filter find fire
    finish flush follow force format generate get give handle hide ignore implement import include indicate
    initialize insert inspect install interpret invoke join keep kill limit list load lock log look make map
    mark match merge modify move normalize note open output overwrite pack parse pass pause perform place pop prefer
    prepend preserve prevent print process produce prompt provide put raise read receive record reduce
    register reject release reload remove rename reorder repeat replace report represent request reset
    resolve restore restrict retrieve return reverse run save scan search select send separate serialize set
    show shut signal skip sleep sort specify split start stop store strip submit subtract supply suppress
    swap switch take tell terminate test throw toggle trace transform translate treat trigger truncate try turn
    unlock unpack update use validate verify wait walk warn wrap write yield""".split()
)
_NOUN_OPENING = re.compile(r"(?:The|A|An)\s+[a-z]")
SKIP_OPENING = re.compile(
    r"(?:See|Same|Like|Alias|Deprecated|Changed|Added|New in|This|These|Note|Equivalent|Synonym|Identical|"
    r"Please|Example|Availability|If|When|For|In|On|As|Unlike|Similar|Also|Only|Obsolete)\b"
)
# "This method is called when ...", "This marker indicates ...", "This is a read-only attribute that returns ...":
# what follows says of the term what a question can ask ("Which ... is called when ...").
_TERM_NOUNS = (
    r"(?:method|function|class|attribute|option|variable|exception|marker|probe point|probe|constant|macro|"
    r"decorator|constructor|property|hook|callback|flag|event|type|object|setting)"
)
_THIS_TERM = re.compile(
    rf"(?:This|The) {_TERM_NOUNS} (?=[a-z]+ )|This is an? [\w -]{{1,40}}? (?:that|which) (?=[a-z]+ )"
)
MAX_WORDS = 40
# What an option does, as a person asks it, fits in a short clause; a longer one is its description copied.
_PREPOSITION_AFTER = re.compile(r"(?:of|on|for|in|to|with|that|which)\b")


def imperative_of(word: str) -> str | None:
    """The imperative a third-person form comes from: `returns` -> `return`, `tries` -> `try`."""
    for base in (word[:-3] + "y" if word.endswith("ies") else None, word[:-2], word[:-1]):
        if base and word.endswith("s") and base in _VERBS and third_person(base) == word:
            return base
    return None


def third_person(verb: str) -> str | None:
    """`Return` -> `returns`, `Do` -> `does`; None unless `verb` is a known imperative."""
    word = verb.lower()
    if word not in _VERBS:
        return None
    if word == "do":
        return "does"
    if re.search(r"(?:s|sh|ch|x|z)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def base_form(verb: str) -> str | None:
    """`replaces` -> `replace`, `copies` -> `copy`: the bare form of a known verb in the third person, else None.
    After "to" a page sometimes keeps the third person ("allows you to replaces …"); a question must not."""
    word = verb.lower()
    return next((b for b in (word[:-1], word[:-2], word[:-3] + "y") if b and third_person(b) == word), None)


_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.")


def first_sentence(text: str) -> str:
    """The description's first sentence, without its full stop.

    Manuals often start a sentence with a lower-case name ("ob must not be NULL."), so any full
    stop followed by a space ends the sentence, except after an abbreviation."""
    text = text.strip()
    for m in re.finditer(r"[.!?](?=\s)", text):
        if not text[: m.end()].endswith(_ABBREVIATIONS):
            text = text[: m.start()]
            break
    return text.rstrip(" .:;")


# "Return type of brew()", "Return value of pour()": a noun a reference opens with, though "Return" is also a verb.
RETURN_NOUN = re.compile(r"^Return (?:types?|values?)\b")


def term_predicate(entry: Entry) -> str | None:
    """What a question says of a term other than an option: "returns ...", "is raised when ...", "is a ..."."""
    sentence = first_sentence(entry.description)
    if entry.kind == "envvar":
        sentence = first_clause(sentence)  # "Sets the color mode (since dpkg 1.18.5)": the note is no part of it
    sentence = re.sub(r"^(?:Method|Function) (?=called )", "This method is ", sentence)
    this = _THIS_TERM.match(sentence)
    if this:
        rest = sentence[this.end() :]
        verb = rest.split(" ", 1)[0]
        if verb in ("is", "was", "can", "may", "will", "does") or imperative_of(verb):
            return rest if 3 <= len(rest.split()) <= MAX_WORDS and ":" not in rest else None
    words = sentence.split()
    if not 3 <= len(words) <= MAX_WORDS or ":" in sentence or SKIP_OPENING.match(sentence):
        return None
    rest = " ".join(words[1:])
    if words[:2] == ["Do", "not"] or words[0] == "Don't":
        return "does not " + " ".join(words[2:]) if words[0] == "Do" else "does not " + rest
    if _PREPOSITION_AFTER.match(words[1]):
        return None  # "Limit on the number ...": a noun, not a verb
    if RETURN_NOUN.match(sentence):
        return None  # "Return type of brew()": the noun a typed reference opens with, not "returns type of"
    verb = third_person(words[0])
    if verb:
        # "Take a pointer ..., and return its size": the second verb agrees too.
        rest = re.sub(r", (and|or) ([a-z]+)\b", lambda m: f", {m[1]} {third_person(m[2]) or m[2]}", rest)
        # "Write data and return the number of bytes": a verb after "and" followed by its object agrees too.
        rest = re.sub(
            r"\b(and) ([a-z]+)(?= (?:the|a|an|its|it|their|them|this|that|all|any|true|false|None|NULL)\b)",
            lambda m: f"{m[1]} {third_person(m[2]) or m[2]}",
            rest,
        )
        return f"{verb} {rest}"
    if imperative_of(words[0].lower()) or words[0] in ("Does", "Is"):
        return f"{words[0].lower()} {rest}"
    if words[0] == "Raised" and entry.kind == "exception":
        return f"is raised {rest}"
    if _NOUN_OPENING.match(sentence) and entry.kind != "option":
        return f"is {sentence[0].lower()}{sentence[1:]}"
    return None
