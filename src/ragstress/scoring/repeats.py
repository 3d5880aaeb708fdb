"""Repeated and second-judge judgments on a sample of cases: the raw material of judge reliability.

The judge scores each sampled case `repeats` more times, every repeat sampled at
`temperature` with its own `seed`, so each is a distinct request: never the scoring
run's cached answer, and never another repeat's. (Running the check again with the
cache on gives the same repeats back, so a report rebuilt from them is reproducible.) A
second judge, when given, scores the same cases once at its usual settings. Each
judgment is a record of judge_repeats.jsonl; src/ragstress/reports/judge/reliability.py turns them into
self-consistency, flip shares and two-judge agreement.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import Field

from ragstress.core.jsonl import read_records, write_records
from ragstress.core.manifests import RunManifest, read_manifest
from ragstress.core.rundir import RunDir
from ragstress.core.types import Case, Record, Score, TargetResponse
from ragstress.llm import ChatClient
from ragstress.scoring.metrics import METRICS, score_case

REPEATS_FILE = "judge_repeats.jsonl"


class Judgment(Record):
    """One extra verdict on one case: a repeat of the judge, or the second judge."""

    case_id: str
    metric: str
    judge: str = Field(description="'judge' (a repeat of the run's judge) or 'judge2' (the second judge).")
    model: str = Field(description="The model that gave the verdict.")
    repeat: int = Field(ge=0, description="Which repeat (0 for the second judge's single verdict).")
    value: float | None = Field(description="The verdict's value; None when the judge failed or had nothing to judge.")
    error: str | None = None


class _SampledClient:
    """A judge client whose every request is sampled at a set temperature with a set seed."""

    def __init__(self, client: ChatClient, temperature: float, seed: int):
        self._client, self._temperature, self._seed = client, temperature, seed

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    async def chat(self, messages: list[dict[str, Any]], **params: Any) -> Any:
        params.update(temperature=self._temperature, seed=self._seed)
        return await self._client.chat(messages, **params)


def sample_cases(cases: Sequence[Case], scored: set[str], size: int, seed: int) -> list[Case]:
    """`size` cases drawn at random among those the judge scored, spread over testbeds and languages."""
    pool = sorted((c for c in cases if c.id in scored), key=lambda c: c.id)
    rng = random.Random(seed)
    strata: dict[tuple[str, str], list[Case]] = {}
    for case in pool:
        strata.setdefault((case.testbed, case.lang), []).append(case)
    for members in strata.values():
        rng.shuffle(members)
    chosen: list[Case] = []
    # Round robin over strata: a small sample still reaches every testbed and language.
    while len(chosen) < min(size, len(pool)):
        for key in sorted(strata):
            if strata[key] and len(chosen) < size:
                chosen.append(strata[key].pop())
    return chosen


async def judge_repeats(
    run_dir: Path,
    *,
    metrics: Sequence[str],
    judge: ChatClient,
    repeats: int = 3,
    sample: int = 20,
    temperature: float = 0.7,
    judge2: ChatClient | None = None,
    seed: int = 0,
    concurrency: int = 4,
) -> list[Judgment]:
    """Judge a sample of the run's scored cases again and write judge_repeats.jsonl (replacing it).

    Only judged metrics are repeated; deterministic ones would agree with themselves.
    """
    if repeats < 2:
        raise ValueError("self-consistency needs at least 2 repeats")
    if sample < 1:
        raise ValueError("the sample needs at least one case")
    names = [m for m in metrics if METRICS.get(m).kind == "judged"]
    if not names:
        raise ValueError(f"none of {', '.join(metrics)} is a judged metric")
    files = RunDir(Path(run_dir))
    cases = read_records(files.cases, Case)
    responses = {(r.case_id, r.probe): r for r in read_records(files.responses, TargetResponse)}
    run_info = read_manifest(files.run_manifest, RunManifest) if files.run_manifest.exists() else None
    e2e = run_info is not None and run_info.mode == "e2e"  # judged on the passages the target saw, as scored
    scored = {
        s.case_id
        for s in (read_records(files.scores, Score) if files.scores.exists() else [])
        if s.metric in names and s.value is not None
    }
    chosen = sample_cases(cases, scored, sample, seed)
    if not chosen:
        raise ValueError(f"no case has a scored value for {', '.join(names)}: score the run first")
    limit = asyncio.Semaphore(concurrency)

    async def one(case: Case, client: Any, who: str, repeat: int) -> list[Judgment]:
        async with limit:
            scores, _ = await score_case(case, responses[(case.id, "case")], names, judge=client, e2e=e2e)
        return [
            Judgment(
                case_id=case.id,
                metric=s.metric,
                judge=who,
                model=client.endpoint.model,
                repeat=repeat,
                value=s.value,
                error=s.error,
            )
            for s in scores
        ]

    jobs = [
        one(case, _SampledClient(judge, temperature, seed=1 + r), "judge", r) for case in chosen for r in range(repeats)
    ]
    if judge2 is not None:
        jobs += [one(case, judge2, "judge2", 0) for case in chosen]
    judgments = [j for batch in await asyncio.gather(*jobs) for j in batch]
    write_records(files.path / REPEATS_FILE, judgments)
    return judgments
