"""What a question says of an option: its description's first clause, its placeholders in words, its verb agreeing.

"-i, --ignore-case / Ignore case distinctions in patterns" is read as "ignores case distinctions in
patterns"; "--display-name / Display name of the cluster" as "sets the display name of the cluster";
"Do not print a header" as "prevents printing a header" (see `techdoc_parse` for how a description's
opening is read, and `techdoc_placeholders` for its placeholders).

A rebuilt clause is asked only when it passes a check of its grammar: no article right after a determiner
or a participle ("specified a given number of columns": a placeholder worded where the page had an
adjective before it), no one-letter word but "a" left from the page ("the file descriptor n": a placeholder
not put into words), and no noun reading of a description whose words after the first read as a task
("Right align text in …" is a task with an adverb before it, not a name to set).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ragstress.generators.questions.techdoc import Entry
from ragstress.generators.questions.techdoc_conditions_en import Given, consequence_predicate, past_condition
from ragstress.generators.questions.techdoc_parse import conjugate, last_is_verb, opening
from ragstress.generators.questions.techdoc_placeholders import placeholders, word_placeholders
from ragstress.generators.questions.techdoc_sentences_en import (
    MAX_WORDS,
    SKIP_OPENING,
    first_sentence,
    imperative_of,
    third_person,
)
from ragstress.generators.questions.techdoc_useful import first_clause, restates_default


def option_predicate(entry: Entry) -> str | None:
    """What a question says of an option: its description with its placeholders in words, an imperative
    in the third person ("lists ..."), a noun phrase naming its value as what it sets ("sets the display
    name ..."); None for any other shape (see `techdoc_parse`)."""
    if restates_default(entry.description):
        return None
    # "...; the default is screen.dump", "(since dpkg 1.18.5)", ", e.g. …": only what the option does is asked.
    sentence = first_clause(first_sentence(entry.description))
    given = past_condition(sentence)
    if given is not None:
        return _given_predicate(entry, given)
    sentence = sentence[:1].upper() + sentence[1:]
    if ":" in sentence or SKIP_OPENING.match(sentence) or sentence.startswith(("Like ", "Same ")):
        return None
    if sentence.count("(") != sentence.count(")"):
        return None  # "(see user_caps(5)": a sentence the page left unclosed
    if re.search(r"\b(?:this|these)\b", re.sub(r"\([^()]*\)", "", sentence)):
        return None  # "List only channels of this type": the question would point at a page it does not show
    worded = word_placeholders(sentence, placeholders(entry.term, sentence, entry.names))
    if worded is not None and not _grammatical(worded):
        return None
    words = worded.split() if worded else []
    if not 2 <= len(words) <= MAX_WORDS:
        return None
    if words[:2] == ["Do", "not"] or words[0] in ("Don't", "Don’t"):
        rest = words[2:] if words[0] == "Do" else words[1:]
        # "don't output anything, just set exit status": what it prevents ends at the comma.
        rest = " ".join(rest).split(",")[0].split()
        # "don't output anything, status code shows success": the rest must read as a task too.
        if not rest or (opening(" ".join(rest), set()) or ("",))[0] != "verb":
            return None
        # "Which option does not print a header?" reads as any option that leaves it alone: ask what it prevents.
        gerund = _gerund(rest[0])
        if len(rest) > 2 and rest[1] in ("or", "and"):
            rest[2] = _gerund(rest[2]) or rest[2]  # "fetch or index the pages" → "fetching or indexing …"
        return "prevents " + " ".join([gerund, *rest[1:]]) if gerund else None
    if words[0] == "Whether":
        return "controls whether " + " ".join(words[1:])
    if words[0] in ("How", "What", "Where", "When", "Which") and takes_argument(entry.term):
        return "sets " + " ".join([words[0].lower(), *words[1:]])  # "How often to upload audit logs"
    if imperative_of(words[0].lower()):
        return " ".join([_lowered(words[0]), *words[1:]])
    option_words = {w for name in entry.names for w in name.lstrip("-").lower().split("-")}
    # "-p port / Port to connect to on the remote host": a description opening with the option's own
    # argument names that value, whatever else its first word could be.
    arguments = {w.lower() for w in placeholders(entry.term, "")}
    # "CEL filter expression for the trigger": an acronym opens a name, never a task; so does a word no list
    # knows as a verb before "to" ("Argument to append to the entrypoint").
    acronym = len(words[0]) > 1 and words[0].isupper()
    purpose = len(words) > 2 and words[1] == "to" and not third_person(words[0])
    named = words[0].lower() in arguments or acronym or purpose
    shape = ("noun", []) if named else opening(worded, option_words)
    if shape is None:
        return None
    kind, verbs = shape
    if kind == "verb":
        return task_predicate(worded, verbs)
    if not takes_argument(entry.term) or words[0] in ("This", "These", "It"):
        return None  # a noun phrase says what an option sets; an option without a value sets nothing
    if words[0].lower() in ("the", "a", "an"):
        return "sets " + " ".join([words[0].lower(), *words[1:]])
    rest = " ".join(words[1:])
    if (
        not named
        and len(words) > 2
        and words[2] not in _PREPOSITIONS
        and (opening(rest[:1].upper() + rest[1:], set()) or ("",))[0] == "verb"
    ):
        return None  # "Right align text in the specified columns": a task after an adverb, not a name
    first = words[0] if words[1][:1].isupper() else _lowered(words[0])  # "Google Cloud project" keeps its capital
    return "sets the " + " ".join([first, *words[1:]])


# "specified a given number", "the a file": an article never follows a determiner or a participle.
_ARTICLE_AFTER_DETERMINER = re.compile(
    r"\b(?:specified|given|selected|named|the|a|an|each|every|any|all|its|their|this|that|your)\s+(?:a|an|the)\b", re.I
)
# "the file descriptor n": a one-letter word other than "a" is a placeholder left in the page's spelling.
_LONE_LETTER = re.compile(r"(?<![\w.'’-])[b-z](?![\w.'’-])")
_PREPOSITIONS = {"of", "for", "to", "in", "on", "at", "by", "with", "from", "as", "used", "that", "which"}


def _grammatical(clause: str) -> bool:
    """Whether a clause rebuilt from a description reads as English by the checks in the module's docstring."""
    return not (_ARTICLE_AFTER_DETERMINER.search(clause) or _LONE_LETTER.search(clause))


def task_predicate(sentence: str, verbs: list[int]) -> str:
    """An imperative in the third person, every verb of its task agreeing: "Set or clear securebits" →
    "sets or clears securebits" (`verbs`: the word indexes `opening` found to be its verbs)."""
    words = sentence.split()
    if len(words) > 2 and words[1] in ("or", "and") and re.fullmatch(r"[a-z]+", words[2]):
        verbs = [*verbs, 2]  # "Set or clear securebits"
    if len(words) > 2 and words[-2] in ("and", "or") and last_is_verb(words[-1]):
        verbs = [*verbs, len(words) - 1]  # "Display the licence and quit"
    # "Keep, clear or set the signal", "look up, signal, or wait for …": every verb of the opening list agrees.
    listed = re.match(r"[A-Za-z]+(?: (?:up|down|out|off))?, (?:[a-z]+, )*[a-z]+,? (?:or|and) [a-z]+ ", sentence)
    if listed:
        joiners = ("or", "and", "up", "down", "out", "off")
        verbs = [*verbs, *(n for n in range(1, len(listed[0].split())) if words[n].rstrip(",") not in joiners)]
    return " ".join(conjugate(w) if n in verbs else _lowered(w) if n == 0 else w for n, w in enumerate(words))


def _given_predicate(entry: Entry, given: Given) -> str | None:
    """What an option does, read past "If set," (see `techdoc_conditions_en`)."""
    clause = re.sub(r"^[Tt]his command\b", "the command", given.consequence)
    if ":" in clause or re.search(r"\b(?:this|these)\b", clause):
        return None
    worded = word_placeholders(clause, placeholders(entry.term, clause, entry.names))
    if worded is None:
        return None
    said = consequence_predicate(worded, given.also)
    if said is not None or given.also:
        return said
    # "When set, starts the created rollout …": a consequence without a subject of its own is read as any description.
    return option_predicate(replace(entry, description=worded[:1].upper() + worded[1:]))


def _gerund(verb: str) -> str | None:
    """ "print" → "printing"; None for a word that is no plain verb ("print," keeps its comma)."""
    from lemminflect import getInflection

    bare = verb.rstrip(",;")
    if not bare.isalpha():
        return None
    forms = getInflection(bare.lower(), "VBG")
    return forms[0] + verb[len(bare) :] if forms else None


def _lowered(word: str) -> str:
    """A sentence's first word as it reads inside one: "Display" → "display", but "URI" and "SELinux" stay."""
    return word if re.search(r"[A-Z]", word[1:]) else word[:1].lower() + word[1:]


def takes_argument(term: str) -> bool:
    """ "--region=REGION", "-o FILE", "--color[=WHEN]" take a value; "-q, --quiet" does not."""
    return bool(re.search(r"[=\[ <]", term.replace(", ", ",")))
