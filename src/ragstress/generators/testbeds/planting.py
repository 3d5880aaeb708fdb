"""Planted passages for the counterfactual and conflict testbeds, and the count of seeds that got none.

A seed's answer-bearing passages are planted with one fake (`counterfactual.make_fake_answer`), each
through `counterfactual.plant_passage`: every passage must come out carrying the fake and showing the
truth nowhere, in no form. When one cannot, the seed gets no case of that kind, never a passage that
still shows the truth. The testbeds build from `counterfactual_planting` and `conflict_plantings`;
`planting_stats` calls the same functions again to count, per testbed and reason, what was not made
(testset.json, `generation_stats.planted`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ragstress.core.types import SeedQuestion
from ragstress.generators.testbeds.case_build import TestbedSettings, positive_ids
from ragstress.generators.testbeds.counterfactual import FakeAnswer, make_fake_answer, plant_passage
from ragstress.generators.testbeds.pool import ChunkPool, case_rng
from ragstress.generators.testbeds.value_fakes import DEVIATIONS

MAX_EXAMPLES = 20


@dataclass(frozen=True)
class Planting:
    """A fake and the answer-bearing passages rewritten to carry it, by chunk id (in rank order)."""

    fake: FakeAnswer
    passages: dict[str, str]


def plant(
    seed: SeedQuestion,
    pool: ChunkPool,
    positives: list[str],
    rng_key: str,
    settings: TestbedSettings,
    deviation: str | None = None,
) -> Planting | str:
    """The seed's `positives` planted with one fake drawn from `rng_key`, or the reason they cannot be."""
    rng, _ = case_rng(rng_key, settings.base_seed)
    aliases = seed.answers[0]
    fake = make_fake_answer(
        aliases,
        seed.lang,
        rng,
        source_text=pool.chunk(positives[0]).text,
        names=pool.names,
        question=seed.question,
        deviation=deviation,
    )
    if isinstance(fake, str):
        return f"no fake: {fake}"
    passages = {}
    for cid in positives:
        planted, problem = plant_passage(pool.chunk(cid).text, aliases, fake)
        if planted is None:
            return f"passage: {problem}"
        passages[cid] = planted
    return Planting(fake, passages)


def counterfactual_planting(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> Planting | str:
    """Every answer-bearing passage of a single-fact seed planted with one fake."""

    def make() -> Planting | str:
        positives = positive_ids(pool.positives_per_fact(seed), settings.n_passages)
        return plant(seed, pool, positives, f"{seed.id}:counterfactual:0:fake", settings)

    # Made once for the testbed and the count in testset.json.
    return pool.remember(("counterfactual planting", settings), seed, make)


def conflict_plantings(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> dict[str, Planting | str]:
    """The conflict testbed's plantings of a single-fact seed: "dose" (the fake planted in k of n passages)
    and, for a year, date or quantity, one per deviation (every passage planted)."""

    def make() -> dict[str, Planting | str]:
        positives = positive_ids(pool.positives_per_fact(seed), settings.n_passages)
        plantings = {"dose": plant(seed, pool, positives, f"{seed.id}:conflict:fake:dose", settings)}
        dose = plantings["dose"]
        if isinstance(dose, Planting) and dose.fake.values is not None:
            for deviation in DEVIATIONS:
                key = f"{seed.id}:conflict:fake:{deviation}"
                plantings[deviation] = plant(seed, pool, positives, key, settings, deviation)
        return plantings

    return dict(pool.remember(("conflict plantings", settings), seed, make))


def planting_stats(seeds: list[SeedQuestion], pool: ChunkPool, testbeds: list[str], settings: TestbedSettings) -> dict:
    """Per planted testbed (conflict's deviations apart): single-fact seeds tried, plantings made, and the
    ones not made by reason, with a few examples."""
    stats: dict[str, dict] = {}
    examples: list[dict[str, str]] = []

    def count(label: str, seed: SeedQuestion, result: Planting | str) -> None:
        row = stats.setdefault(label, {"tried": 0, "made": 0, "not_made": Counter()})
        row["tried"] += 1
        if isinstance(result, Planting):
            row["made"] += 1
            return
        row["not_made"][result] += 1
        if len(examples) < MAX_EXAMPLES:
            examples.append({"seed_id": seed.id, "testbed": label, "reason": result})

    for seed in seeds:
        if len(seed.answers) != 1:
            continue
        if "counterfactual" in testbeds:
            count("counterfactual", seed, counterfactual_planting(seed, pool, settings))
        if "conflict" in testbeds:
            for axis, result in conflict_plantings(seed, pool, settings).items():
                count("conflict" if axis == "dose" else f"conflict:{axis}", seed, result)
    for row in stats.values():
        row["not_made"] = dict(sorted(row["not_made"].items()))
    return {"by_testbed": dict(sorted(stats.items())), "examples": examples}
