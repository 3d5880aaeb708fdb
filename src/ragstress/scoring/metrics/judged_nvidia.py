"""NVIDIA-style metrics: two differently worded templates, each a rating token, averaged.

Each template's reply must end with a rating token `[[N]]` (read strictly by
parsing.parse_rating). The ratings are mapped to [0, 1] and averaged; when one
template fails, the other stands alone; when both fail, the score is an error
that keeps both raw replies.
"""

from __future__ import annotations

import asyncio

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import ALL_TESTBEDS, WITH_REFERENCE, CaseJudging, metric
from ragstress.scoring.metrics.judge import ask_text, format_passages
from ragstress.scoring.metrics.parsing import VerdictParseError, parse_rating, rating_grammar


async def _rate(
    ctx: CaseJudging, prompt_id: str, scale: tuple[int, ...], values: dict[str, str]
) -> tuple[int | None, str]:
    """(rating, note): the rating, or None with what went wrong and the raw reply."""
    reply = await ask_text(ctx, prompt_id, rating_grammar(scale), **values)
    if reply.error:
        return None, reply.error
    try:
        return parse_rating(reply.text, scale), reply.text.strip()
    except VerdictParseError as exc:
        return None, f"{exc}; raw judge output: {reply.text!r}"


async def two_template_rating(
    ctx: CaseJudging, name: str, prompt_ids: tuple[str, str], scale: tuple[int, ...], values: dict[str, str]
) -> Score:
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


@metric(
    kind="judged",
    label=("Answer accuracy", "答案准确度"),
    inputs=("question", "response", "reference"),
    testbeds=WITH_REFERENCE,
    llm_calls=2,
    needs_reference=True,
    description=(
        "NVIDIA answer accuracy: response vs reference rated 0/2/4 by two templates, roles swapped, averaged.",
        "NVIDIA 答案准确度：两个模板（角色互换）将回答与参考答案对照评 0/2/4 分，取平均。",
    ),
)
async def answer_accuracy(ctx: CaseJudging, name: str) -> Score:
    values = {"question": ctx.case.question, "response": ctx.answer, "reference": ctx.reference or ""}
    templates = ("judge_answer_accuracy_1", "judge_answer_accuracy_2")
    return await two_template_rating(ctx, name, templates, (0, 2, 4), values)


@metric(
    kind="judged",
    label=("Context relevance", "上下文相关性"),
    inputs=("question", "contexts"),
    testbeds=ALL_TESTBEDS,
    llm_calls=2,
    description=(
        "NVIDIA context relevance: passages vs question rated 0/1/2 by two templates, averaged.",
        "NVIDIA 上下文相关性：两个模板对照问题为检索段落评 0/1/2 分，取平均。",
    ),
)
async def context_relevance(ctx: CaseJudging, name: str) -> Score:
    if not ctx.contexts:
        return ctx.unscored(name, "no passages were retrieved: nothing to rate")
    values = {"question": ctx.case.question, "passages": format_passages(ctx.contexts, ctx.lang)}
    templates = ("judge_context_relevance_1", "judge_context_relevance_2")
    return await two_template_rating(ctx, name, templates, (0, 1, 2), values)


@metric(
    kind="judged",
    label=("Response groundedness", "回答有据性"),
    inputs=("response", "contexts"),
    testbeds=ALL_TESTBEDS,
    llm_calls=2,
    description=(
        "NVIDIA response groundedness: response vs passages rated 0/1/2 by two templates, averaged.",
        "NVIDIA 回答有据性：两个模板对照检索段落为回答评 0/1/2 分，取平均。",
    ),
)
async def response_groundedness(ctx: CaseJudging, name: str) -> Score:
    if not ctx.contexts:
        return ctx.unscored(name, "no passages to ground the response in")
    if not ctx.answer.strip():
        return ctx.unscored(name, "the response is empty")
    values = {"passages": format_passages(ctx.contexts, ctx.lang), "response": ctx.answer}
    templates = ("judge_groundedness_1", "judge_groundedness_2")
    return await two_template_rating(ctx, name, templates, (0, 1, 2), values)
