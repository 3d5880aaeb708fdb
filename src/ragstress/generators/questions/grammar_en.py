"""Is the source wording pasted into an English question grammatical? Mend what is plainly mendable, else drop.

Docs are written fast and often by non-native writers: "a hook for manage countdown", "a Hook alike useEffect",
"reset: Reset the current form". Pasted into "Which <kind> …", such wording makes the question read as broken.
A word's part of speech is read by probing the parser with the word alone in a frame only one reading fits,
so the check does not rely on the tags the parser gives a broken phrase:

| question | reading | result |
|---|---|---|
| Which function is a tool for brew tea? | "for" + a bare verb ("a tool for brew things" tags it a verb) | dropped |
| Which function is a tool alike steep()? | "alike" takes no object | dropped |
| Which function runs when the pots is full? | subject and verb disagree in number | dropped |
| Which option pour the water? | a kind's verb not in the third person | "Which option pours the water?" |
| Who see for the brewing options? | "See … for …", an imperative, read as a statement | dropped |
| Which property to make database calls? | "to" + a verb where the question's verb belongs | dropped |
| Which object are used as the description? | a singular kind with "are" | dropped |
| Which option is a tool for brewing tea? | grammatical | kept |
| Through which option can you brewing tea? | a modal's verb in -ing | dropped |
| Via which option do control the heat? | "do" with no subject | dropped |
| With which option does tea leaves steep? | "does" with a plural subject | dropped |
| Which hook is a cold pot may detect? | a second finite verb with nothing to join it | dropped |
| Which option do you use to setup the pot? | a compound noun ("setup") used as the verb | dropped |
"""

from __future__ import annotations

import functools
import re

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_named import third_person

# The nouns "Which <kind>" opens a docs question with.
_KINDS = (
    "option|property|prop|function|method|hook|component|class|setting|parameter|attribute|event|type|command"
    "|field|variable|API|directive|plugin|module"
)
_WHICH_KIND_VERB = re.compile(rf"^(Which (?:\w+ )?(?:{_KINDS}) (?:of (?!the |a |an )[\w.$()]+ )?)([a-z]+)\b(.*)$")
# Words after "Which <kind>" that are no verb in need of the third person.
_NOT_A_BARE_VERB = frozenset(
    "can could will would may might must should shall do does did is was has had are were be "
    "best also only always never not usually often first of in to for".split()
)


@functools.lru_cache(maxsize=4096)
def only_a_verb(word: str) -> bool:
    """Is the word read as a verb even where a noun is expected ("a tool for <word> things")?"""
    doc = parse(f"It is a tool for {word} things.")
    return len(doc) == 8 and doc[5].tag_ in ("VB", "VBP")


@functools.lru_cache(maxsize=4096)
def bare_verb(word: str) -> bool:
    """Is the word a verb's base form ("You can <word> it.")?"""
    doc = parse(f"You can {word} it.")
    return len(doc) == 5 and doc[2].tag_ == "VB" and doc[2].lemma_.lower() == word


def pasted_broken(question: str) -> bool:
    """Does the question hold wording no grammar allows: a bare verb after "for", or "alike" with an object?"""
    for m in re.finditer(r"\bfor ([a-z]+) (?=[a-z])", question):
        if only_a_verb(m.group(1)):
            return True  # "a hook for manage countdown"
    if re.match(rf"Which (?:{_KINDS}|object|directory|file) (?:to (?=[a-z]+ )|are\b|were\b)", question):
        # "Which property to make database calls": a list line "X to <task>" with no verb of its own; "Which
        # object are used": the source's plural kept against the question's singular kind.
        return True
    if re.match(rf"Which (?:\w+ )?(?:{_KINDS}) (?:{_KINDS})s?\b", question, re.I):
        return True  # "Which function hook for …": a summary's noun ("Hook for …") read as a verb
    opening = re.match(r"(?:Who|What) ([a-z]+) ", question)
    if opening and opening.group(1) not in _NOT_A_BARE_VERB and not opening.group(1).endswith(("s", "ed")):
        if bare_verb(opening.group(1)):
            return True  # "Who see for …": an imperative ("See … for …") read as a statement
    return bool(re.search(r"\balike (?:a |an |the )?[\w.$]+(?<!\?)", question))


# Compound nouns written as one word whose verb is two ("set up", "log in"), and nouns writers use as verbs: no
# parser tells "to custom the page" from "to customize the page", so the words are listed.
_NOUNS_AS_VERBS = frozenset("custom config setup login logout signup backup rollout lookup startup".split())
_DO = frozenset(("do", "does", "did"))
# A word the parse reads as (part of) a subject is one, even when it could be a verb ("does farm support").
_SUBJECT_DEPS = frozenset(("nsubj", "nsubjpass", "compound", "amod", "det", "poss", "nummod"))
# Tags of the words of a subject noun phrase between an auxiliary and its verb ("does the small pot boil").
_SUBJECT_TAGS = frozenset(("PRP", "DT", "JJ", "JJR", "NN", "NNS", "NNP", "NNPS", "CD", "HYPH", "PRP$", "POS"))
# What may join a second finite verb to the first: a relative word, a subordinator, a conjunction, a comma.
_JOINERS = frozenset(("WDT", "WP", "WP$", "WRB", "IN", "CC", ",", ":", "TO"))


def auxiliary_broken(question: str) -> bool:
    """Does a verb fail its auxiliary: a modal or "do" before an -ing or -s form, "do" with no subject, "does"
    with a plural one, a second finite verb with nothing joining it, or a noun after "to" as the verb?"""
    doc = parse(question)
    for m in re.finditer(r"\bto ([a-z]+)\b", question):
        if m.group(1) in _NOUNS_AS_VERBS:
            return True  # "to custom your directory"
    finite_at = None
    for token in doc:
        if token.tag_ in _JOINERS or token.lower_ == "that":
            finite_at = None
        lower = token.lower_
        if token.tag_ == "MD" or (lower in _DO and token.dep_ == "aux"):
            if token.tag_ == "MD" and finite_at is not None:
                return True  # "Which hook is a cold pot may detect": "is" and "may" with nothing between
            finite_at = token.i
            after = [t for t in doc[token.i + 1 :] if not t.is_punct or t.tag_ == "HYPH"]
            subject = []
            for t in after:
                if t.tag_ not in _SUBJECT_TAGS or (subject and t.tag_ in ("PRP", "DT")):
                    break
                subject.append(t)
            verb = after[len(subject)] if len(subject) < len(after) else None
            if subject and verb is not None and verb.tag_ in ("VBG", "VBZ") and verb.lower_ not in ("is", "has"):
                return True  # "can you configuring"
            nouns = [t for t in subject if t.tag_.startswith("NN")]
            if lower == "does" and nouns and nouns[-1].tag_ == "NNS" and not nouns[-1].text[:1].isupper():
                return True  # "does env variables start"
            first = after[0] if after else None
            if lower in _DO and first is not None and first.text.islower() and first.dep_ not in _SUBJECT_DEPS:
                if bare_verb(first.lower_):
                    return True  # "Via which property do control …": no subject between "do" and its verb
        elif token.tag_ in ("VBZ", "VBP", "VBD") and token.dep_ in ("ROOT", "ccomp", "relcl", "advcl"):
            finite_at = token.i
    return False


def disagrees(question: str) -> bool:
    """Does a subject disagree with its verb in number ("the resource are", "when the deps changes")?"""
    for token in parse(question):
        if token.dep_ != "nsubj" or not token.text.isalpha() or not token.text.islower() or list(token.conjuncts):
            continue
        verb = token.head
        if token.tag_ == "NN" and verb.lower_ in ("are", "were"):
            return True
        plural_verb_s = verb.tag_ == "VBZ" or (verb.dep_ in ("advcl", "relcl", "ccomp") and verb.tag_ == "NNS")
        if token.tag_ == "NNS" and plural_verb_s and verb.lower_ not in ("is", "was", "has", "does"):
            return True
    return False


def agreed(question: str) -> str:
    """ "Which option pour the water?" -> "Which option pours the water?": a singular kind's verb agrees."""
    m = _WHICH_KIND_VERB.match(question)
    if not m or m.group(2) in _NOT_A_BARE_VERB or m.group(2).endswith(("s", "ed", "ing")):
        return question
    if not bare_verb(m.group(2)):
        return question
    # "Which option of pnpm install sets …": the word is part of a command's name when the question's verb is another.
    if not any(t.dep_ == "ROOT" and t.lower_ == m.group(2) for t in parse(question)):
        return question
    return f"{m.group(1)}{third_person(m.group(2))}{m.group(3)}"


def grammatical(question: str | None) -> str | None:
    """The question with its verb agreeing, or None when its pasted wording is broken past mending."""
    if not question or re.search(r"[\u4e00-\u9fff]", question):
        return question
    if pasted_broken(question) or disagrees(question):
        return None
    return agreed(question)
