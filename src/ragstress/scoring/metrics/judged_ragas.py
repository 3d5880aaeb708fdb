"""Ragas-style metrics over the two shared judge calls (see judge.py).

faithfulness, factual accuracy and answer correctness read the statement audit;
context precision and context recall read the context audit. None of them makes a
call of its own, so asking for all five costs a case two judge calls.
"""

from __future__ import annotations

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import ALL_TESTBEDS, WITH_REFERENCE, CaseJudging, metric
from ragstress.scoring.metrics.judge import (
    StatementAuditWithReference,
    context_audit,
    reference_sentences,
    statement_audit,
)
from ragstress.scoring.metrics.similarity import embedding_similarity

RESPONSE_SIDE = ("question", "response", "contexts")
REFERENCE_SIDE = ("question", "contexts", "reference")
CORRECTNESS_F1_WEIGHT = 0.75
CORRECTNESS_SIMILARITY_WEIGHT = 0.25
FACT_CREDIT = {"yes": 1.0, "unclear": 0.5, "no": 0.0}


async def _statements(ctx: CaseJudging, name: str):
    """The audited statements, or the Score to return instead (unscored or failed)."""
    if not ctx.answer.strip():
        return ctx.unscored(name, "the response is empty: no statements to check")
    result = await statement_audit(ctx)
    if not result.ok:
        return ctx.failed(name, f"statement audit failed: {result.error}", result.raw)
    return result.value.statements


@metric(
    kind="judged",
    label=("Faithfulness", "忠实度"),
    inputs=RESPONSE_SIDE,
    testbeds=ALL_TESTBEDS,
    llm_calls=1,
    shared_calls=("statement_audit",),
    description=(
        "Share of the response's standalone statements that the passages support; "
        "unscored without statements or passages.",
        "回答中可由检索段落支持的独立陈述所占比例；没有陈述或没有段落时不评分。",
    ),
)
async def faithfulness(ctx: CaseJudging, name: str) -> Score:
    if not ctx.contexts:
        return ctx.unscored(name, "no passages to check the response against")
    statements = await _statements(ctx, name)
    if isinstance(statements, Score):
        return statements
    if not statements:
        return ctx.unscored(name, "the response makes no statements")
    supported = sum(s.supported == "yes" for s in statements)
    lines = [f"[{s.supported}] {s.statement} — {s.reason}" for s in statements]
    return ctx.score(name, supported / len(statements), f"supported {supported}/{len(statements)}", "\n".join(lines))


@metric(
    kind="judged",
    label=("Factual accuracy", "事实准确性"),
    inputs=RESPONSE_SIDE,
    testbeds=ALL_TESTBEDS,
    llm_calls=1,
    shared_calls=("statement_audit",),
    description=(
        "UpTrain-style: each stated fact judged yes / unclear / no against the passages (1 / 0.5 / 0), averaged.",
        "UpTrain 式：逐条事实对照检索段落判为是 / 不确定 / 否（1 / 0.5 / 0），取平均。",
    ),
)
async def factual_accuracy(ctx: CaseJudging, name: str) -> Score:
    if not ctx.contexts:
        return ctx.unscored(name, "no passages to check the facts against")
    statements = await _statements(ctx, name)
    if isinstance(statements, Score):
        return statements
    if not statements:
        return ctx.unscored(name, "the response states no facts")
    credit = [FACT_CREDIT[s.supported] for s in statements]
    lines = [f"{FACT_CREDIT[s.supported]:g} [{s.supported}] {s.statement} — {s.reason}" for s in statements]
    return ctx.score(name, sum(credit) / len(credit), f"{sum(credit):g}/{len(credit)} facts", "\n".join(lines))


def f1_from_counts(tp: int, fp: int, fn: int) -> float:
    """Ragas' F1 over statement classes: tp / (tp + (fp + fn) / 2), and 0 when nothing is a TP."""
    return tp / (tp + 0.5 * (fp + fn)) if tp else 0.0


@metric(
    kind="judged",
    label=("Answer correctness", "答案正确性"),
    inputs=("question", "response", "reference"),
    testbeds=WITH_REFERENCE,
    llm_calls=1,
    shared_calls=("statement_audit",),
    needs_reference=True,
    description=(
        "0.75 x F1 of response statements vs the reference (TP / FP / FN) + 0.25 x embedding similarity.",
        "0.75 × 回答陈述对照参考答案的 F1（TP / FP / FN）+ 0.25 × 向量相似度。",
    ),
)
async def answer_correctness(ctx: CaseJudging, name: str) -> Score:
    if not ctx.answer.strip():
        return ctx.score(name, 0.0, "empty response", "the response is empty: nothing of the reference is conveyed")
    result = await statement_audit(ctx)
    if not result.ok:
        return ctx.failed(name, f"statement audit failed: {result.error}", result.raw)
    audit = result.value
    assert isinstance(audit, StatementAuditWithReference)  # the metric needs a reference, so the audit had one
    tp = sum(s.in_reference == "yes" for s in audit.statements)
    fp = len(audit.statements) - tp
    fn = len(audit.missing_from_response)
    f1 = f1_from_counts(tp, fp, fn)
    try:
        similarity = await embedding_similarity(ctx, ctx.answer, ctx.reference or "")
    except Exception as exc:  # report the cause on the score; the F1 alone is not the metric
        return ctx.failed(name, f"embedding failed: {type(exc).__name__}: {exc}")
    value = CORRECTNESS_F1_WEIGHT * f1 + CORRECTNESS_SIMILARITY_WEIGHT * similarity
    lines = [f"TP: {s.statement}" if s.in_reference == "yes" else f"FP: {s.statement}" for s in audit.statements]
    lines += [f"FN: {fact}" for fact in audit.missing_from_response]
    lines.append(
        f"F1 {f1:.3f} x {CORRECTNESS_F1_WEIGHT} + similarity {similarity:.3f} x {CORRECTNESS_SIMILARITY_WEIGHT}"
    )
    return ctx.score(name, value, f"TP {tp} FP {fp} FN {fn}", "\n".join(lines))


def average_precision(useful: list[bool]) -> float:
    """Mean of precision@k over the ranks k holding a useful passage; 0 when none is useful."""
    hits, total = 0, 0.0
    for rank, is_useful in enumerate(useful, start=1):
        if is_useful:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


@metric(
    kind="judged",
    label=("Context precision", "上下文精确率"),
    inputs=REFERENCE_SIDE,
    testbeds=WITH_REFERENCE,
    llm_calls=1,
    shared_calls=("context_audit",),
    needs_reference=True,
    description=(
        "Average precision of the passage ranking, each passage judged useful or not for the reference.",
        "检索段落排序的平均精确率，逐段判断其对参考答案是否有用。",
    ),
)
async def context_precision(ctx: CaseJudging, name: str) -> Score:
    if not ctx.contexts:
        return ctx.unscored(name, "no passages were retrieved: precision is undefined")
    result = await context_audit(ctx)
    if not result.ok:
        return ctx.failed(name, f"context audit failed: {result.error}", result.raw)
    verdicts = result.value.passages
    useful = [v.useful == "yes" for v in verdicts]
    lines = [
        f"passage {i}: {'useful' if v.useful == 'yes' else 'not useful'} — {v.reason}"
        for i, v in enumerate(verdicts, 1)
    ]
    return ctx.score(name, average_precision(useful), f"useful {sum(useful)}/{len(useful)}", "\n".join(lines))


@metric(
    kind="judged",
    label=("Context recall", "上下文召回率"),
    inputs=REFERENCE_SIDE,
    testbeds=WITH_REFERENCE,
    llm_calls=1,
    shared_calls=("context_audit",),
    needs_reference=True,
    description=(
        "Share of reference sentences attributable to the passages (0 when nothing was retrieved).",
        "参考答案中能归因于检索段落的句子所占比例（未检索到任何段落时为 0）。",
    ),
)
async def context_recall(ctx: CaseJudging, name: str) -> Score:
    wanted = reference_sentences(ctx)
    if not wanted:
        return ctx.unscored(name, "the reference has no sentences to attribute")
    if not ctx.contexts:
        return ctx.score(
            name, 0.0, f"attributed 0/{len(wanted)}", "no passages were retrieved: nothing is attributable"
        )
    result = await context_audit(ctx)
    if not result.ok:
        return ctx.failed(name, f"context audit failed: {result.error}", result.raw)
    verdicts = result.value.reference_sentences
    attributed = sum(v.attributed == "yes" for v in verdicts)
    lines = [f"[{v.attributed}] {sentence} — {v.reason}" for sentence, v in zip(wanted, verdicts)]
    return ctx.score(name, attributed / len(wanted), f"attributed {attributed}/{len(wanted)}", "\n".join(lines))
