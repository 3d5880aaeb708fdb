"""The knowledge-conflict testbed: how much contradicting evidence it takes to flip an answer.

For a single-fact seed with n answer-bearing passages (n = 5, or fewer when the corpus has
fewer chunks holding the answer), one case per k = 0…n: k passages carry a planted answer
(rewritten as the counterfactual testbed rewrites them) and the other n − k keep the truth,
so the conflicting share k/n is exact, as noise ratios are. A seed whose answer is a year, a
date or a quantity also gets a plausibility axis: every passage planted, with the planted
value near (small), far (medium) or absurdly far (large) from the truth (years ±2, ±20,
±200; quantities ±10%, ×2 or ÷2, ×10 or ÷10), after ClashEval's finding that models adopt
wrong context less often as it gets less plausible.

Every case is asked as an answerable question (`expected="answer"`) and records
`conflict_k`, `conflict_n`, `conflict_share`, `deviation` (None on the dose axis), the planted
value's aliases (`fake_answer`), and the unaltered passages. Which passages are planted is
drawn from the case's own rng, so the source chunk is not always the one that lies.
"""

from __future__ import annotations

import random

from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.case_build import TESTBEDS, TestbedSettings, assemble, positive_ids
from ragstress.generators.counterfactual import DEVIATIONS, FakeAnswer, make_fake_answer, rewrite_passage
from ragstress.generators.pool import ChunkPool, case_rng


def _planted(seed: SeedQuestion, pool: ChunkPool, positives: list[str], fake: FakeAnswer) -> dict[str, str] | None:
    """Each positive rewritten to carry `fake`; None when one of them would still show the truth."""
    rewritten = {cid: rewrite_passage(pool.chunk(cid).text, seed.answers[0], fake) for cid in positives}
    return None if any(text is None for text in rewritten.values()) else rewritten  # type: ignore[return-value]


def _case(
    seed: SeedQuestion,
    pool: ChunkPool,
    settings: TestbedSettings,
    positives: list[str],
    rewritten: dict[str, str],
    fake: FakeAnswer,
    k: int,
    deviation: str | None,
) -> Case:
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
    positives = positive_ids(pool.positives_per_fact(seed), settings.n_passages)
    source = pool.chunk(positives[0]).text

    def fake_for(deviation: str | None) -> FakeAnswer | None:
        rng, _ = case_rng(f"{seed.id}:conflict:fake:{deviation or 'dose'}", settings.base_seed)
        return make_fake_answer(
            seed.answers[0],
            seed.lang,
            rng,
            source_text=source,
            names=pool.names,
            question=seed.question,
            deviation=deviation,
        )

    fake = fake_for(None)
    rewritten = _planted(seed, pool, positives, fake) if fake is not None else None
    if fake is None or rewritten is None:
        return []
    cases = [_case(seed, pool, settings, positives, rewritten, fake, k, None) for k in range(len(positives) + 1)]
    for deviation in DEVIATIONS:
        far = fake_for(deviation)
        planted = _planted(seed, pool, positives, far) if far is not None else None
        if far is not None and planted is not None:
            cases.append(_case(seed, pool, settings, positives, planted, far, len(positives), deviation))
    return cases
