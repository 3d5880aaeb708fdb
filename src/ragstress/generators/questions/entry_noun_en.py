"""The verb an entry's noun-phrase description is asked with: what a setting holds is what it sets.

A reference describes a setting by the value it holds ("cacheDir: The directory for cached files",
"maxRetries: The maximum number of retries"). Pasted after "is", that reads as if the option were a
directory ("Which option is the directory for cached files?"); an editor writes "Which option sets the
directory for cached files?". A description naming what the entry stands for ("The ESM equivalent of
require.cache", "An alias for brew") keeps "is": the entry is that thing. An option's noun phrase of any
other kind ("A plugin for …", "The answer to …") says neither, and is not asked.
"""

from __future__ import annotations

from ragstress.generators.questions.english_parse import parse

# Kinds whose entries hold a value a user configures.
_SETTING_KINDS = frozenset({"option", "setting", "parameter", "property"})

# Heads naming a value a setting holds: a place, a measure, a limit, a name or a form, the things
# configuration references describe their entries by in any product.
_VALUE_HEADS = frozenset(
    """directory dir folder path file filename location root base url address host hostname port
    number count size time duration timeout interval delay age limit threshold length depth level ratio
    percentage amount capacity quota budget prefix suffix extension name title label format mode encoding
    pattern glob regex list set array map value values target strategy order priority style convention""".split()
)

# Forms a value takes that a user picks among ("the style of exported class names", "the naming mode"):
# a property holding one is set, whatever reads it later.
_CHOSEN_FORMS = frozenset("style convention format mode strategy".split())

# Places and bounds only a user sets: no program reads "the directory for cached files" back.
_WRITTEN_TO = frozenset("directory dir folder path location limit threshold timeout interval delay".split())

# Heads an entry is, not holds: it stands for another name ("the equivalent of", "an alias for").
_IDENTITY_HEADS = frozenset("equivalent alias shorthand synonym counterpart version variant copy".split())

# Modifiers that make any head a bound the setting sets ("the maximum weight", "the default theme").
_BOUNDS = frozenset("maximum minimum max min default initial".split())


def noun_phrase_verb(kind: str, head: str, modifiers: list[str]) -> str | None:
    """ "sets", "is" or None (not asked) for a description whose head noun is `head`: "sets" when a setting
    holds that value, "is" when the entry stands for another thing or is no setting, None for an option's
    description that says what it is in another way."""
    if kind in ("interface", "type", "class"):
        return "describes"
    if kind not in _SETTING_KINDS:
        return "is"
    word = head.lower()
    bounded = any(m.lower() in _BOUNDS for m in modifiers)
    if kind == "property":
        # A property may be one a program reads ("the URL of the current page"): only a bound or a place
        # to write to marks it as one the user sets.
        return "sets" if bounded or word in _WRITTEN_TO or word in _CHOSEN_FORMS else "is"
    if word in _VALUE_HEADS or bounded:
        return "sets"
    return "is" if word in _IDENTITY_HEADS else None


def verb_for_phrase(kind: str, phrase: str) -> str | None:
    """`noun_phrase_verb` for a phrase as written ("the maximum number of cups kept warm"), its head the noun
    its first determiner or modifier belongs to: a parse may read a participle after it as the sentence's verb."""
    doc = parse(phrase)
    if not len(doc):
        return None
    head = doc[0].head if doc[0].dep_ in ("det", "amod", "compound") else next(t for t in doc if t.dep_ == "ROOT")
    return noun_phrase_verb(kind, head.text, [t.text for t in head.children if t.dep_ in ("amod", "compound")])
