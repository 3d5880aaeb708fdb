"""The knowledge-conflict testbed: how much contradicting evidence it takes to flip an answer.

For a single-fact seed with n answer-bearing passages (n = 5, or fewer when the corpus has
fewer chunks holding the answer), one case per k = 0…n: k passages carry a planted answer
(rewritten as the counterfactual testbed rewrites them) and the other n − k keep the truth,
so the conflicting share k/n is exact, as noise ratios are. A seed whose answer is a year, a
date or a quantity also gets a plausibility axis: every passage planted, with the planted
value near (small), far (medium) or absurdly far (large) from the truth (years ±2, ±20,
±200; a day without a year ±2, ±20, ±180 days; quantities ±10%, ×2 or ÷2, ×10 or ÷10), after
ClashEval's finding that models adopt wrong context less often as it gets less plausible.
Planted passages are made as the counterfactual testbed's are (src/ragstress/generators/testbeds/planting.py): when
one would still show the truth, the seed gets no conflict case (or no case at that deviation).

Every case is asked as an answerable question (`expected="answer"`) and records
`conflict_k`, `conflict_n`, `conflict_share`, `deviation` (None on the dose axis), the planted
value's aliases (`fake_answer`), and the unaltered passages. Which passages are planted is
drawn from the case's own rng, so the source chunk is not always the one that lies.
"""

from __future__ import annotations

import random

from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.testbeds.case_build import TESTBEDS, TestbedSettings, assemble
from ragstress.generators.testbeds.planting import Planting, conflict_plantings
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.generators.testbeds.value_fakes import DEVIATIONS


def _case(
    seed: SeedQuestion,
    pool: ChunkPool,
    settings: TestbedSettings,
    planting: Planting,
    k: int,
    deviation: str | None,
) -> Case:
    positives, rewritten, fake = list(planting.passages), planting.passages, planting.fake
    n = len(positives)

    def build(rng: random.Random) -> tuple[list[Context], dict]:
        planted = set(rng.sample(positives, k))
        contexts = [
            Context(text=rewritten[cid], role="counterfactual", chunk_id=cid)
            if cid in planted
            else Context(text=pool.chunk(cid).text, role="positive", chunk_id=cid)
            for cid in positives
        ]
        return contexts, {
            "conflict_k": k,
            "conflict_n": n,
            "conflict_share": round(k / n, 4),
            "deviation": deviation,
            "fake_kind": fake.kind,
            "fake_replacements": dict(fake.replacements),
            "true_passages": [pool.chunk(cid).text for cid in positives],
        }

    label = f"dev-{deviation}" if deviation else f"k{k}of{n}"
    return assemble(seed, "conflict", k / n, pool, settings, build, "answer", fake.aliases, label=label)


@TESTBEDS.register("conflict")
def knowledge_conflict(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """k of n answer-bearing passages planted with a wrong answer, k = 0…n; plus the plausibility axis."""
    if len(seed.answers) != 1:
        return []
    plantings = conflict_plantings(seed, pool, settings)
    dose = plantings["dose"]
    if isinstance(dose, str):
        return []
    cases = [_case(seed, pool, settings, dose, k, None) for k in range(len(dose.passages) + 1)]
    for deviation in DEVIATIONS:
        far = plantings.get(deviation)
        if isinstance(far, Planting):
            cases.append(_case(seed, pool, settings, far, len(far.passages), deviation))
    return cases
