"""An imported item as a ragstress seed: short checkable answers and the documents that hold them.

A seed needs an answer a rule can check by string. Which span of the reference answers the
question, and when none does, is decided by `read_reference` (import_answers.py): the one span of
the kind the question asks for ("1889" of "The tower was completed in 1889 for the World's
Fair."), else a short reference as a whole ("Gustave Eiffel"); an open question, a reference
with two spans of the asked kind, or a long reference to a question that asks for no kind of
span is kept for judged metrics only. A two-part question becomes a seed of two facts when both
are found. A reference that is the generating tool's failure ("The answer to given question is
not present in context") is never an expected answer: the item becomes a case to be declined
when it says the context lacks the answer, else it is dropped.

Each answer must appear in a chunk of a document the item's reference contexts match by
text; only when no chunk matches by text are the documents retrieval finds for the question
and its context searched. No answer may appear in the question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ragstress.core.types import Chunk
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.interop.import_answers import failure_reference, read_reference
from ragstress.generators.interop.import_questions import wanted_kinds
from ragstress.generators.interop.importers import ImportedItem
from ragstress.values.spans import contains_alias, default_aliases

__all__ = ["SeedOutcome", "matched_docs", "seed_for", "wanted_kinds"]

_SPACE = re.compile(r"\s+")

Fate = Literal["seed", "judged", "negative", "dropped"]


@dataclass(frozen=True)
class SeedOutcome:
    """What an imported item became, and why: a seed record (checkable by string), a case only judged
    metrics score, a case to be declined (its reference says the context lacks the answer), or nothing."""

    record: dict | None
    why: str
    fate: Fate = "judged"
    weighed: list[dict[str, str]] = field(default_factory=list)
    """Each span of the reference that was weighed as the answer, with its verdict."""
    found_by: str | None = None
    """How a seed's documents were found: "text" (its contexts match chunks) or "retrieval"."""


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def matched_docs(
    item: ImportedItem, chunks: Sequence[Chunk], retrieve: Callable[[str], list[str]]
) -> tuple[list[str], str]:
    """Documents whose chunks the item's reference contexts hold or are held by, else those retrieval finds.

    Returns the documents and how they were found ("text" or "retrieval").
    """
    contexts = [_flat(c) for c in item.contexts if c.strip()]
    docs = [
        c.doc_id
        for c in chunks
        if any(_flat(c.text) in context or (len(context) > 40 and context in _flat(c.text)) for context in contexts)
    ]
    if docs:
        return list(dict.fromkeys(docs)), "text"
    query = item.question + (" " + item.contexts[0][:400] if item.contexts else "")
    return list(dict.fromkeys(retrieve(query))), "retrieval"


def seed_for(
    item: ImportedItem, seed_id: str, chunks: Sequence[Chunk], retrieve: Callable[[str], list[str]]
) -> SeedOutcome:
    """The item as a curated-seed record (id, question, answers, doc_ids, lang), or what else it became and why."""
    if item.reference is None:
        return SeedOutcome(None, "no reference answer")
    failure = failure_reference(item.reference)
    if failure == "lacks":
        return SeedOutcome(None, "the reference says the context does not hold the answer", "negative")
    if failure is not None:
        return SeedOutcome(None, "the reference is a failure its tool wrote (such as nan, -1, I don't know)", "dropped")
    lang = detect_lang(item.question)
    lang = lang if lang in ("en", "zh") else "en"
    reading = read_reference(item.reference, item.question, lang)
    weighed = [w.as_dict() for w in reading.weighed]
    if not reading.answers:
        return SeedOutcome(None, reading.why or "no checkable answer", weighed=weighed)
    docs, found_by = matched_docs(item, chunks, retrieve)
    facts, holders = [], []
    for answer in reading.answers:
        aliases = default_aliases(answer, lang)
        holder = next((c for c in chunks if c.doc_id in docs and contains_alias(c.text, aliases)), None)
        if holder is None:
            why = f"the answer {answer!r} is in no chunk of the documents its contexts match by {found_by}"
            return SeedOutcome(None, why, weighed=weighed)
        facts.append(aliases)
        holders.append(holder.doc_id)
    record = {"id": seed_id, "question": item.question, "answers": facts, "doc_ids": holders, "lang": lang}
    found = ", ".join(f"{a!r} in {d}" for a, d in zip(reading.answers, holders))
    return SeedOutcome(record, f"answer {found} found by {found_by}", "seed", weighed, found_by)
