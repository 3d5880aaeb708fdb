"""An imported item as a ragstress seed: a short checkable answer and the documents that hold it.

A seed needs an answer a rule can check by string. The question says what kind of answer it
wants ("When…" a year or date, "How many…" a quantity, "Who…" a name; 哪一年, 多少, 谁), and
the answer is the one span of that kind in the reference ("1889" of "The tower was completed
in 1889 for the World's Fair."), else a short reference as a whole ("Gustave Eiffel"). A
reference with two different spans of the wanted kind ("begun in 1887, finished in 1889")
is ambiguous and kept for judged metrics only: picking one would score a right answer wrong.

The answer must appear in a chunk of a document the item's reference contexts match by
text; only when no chunk matches by text are the documents retrieval finds for the question
and its context searched. The answer must not appear in the question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ragstress.core.types import Chunk
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.importers import ImportedItem
from ragstress.generators.spans import contains_alias, default_aliases, extract_spans, kind_of

SHORT_WORDS, SHORT_CHARS_ZH = 6, 20
_SPACE = re.compile(r"\s+")
_POSSESSIVE = re.compile(r"['’]s$")  # "Gustave Eiffel's firm": the name is "Gustave Eiffel"

# What kind of span a question asks for, by its question words; a question matching none is open.
_WANTS: dict[str, list[tuple[frozenset[str], re.Pattern[str]]]] = {
    "en": [
        (
            frozenset({"year", "date"}),
            re.compile(
                r"\b(?:when|(?:in |on )?(?:what|which) (?:year|date|day|month|decade|century)|since when)\b", re.I
            ),
        ),
        (
            frozenset({"number"}),
            re.compile(
                r"\bhow (?:many|much|long|tall|high|far|big|large|wide|deep|old|heavy|fast)\b"
                r"|\bwhat (?:is |was )?(?:the )?(?:number|amount|height|length|population|size|capacity|cost|price)\b",
                re.I,
            ),
        ),
        (
            frozenset({"name"}),
            re.compile(
                r"\b(?:who|whom|whose|where|(?:what|which) (?:city|country|company|person|place|river))\b", re.I
            ),
        ),
    ],
    "zh": [
        (frozenset({"year", "date"}), re.compile(r"哪一?年|何年|何时|什么时候|哪一?天|几月|哪个月|哪个年代")),
        (frozenset({"number"}), re.compile(r"多少|几[个座层人次天年岁]|多[长高大远重深宽久]")),
        (frozenset({"name"}), re.compile(r"谁|哪位|何人|哪里|哪儿|何处|哪个(?:城市|国家|公司|地方)|哪座|哪家")),
    ],
}


@dataclass(frozen=True)
class SeedOutcome:
    """What an imported item became: a seed record (checkable by string) or judged-only, and why."""

    record: dict | None
    why: str


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def wanted_kinds(question: str, lang: str) -> frozenset[str] | None:
    """The span kinds the question asks for, or None when its wording does not say."""
    for kinds, pattern in _WANTS.get(lang, _WANTS["en"]):
        if pattern.search(question):
            return kinds
    return None


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


def _answer_candidates(reference: str, question: str, lang: str) -> tuple[list[str], str | None]:
    """The answer to check (a list of one, or empty) and, when there is none, why."""
    wants = wanted_kinds(question, lang)
    spans = [s for s in extract_spans(reference, lang) if not contains_alias(question, [s.text])]
    if wants is not None:
        spans = [s for s in spans if s.kind in wants]
    # "31 March 1889" and "1889" are one answer: keep the outermost of nested spans.
    outer = [s for s in spans if not any(o is not s and o.start <= s.start and s.end <= o.end for o in spans)]
    short = len(reference) <= SHORT_CHARS_ZH if lang == "zh" else len(reference.split()) <= SHORT_WORDS
    whole = reference.rstrip("。.").strip()
    if len(outer) == 1:
        return [_POSSESSIVE.sub("", outer[0].text)], None
    if len(outer) > 1:
        if short and wants is None and not contains_alias(question, [whole]):
            return [whole], None
        asked = " or ".join(sorted(wants)) if wants else "answer"
        return [], f"the reference has several {asked} spans; which one answers is unclear"
    if short and whole and not contains_alias(question, [whole]) and (wants is None or _is_kind(whole, wants, lang)):
        return [whole], None  # "Paris", "埃菲尔": a short answer the span patterns do not catch
    if wants is not None:
        return [], f"the reference has no {' or '.join(sorted(wants))} span apart from the question, which asks for one"
    return [], "the reference has no short span (year, date, quantity, name) apart from the question"


def _is_kind(answer: str, wants: frozenset[str], lang: str) -> bool:
    if re.fullmatch(r"[\d,.]+", answer):  # a bare number may be a year or a quantity
        return bool(wants & {"year", "number"})
    return kind_of(answer, lang) in wants


def seed_for(
    item: ImportedItem, seed_id: str, chunks: Sequence[Chunk], retrieve: Callable[[str], list[str]]
) -> SeedOutcome:
    """The item as a curated-seed record (id, question, answers, doc_ids, lang), or judged-only with the reason."""
    if item.reference is None:
        return SeedOutcome(None, "no reference answer")
    lang = detect_lang(item.question)
    lang = lang if lang in ("en", "zh") else "en"
    candidates, why = _answer_candidates(item.reference, item.question, lang)
    if not candidates:
        return SeedOutcome(None, why or "no checkable answer")
    docs, found_by = matched_docs(item, chunks, retrieve)
    aliases = default_aliases(candidates[0], lang)
    holder = next((c for c in chunks if c.doc_id in docs and contains_alias(c.text, aliases)), None)
    if holder is None:
        return SeedOutcome(None, f"the answer is in no chunk of the documents its contexts match by {found_by}")
    record = {"id": seed_id, "question": item.question, "answers": [aliases], "doc_ids": [holder.doc_id]}
    return SeedOutcome({**record, "lang": lang}, f"answer {candidates[0]!r} found in {holder.doc_id} by {found_by}")
