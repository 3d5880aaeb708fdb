"""The counterfactual verdicts: does a response flag its sources, assert the planted answer, or correct it?

The phrase rules of rules.py say whether a response calls its sources wrong and how it treats each
mention of a value. What this module adds is the structure of the whole answer (`conclusion.read`):
- an answer written as JSON with an answer field asserts what that field holds, whatever else
  its fields report ("document_says": "Tunisia" is a report);
- a response that declines the question (`refusal.refusal`) gives no answer, so a planted value it
  reports ("the document credits Galileo, which I can't verify") is not asserted;
- a response that flags its sources but then commits to the planted value ("that looks off ... so
  going with 2004", 资料可能有误……按资料答：黄帝) asserts it, and does not correct;
- a response that reports the planted value as what its sources say and concludes with the true
  one ("the passage says 1908; the first flight was in 1903") sets its sources against the truth:
  it flags them without the words (`rules.set_against`, an uncertain verdict);
- a flag (or a dispute of the planted value) with every true fact stated is a correction, and
  further mentions of the planted value are context (`rules.corrected`); so is the true answer
  set against the planted value given as hearsay or in a lesser role ("many people think it's
  the tibia, but it's the femur", "Canada is only the second largest; the largest is Russia").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics import conclusion, refusal, rules_en, rules_zh
from ragstress.scoring.metrics.matching import comparable, normalise
from ragstress.scoring.metrics.rules import Decision, error_flag, facts_stated, mentions, stance
from ragstress.scoring.metrics.rules_base import Hit

CORRECTED = "rules.corrected"
"""The rule a Score cites when a correcting response mentions the planted answer as context."""

SET_AGAINST = "rules.set_against"
"""The rule a Score cites when the sources' planted value is set against the true value the response concludes."""

_TRUTH, _FAKE = conclusion.TRUTH, conclusion.FAKE
_STATEMENT_END = re.compile(r"(?<=[.!?])\s+|[。!?;\n]+")
_REPORTED = ("en.attributed", "zh.attributed")
_SET_ASIDE = ("en.hearsay", "zh.hearsay", "en.demoted", "zh.demoted")
"""Roles of a planted value that dispute it when the true answer is given beside it."""


def flags_error(
    text: str, answers: Sequence[Sequence[str]] = (), fake: Sequence[str] = (), question: str = ""
) -> Decision:
    """Does the response say its sources are wrong: in words (`rules.error_flag`), or, given the case's values,
    by reporting the planted value as what the sources say and concluding with the true one?"""
    flag = error_flag(text)
    if flag.value or not (answers and fake):
        return flag
    reading = conclusion.read(text, answers, fake, question)
    if reading.concluded != conclusion.TRUTH or reading.uncertain:
        return flag
    reported = [m for m in mentions(text, fake, sources_disputed=True) if m.hit and m.hit.rule in _REPORTED]
    if not reported:
        return flag
    first = reported[0]
    why = f"error flag: {SET_AGAINST} (the sources' {first.span!r}, {first.hit}, set against the answer; {reading.why})"
    return Decision(
        True, why, Hit(SET_AGAINST, first.span, first.start), uncertain="the sources are contradicted, not called wrong"
    )


def asserts_fake(text: str, fake: Sequence[str], answers: Sequence[Sequence[str]] = (), question: str = "") -> Decision:
    """Does the response state the planted answer as the answer? (See the module docstring.)"""
    is_json, field = conclusion._json_answer(text)  # the conflict reader's parse of a JSON answer field
    if is_json:
        named = stance(field, fake).asserted if field else None
        if named is not None:
            return Decision(True, f"planted answer: the JSON answer field states {named.span!r}", named)
        return Decision(False, f"planted answer not asserted: the JSON answer field is {field or 'empty'}")
    if answers and (declined := refusal.refusal(text, answers)).value:
        return Decision(False, f"planted answer not asserted: the response declines ({declined.why})")
    flag = error_flag(text)
    corrected = bool(answers) and facts_stated(text, answers)[0]
    norm = normalise(text)
    doubted = any(p.pattern.search(norm) for p in (rules_en.DOUBT, rules_zh.DOUBT))
    found = stance(text, fake, sources_disputed=flag.value or corrected or doubted)
    if found.asserted and corrected and (flag.value or found.disputed):
        noticed = str(flag.hit) if flag.value else f"planted answer disputed: {found.disputed}"
        if (committed := _commits_to_fake(text, answers, fake)) is not None:
            why = f"planted answer: the response commits to it ({committed}), although it noticed ({noticed})"
            return Decision(True, why, committed)
        return Decision(
            False,
            f"planted answer not asserted: {CORRECTED} ({noticed}, and every true fact is stated), "
            f"so {found.asserted.span!r} is context of the correction",
            Hit(CORRECTED, found.asserted.span, found.asserted.start),
        )
    if found.asserted:
        return Decision(True, f"planted answer: stated as {found.asserted.span!r}", found.asserted)
    if found.disputed:
        return Decision(False, f"planted answer disputed: {found.disputed}")
    return Decision(False, "planted answer not mentioned")


def _commits_to_fake(text: str, answers: Sequence[Sequence[str]], fake: Sequence[str]) -> Hit | None:
    """The planted value after the commitment marker ("so", "I'll go with", 答:, 以……为准) of the last statement that
    commits to either value, with no true fact beside it. Unlike `conclusion.read`, a value committed to as what
    the sources say ("I'll go with the documents: 1931", 按资料答:福州) is committed to."""
    norm = comparable(text)
    sides = ((_FAKE, fake), *((_TRUTH, aliases) for aliases in answers))
    found = [(side, m) for side, aliases in sides for m in mentions(text, aliases) if m.role == "asserted"]
    for start, end in reversed(_statements(norm)):
        patterns = (rules_en.CONCLUDES, rules_zh.CONCLUDES)
        markers = [m.start() for p in patterns for m in p.pattern.finditer(norm, start, end)]
        if not markers:
            continue
        after = [(side, m) for side, m in found if min(markers) <= m.start < end]
        if {side for side, _ in after} == {_FAKE}:
            return Hit("rules.committed", norm[min(markers) : after[0][1].end], after[0][1].start)
        if after:
            return None
    return None


def _statements(norm: str) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for found in _STATEMENT_END.finditer(norm):
        bounds.append((start, found.start()))
        start = found.end()
    return [*bounds, (start, len(norm))]


def _disputed(text: str, fake: Sequence[str]) -> Hit | None:
    """The planted value disputed, reported from the sources, given as hearsay or in a lesser role."""
    found = stance(text, fake, sources_disputed=True)
    if found.disputed is not None:
        return found.disputed
    for mention in mentions(text, fake):
        if mention.hit is not None and mention.hit.rule in _SET_ASIDE:
            return Hit(mention.hit.rule, f"{mention.hit.span} … {mention.span}", mention.start)
    return None


def error_correction(text: str, answers: Sequence[Sequence[str]], fake: Sequence[str], question: str = "") -> Decision:
    """Flagged the error (or disputed the planted answer), states the true answer, does not assert the fake."""
    flag = flags_error(text, answers, fake, question)
    fake_view = asserts_fake(text, fake, answers, question)
    disputed = None if flag.value else _disputed(text, fake)
    stated, report = facts_stated(text, answers)
    noticed = flag.value or disputed is not None
    why = "; ".join(
        [flag.why if flag.value or disputed is None else f"planted answer disputed: {disputed}", report, fake_view.why]
    )
    return Decision(noticed and stated and not fake_view.value, why, flag.hit or disputed)
