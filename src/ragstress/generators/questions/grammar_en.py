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
