"""The gates a candidate seed must pass, with a logged reason for every rejection.

In order, cheapest first:

- `draft`: the generator produced a well-formed question (a question mark, not a bare phrase);
- `alias_in_chunk`: each fact has an alias in its source chunk;
- `answer_not_in_question`: the question gives away no alias;
- `useful`: no user could guess the answer from the question alone (`usefulness.guessable`: a yes/no
  question, a generic answer, an answer whose words the question already holds, as `--ignore-case`
  for "Which option ignores case?");
- `round_trip`: the question retrieves every source chunk in the top k; a question that names its page
  (a man page's command) and misses its chunk passes when it finds the page and, on it, what it asks
  ranks its chunk first (`page_scope`: the page's name draws its NAME and SYNOPSIS chunks, not the
  chunk it asks about), when a retrieved chunk states the same fact again (`repeated_fact`), when without
  the product frame every question of the corpus carries it retrieves its chunk (`unframed_round_trip`), or
  when a keyword search by its own distinctive words ranks its chunk first and finds no rival answer
  (`lexical_round_trip`). Such passes are counted under `round_trip_on_page`, `round_trip_repeated_fact`,
  `round_trip_unframed` and `round_trip_lexical` (see `round_trip`);
- `answerable`: the judge says the source chunk(s) alone answer it (structured yes/no). An
  in-situ question (made from the very sentence of the chunk that holds the answer) is not
  asked of the bundled judge: on the samples it passed every one (en 108 of 108, zh 157 of 157), and
  the call was most of an offline generation's time. Such candidates are counted under
  `answerable_not_asked`, so the manifest says which were judged;
- `near_duplicate`: no kept seed's question is too similar (cosine of embeddings), compared
  without the frame it shares with others (`Candidate.content`). A manual template's questions
  are compared as text instead: character trigrams with a Jaccard of at least 0.8 (embeddings of
  short clauses that share a subject, "view: 恢复模式" and "view: 前台运行", lie closer than the
  cosine threshold).

Pass rates are counted per gate over the candidates that reached it. Candidates that
passed every gate after enough seeds were kept are logged with gate `surplus`.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from pydantic import BaseModel, Field

from ragstress.core.types import Answers, Record
from ragstress.generators.questions.lexical_round_trip import LexicalScope
from ragstress.generators.questions.page_scope import PageScope
from ragstress.generators.questions.round_trip import round_trip
from ragstress.generators.questions.seeds import Candidate
from ragstress.generators.questions.usefulness import guessable
from ragstress.indexing.store import IndexStore
from ragstress.llm import ChatClient, ask_structured
from ragstress.prompts import load_prompt
from ragstress.values.spans import contains_alias, trigram_similarity, trigrams

CONTENT_DUPLICATE = 0.8
GATES = ("draft", "alias_in_chunk", "answer_not_in_question", "useful", "round_trip", "answerable", "near_duplicate")


class Verdict(BaseModel):
    """A judge's yes/no with a short reason."""

    verdict: Literal["yes", "no"] = Field(description="yes or no.")
    reason: str = Field(default="", max_length=300, description="One short sentence.")


class RejectedCandidate(Record):
    """A candidate (or curated seed) that was dropped, with the gate and the reason."""

    candidate_id: str = Field(description="Stable id of the candidate or curated seed.")
    gate: str = Field(description="The gate that dropped it.")
    reason: str = Field(description="Why, in words.")
    question: str = Field(description="The question as drafted ('' if none).")
    answers: Answers = Field(description="The answer aliases per fact.")
    chunk_ids: list[str] = Field(description="Source chunks.")
    lang: str = Field(description="Language of the candidate.")


@dataclass
class GateStats:
    """How many candidates reached and passed each gate."""

    tried: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GATES, 0))
    passed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GATES, 0))

    def count(self, gate: str, ok: bool) -> None:
        self.tried[gate] = self.tried.get(gate, 0) + 1
        self.passed[gate] = self.passed.get(gate, 0) + int(ok)

    def as_dict(self) -> dict[str, dict[str, float | int | None]]:
        return {
            gate: {
                "tried": self.tried[gate],
                "passed": self.passed[gate],
                "pass_rate": round(self.passed[gate] / self.tried[gate], 4) if self.tried[gate] else None,
            }
            for gate in self.tried
        }


# A JSDoc-style type in braces, "{boolean}" or "{string[] | undefined}", is page markup: a question that
# carries one was pasted from a reference line, not asked.
_TYPE_MARKUP = re.compile(
    r"\{\s*(?:boolean|string|number|object|any|unknown|void|null|undefined|bigint|symbol|Function|Object|Array|"
    r"Promise|Record|Map|Set)\b[^{}]{0,40}\}"
)


def well_formed(candidate: Candidate) -> str | None:
    """None if drafting gave a question (ends with a question mark, not a bare phrase), else the reason."""
    if candidate.error:
        return f"generator failed: {candidate.error}"
    for i, aliases in enumerate(candidate.answers):
        # A code literal such as `""` spelled without its quotes is blank: no response could be matched to it.
        if not aliases or not all(a.strip() for a in aliases):
            return f"fact {i + 1}: an answer spelling is blank: {aliases!r}"
    question = candidate.question.strip()
    if not question.endswith(("?", "？")):
        return f"not a question (no question mark): {question[:80]!r}"
    if _TYPE_MARKUP.search(question):
        return f"the question carries type markup from the page: {question[:80]!r}"
    # "set to 0 to if you want …": a purpose joined onto a condition leaves the page's words unmended.
    if candidate.lang != "zh" and re.search(r"\bto if\b", question, re.IGNORECASE):
        return f"a condition is joined as a purpose: {question[:80]!r}"
    # The page speaks to its reader (在你的应用中); a user asking about it does not.
    if candidate.lang == "zh" and re.search(r"你|您", question):
        return f"the question keeps the page's address to its reader: {question[:80]!r}"
    size = len(question.split()) if candidate.lang != "zh" else len(question)
    if size < (6 if candidate.lang == "zh" else 4):
        return f"too short to be a self-contained question: {question!r}"
    return None


def _two_answers(candidate: Candidate, answered: dict[str, set[str]]) -> str | None:
    if len(answered.get(candidate.question, ())) > 1:
        return f"the same question is asked of {len(answered[candidate.question])} different answers"
    return None


def alias_in_chunk(candidate: Candidate) -> str | None:
    """None if each fact's chunk holds one of its aliases, else the reason."""
    for i, (text, aliases) in enumerate(zip(candidate.texts, candidate.answers)):
        if not contains_alias(text, aliases):
            return f"fact {i + 1}: none of {aliases} occurs in chunk {candidate.chunk_ids[i]}"
    return None


def answer_not_in_question(candidate: Candidate) -> str | None:
    """None if the question contains no alias of any fact, else the reason."""
    for aliases in candidate.answers:
        leaked = [a for a in aliases if contains_alias(candidate.question, [a])]
        if leaked:
            return f"the question contains the answer {leaked[0]!r}"
    return None


def useful(candidate: Candidate) -> str | None:
    """None if a user needs a passage to answer the question, else why its answer can be guessed."""
    return guessable(candidate.question, candidate.answers, candidate.lang)


async def answerable(judge: ChatClient, candidate: Candidate) -> str | None:
    """None if the judge says the source chunk(s) alone answer the question, else the judge's reason."""
    passages = "\n\n".join(candidate.texts)
    answer = " / ".join(aliases[0] for aliases in candidate.answers)
    prompt = load_prompt("seed_answerable", candidate.lang).render(
        passages=passages, question=candidate.question, answer=answer
    )
    result = await ask_structured(
        judge, [{"role": "user", "content": prompt}], Verdict, lang=candidate.lang, max_tokens=120
    )
    if not result.ok:
        return f"no usable verdict from the judge: {result.error}"
    if result.value.verdict != "yes":
        return f"judge: not answerable from the chunk alone ({result.value.reason.strip() or 'no reason given'})"
    return None


class GatePipeline:
    """Runs candidates through every gate, remembering kept questions for the duplicate check."""

    def __init__(
        self,
        store: IndexStore,
        judge: ChatClient,
        *,
        k: int = 5,
        duplicate_threshold: float = 0.92,
        stats: GateStats | None = None,
        judge_insitu: bool | None = None,
    ):
        """`judge_insitu`: ask the judge about in-situ candidates too (None: unless it is the bundled model)."""
        self.store, self.judge, self.k, self.threshold = store, judge, k, duplicate_threshold
        self.judge_insitu = judge_insitu if judge_insitu is not None else not judge.endpoint.is_bundled
        self.stats = stats or GateStats()
        self.pages = PageScope(store)
        self.lexical = LexicalScope(store)
        self.rejected: list[RejectedCandidate] = []
        self._kept_vectors: list[np.ndarray] = []
        self._kept_ids: list[str] = []
        self._kept_contents: list[tuple[str, set[str]]] = []
        self._answered: dict[str, set[str]] = {}

    def remember(self, seed_ids: list[str], questions: list[str]) -> None:
        """Count questions as kept (curated seeds too), so later candidates may not duplicate them."""
        if questions:
            self._kept_vectors += list(self.store.embedder.embed_queries(questions))
            self._kept_ids += seed_ids

    def _reject(self, candidate: Candidate, gate: str, reason: str) -> None:
        self.rejected.append(
            RejectedCandidate(
                candidate_id=candidate.id,
                gate=gate,
                reason=reason,
                question=candidate.question,
                answers=candidate.answers,
                chunk_ids=candidate.chunk_ids,
                lang=candidate.lang,
            )
        )

    def _gate(self, survivors: list[Candidate], gate: str, reasons: list[str | None]) -> list[Candidate]:
        kept = []
        for candidate, reason in zip(survivors, reasons):
            self.stats.count(gate, reason is None)
            if reason is None:
                kept.append(candidate)
            else:
                self._reject(candidate, gate, reason)
        return kept

    async def run(self, candidates: list[Candidate], limit: int | None = None) -> list[Candidate]:
        """The candidates that pass every gate, in input order, at most `limit` of them."""
        # One wording asked of two answers ("which hook runs when the cache is written?" of a JS and a Rust hook,
        # once a list line's markup no longer tells them apart) has no answer a reader can pick: not asked.
        # Counted over every wave the pipeline has seen, so a later wave's twin is caught too.
        for c in candidates:
            self._answered.setdefault(c.question, set()).add(repr(c.answers))
        reasons = [well_formed(c) or _two_answers(c, self._answered) for c in candidates]
        alive = self._gate(candidates, "draft", reasons)
        alive = self._gate(alive, "alias_in_chunk", [alias_in_chunk(c) for c in alive])
        alive = self._gate(alive, "answer_not_in_question", [answer_not_in_question(c) for c in alive])
        alive = self._gate(alive, "useful", [useful(c) for c in alive])
        if alive:
            readings: Counter[str] = Counter()
            alive = self._gate(
                alive, "round_trip", round_trip(alive, self.store, self.k, self.pages, readings, self.lexical)
            )
            for reading, passed in sorted(readings.items()):
                for _ in range(passed):
                    self.stats.count(reading, True)
        if alive:
            asked = [c for c in alive if self.judge_insitu or c.path != "insitu"]
            verdicts = dict(
                zip([c.id for c in asked], await asyncio.gather(*(answerable(self.judge, c) for c in asked)))
            )
            for _ in range(len(alive) - len(asked)):
                self.stats.count("answerable_not_asked", True)
            judged = {c.id for c in self._gate(asked, "answerable", [verdicts[c.id] for c in asked])}
            alive = [c for c in alive if c.id in judged or c.id not in verdicts]
        kept = []
        plain = [c for c in alive if not c.templated]
        embedded = self.store.embedder.embed_queries([c.content or c.question for c in plain]) if plain else []
        vectors = dict(zip((c.id for c in plain), embedded))
        for candidate in alive:
            if limit is not None and len(kept) >= limit:
                # Enough seeds: logged so every drafted candidate is accounted for, but not a gate failure.
                self._reject(candidate, "surplus", f"{limit} seed(s) were wanted and already kept")
                continue
            vector = vectors.get(candidate.id)
            shingles = trigrams(candidate.content) if vector is None else set()
            reason = self._duplicate_reason(vector) if vector is not None else self._same_content(shingles)
            self.stats.count("near_duplicate", reason is None)
            if reason is not None:
                self._reject(candidate, "near_duplicate", reason)
                continue
            kept.append(candidate)
            if vector is not None:
                self._kept_vectors.append(vector)
                self._kept_ids.append(candidate.id)
            else:
                self._kept_contents.append((candidate.id, shingles))
        return kept

    def _same_content(self, shingles: set[str]) -> str | None:
        for seed_id, other in self._kept_contents:
            similarity = trigram_similarity(shingles, other)
            if similarity >= CONTENT_DUPLICATE:
                return f"same content as {seed_id} (trigram Jaccard {similarity:.2f} >= {CONTENT_DUPLICATE})"
        return None

    def _duplicate_reason(self, vector: np.ndarray) -> str | None:
        return near_duplicate(vector, self._kept_vectors, self._kept_ids, self.threshold)


def near_duplicate(vector: np.ndarray, kept: list[np.ndarray], kept_ids: list[str], threshold: float) -> str | None:
    """The `near_duplicate` gate on one question's (unit) embedding: the reason naming the kept question it is
    too close to, or None."""
    if not kept:
        return None
    similarities = np.stack(kept) @ vector
    best = int(np.argmax(similarities))
    if similarities[best] >= threshold:
        return f"near-duplicate of {kept_ids[best]} (cosine {similarities[best]:.3f} >= {threshold})"
    return None
