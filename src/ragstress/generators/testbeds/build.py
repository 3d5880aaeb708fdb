"""The testbeds, registered by name: each turns one seed into cases. RGB's four are here;
conflict, style, position and injection (beyond RGB) register from their own modules, imported below.

A testbed is a pure function `(seed, pool, settings) -> list[Case]`; each case draws
its randomness from a generator seeded by its own id (and the run's seed), so a case
does not change when other seeds or testbeds are added. Defaults follow RGB: at most
five passages a case, shuffled; the positive and noise counts are chosen per seed so
that the noise share is exactly the ratio (`src/ragstress/generators/testbeds/ratios.py`: a ratio the seed
cannot reach is dropped, or replaced by the nearest one under `ratio_policy="nearest"`).

Every case records in `params`: noise_ratio (the share achieved: n_noise / n_passages),
noise_ratio_requested (only when it differs), n_passages, n_positive, n_noise,
positive_chunk_ids (the seed's answer chunks), rng_seed, reference (the
answer-bearing sentences of the source chunks), the noise mode and passage_rank
(each passage's rank within its role before the shuffle); counterfactual cases add
fake_kind and true_passages (the unaltered passages, indexed by rank).
"""

from __future__ import annotations

import random

from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.testbeds.case_build import (
    INTEGRATION_RATIOS,
    N_PASSAGES,
    NOISE_RATIOS,
    TESTBEDS,
    TestbedSettings,
    assemble,
    make_case,
    noise_contexts,
    noise_count,
    positive_ids,
)
from ragstress.generators.testbeds.planting import counterfactual_planting
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.generators.testbeds.ratios import plan_ratios

__all__ = [
    "INTEGRATION_RATIOS",
    "N_PASSAGES",
    "NOISE_RATIOS",
    "TESTBEDS",
    "TestbedSettings",
    "build_cases",
    "make_case",
    "noise_count",
]


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
            positives = positive_ids(per_fact, plan.n_positive)
            contexts = [Context(text=pool.chunk(cid).text, role="positive", chunk_id=cid) for cid in positives]
            return contexts + noise_contexts(seed, pool, plan.n_noise, settings.noise_mode, rng), {}

        cases.append(assemble(seed, testbed, plan.requested, pool, settings, build, "answer"))
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
        return noise_contexts(seed, pool, settings.n_passages, settings.noise_mode, rng), {}

    return [assemble(seed, "negative", 1.0, pool, settings, build, "reject")]


@TESTBEDS.register("integration")
def information_integration(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """One positive per required fact plus noise at each integration ratio; expected: every part."""
    if len(seed.answers) < 2:
        return []
    return _mixed_cases(seed, pool, settings, "integration", settings.integration_ratios)


@TESTBEDS.register("counterfactual")
def counterfactual_robustness(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """The positives with the answer consistently replaced by a fake of the same type; expected: flag_error.

    No case when no fake of the same type exists or a planted passage would still show the truth
    (src/ragstress/generators/testbeds/planting.py; testset.json counts why).
    """
    if len(seed.answers) != 1:
        return []
    planting = counterfactual_planting(seed, pool, settings)
    if isinstance(planting, str):
        return []
    fake = planting.fake

    def build(rng: random.Random) -> tuple[list[Context], dict]:
        contexts = [Context(text=text, role="counterfactual", chunk_id=cid) for cid, text in planting.passages.items()]
        # The unaltered passages, by rank (see passage_rank), for exports and for judges that need the truth.
        # The replacements too, so e2e mode can plant the same fake in every other chunk holding the truth.
        return contexts, {
            "fake_kind": fake.kind,
            "fake_replacements": dict(fake.replacements),
            "true_passages": [pool.chunk(cid).text for cid in planting.passages],
        }

    return [assemble(seed, "counterfactual", 0.0, pool, settings, build, "flag_error", fake_answer=fake.aliases)]


def build_cases(
    seeds: list[SeedQuestion], pool: ChunkPool, testbeds: list[str], settings: TestbedSettings
) -> list[Case]:
    """All cases for these seeds and testbeds, seed by seed in the order given, testbeds in the order given."""
    functions = [TESTBEDS.get(name) for name in testbeds]
    return [case for seed in seeds for build in functions for case in build(seed, pool, settings)]


# The testbeds beyond RGB register themselves on import.
from ragstress.generators.testbeds import conflict, injection, position, styles  # noqa: E402,F401
