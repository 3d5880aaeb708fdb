"""English questions on the values stated in a definition's own text: versions and defaults.

The version a term was added or deprecated in ("Added in version 3.8.") and a parameter's default
("maxsize defaults to 128"), each asked only when the value occurs once in the chunk; an option's
default is read by `techdoc_defaults`.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.techdoc import Entry, Subject, occurrences
from ragstress.generators.questions.techdoc_defaults import default_question

_VERSION = re.compile(
    r"\b(Added|Deprecated since|New) in version (\d+(?:\.\d+){1,2})\b|\bDeprecated since version (\d+(?:\.\d+){1,2})\b"
)
_VALUE = r"(-?\d+(?:\.\d+)?|'[^'\s]{1,20}'|\"[^\"\s]{1,20}\")(?=[\s,;)]|\.(?:\s|$)|$)"
_ATTRIBUTE_DEFAULT = re.compile(r"\b(?:[Tt]he default(?: value)? is|[Ii]t defaults to|[Dd]efaults to) " + _VALUE)
_DEFAULT = re.compile(
    rf"\b([a-z_]\w*) defaults to {_VALUE}|\b[Tt]he default (?:value )?(?:of|for) ([a-z_]\w*) is {_VALUE}"
)

# (question, answer spellings, span kind, template, content): the content is what sets the question apart
# from others of its template, and is what the near-duplicate gate compares.

Question = tuple[str, list[str], str, str, str]  # as in techdoc_en


def _display(entry: Entry, subject: Subject | None) -> str:
    main = entry.names[0]
    if entry.kind in ("function", "class", "exception", "attribute", "constant") and "." not in main and subject:
        return f"{main} in the {subject.name} module"
    return main


def value_questions(entry: Entry, subject: Subject | None, chunk_text: str) -> list[Question]:
    """Questions on the versions and defaults stated in the entry's own text."""
    questions: list[Question] = []
    if entry.kind == "option":
        asked = default_question(entry, subject, chunk_text)
        return [asked] if asked else []
    shown = _display(entry, subject)
    for m in _VERSION.finditer(entry.region):
        version = m[2] or m[3]
        if occurrences(chunk_text, version) != 1:
            continue
        if m[1] in ("Added", "New"):
            question = f"In which version was {shown} added?"
            questions.append((question, [version], "version", "version_added", question))
        else:
            question = f"Since which version has {shown} been deprecated?"
            questions.append((question, [version], "version", "version_deprecated", question))
    for m in _DEFAULT.finditer(entry.region):
        param, value = (m[1], m[2]) if m[1] else (m[3], m[4])
        if param not in entry.params or occurrences(chunk_text, value) != 1:
            continue
        aliases = [value, value.strip("'\"")] if value[0] in "'\"" else [value]
        question = f"What is the default value of the {param} parameter of {shown}?"
        questions.append((question, list(dict.fromkeys(aliases)), "default", "default_value", question))
    m = _ATTRIBUTE_DEFAULT.search(entry.region) if entry.kind == "attribute" else None
    if m and occurrences(chunk_text, m[1]) == 1:
        aliases = list(dict.fromkeys([m[1], m[1].strip("'\"")]))
        question = f"What is the default value of {shown}?"
        questions.append((question, aliases, "default", "default_value", question))
    return questions
