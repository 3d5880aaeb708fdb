"""Does a response say its sources disagree? The deterministic rule of the conflict testbed.

A response acknowledges a conflict when it says, in any wording, that its passages give
different answers: "the sources disagree", "conflicting information", "some passages say
1889, others 1879", "one document puts it at 1889 while another says 1879"; 资料说法不一,
相互矛盾, 有的资料说…也有的说…, 存在出入, 各文档给出的年份互相矛盾; in a third language
(`conflict_rules_intl`); or in a JSON field named for it (`json_answer.conflict_field`). A
denial does not count ("the sources do not contradict each other", "there is no conflict",
"I didn't notice any inconsistency", 资料并不矛盾, 说法一致), nor a difference of wording only
("they differ slightly in wording"), nor, when the response names one value, its sources said
to agree on it ("both say 1889"). Shapes, not strings: each pattern names a way of saying it,
with its own tests in en and zh (the English and Chinese patterns are in `conflict_patterns`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics import conclusion, conflict_rules_intl, json_answer
from ragstress.scoring.metrics.conflict_patterns import ACKNOWLEDGE, AGREEMENT, DENIAL, SAME_VALUE, SOME_SOURCES
from ragstress.scoring.metrics.placement import SOURCE_WORD
from ragstress.scoring.metrics.rules import SENTENCE_BREAK, Decision, error_flag, mentions
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.matching import alias_in, alias_patterns
from ragstress.values.reading import Reading


def _first(patterns: Sequence[NamedPattern], text: str) -> Hit | None:
    hits = [(m.start(), p.name, m[0]) for p in patterns for m in [p.pattern.search(text)] if m]
    if not hits:
        return None
    start, name, span = min(hits)
    return Hit(name, span, start)


def _denial(norm: str, one_value: bool) -> Hit | None:
    """The first denial of a conflict, leaving out agreement said of only some sources ("most pages agree"); "both
    say 1889" denies only when the response names one of the case's values (`one_value`)."""
    agreement = (*AGREEMENT, *(SAME_VALUE if one_value else ()))
    hits = [
        Hit(p.name, m[0], m.start())
        for p in (*DENIAL, *conflict_rules_intl.DENIAL)
        for m in [p.pattern.search(norm)]
        if m
    ]
    hits += [
        Hit(p.name, m[0], m.start())
        for p in agreement
        for m in p.pattern.finditer(norm)
        if not SOME_SOURCES.search(norm, max(0, m.start() - 40), m.start())
    ]
    return min(hits, key=lambda h: h.start, default=None)


_SOURCE_AFTER = 10  # how far after a value its own sources may be named: "1997年(资料1、2)"
_CALLED_WRONG = ("en.called_wrong", "en.replaced", "zh.called_wrong", "zh.replaced")
"""Roles of a value called wrong, or replaced, right after it is named ("1879 is a typo", "6.9秒应为笔误")."""


def _fake_called_wrong(
    reading: Reading, fake: Sequence[str], answers: Sequence[Sequence[str]], flag: Hit | None
) -> bool:
    """Whether the planted value is itself called wrong or replaced where it is named, or the error flag's sentence
    names it and no true value ("The 1943 date in Passage 2 is a misprint", where "the 1943 date" reads as naming a
    thing, so no role calls the value itself wrong)."""
    if any(m.hit is not None and m.hit.rule in _CALLED_WRONG for m in mentions(reading, fake)):
        return True
    if flag is None:
        return False
    norm = reading.normalised
    before = [m.end() for m in SENTENCE_BREAK.finditer(norm, 0, flag.start)]
    after = SENTENCE_BREAK.search(norm, flag.start + len(flag.span))
    sentence = norm[before[-1] if before else 0 : after.start() if after else len(norm)]
    return alias_in(sentence, fake) is not None and not any(alias_in(sentence, aliases) for aliases in answers)


def _named_at(text: str, aliases: Sequence[str]) -> list[tuple[int, int]]:
    """Where any alias of one value is named in `text` (normalised): (start, end) of each find."""
    return [
        (m.start(), m.end()) for alias in aliases for pattern in alias_patterns(alias) for m in pattern.finditer(text)
    ]


def _true_value_called_wrong(
    reading: Reading, fake: Sequence[str], answers: Sequence[Sequence[str]], flag: Hit | None
) -> bool:
    """Whether the flag calls a true value wrong where one source gives it, and the planted value stands as the
    response's own ("the 42,000 in Document 2 looks like a typo"; 资料3写1861年，应该是笔误，……1865年): the value
    last named before the flag in its sentence is a true one, a source is named with it, and no source is named
    with the planted value. One source's value is called wrong; the sources are not said to differ."""
    if flag is None:
        return False
    norm = reading.normalised
    before = [m.end() for m in SENTENCE_BREAK.finditer(norm, 0, flag.start)]
    start = before[-1] if before else 0
    true_at = [at for aliases in answers for at in _named_at(norm, aliases)]
    fake_at = _named_at(norm, fake)
    named = [(at, side) for side, found in ((True, true_at), (False, fake_at)) for at in found]
    last = max(((at, side) for at, side in named if start <= at[0] and at[1] <= flag.start), default=None)
    if last is None or not last[1] or not fake_at:
        return False
    (value_start, value_end), _ = last
    cut = max(norm.rfind(mark, start, value_start) for mark in ",;:")  # the clause the value stands in
    clause_start = cut + 1 if cut >= 0 else start
    if not SOURCE_WORD.search(norm[clause_start : flag.start]):
        return False
    return not any(SOURCE_WORD.search(norm[max(0, a - 20) : b + _SOURCE_AFTER]) for a, b in fake_at)


def _truth_sourced(reading: Reading, concluded: conclusion.Conclusion) -> bool:
    """Whether a true value is given with sources of its own ("1997年（资料1、2）；资料3写的1999年可能是笔误"): the
    response then sets sources against a source, which says they differ, and calls the odd one out wrong."""
    norm = reading.comparable
    for placed in concluded.placed:
        mention = placed.mention
        if placed.side != conclusion.TRUTH:
            continue
        if placed.role == "reported":
            return True
        if norm[mention.start : mention.end] != mention.span:  # a response of several lines is read in another form
            continue
        after = norm[mention.end : mention.end + _SOURCE_AFTER]
        after = after[: min((i for i in map(after.find, ",;") if i >= 0), default=len(after))]
        if SOURCE_WORD.search(mention.clause) or SOURCE_WORD.search(after):
            return True
    return False


def acknowledges_conflict(
    reading: Reading, answers: Sequence[Sequence[str]] = (), fake: Sequence[str] = (), question: str = ""
) -> Decision:
    """Whether the response says its sources give different answers (and does not deny it).

    A response written as JSON says so in a field named for it ("sources_conflict": true). Given the
    case's values, the response also acknowledges by its structure (`conclusion.read`): it gives both
    values where a source is named ("Two. One passage says three"), or sets some sources against
    others ("most passages say 2005", "two of the three documents").
    """
    norm = reading.normalised
    field = json_answer.conflict_field(reading.json) if reading.json is not None else None
    said = (
        Hit("json.conflict_field", field, 0)
        if field
        else _first((*ACKNOWLEDGE, *conflict_rules_intl.ACKNOWLEDGE), norm)
    )
    hesitation = None
    concluded = conclusion.read(reading, answers, fake, question) if fake else None
    in_words = said is not None  # "both say 1889" undoes words of disagreement, not a structure of camps
    if said is None and concluded is not None:
        if concluded.split is not None:
            said = Hit(
                concluded.split.rule, concluded.split.span, 0
            )  # read from the whole response: any denial undoes it
        elif concluded.both_given:
            flagged = error_flag(reading)
            if (
                flagged.value
                and _fake_called_wrong(reading, fake, answers, flagged.hit)
                and not _truth_sourced(reading, concluded)
            ) or (flagged.value and _true_value_called_wrong(reading, fake, answers, flagged.hit)):
                # "passage 2's 1879 is a typo" calls one source's value wrong: it flags that source, and says
                # nothing of the sources differing; readers may still take the two values as implying it
                return Decision(
                    False,
                    f"one source's value called wrong ({flagged.why}), not said to differ from the others",
                    flagged.hit,
                    uncertain="both values are given where a source is named, which some readers take as a conflict",
                )
            said = Hit("conflict.both_values_sourced", "both values given where a source is named", 0)
            if flagged.value:  # "passage 2 has 1879, but that was the old figure": a source called out of date
                hesitation = "one source is called wrong or out of date, and the sources are not said to differ"
    if said is None:
        return Decision(False, "no acknowledgement that the sources disagree")
    denied = _denial(norm, in_words and concluded is not None and len(concluded.named) == 1)
    if denied is not None and not re.search(r"\b(?:but|however)\b|但|不过", norm[denied.start : said.start]):
        return Decision(False, f"{denied} (a denial of conflict) beside {said}", denied)
    return Decision(True, f"sources said to disagree: {said}", said, uncertain=hesitation)
