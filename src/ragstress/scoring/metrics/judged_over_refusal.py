"""Over-refusal, judged: the judge's view beside the rule-based `over_refusal`.

The rule-based metric reads refusal phrases; this one asks the judge whether the
response refuses the question although the case is answerable (lower is better),
with the same verdict shape as `rejection_judged`.
"""

from __future__ import annotations

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import ANSWERABLE, CaseJudging, metric
from ragstress.scoring.metrics.judge import VERDICT_MAX_TOKENS, ask_json
from ragstress.scoring.metrics.judged_verdicts import RefusalVerdict


@metric(
    kind="judged",
    label=("Over-refusal (judged)", "过度拒答（评审）"),
    inputs=("question", "response"),
    testbeds=ANSWERABLE,
    llm_calls=1,
    pass_fail=True,
    expected=("answer",),
    higher_is_better=False,
    description=(
        "The judge decides whether the response refuses although the passages answer the question (lower is better).",
        "由评审模型判断：资料足以回答问题，回答却拒绝作答（越低越好）。",
    ),
)
async def over_refusal_judged(ctx: CaseJudging, name: str) -> Score:
    result = await ask_json(
        ctx, "judge_over_refusal", RefusalVerdict, VERDICT_MAX_TOKENS, question=ctx.case.question, response=ctx.answer
    )
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    return ctx.score(name, float(verdict.refuses), "refused" if verdict.refuses else "answered", verdict.reason)
