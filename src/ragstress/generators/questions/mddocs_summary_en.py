"""What a code-named reference page's summary line says its name does, asked with the name as the answer.

An API reference gives each function, composable or hook a page titled by its name, and opens it with one line
on what the name does, often the description its site shows under the title: "Access the app config of the
project.", "The useKettle composable returns the current pot." That line is the page's own answer to "which
function does this task?", the question a user with the task asks:

    useKettleConfig / "Access the reactive kettle config of the project."
        → Which Kettle composable accesses the reactive kettle config of the project?

Only the page's first line after its title is read (later lines tell how, not what), in the third person; a line
that points outside itself, speaks to the reader ("your app"), or is too short to tell names apart is not asked.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, Question, code_kind, kind_of
from ragstress.generators.questions.reference_pages import code_title
from ragstress.generators.questions.techdoc import term_spellings
from ragstress.generators.questions.techdoc_sentences_en import RETURN_NOUN, third_person

# The kind nouns a summary line may name its subject by ("The useKettle composable returns …").
_KIND_WORDS = r"(?:composable|function|hook|helper|utility|util|method|component|macro|directive|command)"
_READER = re.compile(r"\b(?:you|your|yours|we|our|us|let's)\b", re.I)
_MIN_WORDS, _MAX_WORDS = 3, 18


def summary_questions(chunk: Chunk, title: str | None, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The question a code-named page's summary line answers with the page's name, or none."""
    generated = _GENERATED_TITLE.fullmatch((title or "").strip())
    name = code_title(title) or (generated["name"] if generated else None)
    if chunk.start != 0 or not name or not product or product == name:
        return []
    line = _summary_line(chunk.text, title or "", name)
    said = _predicate(line, name) if line else None
    if not said or POINTS_OUT.search(said) or _READER.search(said):
        return []
    if not _MIN_WORDS <= len(said.split()) <= _MAX_WORDS or name in said or product in said:
        return []
    kind = generated["kind"].lower() if generated else _kind_noun(name, kinds, line or "")
    used = re.match(rf"Use (?:the )?{re.escape(name)}(?:\(\))?(?: {_KIND_WORDS})? to ", line or "")
    question = f"Which {product} {kind} do you use to {said}?" if used else f"Which {product} {kind} {said}?"
    return [(question, list(term_spellings(name)), kinds.get(name) or kind, "doc_identifier", f"{kind}: {said}")]


# A generated API reference titles a page by its entry's kind and name: "Function: brewTea()", "Variable: pots".
_GENERATED_TITLE = re.compile(r"(?P<kind>Function|Variable|Class|Method): (?P<name>[A-Za-z_$][\w$]*)(?:\(\))?")
# Lines a generated page puts between its title and its summary: the name's signature, a breadcrumb, a rule.
_NOT_SUMMARY = re.compile(r"^(?:\*{3}|.*(?: / | • ).*)$")


def _summary_line(text: str, title: str, name: str) -> str | None:
    """The first sentence of the first prose line after the page's title (past a generated page's signature),
    when that line ends a sentence."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    heads = [n for n, line in enumerate(lines[:6]) if line in (name, title.strip())]
    at = heads[0] + 1 + _skipped(lines, heads[0]) if heads else len(lines)
    if at >= len(lines) or not re.search(r"[.!]$", lines[at]):
        return None
    first = re.split(r"(?<=[a-z0-9)])[.!](?:\s|$)", lines[at])[0].strip().rstrip(".!")  # "… or CSR."
    return first if re.match(rf"[A-Z]|{re.escape(name)}\b", first) else None


def _skipped(lines: list[str], head: int) -> int:
    """How many signature ("pourTea<T>(cup): Cup<T>"), breadcrumb or rule lines follow the title."""
    n = 0
    name = re.escape(re.sub(r"^\w+: |\(\)$", "", lines[head]))
    while head + 1 + n < len(lines) and re.match(
        rf"{name}(?:<.*?>)?\(.*\):|{_NOT_SUMMARY.pattern}", lines[head + 1 + n]
    ):
        n += 1
    return n


def _predicate(line: str, name: str) -> str | None:
    """The line's verb phrase in the third person: "Access the config" → "accesses the config"; "The useKettle
    composable returns …" → "returns …"; None when it opens with no verb of its own."""
    # "Access the request URL with the useKettleUrl composable": the name closing the line is the means.
    line = re.sub(rf",? (?:with|using|via) (?:the )?{re.escape(name)}(?:\(\))?(?: {_KIND_WORDS})?$", "", line)
    used = re.match(rf"Use (?:the )?{re.escape(name)}(?:\(\))?(?: {_KIND_WORDS})? to (?P<task>[a-z].*)", line)
    if used:
        return used["task"]
    subject = re.match(rf"(?:The )?{re.escape(name)}(?:\(\))? (?:{_KIND_WORDS} )?", line)
    if subject:
        rest = line[subject.end() :]
        verb = rest.split(" ", 1)[0]
        stems = (verb[:-1], verb[:-2], verb[:-3] + "y")
        return rest if any(third_person(stem) == verb for stem in stems if stem) else None
    if RETURN_NOUN.match(line):
        return None  # "Return type of brew()": a noun
    verb, _, rest = line.partition(" ")
    if any(third_person(stem) == verb.lower() for stem in (verb[:-1], verb[:-2], verb[:-3] + "y") if stem):
        return f"{verb.lower()} {rest}" if rest else None  # "Creates a store": in the third person already
    said = third_person(verb)
    return f"{said} {rest}" if said and rest else None


def _kind_noun(name: str, kinds: dict[str, str], line: str) -> str:
    """What the question calls the name: the kind the line gives it, else the one the corpus gives it."""
    told = re.search(rf"\b{re.escape(name)}(?:\(\))? ({_KIND_WORDS})\b", line)
    if told:
        return told[1]
    kind = code_kind(name, kinds) or kind_of(name)
    return kind if re.fullmatch(rf"{_KIND_WORDS}|class", kind) else "function"
