"""RGB's deterministic scores: alias matching, refusals and error flags, no model involved.

Each rule is a pure function of the case and the response text (see matching.py for
how text is normalised); the explanation names the alias or phrase that decided it.
"""

from __future__ import annotations

from ragstress.scoring.metrics.base import ANSWERABLE, WITH_REFERENCE, CaseJudging, metric
from ragstress.scoring.metrics.matching import asserted_alias, contains_alias, error_flag_phrase, matched_facts, refusal_phrase
from ragstress.core.types import Score

def _facts_report(ctx: CaseJudging) -> tuple[int, int, str]:
    found = matched_facts(ctx.answer, ctx.case.answers)
    parts = [f"{aliases[0]!r}: {'found as ' + repr(hit) if hit else 'missing'}" for aliases, hit in zip(ctx.case.answers, found)]
    return sum(hit is not None for hit in found), len(found), "; ".join(parts)


@metric(kind="deterministic", label=("Answer match", "答案匹配"), inputs=("response", "answers"), testbeds=WITH_REFERENCE,
        description=("Every required fact appears in the response under one of its aliases (1/0).",
                     "回答以某个别名写出了全部必需事实（1/0）。"), needs_reference=True, pass_fail=True)  # fmt: skip
def answer_match(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    return ctx.score("answer_match", float(hits == total), f"{hits}/{total} facts", report)


@metric(kind="deterministic", label=("Per-fact partial credit", "逐事实部分得分"), inputs=("response", "answers"),
        testbeds=WITH_REFERENCE, description=("Share of required facts that appear in the response (per-fact partial credit).",
                                              "回答中出现的必需事实所占比例（逐事实计分）。"), needs_reference=True)  # fmt: skip
def answer_match_partial(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    return ctx.score("answer_match_partial", hits / total, f"{hits}/{total} facts", report)


def _refusal_score(ctx: CaseJudging, name: str) -> Score:
    phrase = refusal_phrase(ctx.answer)
    if phrase:
        return ctx.score(name, 1.0, "refused", f"refusal phrase {phrase!r}")
    return ctx.score(name, 0.0, "answered", "no refusal phrase in the response")


@metric(kind="deterministic", label=("Rejection (phrase)", "拒答（短语）"), inputs=("response",), testbeds=("negative",),
        description=("The response declines for lack of information (RGB's rejection rate; lexicon in both languages).",
                     "回答以信息不足为由拒绝作答（RGB 拒答率；中英文短语表）。"), pass_fail=True)  # fmt: skip
def rejection(ctx: CaseJudging, name: str) -> Score:
    return _refusal_score(ctx, "rejection")


@metric(kind="deterministic", label=("Over-refusal", "过度拒答"), inputs=("response",), testbeds=ANSWERABLE,
        description=("The response declines although the passages answer the question (lower is better).",
                     "资料足以回答问题，回答却拒绝作答（越低越好）。"), expected=("answer",), higher_is_better=False,
        pass_fail=True)  # fmt: skip
def over_refusal(ctx: CaseJudging, name: str) -> Score:
    return _refusal_score(ctx, "over_refusal")


@metric(kind="deterministic", label=("Accuracy", "准确率"), inputs=("response", "answers"), testbeds=ANSWERABLE,
        description=("RGB's accuracy: no required fact missing and the response is not a refusal.",
                     "RGB 准确率：必需事实无一缺失，且回答不是拒答。"), needs_reference=True, expected=("answer",),
        pass_fail=True)  # fmt: skip
def accuracy(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    phrase = refusal_phrase(ctx.answer)
    if phrase:
        return ctx.score("accuracy", 0.0, "refused", f"refusal phrase {phrase!r} (a refusal is never accurate); {report}")
    return ctx.score("accuracy", float(hits == total), f"{hits}/{total} facts", report)


def _error_flag_score(ctx: CaseJudging) -> tuple[bool, str]:
    phrase = error_flag_phrase(ctx.answer)
    return phrase is not None, f"error flag {phrase!r}" if phrase else "no error flag in the response"


@metric(kind="deterministic", label=("Error detection (phrase)", "错误检测（短语）"), inputs=("response",),
        testbeds=("counterfactual",), description=("The response says its sources contain factual errors (RGB's error detection rate).",
                                                   "回答指出资料中含有事实错误（RGB 错误检测率）。"), pass_fail=True)  # fmt: skip
def error_detection(ctx: CaseJudging, name: str) -> Score:
    flagged, why = _error_flag_score(ctx)
    return ctx.score("error_detection", float(flagged), "flagged" if flagged else "not flagged", why)


@metric(kind="deterministic", label=("Error correction", "错误纠正"), inputs=("response", "answers", "fake_answer"),
        testbeds=("counterfactual",), description=("Errors flagged, the true answer given, and the planted answer not asserted.",
                                                   "指出错误、给出正确答案，且没有断言植入的错误答案。"),
        needs_reference=True, pass_fail=True)  # fmt: skip
def error_correction(ctx: CaseJudging, name: str) -> Score:
    flagged, why = _error_flag_score(ctx)
    hits, total, report = _facts_report(ctx)
    fake = asserted_alias(ctx.answer, ctx.case.fake_answer or [])
    reasons = [why, report, f"asserts the planted answer {fake!r}" if fake else "planted answer not asserted"]
    ok = flagged and hits == total and fake is None
    return ctx.score("error_correction", float(ok), "corrected" if ok else "not corrected", "; ".join(reasons))


@metric(kind="deterministic", label=("Closed-book accuracy", "闭卷准确率"), inputs=("closed_book_response", "answers"),
        testbeds=("counterfactual",), description=("Closed-book probe: the model knows the true answer without any passage.",
                                                   "闭卷探测：不给任何资料时，模型也知道正确答案。"),
        probe="closed_book", needs_reference=True, pass_fail=True)  # fmt: skip
def closed_book_accuracy(ctx: CaseJudging, name: str) -> Score:
    hits, total, report = _facts_report(ctx)
    fake = contains_alias(ctx.answer, ctx.case.fake_answer or [])
    note = f"; mentions the planted answer {fake!r}" if fake else ""
    return ctx.score("closed_book_accuracy", float(hits == total), f"{hits}/{total} facts", report + note)
