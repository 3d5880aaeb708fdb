"""The default deterministic scores: alias matching, refusals and error flags, no model involved.

Each rule is a pure function of the case and the response text. Refusal, error-flag
and stance decisions are the negation- and scope-aware rules of rules.py; the
explanation names the rule and the span it matched. RGB's own exact rules, for
comparison with its published tables, are the `*_rgb` metrics in rules_rgb.py. Each verdict's certainty (the
learned reader's agreement) is given by certainty.py.
"""

from __future__ import annotations

from ragstress.core.types import Score
from ragstress.scoring.metrics import (
    answer_line,
    candidates,
    conclusion,
    corrections,
    declines,
    deferral,
    refusal,
    rules,
    slots,
)
from ragstress.scoring.metrics.base import ANSWERABLE, WITH_REFERENCE, CaseJudging, metric
from ragstress.scoring.metrics.certainty import with_certainty
from ragstress.values.matching import alias_in


def _facts_report(ctx: CaseJudging) -> tuple[int, int, str]:
    found = [alias_in(ctx.reading.normalised, aliases) for aliases in ctx.case.answers]
    parts = [
        f"{aliases[0]!r}: {'found as ' + repr(hit) if hit else 'missing'}"
        for aliases, hit in zip(ctx.case.answers, found)
    ]
    return sum(hit is not None for hit in found), len(found), "alias match: " + "; ".join(parts)


@metric(
    kind="deterministic",
    label=("Answer match", "答案匹配"),
    inputs=("response", "answers"),
    testbeds=WITH_REFERENCE,
    description=(
        "Every required fact appears in the response under one of its aliases (1/0).",
        "回答以某个别名写出了全部必需事实（1/0）。",
    ),
    needs_reference=True,
    pass_fail=True,
)
def answer_match(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    return ctx.score(name, float(hits == total), f"{hits}/{total} facts", report)


@metric(
    kind="deterministic",
    label=("Per-fact partial credit", "逐事实部分得分"),
    inputs=("response", "answers"),
    testbeds=WITH_REFERENCE,
    description=(
        "Share of required facts that appear in the response (per-fact partial credit).",
        "回答中出现的必需事实所占比例（逐事实计分）。",
    ),
    needs_reference=True,
)
def answer_match_partial(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    return ctx.score(name, hits / total, f"{hits}/{total} facts", report)


def _refused(ctx: CaseJudging) -> rules.Decision:
    """The refusal rule on the case; on a conflict case it reads whether the response concludes (`refusal.refusal`)."""
    fake = ctx.case.fake_answer if ctx.case.testbed == "conflict" else None
    return refusal.refusal(ctx.reading, ctx.case.answers, fake or (), ctx.case.question)


def _refusal_score(ctx: CaseJudging, name: str) -> Score:
    decision = _refused(ctx)
    label = "refused" if decision.value else "answered"
    return with_certainty(ctx, ctx.score(name, float(decision.value), label, decision.why), decision.uncertain)


@metric(
    kind="deterministic",
    label=("Rejection (phrase)", "拒答（短语）"),
    inputs=("response",),
    testbeds=("negative",),
    description=(
        "The response declines for lack of information (RGB's rejection rate; lexicon in both languages).",
        "回答以信息不足为由拒绝作答（RGB 拒答率；中英文短语表）。",
    ),
    pass_fail=True,
)
def rejection(ctx: CaseJudging, name: str) -> Score:
    return _refusal_score(ctx, name)


@metric(
    kind="deterministic",
    label=("Over-refusal", "过度拒答"),
    inputs=("response",),
    testbeds=ANSWERABLE,
    description=(
        "The response declines although the passages answer the question (lower is better).",
        "资料足以回答问题，回答却拒绝作答（越低越好）。",
    ),
    expected=("answer",),
    higher_is_better=False,
    pass_fail=True,
)
def over_refusal(ctx: CaseJudging, name: str) -> Score:
    return _refusal_score(ctx, name)


@metric(
    kind="deterministic",
    label=("Accuracy", "准确率"),
    inputs=("response", "answers"),
    testbeds=ANSWERABLE,
    description=(
        "Every required fact stated (not disputed) and the question not refused (scope-aware); on a conflict case, "
        "the true value is the one the response concludes with.",
        "必需事实全部写出（且未被否定），问题本身没有被拒答（按范围判断）；在知识冲突用例上，回答最终得出的须是真值。",
    ),
    needs_reference=True,
    expected=("answer",),
    pass_fail=True,
)
def accuracy(ctx: CaseJudging, name: str) -> Score:
    refused = _refused(ctx)
    stated, report = _facts_stated(ctx)
    if refused.value:
        why = f"{refused.why} (a refusal is never accurate); facts: {report}"
        return with_certainty(ctx, ctx.score(name, 0.0, "refused", why), refused.uncertain)
    if refused.guess is not None:
        why = f"{refused.why} (an approximate guess does not state the fact)"
        return with_certainty(ctx, ctx.score(name, 0.0, "guess", why), refused.uncertain)
    if ctx.case.testbed == "conflict" and ctx.case.fake_answer:
        return _truth_kept(ctx, name, refused)
    if (declined := declines.concluding_refusal(ctx.reading, ctx.case.answers, ctx.case.question)) is not None:
        why = f"the response concludes that it cannot answer ({declined}); a refusal is never accurate; facts: {report}"
        return with_certainty(
            ctx, ctx.score(name, 0.0, "refused", why), "a refusal phrase and an answer in one response"
        )
    if stated and (offered := _offered_as_candidate(ctx)):
        stated, report = False, f"{report}; but {offered}"
    if stated and (concluded := answer_line.concluded_without(ctx.reading, ctx.case.answers)):
        stated, report = False, f"{report}; but the response's answer line leaves it out: {concluded}"
    if stated and (crossed := slots.swapped(ctx.reading, ctx.case.answers, ctx.case.question)):
        stated, report = False, f"{report}; but a fact is given in the other part's role: {crossed}"
    if stated and (adopted := _fake_concluded(ctx)):
        stated, report = False, f"{report}; but the planted answer is the answer given: {adopted}"
    label = "all facts stated" if stated else "fact missing or disputed"
    stances = [rules.stance(ctx.reading, aliases) for aliases in ctx.case.answers]
    aside = any(s.aside and not s.asserted and not s.disputed for s in stances)  # a fact seen only in another role
    uncertain = refused.uncertain or ("an answer mention set aside for another role" if aside else None)
    return with_certainty(ctx, ctx.score(name, float(stated), label, f"facts: {report}; {refused.why}"), uncertain)


def _facts_stated(ctx: CaseJudging) -> tuple[bool, str]:
    """`rules.facts_stated`, where a fact set aside as a rival counts when that is the role the question asks for."""
    stated, report = rules.facts_stated(ctx.reading, ctx.case.answers)
    if stated:
        return stated, report
    asked = []
    for aliases in ctx.case.answers:
        if rules.stance(ctx.reading, aliases).asserted:
            continue
        if (hit := slots.role_asked(ctx.reading, aliases, ctx.case.question)) is None:
            return stated, report
        asked.append(f"{aliases[0]!r} in the role asked ({hit})")
    return True, f"{report}; but {'; '.join(asked)}"


def _offered_as_candidate(ctx: CaseJudging) -> str | None:
    """Why a required fact is named only as one candidate among others, not chosen (`candidates`), else None."""
    for aliases in ctx.case.answers:
        if hit := candidates.only_candidate(ctx.reading, aliases, ctx.case.answers):
            return f"{aliases[0]!r} is only a candidate ({hit})"
    return None


def _fake_concluded(ctx: CaseJudging) -> str | None:
    """On a counterfactual case, why the response answers with the planted value although it also states the
    true one ("Sydney, as the documents say; a common misconception is that it's Canberra", "我印象是1954年，
    但按资料回答：1956年"), else None. Both readings must agree: the planted value is asserted (`corrections.asserts_fake`,
    which lets a correction mention it as context) and it is the value the response concludes with
    (`conclusion.read`), so a correction that names the planted value last is still an answer; or the response
    names the planted value and defers to its sources over what it knows (`deferral`)."""
    if ctx.case.testbed != "counterfactual" or not ctx.case.fake_answer:
        return None
    deferred = deferral.defers_to_sources(ctx.reading)
    if deferred and any(m.role in ("asserted", "disputed") for m in rules.mentions(ctx.reading, ctx.case.fake_answer)):
        return f"it names the planted value and {deferred}"
    if not corrections.asserts_fake(ctx.reading, ctx.case.fake_answer, ctx.case.answers, ctx.case.question).value:
        return None
    concluded = conclusion.read(ctx.reading, ctx.case.answers, ctx.case.fake_answer, ctx.case.question)
    return concluded.why if concluded.concluded == conclusion.FAKE else None


def _truth_kept(ctx: CaseJudging, name: str, refused: rules.Decision) -> Score:
    """Accuracy on a conflict case: the response concludes with the true value (`conclusion.read`), and
    states every required fact (a two-part answer), rather than merely mentioning it."""
    concluded = conclusion.read(ctx.reading, ctx.case.answers, ctx.case.fake_answer or [], ctx.case.question)
    stated, report = rules.facts_stated(ctx.reading, ctx.case.answers)
    kept = concluded.concluded == conclusion.TRUTH and (stated or len(ctx.case.answers) == 1)
    label = "truth concluded" if kept else "truth not concluded"
    why = f"{concluded.why}; facts: {report}; {refused.why}"
    return with_certainty(ctx, ctx.score(name, float(kept), label, why), concluded.uncertain or refused.uncertain)


@metric(
    kind="deterministic",
    label=("Error detection (phrase)", "错误检测（短语）"),
    inputs=("response",),
    testbeds=("counterfactual",),
    description=(
        "The response says its sources contain factual errors; negated flags do not count.",
        "回答指出资料中含有事实错误；否定式的说法不算。",
    ),
    pass_fail=True,
)
def error_detection(ctx: CaseJudging, name: str) -> Score:
    decision = corrections.flags_error(ctx.reading, ctx.case.answers, ctx.case.fake_answer or [], ctx.case.question)
    label = "flagged" if decision.value else "not flagged"
    return with_certainty(ctx, ctx.score(name, float(decision.value), label, decision.why), decision.uncertain)


@metric(
    kind="deterministic",
    label=("Error correction", "错误纠正"),
    inputs=("response", "answers", "fake_answer"),
    testbeds=("counterfactual",),
    description=(
        "Errors flagged (or the planted answer disputed), the true answer stated, the planted answer not asserted.",
        "指出错误（或否定植入的答案）、写出正确答案，且没有断言植入的错误答案。",
    ),
    needs_reference=True,
    pass_fail=True,
)
def error_correction(ctx: CaseJudging, name: str) -> Score:
    decision = corrections.error_correction(
        ctx.reading, ctx.case.answers, ctx.case.fake_answer or [], ctx.case.question
    )
    label = "corrected" if decision.value else "not corrected"
    return with_certainty(ctx, ctx.score(name, float(decision.value), label, decision.why))


@metric(
    kind="deterministic",
    label=("Closed-book accuracy", "闭卷准确率"),
    inputs=("closed_book_response", "answers"),
    testbeds=("counterfactual", "conflict"),
    description=(
        "Closed-book probe: the model knows the true answer without any passage.",
        "闭卷探测：不给任何资料时，模型也知道正确答案。",
    ),
    probe="closed_book",
    needs_reference=True,
    pass_fail=True,
)
def closed_book_accuracy(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    fake = alias_in(ctx.reading.normalised, ctx.case.fake_answer or [])
    note = f"; mentions the planted answer {fake!r}" if fake else ""
    return ctx.score(name, float(hits == total), f"{hits}/{total} facts", report + note)
