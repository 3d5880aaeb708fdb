"""Answer-free noise by meaning: the judge reads every noise passage the cases use, and fails closed.

Alias matching and the numeric/date check (`src/ragstress/values/restated.py`) run inside the
pool for every chunk. They miss an answer put in other words ("the year of the
Exposition Universelle"), so when the judge check is on, each (seed, noise chunk)
pair the built cases actually use is put to the judge (`gen_noise_check`). A "yes"
or a reply that gives no usable verdict bans the chunk as that seed's noise, the
cases are rebuilt (drawing the next eligible chunks) and the new pairs judged, for
at most `max_rounds` rounds. Cases still holding an unjudged noise passage after
that are dropped, never kept unchecked. Every exclusion is counted by reason.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ragstress.core.types import Case, SeedQuestion
from ragstress.generators.questions.gates import Verdict
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.llm import LLMSession, ask_structured
from ragstress.prompts import load_prompt
from ragstress.values.restated import restates_any_in

MAX_EXAMPLES = 20


@dataclass
class NoiseCheckLog:
    """What the answer-free checks excluded, and why (written to testset.json as `noise_check`)."""

    judge: bool
    rounds: int = 0
    judged: int = 0
    excluded: dict[str, int] = field(
        default_factory=lambda: {"restated_number_or_date": 0, "judge_says_it_answers": 0, "judge_unclear": 0}
    )
    cases_dropped_unjudged: int = 0
    examples: list[dict[str, str]] = field(default_factory=list)

    def exclude(self, reason: str, seed_id: str, chunk_id: str, detail: str) -> None:
        self.excluded[reason] = self.excluded.get(reason, 0) + 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append({"seed_id": seed_id, "chunk_id": chunk_id, "reason": reason, "detail": detail[:200]})

    def as_dict(self) -> dict:
        return {
            "judge": self.judge,
            "rounds": self.rounds,
            "judged": self.judged,
            "excluded": dict(self.excluded),
            "cases_dropped_unjudged": self.cases_dropped_unjudged,
            "examples": list(self.examples),
        }


def count_restated(seeds: list[SeedQuestion], pool: ChunkPool, log: NoiseCheckLog) -> None:
    """Log the near chunks (each seed's neighbours) that only the numeric/date check keeps out of the noise."""
    for seed in seeds:
        for cid in pool.neighbours.get(seed.id, ()):
            if cid in seed.chunk_ids or cid not in pool.chunks:
                continue
            if cid in pool.answer_chunks(seed):
                continue
            reason = restates_any_in(pool.index.values[cid], seed.answers)
            if reason:
                log.exclude("restated_number_or_date", seed.id, cid, reason)


async def _verdict(llm: LLMSession, seed: SeedQuestion, text: str) -> tuple[str | None, str]:
    """(reason to exclude or None, the judge's words) for one passage."""
    prompt = load_prompt("gen_noise_check", seed.lang).render(passage=text, question=seed.question)
    result = await ask_structured(
        llm.judge, [{"role": "user", "content": prompt}], Verdict, lang=seed.lang, max_tokens=100
    )
    if not result.ok:
        return "judge_unclear", str(result.error)
    if result.value.verdict != "no":
        return "judge_says_it_answers", result.value.reason
    return None, result.value.reason


def _noise_pairs(cases: list[Case]) -> set[tuple[str, str]]:
    return {(case.seed_id, c.chunk_id) for case in cases for c in case.contexts if c.role == "noise" and c.chunk_id}


async def judged_cases(
    llm: LLMSession,
    seeds: list[SeedQuestion],
    pool: ChunkPool,
    build: Callable[[ChunkPool], list[Case]],
    log: NoiseCheckLog,
    *,
    max_rounds: int = 4,
) -> tuple[ChunkPool, list[Case]]:
    """Build cases from `pool`, judging their noise until every noise passage is judged answer-free.

    Returns the pool with the banned chunks in `not_noise` and the cases built from it.
    """
    by_id = {seed.id: seed for seed in seeds}
    banned: dict[str, set[str]] = {sid: set(ids) for sid, ids in pool.not_noise.items()}
    judged: set[tuple[str, str]] = set()
    cases = build(pool)
    for _ in range(max_rounds):
        pending = sorted(_noise_pairs(cases) - judged)
        if not pending:
            break
        log.rounds += 1
        verdicts = await asyncio.gather(*(_verdict(llm, by_id[sid], pool.chunk(cid).text) for sid, cid in pending))
        for (sid, cid), (reason, words) in zip(pending, verdicts):
            judged.add((sid, cid))
            log.judged += 1
            if reason is not None:
                banned.setdefault(sid, set()).add(cid)
                log.exclude(reason, sid, cid, words)
        pool = replace(pool, not_noise={sid: frozenset(ids) for sid, ids in banned.items()})
        cases = build(pool)
    # Fail closed: a case whose noise the judge has not read is not kept.
    unchecked = {pair for pair in _noise_pairs(cases) if pair not in judged}
    kept = [c for c in cases if not any((c.seed_id, x.chunk_id) in unchecked for x in c.contexts if x.role == "noise")]
    log.cases_dropped_unjudged = len(cases) - len(kept)
    return pool, kept
