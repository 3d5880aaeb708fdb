"""The four testbeds, registered by name: each turns one seed into cases.

A testbed is a pure function `(seed, pool, settings) -> list[Case]`; each case draws
its randomness from a generator seeded by its own id (and the run's seed), so a case
does not change when other seeds or testbeds are added. Defaults follow RGB: at most
five passages a case, shuffled; the positive and noise counts are chosen per seed so
that the noise share is exactly the ratio (`generators/ratios.py`: a ratio the seed
cannot reach is dropped, or replaced by the nearest one under `ratio_policy="nearest"`).

Every case records in `params`: noise_ratio (the share achieved: n_noise / n_passages),
noise_ratio_requested (only when it differs), n_passages, n_positive, n_noise,
positive_chunk_ids (the seed's answer chunks), rng_seed, reference (the
answer-bearing sentences of the source chunks), the noise mode and passage_rank
(each passage's rank within its role before the shuffle); counterfactual cases add
fake_kind and true_passages (the unaltered passages, indexed by rank).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ragstress.core.registry import Registry
from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.counterfactual import make_fake_answer, rewrite_passage
from ragstress.generators.pool import ChunkPool, NoiseMode, case_rng
from ragstress.generators.ratios import RatioPolicy, plan_ratios

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
) -> Case:
    """Shared case plumbing: the id, its rng, the shuffle, and the params every consumer relies on.

    `build(rng)` returns the passages in rank order (positives, then noise) plus extra params.
    """
    case_id = f"{seed.id}:{testbed}:{_ratio_label(ratio)}"
    rng, rng_seed = case_rng(case_id, base_seed)
    contexts, extra = build(rng)
    # Each passage's rank within its role before shuffling (source chunk first, nearest noise first),
    # so an export can restore the retrieval order that the shuffle hides.
    seen: dict[str, int] = {}
    ranked = []
    for context in contexts:
        ranked.append((context, seen.get(context.role, 0)))
        seen[context.role] = seen.get(context.role, 0) + 1
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
        "n_positive": sum(c.role != "noise" for c in contexts),
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
        question=seed.question,
        answers=seed.answers,
        fake_answer=fake_answer,
        contexts=contexts,
        expected=expected,
        params=params,
    )


def _assemble(
    seed, testbed, ratio, pool: ChunkPool, settings: TestbedSettings, build, expected, fake_answer=None
) -> Case:
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
    )


def _noise_contexts(
    seed: SeedQuestion, pool: ChunkPool, count: int, mode: NoiseMode, rng: random.Random
) -> list[Context]:
    return [
        Context(text=pool.chunk(cid).text, role="noise", chunk_id=cid) for cid in pool.noise_ids(seed, count, mode, rng)
    ]


def _positive_ids(per_fact: list[list[str]], count: int) -> list[str]:
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


def _mixed_cases(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings, testbed: str, ratios) -> list[Case]:
    per_fact = pool.positives_per_fact(seed)
    n_positives = len({cid for ids in per_fact for cid in ids})
    plans = plan_ratios(
        tuple(ratios),
        n_positives,
        pool.noise_available(seed),
        settings.n_passages,
        min_positive=len(per_fact),
        policy=settings.ratio_policy,
    )
    cases = []
    for plan in plans:

        def build(rng: random.Random, plan=plan) -> tuple[list[Context], dict]:
            positives = _positive_ids(per_fact, plan.n_positive)
            contexts = [Context(text=pool.chunk(cid).text, role="positive", chunk_id=cid) for cid in positives]
            return contexts + _noise_contexts(seed, pool, plan.n_noise, settings.noise_mode, rng), {}

        cases.append(_assemble(seed, testbed, plan.requested, pool, settings, build, "answer"))
    return cases


@TESTBEDS.register("noise")
def noise_robustness(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """Positives plus hard (or random) noise at each noise ratio; expected: the answer. Single-fact seeds."""
    if len(seed.answers) != 1:
        return []
    return _mixed_cases(seed, pool, settings, "noise", settings.noise_ratios)


@TESTBEDS.register("negative")
def negative_rejection(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """Noise passages only; expected: a refusal. Single-fact seeds."""
    if len(seed.answers) != 1 or pool.noise_available(seed) == 0:
        return []

    def build(rng: random.Random) -> tuple[list[Context], dict]:
        return _noise_contexts(seed, pool, settings.n_passages, settings.noise_mode, rng), {}

    return [_assemble(seed, "negative", 1.0, pool, settings, build, "reject")]


@TESTBEDS.register("integration")
def information_integration(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """One positive per required fact plus noise at each integration ratio; expected: every part."""
    if len(seed.answers) < 2:
        return []
    return _mixed_cases(seed, pool, settings, "integration", settings.integration_ratios)


@TESTBEDS.register("counterfactual")
def counterfactual_robustness(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """The positives with the answer consistently replaced by a fake of the same type; expected: flag_error.

    No case when no fake of the same type exists or a rewritten passage would still show the truth.
    """
    if len(seed.answers) != 1:
        return []
    aliases = seed.answers[0]
    positives = _positive_ids(pool.positives_per_fact(seed), settings.n_passages)
    case_id = f"{seed.id}:counterfactual:0"
    rng, _ = case_rng(case_id + ":fake", settings.base_seed)
    source = pool.chunk(positives[0]).text
    fake = make_fake_answer(aliases, seed.lang, rng, source_text=source, names=pool.names, question=seed.question)
    if fake is None:
        return []
    rewritten = [(cid, rewrite_passage(pool.chunk(cid).text, aliases, fake)) for cid in positives]
    if any(text is None for _, text in rewritten):
        return []

    def build(rng: random.Random) -> tuple[list[Context], dict]:
        contexts = [Context(text=text, role="counterfactual", chunk_id=cid) for cid, text in rewritten]
        # The unaltered passages, by rank (see passage_rank), for exports and for judges that need the truth.
        # The replacements too, so e2e mode can plant the same fake in every other chunk holding the truth.
        return contexts, {
            "fake_kind": fake.kind,
            "fake_replacements": dict(fake.replacements),
            "true_passages": [pool.chunk(cid).text for cid in positives],
        }

    return [_assemble(seed, "counterfactual", 0.0, pool, settings, build, "flag_error", fake_answer=fake.aliases)]


def build_cases(
    seeds: list[SeedQuestion], pool: ChunkPool, testbeds: list[str], settings: TestbedSettings
) -> list[Case]:
    """All cases for these seeds and testbeds, seed by seed in the order given, testbeds in the order given."""
    functions = [TESTBEDS.get(name) for name in testbeds]
    return [case for seed in seeds for build in functions for case in build(seed, pool, settings)]
