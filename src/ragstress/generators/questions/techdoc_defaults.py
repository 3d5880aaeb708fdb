"""English questions on an option's default value: "What is the default value of the --page-size option of …?".

Many options are asked about nowhere else: their name is their description's own words (`--region`
"sets the region of the cluster"), so the usefulness rule leaves the definition question unasked, yet
the page states a fact about them no user could guess: its default. It is written in one of two places:

- on the tag line, as gcloud's pages do: `--page-size=PAGE_SIZE; default=100` (`Entry.default`);
- in the description, as a sentence of its own: "The default is 50.", "Defaults to medium.", "The default
  value is PREMIUM." The value must end its clause ("The default value is 7 for Enterprise edition" has a
  condition and is not read), and be one token: a number with its unit, a quoted word, a constant, a word.

A value any user would offer (yes, no, none, all) is not asked, and a value stated twice in the chunk is not
either (a tag line's default is the option's own): its answer would not point at one statement. Chinese option defaults are read by `techdoc_zh`.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.techdoc import Entry, Subject, occurrences, typed_spellings
from ragstress.generators.questions.usefulness import GENERIC_ANSWERS

_UNIT = r"(?:%|[KMGT]i?B|ms|s|seconds|minutes|hours|days|bytes|columns|lines)"
_VALUE = rf"(\"[^\"\s]{{1,24}}\"|'[^'\s]{{1,24}}'|-?\d+(?:\.\d+)?(?:\s?{_UNIT})?|[A-Z][A-Z0-9_]{{1,30}}|[a-z][\w/-]{{0,24}}(?:\.[\w/-]+)*)"
_STATED = re.compile(
    rf"(?:^|(?<=[.;]\s)|(?<=\())(?:[Tt]he default(?: value)? is|[Dd]efaults to|[Tt]his defaults to|[Dd]efault:)\s+"
    rf"{_VALUE}(?=[.,;)]|\s*$)",
    re.MULTILINE,
)

Question = tuple[str, list[str], str, str, str]  # as in techdoc_en


def option_default(entry: Entry) -> str | None:
    """The default an option's entry states once, as written (quotes kept), or None."""
    if entry.default:
        return entry.default
    stated = {m[1] for m in _STATED.finditer(_description_text(entry))}
    return stated.pop() if len(stated) == 1 else None


def default_question(entry: Entry, subject: Subject | None, chunk_text: str) -> Question | None:
    """ "What is the default value of the <option> option of <command>?" with the stated default as answer, or None."""
    if entry.kind != "option" or subject is None or subject.kind != "command":
        return None
    value = option_default(entry)
    if value is None:
        return None
    bare = value.strip("\"'")
    if not re.search(r"\w", bare) or bare.lower() in GENERIC_ANSWERS:  # '"-"' (any zone) names no value
        return None
    if entry.default is None and occurrences(chunk_text, bare) != 1:
        return None  # a default on the tag line is the option's own; one in prose must be the chunk's only mention
    spellings = typed_spellings(entry)
    name = max(spellings, key=len) if spellings else entry.names[0]
    question = f"What is the default value of the {name} option of {subject.name}?"
    aliases = list(dict.fromkeys([bare, value]))
    return question, aliases, "default", "default_value", question


def _description_text(entry: Entry) -> str:
    """The entry's region less its tag line: where its description states things."""
    return entry.region.split("\n", 1)[1] if "\n" in entry.region else ""
