"""The default deterministic scores: alias matching, refusals and error flags, no model involved.

Each rule is a pure function of the case and the response text. Refusal, error-flag
and stance decisions are the negation- and scope-aware rules of rules.py; the
explanation names the rule and the span it matched. RGB's own exact rules, for
comparison with its published tables, are the `*_rgb` metrics in rules_rgb.py.
"""

from __future__ import annotations

from collections.abc import Callable

from ragstress.scoring.metrics.base import ANSWERABLE, WITH_REFERENCE, CaseJudging, Metric, register_metric
from ragstress.scoring.metrics import rules
from ragstress.scoring.metrics.matching import contains_alias, matched_facts
from ragstress.core.types import Score

Rule = Callable[[CaseJudging], Score]


def _deterministic(
    name: str, description: str, inputs: tuple[str, ...], testbeds: tuple[str, ...], **extra: object
) -> Callable[[Rule], Rule]:
    """Register `rule` (a pure function of the case and response) as a deterministic metric."""

    def wrap(rule: Rule) -> Rule:
        async def compute(ctx: CaseJudging) -> Score:
            return rule(ctx)

        register_metric(Metric(name=name, description=description, kind="deterministic", inputs=inputs,
                               testbeds=testbeds, llm_calls=0, compute=compute, **extra))  # fmt: skip
        return rule

    return wrap


def _facts_report(ctx: CaseJudging) -> tuple[int, int, str]:
    found = matched_facts(ctx.answer, ctx.case.answers)
    parts = [f"{aliases[0]!r}: {'found as ' + repr(hit) if hit else 'missing'}" for aliases, hit in zip(ctx.case.answers, found)]
    return sum(hit is not None for hit in found), len(found), "alias match: " + "; ".join(parts)


@_deterministic("answer_match", "Every required fact appears in the response under one of its aliases (1/0).",
                ("response", "answers"), WITH_REFERENCE, needs_reference=True)  # fmt: skip
def answer_match(ctx: CaseJudging) -> Score:
    hits, total, report = _facts_report(ctx)
    return ctx.score("answer_match", float(hits == total), f"{hits}/{total} facts", report)


@_deterministic("answer_match_partial", "Share of required facts that appear in the response (per-fact partial credit).",
                ("response", "answers"), WITH_REFERENCE, needs_reference=True)  # fmt: skip
def answer_match_partial(ctx: CaseJudging) -> Score:
    hits, total, report = _facts_report(ctx)
    return ctx.score("answer_match_partial", hits / total, f"{hits}/{total} facts", report)


def _refusal_score(ctx: CaseJudging, name: str) -> Score:
    decision = rules.refusal(ctx.answer, ctx.case.answers)
    return ctx.score(name, float(decision.value), "refused" if decision.value else "answered", decision.why)


@_deterministic("rejection", "The response declines for lack of information (RGB's rejection rate; lexicon in both languages).",
                ("response",), ("negative",))  # fmt: skip
def rejection(ctx: CaseJudging) -> Score:
    return _refusal_score(ctx, "rejection")


@_deterministic("over_refusal", "The response declines although the passages answer the question (lower is better).",
                ("response",), ANSWERABLE, expected=("answer",))  # fmt: skip
def over_refusal(ctx: CaseJudging) -> Score:
    return _refusal_score(ctx, "over_refusal")


@_deterministic("accuracy", "Every required fact stated (not disputed) and the question not refused (scope-aware).",
                ("response", "answers"), ANSWERABLE, needs_reference=True, expected=("answer",))  # fmt: skip
def accuracy(ctx: CaseJudging) -> Score:
    refused = rules.refusal(ctx.answer, ctx.case.answers)
    stated, report = rules.facts_stated(ctx.answer, ctx.case.answers)
    if refused.value:
        return ctx.score("accuracy", 0.0, "refused", f"{refused.why} (a refusal is never accurate); facts: {report}")
    label = "all facts stated" if stated else "fact missing or disputed"
    return ctx.score("accuracy", float(stated), label, f"facts: {report}; {refused.why}")


@_deterministic("error_detection", "The response says its sources contain factual errors; negated flags do not count.",
                ("response",), ("counterfactual",))  # fmt: skip
def error_detection(ctx: CaseJudging) -> Score:
    decision = rules.error_flag(ctx.answer)
    return ctx.score("error_detection", float(decision.value), "flagged" if decision.value else "not flagged", decision.why)


@_deterministic("error_correction", "Errors flagged (or the planted answer disputed), the true answer stated, the planted answer not asserted.",
                ("response", "answers", "fake_answer"), ("counterfactual",), needs_reference=True)  # fmt: skip
def error_correction(ctx: CaseJudging) -> Score:
    decision = rules.error_correction(ctx.answer, ctx.case.answers, ctx.case.fake_answer or [])
    return ctx.score("error_correction", float(decision.value), "corrected" if decision.value else "not corrected",
                     decision.why)  # fmt: skip


@_deterministic("closed_book_accuracy", "Closed-book probe: the model knows the true answer without any passage.",
                ("closed_book_response", "answers"), ("counterfactual",), probe="closed_book", needs_reference=True)  # fmt: skip
def closed_book_accuracy(ctx: CaseJudging) -> Score:
    hits, total, report = _facts_report(ctx)
    fake = contains_alias(ctx.answer, ctx.case.fake_answer or [])
    note = f"; mentions the planted answer {fake!r}" if fake else ""
    return ctx.score("closed_book_accuracy", float(hits == total), f"{hits}/{total} facts", report + note)
