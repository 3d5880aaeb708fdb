"""Over-refusal, judged: the judge's view beside the rule-based `over_refusal`.

The rule-based metric reads refusal phrases; this one asks the judge whether the
response refuses the question although the case is answerable (lower is better),
with the same verdict shape as `rejection_judged`.
"""

from __future__ import annotations

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import ANSWERABLE, CaseJudging, Metric, register_metric
from ragstress.scoring.metrics.judge import ask_json
from ragstress.scoring.metrics.judged_verdicts import RefusalVerdict


async def over_refusal_judged(ctx: CaseJudging) -> Score:
    name = "over_refusal_judged"
    result = await ask_json(ctx, "judge_over_refusal", RefusalVerdict, question=ctx.case.question, response=ctx.answer)
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    return ctx.score(name, float(verdict.refuses), "refused" if verdict.refuses else "answered", verdict.reason)


register_metric(Metric(
    name="over_refusal_judged",
    description="The judge decides whether the response refuses although the passages answer the question (lower is better).",
    kind="judged", inputs=("question", "response"), testbeds=ANSWERABLE, llm_calls=1, compute=over_refusal_judged,
    expected=("answer",),
))  # fmt: skip
