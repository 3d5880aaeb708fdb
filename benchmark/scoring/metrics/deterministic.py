"""RGB's deterministic scores: alias matching, refusals and error flags, no model involved.

Each rule is a pure function of the case and the response text (see matching.py for
how text is normalised); the explanation names the alias or phrase that decided it.
"""

from __future__ import annotations

from collections.abc import Callable

from ragstress.scoring.metrics.base import ANSWERABLE, WITH_REFERENCE, CaseJudging, Metric, register_metric
from ragstress.scoring.metrics.matching import asserted_alias, contains_alias, error_flag_phrase, matched_facts, refusal_phrase
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
    return sum(hit is not None for hit in found), len(found), "; ".join(parts)


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
    phrase = refusal_phrase(ctx.answer)
    if phrase:
        return ctx.score(name, 1.0, "refused", f"refusal phrase {phrase!r}")
    return ctx.score(name, 0.0, "answered", "no refusal phrase in the response")


@_deterministic("rejection", "The response declines for lack of information (RGB's rejection rate; lexicon in both languages).",
                ("response",), ("negative",))  # fmt: skip
def rejection(ctx: CaseJudging) -> Score:
    return _refusal_score(ctx, "rejection")


@_deterministic("over_refusal", "The response declines although the passages answer the question (lower is better).",
                ("response",), ANSWERABLE, expected=("answer",))  # fmt: skip
def over_refusal(ctx: CaseJudging) -> Score:
    return _refusal_score(ctx, "over_refusal")


@_deterministic("accuracy", "RGB's accuracy: no required fact missing and the response is not a refusal.",
                ("response", "answers"), ANSWERABLE, needs_reference=True, expected=("answer",))  # fmt: skip
def accuracy(ctx: CaseJudging) -> Score:
    hits, total, report = _facts_report(ctx)
    phrase = refusal_phrase(ctx.answer)
    if phrase:
        return ctx.score("accuracy", 0.0, "refused", f"refusal phrase {phrase!r} (a refusal is never accurate); {report}")
    return ctx.score("accuracy", float(hits == total), f"{hits}/{total} facts", report)


def _error_flag_score(ctx: CaseJudging) -> tuple[bool, str]:
    phrase = error_flag_phrase(ctx.answer)
    return phrase is not None, f"error flag {phrase!r}" if phrase else "no error flag in the response"


@_deterministic("error_detection", "The response says its sources contain factual errors (RGB's error detection rate).",
                ("response",), ("counterfactual",))  # fmt: skip
def error_detection(ctx: CaseJudging) -> Score:
    flagged, why = _error_flag_score(ctx)
    return ctx.score("error_detection", float(flagged), "flagged" if flagged else "not flagged", why)


@_deterministic("error_correction", "Errors flagged, the true answer given, and the planted answer not asserted.",
                ("response", "answers", "fake_answer"), ("counterfactual",), needs_reference=True)  # fmt: skip
def error_correction(ctx: CaseJudging) -> Score:
    flagged, why = _error_flag_score(ctx)
    hits, total, report = _facts_report(ctx)
    fake = asserted_alias(ctx.answer, ctx.case.fake_answer or [])
    reasons = [why, report, f"asserts the planted answer {fake!r}" if fake else "planted answer not asserted"]
    ok = flagged and hits == total and fake is None
    return ctx.score("error_correction", float(ok), "corrected" if ok else "not corrected", "; ".join(reasons))


@_deterministic("closed_book_accuracy", "Closed-book probe: the model knows the true answer without any passage.",
                ("closed_book_response", "answers"), ("counterfactual",), probe="closed_book", needs_reference=True)  # fmt: skip
def closed_book_accuracy(ctx: CaseJudging) -> Score:
    hits, total, report = _facts_report(ctx)
    fake = contains_alias(ctx.answer, ctx.case.fake_answer or [])
    note = f"; mentions the planted answer {fake!r}" if fake else ""
    return ctx.score("closed_book_accuracy", float(hits == total), f"{hits}/{total} facts", report + note)
