"""English questions on definition entries: the term is the answer, its description the question.

"-i, --ignore-case / Ignore case distinctions in patterns" in grep's page gives "Which option
of grep ignores case distinctions in patterns?" (answer `-i`, or `--ignore-case`); the
signature "os.getcwd()" above "Return a string representing the current working directory."
gives "Which function of the os module returns a string representing the current working
directory?". A description is read by `techdoc_options_en` (options) or `techdoc_sentences_en`
(any other term), and asked only when it is short and names no spelling of the answer.

The values stated in an entry's own text are asked by `techdoc_values_en`.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.techdoc import Entry, Subject, kind_named, occurrences, typed_spellings
from ragstress.generators.questions.techdoc_options_en import option_predicate
from ragstress.generators.questions.techdoc_sentences_en import MAX_WORDS, SKIP_OPENING, first_sentence, term_predicate
from ragstress.generators.questions.techdoc_useful import guessable, short_spellings
from ragstress.generators.questions.techdoc_values_en import value_questions

__all__ = ["definition_question", "predicate", "value_questions"]

_KIND_WORD = {
    "option": "option",
    "function": "function",
    "cfunction": "C function",
    "method": "method",
    "class": "class",
    "exception": "exception",
    "type": "type",
    "attribute": "attribute",
    "constant": "constant",
    "envvar": "environment variable",
    "error_code": "error code",
    "path": "file",
}
# What an option does, as a person asks it, fits in a short clause; a longer one is its description copied.
_MAX_ASKED_WORDS = 16
# A description ending on a copula, an article or a preposition ("the general format of the field is") was
# cut before the colon or list it led into.
_LEADS_IN = re.compile(r"\b(?:is|are|was|be|the|a|an|of|to|for|with|by|as|like|follows|following|include)$")


# (question, answer spellings, span kind, template, content): the content is what sets the question apart
# from others of its template, and is what the near-duplicate gate compares.
Question = tuple[str, list[str], str, str, str]


def predicate(entry: Entry) -> str | None:
    """What the question says of the unknown term: "lists ...", "returns ...", "is raised when ...", "is a ..."."""
    return option_predicate(entry) if entry.kind == "option" else term_predicate(entry)


def _subject_phrase(entry: Entry, about: Subject | None) -> str | None:
    """ "option of grep", "function of the os module", "str method" ..."""
    kind = _KIND_WORD[kind_named(entry)]
    subject = about.name if about else None
    main = entry.names[0].removesuffix("()")
    owner = main.rsplit(".", 1)[0] if "." in main else None
    if entry.kind == "option":
        return f"option of {subject}" if subject else None  # "which command-line option" of what?
    if entry.kind == "envvar" and about is not None and about.kind == "command":
        return f"environment variable of {subject}"
    if entry.kind in ("envvar", "cfunction"):
        return kind
    if about is not None and about.kind == "command":
        return f"{kind} in the {subject} manual page"
    if entry.kind == "method" and owner:
        return f"{owner} method"
    if owner and owner == subject:
        return f"{kind} of the {owner} module"
    if owner and entry.kind != "method":
        return f"{kind} of {owner}"
    if subject:
        return f"{kind} of the {subject} module"
    # No module to name ("Built-in Exceptions"): the term's kind alone still asks one thing.
    return kind if entry.kind in ("function", "class", "exception", "constant") else None


def definition_question(entry: Entry, subject: Subject | None) -> Question | None:
    """ "Which <kind> <predicate>?" whose answer is the entry's term, or None."""
    if entry.kind in ("error_code", "path"):
        return _documented_as(entry, subject)
    said = predicate(entry)
    phrase = _subject_phrase(entry, subject)
    if said is None or phrase is None:
        return None
    if _LEADS_IN.search(said):
        return None  # "is the general format of the X-Forwarded-For field is": cut before the colon it led to
    question = f"Which {phrase} {said}?"
    if any(occurrences(question, name) for name in entry.names) or len(said.split()) > _MAX_ASKED_WORDS:
        return None  # a description copied whole ("... 'ilp32' or 'lp64', optionally followed by ...")
    answers = typed_spellings(entry) if entry.kind == "option" else list(entry.names)
    if entry.kind == "option" and guessable(answers, said):
        # "Which option of grep ignores case distinctions?" gives --ignore-case away; its short spelling it does not.
        answers = short_spellings(answers, said)
        if not answers:
            return None
        phrase = phrase.replace("option of", "short option of", 1)
        question = f"Which {phrase} {said}?"
    return question, answers, entry.kind, "definition", f"{phrase}: {said}"


def _documented_as(entry: Entry, subject: Subject | None) -> Question | None:
    """An error code's or a file's description is a sentence or a phrase of any shape, so it is quoted:
    "Which error code of open is documented as “Permission denied”?"."""
    description = first_sentence(entry.description)
    if subject is None or not 2 <= len(description.split()) <= MAX_WORDS or ":" in description:
        return None
    if entry.kind == "path" and not _documents_a_file(entry.names[0], description):
        return None
    phrase = "error code of" if entry.kind == "error_code" else "file used by"
    question = f"Which {phrase} {subject.name} is documented as “{description}”?"
    if any(occurrences(question, name) for name in entry.names):
        return None
    return question, list(entry.names), entry.kind, "definition", f"{subject.name}: {description}"


def _documents_a_file(path: str, description: str) -> bool:
    """A file's own description: a sentence, not a list of more paths ("/run/a /run/b"), a clause cut
    mid-sentence ("which contains ...") or a pointer elsewhere; and a path with a folder, not "/nodecode"."""
    if not re.match(r"[A-Z][a-z]", description) or re.search(r"/|\b(?:see|above|below)\b", description):
        return False
    if SKIP_OPENING.match(description):
        return False
    return path.startswith(("~", "$")) or path.count("/") >= 2
