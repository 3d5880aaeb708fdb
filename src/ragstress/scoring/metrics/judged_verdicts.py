"""Single-call judge verdicts: the RAG judge ({{score}} tokens) and the judged Rej* / ED*."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import ANSWERABLE, CaseJudging, metric
from ragstress.scoring.metrics.judge import VERDICT_MAX_TOKENS, ask_json, ask_text, format_passages
from ragstress.scoring.metrics.parsing import VerdictParseError, parse_rag_scores, rag_scores_grammar


class RefusalVerdict(BaseModel):
    reason: str = Field(description="One sentence.")
    refuses: bool


class ErrorFlagVerdict(BaseModel):
    reason: str = Field(description="One sentence.")
    flags_error: bool


@metric(
    kind="judged",
    label=("RAG judge (relevance ∧ truthfulness ∧ accuracy)", "RAG 评审（相关性 ∧ 真实性 ∧ 准确性）"),
    inputs=("question", "contexts", "response"),
    testbeds=ANSWERABLE,
    llm_calls=1,
    description=(
        "Relevance / truthfulness / accuracy judge (each 0 or 1, written as {{score}}); the value is accuracy.",
        "评审模型分别判定相关性、真实性、准确性（各为 0 或 1，写作 {{score}}）；取值为准确性。",
    ),
)
async def rag_judge(ctx: CaseJudging, name: str) -> Score:
    """1 only when relevance, truthfulness and the judge's own accuracy verdict are all 1.

    The prompt defines accuracy as relevance AND truthfulness; a judge that writes an
    accuracy of 1 next to a 0 is overruled, and the label shows all three numbers.
    """
    reply = await ask_text(
        ctx,
        "judge_rag",
        rag_scores_grammar(ctx.lang),
        question=ctx.case.question,
        passages=format_passages(ctx.contexts, ctx.lang),
        response=ctx.answer,
    )
    if reply.error:
        return ctx.failed(name, reply.error)
    try:
        scores = parse_rag_scores(reply.text)
    except VerdictParseError as exc:
        return ctx.failed(name, str(exc), reply.text)
    value = float(scores["relevance"] and scores["truthfulness"] and scores["accuracy"])
    label = " ".join(f"{dimension} {score}" for dimension, score in scores.items())
    return ctx.score(name, value, label, reply.text.strip())


@metric(
    kind="judged",
    label=("Rejection (judged)", "拒答（评审）"),
    inputs=("question", "response"),
    testbeds=("negative",),
    llm_calls=1,
    pass_fail=True,
    description=(
        "Rej*: the judge decides whether the response declines for lack of information.",
        "Rej*：由评审模型判断回答是否以信息不足为由拒绝作答。",
    ),
)
async def rejection_judged(ctx: CaseJudging, name: str) -> Score:
    result = await ask_json(
        ctx, "judge_rejection", RefusalVerdict, VERDICT_MAX_TOKENS, question=ctx.case.question, response=ctx.answer
    )
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    return ctx.score(name, float(verdict.refuses), "refused" if verdict.refuses else "answered", verdict.reason)


@metric(
    kind="judged",
    label=("Error detection (judged)", "错误检测（评审）"),
    inputs=("question", "response"),
    testbeds=("counterfactual",),
    llm_calls=1,
    pass_fail=True,
    description=(
        "ED*: the judge decides whether the response points out factual errors in its sources.",
        "ED*：由评审模型判断回答是否指出了资料中的事实错误。",
    ),
)
async def error_detection_judged(ctx: CaseJudging, name: str) -> Score:
    result = await ask_json(
        ctx,
        "judge_error_detection",
        ErrorFlagVerdict,
        VERDICT_MAX_TOKENS,
        question=ctx.case.question,
        response=ctx.answer,
    )
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    return ctx.score(
        name, float(verdict.flags_error), "flagged" if verdict.flags_error else "not flagged", verdict.reason
    )
