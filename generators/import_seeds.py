"""An imported item as a ragstress seed: a short checkable answer and the documents that hold it.

A seed needs an answer a rule can check by string: a span of the reference (a year, a date, a
quantity, a name: "1889" of "The tower was completed in 1889 for the World's Fair.") that its
matched chunk also holds, else a short reference as a whole ("Gustave Eiffel"). Either way the answer must appear in a chunk of the index that
the item's reference contexts match (by text, else among the chunks retrieval finds for
the question and its context) and must not appear in the question. An item that cannot be
reduced so is kept for judged metrics only, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ragstress.core.types import Chunk
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.importers import ImportedItem
from ragstress.generators.spans import contains_alias, default_aliases, extract_spans

SHORT_WORDS, SHORT_CHARS_ZH = 6, 20
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class SeedOutcome:
    """What an imported item became: a seed record (checkable by string) or judged-only, and why."""

    record: dict | None
    why: str


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def matched_docs(item: ImportedItem, chunks: Sequence[Chunk], retrieve: Callable[[str], list[str]]) -> list[str]:
    """Documents whose chunks the item's reference contexts hold or are held by, then those retrieval finds."""
    contexts = [_flat(c) for c in item.contexts if c.strip()]
    docs = [
        c.doc_id
        for c in chunks
        if any(_flat(c.text) in context or (len(context) > 40 and context in _flat(c.text)) for context in contexts)
    ]
    query = item.question + (" " + item.contexts[0][:400] if item.contexts else "")
    return list(dict.fromkeys(docs + retrieve(query)))


def _candidates(reference: str, lang: str) -> list[str]:
    short = len(reference) <= SHORT_CHARS_ZH if lang == "zh" else len(reference.split()) <= SHORT_WORDS
    spans = [span.text for span in extract_spans(reference, lang)]
    return spans + [reference.rstrip("。.")] if short else spans  # a span of the reference before the reference itself


def seed_for(
    item: ImportedItem, seed_id: str, chunks: Sequence[Chunk], retrieve: Callable[[str], list[str]]
) -> SeedOutcome:
    """The item as a curated-seed record (id, question, answers, doc_ids, lang), or judged-only with the reason."""
    if item.reference is None:
        return SeedOutcome(None, "no reference answer")
    lang = detect_lang(item.question)
    lang = lang if lang in ("en", "zh") else "en"
    candidates = [c for c in _candidates(item.reference, lang) if c and not contains_alias(item.question, [c])]
    if not candidates:
        return SeedOutcome(None, "the reference has no short span (year, date, quantity, name) apart from the question")
    docs = set(matched_docs(item, chunks, retrieve))
    for candidate in candidates:
        aliases = default_aliases(candidate, lang)
        holder = next((c for c in chunks if c.doc_id in docs and contains_alias(c.text, aliases)), None)
        if holder is not None:
            record = {"id": seed_id, "question": item.question, "answers": [aliases], "doc_ids": [holder.doc_id]}
            return SeedOutcome({**record, "lang": lang}, f"answer {candidate!r} found in {holder.doc_id}")
    return SeedOutcome(None, "no short span of the reference appears in a chunk its contexts match")
