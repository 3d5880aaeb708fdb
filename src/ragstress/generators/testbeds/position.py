"""The position testbed: the one answer-bearing passage placed in every slot of the context.

Models often miss evidence in the middle of a long context: accuracy is U-shaped in the
position of the relevant passage (Liu et al., "Lost in the Middle", TACL 2024). For every
single-fact seed with enough noise, this makes one context of n passages (n = 5 by
default): the seed's source chunk and n − 1 hard noise passages, drawn once per seed so
every slot shows the same passages. Then one case per slot 1…n, the positive placed there
and the noise keeping its order; nothing is shuffled. Each case records `position` (the
slot, 1-based), `position_name` (first, middle or last where the slot is one) and `n_slots`;
the report draws accuracy against the slot as its own curve.
"""

from __future__ import annotations

import random

from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.testbeds.case_build import TESTBEDS, TestbedSettings, assemble, noise_contexts
from ragstress.generators.testbeds.pool import ChunkPool, case_rng


def position_name(slot: int, n_slots: int) -> str | None:
    """first, middle or last for the slots that are one of them (1-based), else None."""
    names = {1: "first", n_slots // 2 + 1: "middle", n_slots: "last"}
    return names.get(slot)


@TESTBEDS.register("position")
def passage_position(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """The source chunk in slot 1…n among the same n − 1 noise passages; expected: the answer."""
    n = settings.n_passages
    if len(seed.answers) != 1 or n < 3 or pool.noise_available(seed) < n - 1:
        return []
    source = pool.positives_per_fact(seed)[0][0]
    rng, _ = case_rng(f"{seed.id}:position:noise", settings.base_seed)
    noise = noise_contexts(seed, pool, n - 1, settings.noise_mode, rng)
    positive = Context(text=pool.chunk(source).text, role="positive", chunk_id=source)
    cases = []
    for slot in range(1, n + 1):

        def build(rng: random.Random, slot=slot) -> tuple[list[Context], dict]:
            ordered = [*noise[: slot - 1], positive, *noise[slot - 1 :]]
            return ordered, {"position": slot, "position_name": position_name(slot, n), "n_slots": n}

        case = assemble(
            seed, "position", (n - 1) / n, pool, settings, build, "answer", label=f"pos-{slot}", shuffle=False
        )
        cases.append(case)
    return cases
