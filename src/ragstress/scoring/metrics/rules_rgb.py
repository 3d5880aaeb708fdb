"""RGB-exact scores: RGB's evalue.py rules, reproduced as written, for tables comparable with RGB's.

The `*_rgb` metrics sit beside the default ones, so one report can hold both; the
report names the rule set of each metric by its suffix. What evalue.py does, and so
what these do (including where it is stricter or looser than a reader would be):
- zh data: every ASCII space is removed from the prediction (aliases are left as they are).
- Refusal: the prediction contains 信息不足 or "insufficient information", matched
  case-sensitively on the prediction as returned (zh: spaces removed), so
  "Insufficient information" does not count, and in zh "insufficient information"
  cannot match once its space is gone.
- Facts: the prediction is lower-cased; a fact is present when one of its aliases,
  lower-cased, is a plain substring (no word edges: "1998" is found in "19980").
- Accuracy: not a refusal, and every fact present (a case with no facts is never correct).
- Rejection (negative testbed): the refusal phrase is present.
- Error detection: 事实性错误 or "factual errors" in the prediction, case-sensitive.
- Length: the whole prediction is read however long (these tests are linear in it); the default rules read
  a long response's first and last parts (reading.py).
- Correction rate: over FLAGGED responses only (its own denominator; unflagged responses
  are unscored here), a flagged response counts when no fact is missing — evalue.py
  checks `0 not in label`, so a flagged refusal also counts as corrected. evalue.py
  reports 0 when nothing was flagged; here the rate is then unscored (no value).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import ANSWERABLE, CaseJudging, metric

REFUSAL_PHRASES = ("信息不足", "insufficient information")
ERROR_PHRASES = ("事实性错误", "factual errors")


def prepare(prediction: str, lang: str) -> str:
    """The prediction as evalue.py checks phrases in: zh has every ASCII space removed."""
    return prediction.replace(" ", "") if lang == "zh" else prediction


def phrase_in(prediction: str, phrases: Sequence[str]) -> str | None:
    """The first phrase that is a plain, case-sensitive substring of the prepared prediction."""
    return next((phrase for phrase in phrases if phrase in prediction), None)


@dataclass(frozen=True)
class RgbVerdict:
    """evalue.py's per-response record: refusal phrase, per-fact labels (1/0; [-1] when refused), error flag."""

    refusal: str | None
    labels: tuple[int, ...]
    flag: str | None
    report: str

    @property
    def correct(self) -> bool:
        return 0 not in self.labels and 1 in self.labels

    @property
    def no_fact_missing(self) -> bool:
        return 0 not in self.labels


def verdict(prediction: str, answers: Sequence[Sequence[str]], lang: str) -> RgbVerdict:
    """Score one response exactly as evalue.py's `predict` + `checkanswer` do."""
    text = prepare(prediction, lang)
    refusal = phrase_in(text, REFUSAL_PHRASES)
    flag = phrase_in(text, ERROR_PHRASES)
    if refusal:
        return RgbVerdict(refusal, (-1,), flag, f"refusal phrase {refusal!r}, so labels [-1]")
    lowered = text.lower()
    found = [next((a for a in aliases if a.lower() in lowered), None) for aliases in answers]
    report = "; ".join(
        f"{aliases[0]!r} {'found as ' + repr(hit) if hit else 'missing'}" for aliases, hit in zip(answers, found)
    )
    return RgbVerdict(None, tuple(int(hit is not None) for hit in found), flag, report or "no facts")


def _verdict(ctx: CaseJudging) -> RgbVerdict:
    return verdict(ctx.answer, ctx.case.answers, "zh" if ctx.case.lang == "zh" else "en")


def _flag_why(v: RgbVerdict) -> str:
    return (
        f"rgb error flag: matched {v.flag!r}" if v.flag else "rgb error flag: neither 事实性错误 nor 'factual errors'"
    )


@metric(
    kind="deterministic",
    label=("Accuracy (RGB-exact)", "准确率（RGB 原规则）"),
    inputs=("response", "answers"),
    testbeds=ANSWERABLE,
    needs_reference=True,
    expected=("answer",),
    pass_fail=True,
    whole_response=True,
    description=(
        "RGB-exact accuracy (evalue.py): every fact's alias a lower-cased substring, no 信息不足 / "
        "'insufficient information'.",
        "RGB 原规则准确率（evalue.py）：每个事实的某个别名以小写子串出现，且不含“信息不足”/"
        "“insufficient information”。",
    ),
)
def accuracy_rgb(ctx: CaseJudging, name: str) -> Score:
    v = _verdict(ctx)
    why = f"rgb accuracy: {v.report}" + (" (a refusal is never correct)" if v.refusal else "")
    return ctx.score(name, float(v.correct), "correct" if v.correct else "not correct", why)


@metric(
    kind="deterministic",
    label=("Rejection (RGB-exact)", "拒答（RGB 原规则）"),
    inputs=("response",),
    testbeds=("negative",),
    pass_fail=True,
    whole_response=True,
    description=(
        "RGB-exact rejection: the exact phrase 信息不足 or 'insufficient information'.",
        "RGB 原规则拒答：回答含有原样短语“信息不足”或“insufficient information”。",
    ),
)
def rejection_rgb(ctx: CaseJudging, name: str) -> Score:
    v = _verdict(ctx)
    why = (
        f"rgb refusal: matched {v.refusal!r}"
        if v.refusal
        else "rgb refusal: neither 信息不足 nor 'insufficient information'"
    )
    return ctx.score(name, float(v.refusal is not None), "refused" if v.refusal else "answered", why)


@metric(
    kind="deterministic",
    label=("Error detection (RGB-exact)", "错误检测（RGB 原规则）"),
    inputs=("response",),
    testbeds=("counterfactual",),
    pass_fail=True,
    whole_response=True,
    description=(
        "RGB-exact error detection: the exact phrase 事实性错误 or 'factual errors'.",
        "RGB 原规则错误检测：回答含有原样短语“事实性错误”或“factual errors”。",
    ),
)
def error_detection_rgb(ctx: CaseJudging, name: str) -> Score:
    v = _verdict(ctx)
    return ctx.score(name, float(v.flag is not None), "flagged" if v.flag else "not flagged", _flag_why(v))


@metric(
    kind="deterministic",
    label=("Correction rate (RGB-exact)", "纠错率（RGB 原规则）"),
    inputs=("response", "answers"),
    testbeds=("counterfactual",),
    needs_reference=True,
    pass_fail=True,
    whole_response=True,
    subset_denominator=True,
    description=(
        "RGB-exact correction rate: among flagged responses, those with no fact missing (unflagged ones are unscored).",
        "RGB 原规则纠错率：在指出错误的回答中，没有缺失事实的比例（未指出错误的回答不计分）。",
    ),
)
def error_correction_rgb(ctx: CaseJudging, name: str) -> Score:
    v = _verdict(ctx)
    if v.flag is None:
        return ctx.unscored(name, f"{_flag_why(v)}: outside RGB's correction-rate denominator")
    ok = v.no_fact_missing
    return ctx.score(name, float(ok), "corrected" if ok else "not corrected", f"{_flag_why(v)}; {v.report}")
