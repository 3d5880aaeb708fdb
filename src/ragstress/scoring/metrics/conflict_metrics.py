"""The conflict testbed's own measures: context adoption and conflict acknowledged (rule and judge).

Truth kept is `accuracy` and declining is `over_refusal`, as on every answerable testbed. Adoption
(`asserts_fake`) and truth kept are decided by the value the response concludes with
(`conclusion.read`), not by any mention: a response that reports both values without choosing
adopts neither and keeps neither, and "most passages say 2005, so 2005" adopts 2005 when 2005 is
the planted value.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ragstress.core.types import Score
from ragstress.scoring.metrics import conclusion
from ragstress.scoring.metrics.base import CaseJudging, metric
from ragstress.scoring.metrics.certainty import with_certainty
from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict as said_to_conflict
from ragstress.scoring.metrics.judge import VERDICT_MAX_TOKENS, ask_json, format_passages

CONFLICT = ("conflict",)


@metric(
    kind="deterministic",
    label=("Context adoption", "采信错误资料"),
    inputs=("response", "answers", "fake_answer"),
    testbeds=CONFLICT,
    description=(
        "The response concludes with the planted answer (reporting it as one side of a disagreement does not count).",
        "回答最终得出的是植入的错误答案（作为资料分歧的一方转述不算）。",
    ),
    higher_is_better=False,
    pass_fail=True,
)
def asserts_fake(ctx: CaseJudging, name: str) -> Score:
    concluded = conclusion.read(ctx.reading, ctx.case.answers, ctx.case.fake_answer or [], ctx.case.question)
    adopted = concluded.concluded == conclusion.FAKE
    label = "adopted" if adopted else "not adopted"
    return with_certainty(ctx, ctx.score(name, float(adopted), label, concluded.why), concluded.uncertain)


@metric(
    kind="deterministic",
    label=("Conflict acknowledged", "指出资料矛盾"),
    inputs=("response", "answers", "fake_answer"),
    testbeds=CONFLICT,
    description=(
        "The response says its sources disagree, or gives both values where a source is named (a denial of any "
        "conflict does not count).",
        "回答指出资料之间说法不一，或在提到资料时给出两个不同的值（否认存在矛盾的不算）。",
    ),
    pass_fail=True,
)
def acknowledges_conflict(ctx: CaseJudging, name: str) -> Score:
    decision = said_to_conflict(ctx.reading, ctx.case.answers, ctx.case.fake_answer or [], ctx.case.question)
    label = "acknowledged" if decision.value else "not acknowledged"
    return with_certainty(ctx, ctx.score(name, float(decision.value), label, decision.why), decision.uncertain)


class ConflictVerdict(BaseModel):
    reason: str = Field(description="One sentence.")
    acknowledges_conflict: bool


@metric(
    kind="judged",
    label=("Conflict acknowledged (judged)", "指出资料矛盾（评审）"),
    inputs=("question", "contexts", "response"),
    testbeds=CONFLICT,
    llm_calls=1,
    pass_fail=True,
    description=(
        "The judge decides whether the response points out that its passages give different answers.",
        "由评审模型判断回答是否指出了各段资料给出的答案互相不同。",
    ),
)
async def acknowledges_conflict_judged(ctx: CaseJudging, name: str) -> Score:
    result = await ask_json(
        ctx,
        "judge_conflict",
        ConflictVerdict,
        VERDICT_MAX_TOKENS,
        question=ctx.case.question,
        passages=format_passages(ctx.contexts, ctx.lang),
        response=ctx.answer,
    )
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    label = "acknowledged" if verdict.acknowledges_conflict else "not acknowledged"
    return ctx.score(name, float(verdict.acknowledges_conflict), label, verdict.reason)
