"""Single-call judge verdicts: the RAG judge ({{score}} tokens) and the judged Rej* / ED*."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ragstress.scoring.metrics.base import ANSWERABLE, CaseJudging, Metric, register_metric
from ragstress.scoring.metrics.judge import ask_json, ask_text, format_passages
from ragstress.scoring.metrics.parsing import VerdictParseError, parse_rag_scores, rag_scores_grammar
from ragstress.core.types import Score


class RefusalVerdict(BaseModel):
    reason: str = Field(description="One sentence.")
    refuses: bool


class ErrorFlagVerdict(BaseModel):
    reason: str = Field(description="One sentence.")
    flags_error: bool


async def rag_judge(ctx: CaseJudging) -> Score:
    """1 only when relevance, truthfulness and the judge's own accuracy verdict are all 1.

    The prompt defines accuracy as relevance AND truthfulness; a judge that writes an
    accuracy of 1 next to a 0 is overruled, and the label shows all three numbers.
    """
    name = "rag_judge"
    reply = await ask_text(ctx, "judge_rag", rag_scores_grammar(ctx.lang), question=ctx.case.question,
                           passages=format_passages(ctx.contexts, ctx.lang), response=ctx.answer)  # fmt: skip
    if reply.error:
        return ctx.failed(name, reply.error)
    try:
        scores = parse_rag_scores(reply.text)
    except VerdictParseError as exc:
        return ctx.failed(name, str(exc), reply.text)
    value = float(scores["relevance"] and scores["truthfulness"] and scores["accuracy"])
    label = " ".join(f"{dimension} {score}" for dimension, score in scores.items())
    return ctx.score(name, value, label, reply.text.strip())


async def rejection_judged(ctx: CaseJudging) -> Score:
    name = "rejection_judged"
    result = await ask_json(ctx, "judge_rejection", RefusalVerdict, question=ctx.case.question, response=ctx.answer)
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    return ctx.score(name, float(verdict.refuses), "refused" if verdict.refuses else "answered", verdict.reason)


async def error_detection_judged(ctx: CaseJudging) -> Score:
    name = "error_detection_judged"
    result = await ask_json(ctx, "judge_error_detection", ErrorFlagVerdict, question=ctx.case.question, response=ctx.answer)
    if not result.ok:
        return ctx.failed(name, f"judge verdict unusable: {result.error}", result.raw)
    verdict = result.value
    return ctx.score(name, float(verdict.flags_error), "flagged" if verdict.flags_error else "not flagged", verdict.reason)


register_metric(Metric(
    name="rag_judge",
    description="Relevance / truthfulness / accuracy judge (each 0 or 1, written as {{score}}); the value is accuracy.",
    kind="judged", inputs=("question", "contexts", "response"), testbeds=ANSWERABLE, llm_calls=1, compute=rag_judge,
))  # fmt: skip
register_metric(Metric(
    name="rejection_judged",
    description="Rej*: the judge decides whether the response declines for lack of information.",
    kind="judged", inputs=("question", "response"), testbeds=("negative",), llm_calls=1, compute=rejection_judged,
))  # fmt: skip
register_metric(Metric(
    name="error_detection_judged",
    description="ED*: the judge decides whether the response points out factual errors in its sources.",
    kind="judged", inputs=("question", "response"), testbeds=("counterfactual",), llm_calls=1,
    compute=error_detection_judged,
))  # fmt: skip
