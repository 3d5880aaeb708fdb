"""What every testbed shares: settings, the registry, and the plumbing that turns passages into a Case.

A testbed is a pure function `(seed, pool, settings) -> list[Case]`; each case draws its
randomness from a generator seeded by its own id (and the run's seed), so a case does not
change when other seeds or testbeds are added (see testbeds.py for the params every case records).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ragstress.core.registry import Registry
from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.testbeds.pool import ChunkPool, NoiseMode, case_rng
from ragstress.generators.testbeds.ratios import RatioPolicy

NOISE_RATIOS = (0.0, 0.2, 0.4, 0.6, 0.8)
INTEGRATION_RATIOS = (0.0, 0.2, 0.4)
N_PASSAGES = 5


@dataclass(frozen=True)
class TestbedSettings:
    """What every testbed needs besides the seed and the pool."""

    __test__ = False  # not a pytest test class despite the name

    base_seed: int = 13
    noise_mode: NoiseMode = "hard"
    n_passages: int = N_PASSAGES
    noise_ratios: tuple[float, ...] = NOISE_RATIOS
    integration_ratios: tuple[float, ...] = INTEGRATION_RATIOS
    ratio_policy: RatioPolicy = "drop"
    styles: tuple[str, ...] = ()
    """Question styles of the style testbed (empty: every style)."""


TestbedFn = Callable[[SeedQuestion, ChunkPool, TestbedSettings], list[Case]]
TESTBEDS: Registry[TestbedFn] = Registry("testbed")


def noise_count(ratio: float, n_passages: int = N_PASSAGES) -> int:
    """RGB's number of noise passages: ceil(n x ratio), guarded against float noise (5 x 0.6 = 3.0000000000000004)."""
    return min(n_passages, math.ceil(round(n_passages * ratio, 9)))


def _ratio_label(ratio: float) -> str:
    return f"{ratio:g}"


def make_case(
    seed: SeedQuestion,
    testbed: str,
    ratio: float,
    build: Callable[[random.Random], tuple[list[Context], dict]],
    expected: str,
    *,
    base_seed: int,
    reference: str,
    fake_answer: list[str] | None = None,
    label: str | None = None,
    question: str | None = None,
    shuffle: bool = True,
) -> Case:
    """Shared case plumbing: the id, its rng, the shuffle, and the params every consumer relies on.

    `build(rng)` returns the passages in rank order (positives, then noise) plus extra params.
    `label` ends the case id (default: the ratio); `question` replaces the seed's wording;
    `shuffle=False` keeps the passages in the order built (a testbed that places them itself).
    """
    case_id = f"{seed.id}:{testbed}:{label if label is not None else _ratio_label(ratio)}"
    rng, rng_seed = case_rng(case_id, base_seed)
    contexts, extra = build(rng)
    # Each passage's rank within its role before shuffling (source chunk first, nearest noise first),
    # so an export can restore the retrieval order that the shuffle hides.
    seen: dict[str, int] = {}
    ranked = []
    for context in contexts:
        ranked.append((context, seen.get(context.role, 0)))
        seen[context.role] = seen.get(context.role, 0) + 1
    if shuffle:
        rng.shuffle(ranked)
    contexts = [context for context, _ in ranked]
    n_noise = sum(c.role == "noise" for c in contexts)
    # The share the passages really hold: reports plot accuracy against it.
    achieved = round(n_noise / len(contexts), 4) if contexts else ratio
    requested = {"noise_ratio_requested": ratio} if achieved != ratio else {}
    params = {
        "noise_ratio": achieved,
        **requested,
        "n_passages": len(contexts),
        "n_positive": sum(c.role not in ("noise", "injected") for c in contexts),
        "n_noise": n_noise,
        "positive_chunk_ids": list(seed.chunk_ids),
        "rng_seed": rng_seed,
        "reference": reference,
        "passage_rank": [rank for _, rank in ranked],
        **extra,
    }
    return Case(
        id=case_id,
        seed_id=seed.id,
        testbed=testbed,
        lang=seed.lang,
        question=question or seed.question,
        answers=seed.answers,
        fake_answer=fake_answer,
        contexts=contexts,
        expected=expected,
        params=params,
    )


def assemble(
    seed, testbed, ratio, pool: ChunkPool, settings: TestbedSettings, build, expected, fake_answer=None, **options
) -> Case:
    """make_case with the pool's reference and the settings' seed and noise mode; `options` go to make_case."""

    def build_with_mode(rng: random.Random) -> tuple[list[Context], dict]:
        contexts, extra = build(rng)
        return contexts, {"noise_mode": settings.noise_mode, **extra}

    return make_case(
        seed,
        testbed,
        ratio,
        build_with_mode,
        expected,
        base_seed=settings.base_seed,
        reference=pool.reference(seed),
        fake_answer=fake_answer,
        **options,
    )


def noise_contexts(
    seed: SeedQuestion, pool: ChunkPool, count: int, mode: NoiseMode, rng: random.Random
) -> list[Context]:
    return [
        Context(text=pool.chunk(cid).text, role="noise", chunk_id=cid) for cid in pool.noise_ids(seed, count, mode, rng)
    ]


def positive_ids(per_fact: list[list[str]], count: int) -> list[str]:
    """`count` positives spread over the facts: every fact's source first, then extras round-robin."""
    target = max(count, len(per_fact))  # never drop a fact, even when noise leaves little room
    chosen: list[str] = []
    depth = 0
    while len(chosen) < target and any(depth < len(ids) for ids in per_fact):
        for ids in per_fact:
            if depth < len(ids) and ids[depth] not in chosen and len(chosen) < target:
                chosen.append(ids[depth])
        depth += 1
    return chosen
