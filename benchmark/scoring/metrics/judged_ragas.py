"""Ragas-style metrics over the two shared judge calls (see judge.py).

faithfulness, factual accuracy and answer correctness read the statement audit;
context precision and context recall read the context audit. None of them makes a
call of its own, so asking for all five costs a case two judge calls.
"""

from __future__ import annotations

from ragstress.scoring.metrics.base import ALL_TESTBEDS, WITH_REFERENCE, CaseJudging, Metric, register_metric
from ragstress.scoring.metrics.judge import StatementAuditWithReference, context_audit, reference_sentences, statement_audit
from ragstress.scoring.metrics.similarity import embedding_similarity
from ragstress.core.types import Score

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


async def faithfulness(ctx: CaseJudging) -> Score:
    name = "faithfulness"
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


async def factual_accuracy(ctx: CaseJudging) -> Score:
    name = "factual_accuracy"
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


async def answer_correctness(ctx: CaseJudging) -> Score:
    name = "answer_correctness"
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
    lines.append(f"F1 {f1:.3f} x {CORRECTNESS_F1_WEIGHT} + similarity {similarity:.3f} x {CORRECTNESS_SIMILARITY_WEIGHT}")
    return ctx.score(name, value, f"TP {tp} FP {fp} FN {fn}", "\n".join(lines))


def average_precision(useful: list[bool]) -> float:
    """Mean of precision@k over the ranks k holding a useful passage; 0 when none is useful."""
    hits, total = 0, 0.0
    for rank, is_useful in enumerate(useful, start=1):
        if is_useful:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


async def context_precision(ctx: CaseJudging) -> Score:
    name = "context_precision"
    if not ctx.contexts:
        return ctx.unscored(name, "no passages were retrieved: precision is undefined")
    result = await context_audit(ctx)
    if not result.ok:
        return ctx.failed(name, f"context audit failed: {result.error}", result.raw)
    verdicts = result.value.passages
    useful = [v.useful == "yes" for v in verdicts]
    lines = [f"passage {i}: {'useful' if v.useful == 'yes' else 'not useful'} — {v.reason}" for i, v in enumerate(verdicts, 1)]
    return ctx.score(name, average_precision(useful), f"useful {sum(useful)}/{len(useful)}", "\n".join(lines))


async def context_recall(ctx: CaseJudging) -> Score:
    name = "context_recall"
    wanted = reference_sentences(ctx)
    if not wanted:
        return ctx.unscored(name, "the reference has no sentences to attribute")
    if not ctx.contexts:
        return ctx.score(name, 0.0, f"attributed 0/{len(wanted)}", "no passages were retrieved: nothing is attributable")
    result = await context_audit(ctx)
    if not result.ok:
        return ctx.failed(name, f"context audit failed: {result.error}", result.raw)
    verdicts = result.value.reference_sentences
    attributed = sum(v.attributed == "yes" for v in verdicts)
    lines = [f"[{v.attributed}] {sentence} — {v.reason}" for sentence, v in zip(wanted, verdicts)]
    return ctx.score(name, attributed / len(wanted), f"attributed {attributed}/{len(wanted)}", "\n".join(lines))


def _judged(name: str, description: str, compute, inputs: tuple[str, ...], testbeds: tuple[str, ...], shared: str,
            **extra) -> None:  # fmt: skip
    register_metric(Metric(name=name, description=description, kind="judged", inputs=inputs, testbeds=testbeds,
                           llm_calls=1, compute=compute, shared_calls=(shared,), **extra))  # fmt: skip


RESPONSE_SIDE = ("question", "response", "contexts")
REFERENCE_SIDE = ("question", "contexts", "reference")
_judged("faithfulness", "Share of the response's standalone statements that the passages support; "
        "unscored without statements or passages.", faithfulness, RESPONSE_SIDE, ALL_TESTBEDS, "statement_audit")
_judged("factual_accuracy", "UpTrain-style: each stated fact judged yes / unclear / no against the passages "
        "(1 / 0.5 / 0), averaged.", factual_accuracy, RESPONSE_SIDE, ALL_TESTBEDS, "statement_audit")
_judged("answer_correctness", "0.75 x F1 of response statements vs the reference (TP / FP / FN) "
        "+ 0.25 x embedding similarity.", answer_correctness, ("question", "response", "reference"), WITH_REFERENCE,
        "statement_audit", needs_reference=True)
_judged("context_precision", "Average precision of the passage ranking, each passage judged useful or not "
        "for the reference.", context_precision, REFERENCE_SIDE, WITH_REFERENCE, "context_audit", needs_reference=True)
_judged("context_recall", "Share of reference sentences attributable to the passages (0 when nothing was retrieved).",
        context_recall, REFERENCE_SIDE, WITH_REFERENCE, "context_audit", needs_reference=True)
