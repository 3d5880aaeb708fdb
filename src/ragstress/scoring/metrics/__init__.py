"""The metric set: RGB's deterministic scores, embedding similarity, and LLM judges.

    from ragstress.scoring.metrics import METRICS, score_case
    scores, judging = await score_case(case, response, ["accuracy", "faithfulness"], judge=llm.judge)
    judging.llm_calls  # judge requests this case really made

Every metric is defined once with the `metric` decorator (base.py), which registers it in
METRICS by its function's name with its metadata (misspelt names get a "did you mean").
A metric that does not apply to a case (by testbed, expected behaviour, probe, or a
missing reference) produces no Score; `value=None` means unscored, never 0.
Scoring a whole run directory is `ragstress.scoring.scorer.score_run`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from ragstress.llm import ChatClient

# Imported for their registrations, in the order `ragstress metrics` lists them.
from ragstress.scoring.metrics import deterministic  # noqa: F401  isort: skip
from ragstress.scoring.metrics import rules_rgb  # noqa: F401  isort: skip
from ragstress.scoring.metrics import similarity  # noqa: F401  isort: skip
from ragstress.scoring.metrics import judged_ragas  # noqa: F401  isort: skip
from ragstress.scoring.metrics import judged_nvidia  # noqa: F401  isort: skip
from ragstress.scoring.metrics import judged_verdicts  # noqa: F401  isort: skip
from ragstress.scoring.metrics import conflict_metrics  # noqa: F401  isort: skip
from ragstress.scoring.metrics import injection_metrics  # noqa: F401  isort: skip
from ragstress.scoring.metrics.base import (
    METRICS,
    NO_TARGET_CONTEXTS,
    OVER_BUDGET,
    CaseJudging,
    Metric,
    metric,
    metric_info,
    metric_table,
    reference_answer,
)

from ragstress.scoring.metrics import judged_over_refusal  # noqa: F401  isort: skip
from ragstress.core.types import Case, Score, TargetResponse

CORE_JUDGED = tuple(
    m.name
    for m in (
        judged_ragas.faithfulness,
        judged_ragas.answer_correctness,
        judged_ragas.context_precision,
        judged_ragas.context_recall,
        judged_nvidia.answer_accuracy,
        judged_nvidia.context_relevance,
        judged_nvidia.response_groundedness,
    )
)
"""The seven judged metrics the per-case call budget is measured on."""


def metrics_for(case: Case, names: Sequence[str], probe: str = "case") -> list[Metric]:
    """The named metrics that apply to `case` for responses of kind `probe`."""
    chosen = [METRICS.get(name) for name in names]
    return [m for m in chosen if m.probe == probe and m.applies(case)]


def naive_calls(metrics: Sequence[Metric]) -> int:
    """What the metrics would cost a case if each were scored on its own, sharing nothing."""
    return sum(m.llm_calls for m in metrics)


async def score_case(
    case: Case,
    response: TargetResponse,
    names: Sequence[str],
    *,
    judge: ChatClient | None = None,
    embedder_for: Callable[[str], Any] | None = None,
    e2e: bool = False,
    resolve_uncertain: bool = False,
) -> tuple[list[Score], CaseJudging]:
    """Score one response with every named metric that applies; shared judge calls run once.

    `e2e`: the response comes from an e2e run, where the target retrieved for itself, so
    judged metrics that read passages use only the passages it returned, and are unscored
    (NO_TARGET_CONTEXTS) when it returned none. Returns the Scores (in the order of
    `names`) and the CaseJudging, whose `llm_calls` says how many judge requests the case really made.
    """
    ctx = CaseJudging(case, response, judge=judge, embedder_for=embedder_for, e2e=e2e)
    metrics = metrics_for(case, names, response.probe)
    scores = list(await asyncio.gather(*(_compute_safely(m, ctx) for m in metrics)))
    if resolve_uncertain:
        scores = [await resolved_by_judge(score, ctx) for score in scores]
    return scores, ctx


JUDGE_FOR_RULE = {
    "rejection": "rejection_judged",
    "over_refusal": "over_refusal_judged",
    "error_detection": "error_detection_judged",
}
"""The judged twin that settles a rule's uncertain verdict (`score --resolve-uncertain judge`)."""
RESOLVED = "resolved by the judge"


async def resolved_by_judge(score: Score, ctx: CaseJudging) -> Score:
    """An uncertain rule verdict decided by its judged twin instead, saying so; the rule's own verdict is kept
    in the explanation. A verdict that is clear, has no twin, or whose judge gives no value stays as it was."""
    twin = JUDGE_FOR_RULE.get(score.metric)
    if score.certainty != "uncertain" or twin is None or ctx.judge_client is None:
        return score
    judged = await _compute_safely(METRICS.get(twin), ctx)
    if judged.value is None:
        return score
    return score.model_copy(
        update={
            "value": judged.value,
            "label": f"{judged.label} ({RESOLVED})",
            "explanation": f"{RESOLVED} {ctx.judge_client.endpoint.model}: {judged.explanation} | the rule said "
            f"{score.label}: {score.explanation}",
            "certainty_reason": f"{score.certainty_reason}; {RESOLVED}",
        }
    )


async def _compute_safely(metric: Metric, ctx: CaseJudging) -> Score:
    if ctx.contexts_missing and metric.reads_contexts:
        # Judging the passages the case was built from would score what the target never saw.
        return ctx.unscored(metric.name, NO_TARGET_CONTEXTS)
    # One metric's unexpected failure is recorded on its score; the others still count.
    try:
        return await metric.compute(ctx)
    except Exception as exc:
        return ctx.failed(metric.name, f"{type(exc).__name__}: {exc}")


__all__ = [
    "CORE_JUDGED",
    "METRICS",
    "NO_TARGET_CONTEXTS",
    "OVER_BUDGET",
    "CaseJudging",
    "Metric",
    "metrics_for",
    "naive_calls",
    "metric",
    "metric_info",
    "metric_table",
    "reference_answer",
    "score_case",
]
