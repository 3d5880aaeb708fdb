"""Deterministic scoring with the learned reader beside the rules alone, on the same responses.

Every rule verdict that reads free text also asks the reader (hashed n-grams and a dot product per
label); this measures what that costs on 10,000 responses against the rules by themselves.
"""

from __future__ import annotations

import asyncio
import time

from ragstress.core.types import Case, TargetResponse
from ragstress.perf import Row, below, info
from ragstress.perf.eval_workload import make_case
from ragstress.scoring.metrics import CaseJudging, metrics_for

SECTION = "evaluate"
READ_METRICS = ["accuracy", "rejection", "over_refusal", "error_detection", "error_correction"]
LIMIT_S = 60.0


def _score_all(pairs: list[tuple[Case, TargetResponse]], use_reader: bool) -> float:
    async def score() -> None:
        for case, response in pairs:
            ctx = CaseJudging(case, response, use_reader=use_reader)
            for metric in metrics_for(case, READ_METRICS):
                await metric.compute(ctx)

    started = time.perf_counter()
    asyncio.run(score())
    return time.perf_counter() - started


def measure(count: int) -> list[Row]:
    pairs = [make_case(n) for n in range(count)]
    _score_all(pairs[:50], use_reader=True)  # loads the reader's weights outside the timing
    rules_alone = _score_all(pairs, use_reader=False)
    with_reader = _score_all(pairs, use_reader=True)
    note = f"{count:,} responses, one process, pure Python (no embedding model); {', '.join(READ_METRICS)}"
    return [
        info(SECTION, "deterministic scoring: rules + reader vs rules alone", with_reader, "s", rules_alone, note),
        below(SECTION, f"deterministic scoring of {count:,} responses, reader included", with_reader, LIMIT_S, "s"),
    ]
