"""NVIDIA-style metrics: two differently worded templates, each a rating token, averaged.

Each template's reply must end with a rating token `[[N]]` (read strictly by
parsing.parse_rating). The ratings are mapped to [0, 1] and averaged; when one
template fails, the other stands alone; when both fail, the score is an error
that keeps both raw replies.
"""

from __future__ import annotations

import asyncio

from ragstress.scoring.metrics.base import ALL_TESTBEDS, WITH_REFERENCE, CaseJudging, Metric, register_metric
from ragstress.scoring.metrics.judge import ask_text, format_passages
from ragstress.scoring.metrics.parsing import VerdictParseError, parse_rating, rating_grammar
from ragstress.core.types import Score


async def _rate(ctx: CaseJudging, prompt_id: str, scale: tuple[int, ...], values: dict[str, str]) -> tuple[int | None, str]:
    """(rating, note): the rating, or None with what went wrong and the raw reply."""
    reply = await ask_text(ctx, prompt_id, rating_grammar(scale), **values)
    if reply.error:
        return None, reply.error
    try:
        return parse_rating(reply.text, scale), reply.text.strip()
    except VerdictParseError as exc:
        return None, f"{exc}; raw judge output: {reply.text!r}"


async def two_template_rating(ctx: CaseJudging, name: str, prompt_ids: tuple[str, str], scale: tuple[int, ...],
                              values: dict[str, str]) -> Score:  # fmt: skip
    """Average of both templates' ratings mapped to [0, 1], with NVIDIA's failure rule."""
    results = await asyncio.gather(*(_rate(ctx, pid, scale, values) for pid in prompt_ids))
    top = max(scale)
    good = [(pid, r, note) for pid, (r, note) in zip(prompt_ids, results) if r is not None]
    notes = "\n".join(f"{pid}: {note}" for pid, (_, note) in zip(prompt_ids, results))
    if not good:
        return ctx.failed(name, "both templates failed:\n" + notes)
    value = sum(r / top for _, r, _ in good) / len(good)
    label = " + ".join(f"{r}/{top}" for _, r, _ in good)
    if len(good) == 1:
        label += " (one template failed)"
    return ctx.score(name, value, label, notes)


async def answer_accuracy(ctx: CaseJudging) -> Score:
    values = {"question": ctx.case.question, "response": ctx.answer, "reference": ctx.reference or ""}
    templates = ("judge_answer_accuracy_1", "judge_answer_accuracy_2")
    return await two_template_rating(ctx, "answer_accuracy", templates, (0, 2, 4), values)


async def context_relevance(ctx: CaseJudging) -> Score:
    if not ctx.contexts:
        return ctx.unscored("context_relevance", "no passages were retrieved: nothing to rate")
    values = {"question": ctx.case.question, "passages": format_passages(ctx.contexts, ctx.lang)}
    templates = ("judge_context_relevance_1", "judge_context_relevance_2")
    return await two_template_rating(ctx, "context_relevance", templates, (0, 1, 2), values)


async def response_groundedness(ctx: CaseJudging) -> Score:
    if not ctx.contexts:
        return ctx.unscored("response_groundedness", "no passages to ground the response in")
    if not ctx.answer.strip():
        return ctx.unscored("response_groundedness", "the response is empty")
    values = {"passages": format_passages(ctx.contexts, ctx.lang), "response": ctx.answer}
    templates = ("judge_groundedness_1", "judge_groundedness_2")
    return await two_template_rating(ctx, "response_groundedness", templates, (0, 1, 2), values)


register_metric(Metric(
    name="answer_accuracy",
    description="NVIDIA answer accuracy: response vs reference rated 0/2/4 by two templates, roles swapped, averaged.",
    kind="judged", inputs=("question", "response", "reference"), testbeds=WITH_REFERENCE, llm_calls=2,
    compute=answer_accuracy, needs_reference=True,
))  # fmt: skip
register_metric(Metric(
    name="context_relevance",
    description="NVIDIA context relevance: passages vs question rated 0/1/2 by two templates, averaged.",
    kind="judged", inputs=("question", "contexts"), testbeds=ALL_TESTBEDS, llm_calls=2, compute=context_relevance,
))  # fmt: skip
register_metric(Metric(
    name="response_groundedness",
    description="NVIDIA response groundedness: response vs passages rated 0/1/2 by two templates, averaged.",
    kind="judged", inputs=("response", "contexts"), testbeds=ALL_TESTBEDS, llm_calls=2, compute=response_groundedness,
))  # fmt: skip
