"""Spans a capable generator proposes: a short answer copied from the chunk and a question for it.

Extraction finds the facts its patterns know; a configured generator (not the bundled model,
which cannot do this reliably) may see others ("the default port", "the error code returned
when ..."). Chunks are asked in rounds (`seed_propose`, en and zh; up to `PER_CHUNK` proposals
each), as many per round as seeds are still wanted, until the seeds wanted are kept, every
chunk was asked, or the budget of chunks asked is spent (`proposal_budget`: 5 per seed
wanted, at most 200, unless given). A proposal becomes a candidate only as it was written: its answer must
be a verbatim, short span that occurs once in the chunk (else it is dropped here with the
reason); the rest is decided by the same gates as every candidate (alias in chunk, answer not
in question, round trip, the judge's "answerable", which is always asked, and near-duplicate).

`testset.json` counts proposals per kind (proposed, dropped here, rejected at each gate, kept),
the chunks asked, the budget and why the asking stopped.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections import Counter

from pydantic import BaseModel, Field

from ragstress.core.types import Chunk, QuestionType
from ragstress.generators.questions.gates import RejectedCandidate
from ragstress.generators.questions.seeds import Candidate
from ragstress.llm import ChatClient, ask_structured
from ragstress.prompts import load_prompt
from ragstress.values.spans import default_aliases

PER_CHUNK = 3
# Chunks asked for proposals, per seed wanted and at most: a model whose proposals rarely pass the
# gates is asked further, but a run never costs more calls than this without being told to.
CHUNKS_PER_SEED, CHUNKS_CAP = 5, 200
KINDS = ("option", "default", "identifier", "version", "limit", "error_code", "path", "date", "number", "name", "other")
MAX_WORDS, MAX_HAN = 6, 20


class Proposal(BaseModel):
    answer: str = Field(description="The fact exactly as the passage writes it.")
    question: str = Field(description="A question whose whole answer is that text.")
    kind: str = Field(default="other", description="What kind of fact it is.")


class ProposalDraft(BaseModel):
    """The generator's reply: its proposals for one chunk."""

    proposals: list[Proposal] = Field(default_factory=list, max_length=8)


def span_problem(answer: str, chunk_text: str) -> str | None:
    """Why a proposed answer cannot be a seed's answer span, or None when it can."""
    answer = answer.strip()
    if not answer:
        return "empty answer"
    if len(re.findall(r"[\u4e00-\u9fff]", answer)) > MAX_HAN or len(answer.split()) > MAX_WORDS:
        return f"answer too long to check by string: {answer[:60]!r}"
    found = chunk_text.count(answer)
    if found == 0:
        return f"answer not copied verbatim from the chunk: {answer[:60]!r}"
    if found > 1:
        return f"answer occurs {found} times in the chunk, so the question may mean another: {answer[:60]!r}"
    return None


async def _propose(client: ChatClient, chunk: Chunk, lang: str) -> list[Proposal] | str:
    prompt = load_prompt("seed_propose", lang).render(passage=chunk.text, limit=str(PER_CHUNK))
    result = await ask_structured(
        client, [{"role": "user", "content": prompt}], ProposalDraft, lang=lang, max_tokens=400
    )
    return result.value.proposals[:PER_CHUNK] if result.ok else f"no usable proposals: {result.error}"


async def proposal_candidates(
    client: ChatClient, chunks: list[Chunk], langs: dict[str, str], log: ProposalLog
) -> list[Candidate]:
    """Candidates from the generator's proposals for `chunks` (asked concurrently; the client limits requests)."""
    replies = await asyncio.gather(*(_propose(client, c, langs[c.id]) for c in chunks))
    made = []
    for chunk, reply in zip(chunks, replies):
        log.asked += 1
        if isinstance(reply, str):
            log.failed.append(reply)
            continue
        lang = langs[chunk.id]
        for proposal in reply:
            kind = proposal.kind if proposal.kind in KINDS else "other"
            log.proposed[kind] += 1
            problem = span_problem(proposal.answer, chunk.text)
            if problem:
                log.dropped[kind] += 1
                log.examples.append({"kind": kind, "answer": proposal.answer, "reason": problem})
                continue
            key = f"{chunk.id}|proposed|{proposal.answer}|{proposal.question}"
            seed_id = "gen-" + hashlib.sha256(key.encode()).hexdigest()[:10]
            shape = QuestionType(span_kinds=[kind], template="model", shape="single", origin="proposed")
            answers = [default_aliases(proposal.answer.strip(), lang)]
            made.append(
                Candidate(
                    seed_id, proposal.question.strip(), answers, [chunk.id], lang, None, [chunk.text], "proposed", shape
                )
            )
            log.kind_of[seed_id] = kind
    return made


def proposal_budget(seeds_wanted: int, given: int | None = None) -> int:
    """How many chunks may be asked for proposals: `given`, else CHUNKS_PER_SEED per seed wanted, capped."""
    return given if given is not None else min(CHUNKS_PER_SEED * seeds_wanted, CHUNKS_CAP)


class ProposalSource:
    """The generator's proposals for `chunks` (in the order given), asked round by round within `budget`."""

    def __init__(self, client: ChatClient, chunks: list[Chunk], langs: dict[str, str], budget: int, log: ProposalLog):
        self.client, self.chunks, self.langs, self.log = client, chunks, langs, log
        self.budget = log.budget = budget
        self._next = 0

    @property
    def exhausted(self) -> bool:
        return self.log.asked >= self.budget or self._next >= len(self.chunks)

    async def more(self, wanted: int) -> list[Candidate]:
        """Candidates from the next `wanted` chunks (fewer when the budget or the chunks run out)."""
        take = max(0, min(wanted, self.budget - self.log.asked, len(self.chunks) - self._next))
        batch = self.chunks[self._next : self._next + take]
        self._next += take
        return await proposal_candidates(self.client, batch, self.langs, self.log) if batch else []

    def finish(self, enough: bool) -> None:
        """Record why the asking stopped: the seeds wanted were kept, the budget was spent, or no chunk was left."""
        if enough:
            self.log.stopped = "seeds_kept"
        elif self.log.asked >= self.budget:
            self.log.stopped = "budget_spent"
        else:
            self.log.stopped = "chunks_exhausted"


class ProposalLog:
    """What happened to the generator's proposals, for testset.json."""

    def __init__(self) -> None:
        self.asked = 0
        self.budget: int | None = None
        self.stopped: str | None = None
        self.failed: list[str] = []
        self.proposed: Counter[str] = Counter()
        self.dropped: Counter[str] = Counter()
        self.examples: list[dict] = []
        self.kind_of: dict[str, str] = {}

    def as_dict(self, kept: list[Candidate], rejected: list[RejectedCandidate]) -> dict:
        """Per kind: proposed, dropped before the gates (not a usable span), rejected at each gate, not gated, kept."""
        kept_ids = {c.id for c in kept}
        by_kind: dict[str, dict] = {}
        for kind in sorted(self.proposed):
            by_kind[kind] = {
                "proposed": self.proposed[kind],
                "not_a_span": self.dropped[kind],
                "rejected": {},
                "kept": 0,
            }
        for record in rejected:
            kind = self.kind_of.get(record.candidate_id)
            if kind is not None:
                gates = by_kind[kind]["rejected"]
                gates[record.gate] = gates.get(record.gate, 0) + 1
        for seed_id, kind in self.kind_of.items():
            by_kind[kind]["kept"] += seed_id in kept_ids
        for row in by_kind.values():  # left over when enough seeds were kept before their turn
            row["not_gated"] = row["proposed"] - row["not_a_span"] - sum(row["rejected"].values()) - row["kept"]
        return {
            "chunks_asked": self.asked,
            "chunk_budget": self.budget,
            # seeds_kept, budget_spent (chunk_budget asked) or chunks_exhausted (every chunk asked).
            "stopped": self.stopped,
            "replies_unusable": len(self.failed),
            "proposed": sum(self.proposed.values()),
            "kept": sum(row["kept"] for row in by_kind.values()),
            "by_kind": by_kind,
            "examples_not_a_span": self.examples[:20],
        }
