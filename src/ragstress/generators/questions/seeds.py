"""Candidate seed questions, answer first: pick a fact span, then ask for a question about it.

Targets (which chunk, which span) are chosen deterministically from the run's seed;
only the wording of the question and extra answer spellings come from the generator
LLM. Aliases the LLM proposes are kept only when they visibly denote the same value
(same digits, a shared word, an acronym), because a stray alias would both make
scoring lenient and wrongly exclude passages from the noise pool.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import re
from collections import Counter
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from ragstress.core.types import Chunk, QuestionType
from ragstress.corpora.code_blocks import code_ranges
from ragstress.llm import ChatClient, ask_structured
from ragstress.prompts import load_prompt
from ragstress.values.spans import FactSpan, SpanKind, answer_sentences, default_aliases, extract_spans, unique

# Kinds are visited in turn so that a small set of seeds covers several answer types;
# years come first because they make the best-known facts (see counterfactual seeds).
KIND_ROTATION: tuple[SpanKind, ...] = ("year", "name", "number", "date")
PAIR_KINDS: tuple[SpanKind, ...] = ("year", "number", "name")
MAX_ALIASES = 6


class QuestionDraft(BaseModel):
    """The generator's reply for a one-fact seed."""

    question: str = Field(description="A self-contained question whose answer is the given span.")
    aliases: list[str] = Field(default_factory=list, max_length=4, description="Other spellings of the answer.")


class PairDraft(BaseModel):
    """The generator's reply for a two-part seed."""

    question: str = Field(description="One question asking for both facts.")


@dataclass(frozen=True)
class Target:
    """What a candidate is about: one span per required fact, each in its chunk."""

    chunks: tuple[Chunk, ...]
    spans: tuple[FactSpan, ...]
    lang: str

    @property
    def id(self) -> str:
        key = "|".join(f"{c.id}:{s.start}:{s.text}" for c, s in zip(self.chunks, self.spans))
        return "gen-" + hashlib.sha256(key.encode()).hexdigest()[:10]


@dataclass(frozen=True)
class Candidate:
    """A drafted seed question awaiting the gates; `error` is set when drafting failed."""

    id: str
    question: str
    answers: list[list[str]]
    chunk_ids: list[str]
    lang: str
    error: str | None = None
    texts: list[str] = field(default_factory=list)
    # How the wording was made: "model" (drafted), "insitu" (from the sentence), "polished" (in-situ, rephrased).
    path: str = "model"
    question_type: QuestionType | None = None
    # What the near-duplicate gate compares, without the frame the question shares with others ("Which
    # option of ls ...", "Regarding the Danube, ..."), which would make any two look alike. "": the question.
    content: str = ""
    # The retrieval query that must find each source chunk (round-trip gate); empty: the question, for all.
    # A bridge question's second chunk is found by its second half with the entity named.
    probes: tuple[str, ...] = ()

    @property
    def templated(self) -> bool:
        """Written by a fixed template (a manual's terms), so compared as text: see gates.near_duplicate."""
        return self.question_type is not None and self.question_type.template not in ("insitu", "model")


def _topic_words(chunk: Chunk) -> set[str]:
    """Names repeated in a chunk are its topic: a question about them cannot avoid naming them."""
    counts = Counter(s.text for s in extract_spans(chunk.text, "en") if s.kind == "name")
    return {name for name, n in counts.items() if chunk.text.count(name) >= 3}


# Table rows, and notice lines (Copyright ©, 版权所有): not sentences stating a fact about the topic.
_TABLE_ROW = re.compile(r" \| |[│┃]|©|\bCopyright\b|版权所有")


def not_prose(text: str, code_state: str | None = None) -> list[tuple[int, int]]:
    """(start, end) of the code lines, table rows and notices of a text: a sentence question is never made there.

    `code_state` is the code block the text begins inside (Chunk.code_state): a chunk cut from the
    middle of a long block is code up to the block's end, and prose after it."""
    ranges, start = code_ranges(text, code_state), 0
    for line in text.split("\n"):
        if _TABLE_ROW.search(line):
            ranges.append((start, start + len(line) + 1))
        start += len(line) + 1
    return sorted(ranges)


def usable_spans(chunk: Chunk, lang: str) -> list[FactSpan]:
    """Spans worth asking about: in prose, not the chunk's topic, and appearing once (so the question is
    unambiguous)."""
    topic = _topic_words(chunk) if lang != "zh" else set()
    skipped = not_prose(chunk.text, chunk.code_state)
    spans = []
    for span in extract_spans(chunk.text, "zh" if lang == "zh" else "en"):
        if span.text in topic or len(re.findall(re.escape(span.text), chunk.text)) > 1:
            continue
        if any(start <= span.start < end for start, end in skipped):
            continue
        spans.append(span)
    return spans


def single_targets(chunks: list[Chunk], langs: dict[str, str], rng: random.Random) -> list[Target]:
    """One target per chunk, chunks in a shuffled order, span kinds taken in rotation."""
    order = list(chunks)
    rng.shuffle(order)
    targets = []
    for chunk in order:
        spans = usable_spans(chunk, langs[chunk.id])
        if not spans:
            continue
        wanted = KIND_ROTATION[len(targets) % len(KIND_ROTATION)]
        of_kind = [s for s in spans if s.kind == wanted]
        targets.append(Target((chunk,), (of_kind[0] if of_kind else spans[0],), langs[chunk.id]))
    return targets


def pair_probes(chunks: list[Chunk], langs: dict[str, str], limit: int) -> dict[str, str]:
    """For up to `limit` chunks: the sentence holding a pairable fact, used to find related chunks.

    A short sentence ("... opened in 1937.") finds chunks stating the same kind of fact
    about a related subject, and embeds far faster than the whole chunk.
    """
    probes: dict[str, str] = {}
    for chunk in chunks:
        spans = [s for s in usable_spans(chunk, langs[chunk.id]) if s.kind in PAIR_KINDS]
        found = answer_sentences(chunk.text, [spans[0].text]) if spans else []
        if found:
            probes[chunk.id] = found[0]
            if len(probes) >= limit:
                break
    return probes


def pair_targets(
    chunks: list[Chunk],
    neighbours: dict[str, list[str]],
    langs: dict[str, str],
    rng: random.Random,
) -> list[Target]:
    """Pairs of related chunks with a span of the same kind in each: a two-part question asks two facts
    about one subject, so the chunks are two of one document.

    `neighbours[chunk_id]` ranks chunks by similarity to that chunk; each document pair is used once.
    """
    by_id = {c.id: c for c in chunks}
    order = list(chunks)
    rng.shuffle(order)
    used_docs: set[frozenset[str]] = set()
    targets = []
    for first in order:
        for other_id in neighbours.get(first.id, []):
            second = by_id.get(other_id)
            if second is None or second.id == first.id or langs[first.id] != langs[second.id]:
                continue
            if second.doc_id != first.doc_id:
                continue  # facts of two documents are unrelated for a reader, even when one names the other
            docs = frozenset((first.doc_id, second.doc_id))
            if docs in used_docs:
                continue
            pair = _matching_spans(first, second, langs[first.id])
            if pair:
                used_docs.add(docs)
                targets.append(Target((first, second), pair, langs[first.id]))
                break
    return targets


def _matching_spans(first: Chunk, second: Chunk, lang: str) -> tuple[FactSpan, FactSpan] | None:
    spans_a, spans_b = usable_spans(first, lang), usable_spans(second, lang)
    for kind in PAIR_KINDS:
        a = [s for s in spans_a if s.kind == kind]
        b = [s for s in spans_b if s.kind == kind and s.text != (a[0].text if a else None)]
        if a and b:
            return a[0], b[0]
    return None


def _related(alias: str, answer: str) -> bool:
    """Does a proposed alias visibly denote the same value as the answer?"""
    a, b = alias.lower().strip(), answer.lower().strip()
    digits_a, digits_b = re.sub(r"\D", "", a), re.sub(r"\D", "", b)
    if digits_b:
        return digits_a == digits_b or (len(digits_a) >= 3 and digits_a in digits_b)
    if len(a) < 2 or digits_a:
        return False
    if a in b or b in a:
        return True
    words_a, words_b = set(re.findall(r"\w{3,}", a)), set(re.findall(r"\w{3,}", b))
    acronym = "".join(w[0] for w in answer.split() if w[:1].isupper()).lower()
    return bool(words_a & words_b) or (len(acronym) >= 2 and re.sub(r"\W", "", a) == acronym)


def answer_aliases(span: FactSpan, proposed: list[str], lang: str) -> list[str]:
    """The span, its standard spellings, and the proposed aliases that denote the same value."""
    base = default_aliases(span.text, lang)
    extra = [a.strip() for a in proposed if a.strip() and _related(a, span.text) and len(a) <= 80]
    return unique(base + extra)[:MAX_ALIASES]


async def draft_single(client: ChatClient, target: Target) -> Candidate:
    """Ask the generator for a question whose answer is the target's span."""
    chunk, span = target.chunks[0], target.spans[0]
    # Pointing at the sentence that holds the answer keeps small models on the right fact.
    sentence = next(iter(answer_sentences(chunk.text, [span.text])), chunk.text)
    prompt = load_prompt("seed_question", target.lang).render(passage=chunk.text, sentence=sentence, answer=span.text)
    result = await ask_structured(
        client, [{"role": "user", "content": prompt}], QuestionDraft, lang=target.lang, max_tokens=160
    )
    question = result.value.question.strip() if result.ok else ""
    aliases = answer_aliases(span, result.value.aliases if result.ok else [], target.lang)
    error = result.error if not result.ok else (None if question else "empty question")
    return Candidate(target.id, question, [aliases], [chunk.id], target.lang, error, [chunk.text])


async def draft_pair(client: ChatClient, target: Target) -> Candidate:
    """Ask the generator for one question needing both of the target's facts."""
    (a, b), (span_a, span_b) = target.chunks, target.spans
    prompt = load_prompt("seed_pair", target.lang).render(
        passage_a=a.text, answer_a=span_a.text, passage_b=b.text, answer_b=span_b.text
    )
    result = await ask_structured(
        client, [{"role": "user", "content": prompt}], PairDraft, lang=target.lang, max_tokens=120
    )
    question = result.value.question.strip() if result.ok else ""
    answers = [default_aliases(span_a.text, target.lang), default_aliases(span_b.text, target.lang)]
    error = result.error if not result.ok else (None if question else "empty question")
    return Candidate(target.id, question, answers, [a.id, b.id], target.lang, error, [a.text, b.text])


async def draft_all(client: ChatClient, targets: list[Target]) -> list[Candidate]:
    """Draft every target concurrently (the client limits requests in flight); results in target order."""
    return list(
        await asyncio.gather(
            *(draft_pair(client, t) if len(t.spans) == 2 else draft_single(client, t) for t in targets)
        )
    )
