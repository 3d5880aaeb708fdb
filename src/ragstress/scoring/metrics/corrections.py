"""The counterfactual verdicts: does a response flag its sources, assert the planted answer, or correct it?

The phrase rules of rules.py say whether a response calls its sources wrong and how it treats each
mention of a value. What this module adds is the structure of the whole answer (`conclusion.read`):
- an answer written as JSON with an answer field asserts what that field holds, whatever else
  its fields report ("document_says": "Tunisia" is a report);
- a response that declines the question (`refusal.refusal`) gives no answer, so a planted value it
  reports ("the document credits Galileo, which I can't verify") is not asserted;
- a response that declines in words sets the planted value it reports from its sources aside ("they
  say 8080, but I can't answer this reliably");
- a response that flags its sources but then commits to the planted value ("that looks off ... so
  going with 2004", 资料可能有误……按资料答：黄帝, "… but per the provided text it was Adams";
  `rules.committed`), or, committing to neither, opens with it ("8080 — though this may be a documentation
  error"; `rules.opens_with`), asserts it, and does not correct; nor does one whose last statement
  declines after naming the true value (`rules.declines_at_end`);
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

from ragstress.scoring.metrics import (
    conclusion,
    deferral,
    json_answer,
    layout_en,
    layout_zh,
    refusal,
    refusal_detail,
    role_patterns,
)
from ragstress.scoring.metrics.rules import (
    ERROR_FLAG_PATTERNS,
    REFUSAL_PATTERNS,
    Decision,
    Mention,
    error_flag,
    facts_stated,
    mentions,
    pattern_hits,
    response_hits,
    stance,
)
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.reading import Reading

CORRECTED = "rules.corrected"
"""The rule a Score cites when a correcting response mentions the planted answer as context."""

SET_AGAINST = "rules.set_against"
"""The rule a Score cites when the sources' planted value is set against the true value the response concludes."""

_TRUTH, _FAKE = conclusion.TRUTH, conclusion.FAKE
_CLAUSE_BREAK = re.compile("|".join(lang.clause_break for lang in role_patterns.LANGUAGES))
_TERSE_WORDS, _TERSE_CJK = 2, 4  # what may stand beside an opening answer: "About 6 billion.", "Five strings"
_WORD, _CJK = r"[a-z]+", r"[\u3400-\u9fff]"
_CITED_AFTER = re.compile(
    rf"^[^.;!?]{{0,40}}?\b(?:according to|per|as (?:stated|given) in) (?:the |these )?{layout_en.SOURCE_NOUNS}"
)
_TAKEN_BACK = re.compile(r"(?:wait|no|not|actually|hmm|sorry|oops)\b|不对|不是|等等")
_STILL_COMMITS = NamedPattern(
    "commits_anyway",
    r"\bstill\b|\breport what\b|(?:那|那么)?就是|(?<![回解作])答(?=[\u4e00-\u9fff])|仅供参考",
    "Words that commit to a value after a caveat, beside the conclusion markers: 'still — 2001 per the source', "
    "'I'll still report what the source states: 3', 那就是庞统, 答美国, 仅供参考：关汉卿.",
)
_REPORTED = ("en.attributed", "zh.attributed")
_SET_ASIDE = ("en.hearsay", "zh.hearsay", "en.demoted", "zh.demoted")
"""Roles of a planted value that dispute it when the true answer is given beside it."""


def flags_error(
    reading: Reading, answers: Sequence[Sequence[str]] = (), fake: Sequence[str] = (), question: str = ""
) -> Decision:
    """Does the response say its sources are wrong: in words (`rules.error_flag`), or, given the case's values,
    by reporting the planted value as what the sources say and concluding with the true one?"""
    flag = error_flag(reading)
    if flag.value or not (answers and fake) or response_hits(reading, ERROR_FLAG_PATTERNS):
        return flag  # a flag in words decides, and so does one denied ("I found nothing wrong in the documents")
    concluded = conclusion.read(reading, answers, fake, question)
    if concluded.concluded != conclusion.TRUTH or concluded.uncertain:
        return flag
    attributed = [m for m in mentions(reading, fake, sources_disputed=True) if m.hit and m.hit.rule in _REPORTED]
    if attributed:
        first, given = attributed[0], str(attributed[0].hit)
    elif reported := _reported_then_answered(concluded):
        first, given = reported, "given as what a source says"
    else:
        return flag
    why = f"error flag: {SET_AGAINST} (the sources' {first.span!r}, {given}, set against the answer; {concluded.why})"
    return Decision(
        True, why, Hit(SET_AGAINST, first.span, first.start), uncertain="the sources are contradicted, not called wrong"
    )


def _reported_then_answered(concluded: conclusion.Conclusion) -> Mention | None:
    """The planted value placed by the conclusion reader as what a source says ("Documents: 16 bits", "文档说是
    <link>"), when the true value follows it: the layout reports the sources, as a verb of saying would, and the
    answer that comes after sets them right. A true value named before the sources' ("常说是沃森和克里克，但资料显示
    其实是孟德尔") is the belief the sources are said to overturn, not an answer set against them."""
    placed = concluded.placed
    first = next((p for p in placed if p.side == _FAKE and p.role == "reported" and p.mention.role != "hearsay"), None)
    if first is None or not any(p.side == _TRUTH and p.mention.start > first.mention.start for p in placed):
        return None
    return first.mention


def asserts_fake(
    reading: Reading, fake: Sequence[str], answers: Sequence[Sequence[str]] = (), question: str = ""
) -> Decision:
    """Does the response state the planted answer as the answer? (See the module docstring.)"""
    is_json, field = json_answer.answer(reading)
    if is_json:
        named = stance(reading.part(field), fake).asserted if field else None
        if named is not None:
            return Decision(True, f"planted answer: the JSON answer field states {named.span!r}", named)
        return Decision(False, f"planted answer not asserted: the JSON answer field is {field or 'empty'}")
    plainly = stance(
        reading, fake, sources_disputed=True
    ).asserted  # given as the answer, not reported from the sources
    if answers and plainly is None and (declined := refusal.refusal(reading, answers, question=question)).value:
        return Decision(False, f"planted answer not asserted: the response declines ({declined.why})")
    if (
        deferral.defers_to_sources(reading) is not None
    ):  # "... but per the provided text it was 1931": whatever it noticed
        side, committed = _last_commitment(reading, answers, fake)
        if side == _FAKE and committed is not None:
            return Decision(
                True, f"planted answer: the response defers to its sources and commits to it ({committed})", committed
            )
    flag = error_flag(reading)
    corrected = bool(answers) and facts_stated(reading, answers)[0]
    if flag.value and not corrected and (declined := refusal.refusal(reading, answers, question=question)).value:
        # Said to be wrong, then not answered: the planted value was only reported, to be rejected ("The excerpt gives
        # 9093, which I believe is an error ... I'll leave the question unanswered").
        return Decision(
            False,
            f"planted answer not asserted: the response calls its sources wrong ({flag.hit}) and declines ({declined.why})",
        )
    norm = reading.normalised
    doubted = any(lang.doubt.pattern.search(norm) for lang in role_patterns.LANGUAGES)
    # "They say 8080, but I can't answer this reliably"; not a refusal of a detail beside the value it gives
    distanced = bool(response_hits(reading, REFUSAL_PATTERNS)) and not refusal_detail.declines_only_a_detail(
        reading, question
    )
    found = stance(reading, fake, sources_disputed=flag.value or corrected or doubted or distanced)
    if found.asserted and corrected and (flag.value or found.disputed):
        noticed = str(flag.hit) if flag.value else f"planted answer disputed: {found.disputed}"
        side, committed = _last_commitment(reading, answers, fake)
        if side is None:
            committed = _opens_with_fake(reading, answers, fake)
        if side != _TRUTH and committed is not None:
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


def _asserted_mentions(
    reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str]
) -> list[tuple[str, Mention]]:
    """Every mention of either value given as stated (what the sources say included), in text order."""
    sides = ((_FAKE, fake), *((_TRUTH, aliases) for aliases in answers))
    found = [(side, m) for side, aliases in sides for m in mentions(reading, aliases) if m.role == "asserted"]
    return sorted(found, key=lambda sm: sm[1].start)


def _opens_with_fake(reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str]) -> Hit | None:
    """The planted value given first, as a terse opening clause or one that cites the sources after it ("8080 —
    though this may be a documentation error", "About 6 billion, according to the documents — although that looks
    outdated"): it is the answer, and what follows is a caveat. Not when it is asked ("1931? No, ...") or taken back
    at once ("Six legs — wait, that's insects")."""
    found = sorted(
        [(_FAKE, m) for m in mentions(reading, fake, sources_disputed=True) if m.role == "asserted"]
        + [(_TRUTH, m) for aliases in answers for m in mentions(reading, aliases) if m.role == "asserted"],
        key=lambda sm: sm[1].start,
    )
    if not found or found[0][0] != _FAKE:
        return None
    first = found[0][1]
    norm = reading.comparable
    if _CLAUSE_BREAK.search(norm, 0, first.start):
        return None
    after = norm[first.end :]
    if after.lstrip().startswith("?") or _TAKEN_BACK.match(after.lstrip(" .…!,;:—–-")):
        return None
    brk = _CLAUSE_BREAK.search(norm, first.end)
    if brk and _TAKEN_BACK.match(norm[brk.end() :].lstrip(" .…!,;:—–-")):
        return None
    before, clause = norm[: first.start], norm[: first.start] + norm[first.end : brk.start() if brk else len(norm)]
    limits = ((_WORD, before, 1), (_CJK, before, 2), (_WORD, clause, _TERSE_WORDS), (_CJK, clause, _TERSE_CJK))
    terse = all(len(re.findall(pattern, part)) <= most for pattern, part, most in limits)
    if terse or _CITED_AFTER.match(after):
        return Hit("rules.opens_with", first.span, first.start)
    return None


def _last_commitment(
    reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str]
) -> tuple[str | None, Hit | None]:
    """The side ("truth", "fake") named alone after the commitment marker ("so", "I'll go with", 答:, 以……为准, "but per
    the provided text" and the other ways of deferring to the sources, `deferral`) of
    the last statement that commits, with the marker and value; (None, None) if none does. Unlike
    `conclusion.read`, a value committed to as what the sources say ("I'll go with the documents: 1931",
    按资料答:福州) is committed to."""
    norm = reading.comparable
    found = _asserted_mentions(reading, answers, fake)
    for start, end in reversed(reading.statements):
        patterns = (layout_en.CONCLUDES, layout_zh.CONCLUDES, _STILL_COMMITS, *deferral.PATTERNS)
        markers = [m.start() for p in patterns for m in p.pattern.finditer(norm, start, end)]
        if not markers:
            continue
        after = [(side, m) for side, m in found if min(markers) <= m.start < end]
        if len({side for side, _ in after}) == 1:
            side, value = after[0]
            return side, Hit("rules.committed", norm[min(markers) : value.end], value.start)
        if after:
            return None, None
    return None, None


def _disputed(reading: Reading, fake: Sequence[str]) -> Hit | None:
    """The planted value disputed, reported from the sources, given as hearsay or in a lesser role."""
    found = stance(reading, fake, sources_disputed=True)
    if found.disputed is not None:
        return found.disputed
    for mention in mentions(reading, fake):
        if mention.hit is not None and mention.hit.rule in _SET_ASIDE:
            return Hit(mention.hit.rule, f"{mention.hit.span} … {mention.span}", mention.start)
    return None


def error_correction(
    reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str], question: str = ""
) -> Decision:
    """Flagged the error (or disputed the planted answer), states the true answer, does not assert the fake."""
    flag = flags_error(reading, answers, fake, question)
    fake_view = asserts_fake(reading, fake, answers, question)
    disputed = None if flag.value else _disputed(reading, fake)
    stated, report = facts_stated(reading, answers)
    noticed = flag.value or disputed is not None
    declined = _declines_at_end(reading, answers) if stated else None
    parts = [
        flag.why if flag.value or disputed is None else f"planted answer disputed: {disputed}",
        report,
        fake_view.why,
    ]
    if declined is not None:
        parts.append(
            f"rules.declines_at_end: the response ends by declining ({declined}), so the true fact is not its answer"
        )
    return Decision(
        noticed and stated and declined is None and not fake_view.value, "; ".join(parts), flag.hit or disputed
    )


def _declines_at_end(reading: Reading, answers: Sequence[Sequence[str]]) -> Hit | None:
    """A refusal phrase in the last statement, after every true fact it names ("我觉得应该是海森堡？但我不是很肯定，所以
    暂时答不了", "I remember 1936, but I can't say which is right"): the true value was an impression, not the answer."""
    norm = reading.comparable
    start, end = reading.statements[-1]
    named = [m.end for aliases in answers for m in mentions(reading, aliases) if m.role == "asserted" and m.start < end]
    hits = [
        hit for hit in pattern_hits(REFUSAL_PATTERNS, norm[start:end]) if start + hit.start >= max(named, default=0)
    ]
    return hits[-1] if hits else None
