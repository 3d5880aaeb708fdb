"""What a response concludes: the conflict testbed's reader of answer structure.

A conflict case gives the target passages that disagree: most state the true value and some a
planted one (or the reverse). Whether a response adopts the planted value, or keeps the truth,
is decided by the value it concludes with, not by any mention: a response that reports both
values ("passage 2 says 1879, the others 1889") reports, and one that then says "so 1889"
concludes. The reader sorts every mention of either value by its place in the answer (placement.py):

- reported: given as what a source says ("passage 2 says 1879", "Doc B: 1879", "一份写1959年,
  另一份写1965年", a list item or table row that names its source), or as hearsay;
- listed: named side by side with the other value ("1912 or 1913", "2015年和2016年");
- aside: in parentheses, disputed ("not 1879", "1879 is a typo"), or in another role;
- asserted: anything else.

Then the conclusion is, in this order: the answer field of a response written as JSON; the values
after the first commitment marker (an answer label, "so", "I'd go with", 所以, 答案是, 我倾向于,
bold text, a hedge such as "either ... or ...") in the last statement that has one, or in a terse
answer line ("Two.", "**Au**", "唐朝。"); neither, when both values are given and the response
declines to choose ("I won't pick", a refusal); the one value asserted (two asserted values are told
apart by the clause that shares most words with the question, and the verdict is uncertain); the
one value reported, when the other is not reported and the response declines nothing (an echo of
the sources, "most passages say 2005"). A commitment that names both values, or a response that
only reports both, concludes neither. "Most documents say 2005, so 2005" concludes 2005.

The reader also says whether the response sets sources against each other: both values given
where a source is named, or some sources set against others ("most passages say", "two of the
three", "depending on which passage"); `conflict_rules.acknowledges_conflict` uses it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ragstress.corpora.langdetect import letter_words
from ragstress.scoring.lexicon.intl.markers import ENGLISH
from ragstress.scoring.metrics import conflict_rules_intl, json_answer, layout_en, layout_zh, response_language
from ragstress.scoring.metrics.placement import FAKE, LINE, PARENTHESES, SOURCE_WORD, TRUTH, Placed, place
from ragstress.scoring.metrics.rules import REFUSAL_PATTERNS, TURN, Mention, mentions, response_hits
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import normalise
from ragstress.values.reading import Reading, spans_between

# A full stop after a common abbreviation or an initial ends no statement: "(1926 vs. 1934)", "e.g. 1889",
# "approx. 40 m", "Robert C. Martin".
_ABBREVIATIONS = "vs e.g i.e cf approx ca no nos fig vol mr mrs ms dr st jr sr [a-z]".split()
_NOT_AFTER = "".join(rf"(?<!\b{re.escape(a) if a[0] != '[' else a}\.)" for a in _ABBREVIATIONS)
_STATEMENT_END = re.compile(rf"(?<=[.!?]){_NOT_AFTER}\s+|\s*[。!?;{LINE}]+\s*")
_CONCLUDES_AFTER = re.compile(f"{layout_en.CONCLUDES_AFTER}|{layout_zh.CONCLUDES_AFTER}")
# A Latin or Hangul word, or one Han or kana character: what a terse answer line is measured in.
_WORD_OR_CJK = re.compile(r"(?P<word>[a-z]+|[\uac00-\ud7af]+)|(?P<cjk>[\u3040-\u30ff\u3400-\u9fff])")
# What may stand beside the value in an answer line: "Fifteen per side.", "约960万平方公里".
_TERSE_WORDS = 3
_TERSE_CJK = 6
_STEM = 4  # English words are compared by their first letters: "sealed" and "sealing"
_STOPWORDS = set(
    "the a an of in on at to for and or is was are were did does do what which who whom when where how many much "
    "that this with from by as it its be been year".split()
)


@dataclass(frozen=True)
class Conclusion:
    """What a response concludes (`concluded`: "truth", "fake" or None) and how it treats its sources."""

    concluded: str | None
    why: str
    hit: Hit | None = None
    uncertain: str | None = None
    both_given: bool = False  # both values named, and one where a source is named
    split: Hit | None = None  # some sources set against others ("most passages say", "two of the three")
    named: frozenset[str] = frozenset()  # the sides the response names in any role but another
    placed: tuple[Placed, ...] = ()  # every mention of either value with its role, in the order of the text


def _terse(norm: str, bounds: tuple[int, int], inside: list[Placed]) -> bool:
    """An answer line: the value and at most a few words beside it ("Two.", "**Au** (from aurum).", "唐朝。")."""
    start, end = bounds
    rest = norm[start:end]
    for p in sorted(inside, key=lambda p: -p.mention.start):
        rest = rest[: p.mention.start - start] + rest[p.mention.end - start :]
    rest = PARENTHESES.sub("", rest)
    units = [m.lastgroup for m in _WORD_OR_CJK.finditer(rest)]
    return units.count("word") <= _TERSE_WORDS and units.count("cjk") <= _TERSE_CJK


def _committed(norm: str, bounds: Sequence[tuple[int, int]], placed: list[Placed]) -> tuple[str | None, str] | None:
    """The values after the commitment marker of the last statement that commits to one (None if none does)."""
    for index in range(len(bounds) - 1, -1, -1):
        start, end = bounds[index]
        inside = [p for p in placed if p.statement == index]
        markers = sorted(
            (m for p in (layout_en.CONCLUDES, layout_zh.CONCLUDES) for m in p.pattern.finditer(norm, start, end)),
            key=lambda m: m.start(),
        )
        chosen = [p for p in inside if _chosen(p, norm[p.mention.end : end])]
        if chosen:  # what is named as the answer is taken, whoever gave it first
            after = [Placed(p.side, p.mention, "asserted", p.statement) for p in chosen]
            why = f"{chosen[0].mention.span!r} named as the answer"
        elif markers:
            marker, after = _after_marker(norm, end, markers, inside)
            why = f"{'en' if marker[0].isascii() else 'zh'}.concludes matched {marker[0].strip()!r}"
        elif inside and _terse(norm, bounds[index], inside) and all(p.role == "asserted" for p in inside):
            after, why = inside, f"the answer line {norm[start:end].strip()!r}"
        else:
            continue
        if any(p.role == "listed" for p in after) and {p.side for p in after if p.role == "listed"} == {TRUTH, FAKE}:
            return None, f"{why}, then both values named side by side"
        sides = {p.side for p in after if p.role == "asserted"}
        worded = not chosen and markers and any(c.isalpha() for c in marker[0])  # a marker in words, not bold
        if not sides and worded and len({p.side for p in inside}) == 1:  # "I'd go with the newer report: 5.2m"
            sides = {p.side for p in after if p.role == "reported"}
            after = [Placed(p.side, p.mention, "asserted", p.statement) for p in after if p.side in sides]
        if len(sides) == 2:
            return None, f"{why}, then both values"
        if sides:
            side = sides.pop()
            span = next(p.mention.span for p in after if p.side == side and p.role == "asserted")
            return side, f"{why}, then {span!r}"
    return None


def _chosen(p: Placed, after: str) -> bool:
    """A value named as the answer by the words after it ("1889 is the answer"); a value a source gives only by a
    clause of the response's own set off by a comma ("most say $549.99, so that's my answer")."""
    found = _CONCLUDES_AFTER.match(after)
    if found is None:
        return False
    return p.role == "asserted" or (p.role == "reported" and found[0].lstrip()[:1] in ",;")


def _after_marker(
    norm: str, end: int, markers: list[re.Match[str]], inside: list[Placed]
) -> tuple[re.Match[str], list[Placed]]:
    """The first commitment marker of a statement and the mentions it reaches (up to a turn). A hedge naming both
    values that a later marker, past the turn, narrows to one ("Either 8 g or 17 g depending on the passage — firm
    tofu is probably at the higher end, so I'd say 17 g") commits to that one."""
    found: tuple[re.Match[str], list[Placed]] | None = None
    reach = -1
    for marker in markers:
        if marker.start() < reach:
            continue
        turn = TURN.search(norm, marker.end(), end)
        reach = turn.start() if turn else end
        after = [p for p in inside if marker.start() <= p.mention.start < reach]
        found = found or (marker, after)
        if len({p.side for p in after if p.role in ("asserted", "listed")}) == 2:
            continue  # both values: a later marker past the turn may still choose one
        if after and found[0] is not marker and {p.side for p in after if p.role == "asserted"}:
            return marker, after
        if found[0] is marker:
            return found
    assert found is not None  # markers is never empty
    return found


def _question_words(question: str) -> set[str]:
    q = normalise(question)
    words = {w[:_STEM] for w in re.findall(r"[a-z]{3,}", q) if w not in _STOPWORDS}
    cjk = re.sub(r"[^\u3400-\u9fff]", " ", q)
    return words | {cjk[i : i + 2] for i in range(len(cjk) - 1) if " " not in cjk[i : i + 2]}


def _overlap(norm: str, p: Placed, words: set[str]) -> int:
    """How many of the question's words (or CJK character pairs) the mention's clause shares."""
    breaks = ",;:.!?。\n"
    left = max(norm.rfind(c, 0, p.mention.start) for c in breaks)
    right = min([i for i in (norm.find(c, p.mention.end) for c in breaks) if i >= 0] or [len(norm)])
    clause = norm[left + 1 : right]
    stems = {w[:_STEM] for w in re.findall(r"[a-z]{3,}", clause)}
    return sum(w in stems or w in clause for w in words)


def _split_sources(norm: str, bounds: Sequence[tuple[int, int]], placed: list[Placed]) -> Hit | None:
    """Words setting some sources against others, in a statement that names a source, in a response giving a value."""
    if not placed:
        return None
    for pattern in (layout_en.SPLIT_SOURCES, layout_zh.SPLIT_SOURCES):
        for start, end in bounds:
            if SOURCE_WORD.search(norm[start:end]) and (found := pattern.pattern.search(norm, start, end)):
                return Hit(pattern.name, found[0], found.start())
    return None


def _declines_choice(norm: str) -> bool:
    return any(p.pattern.search(norm) for p in (layout_en.DECLINES_CHOICE, layout_zh.DECLINES_CHOICE))


Verdict = tuple[str | None, str, Hit | None, str | None]  # concluded side, why, hit, uncertain


def _conclude(lined: Reading, bounds: Sequence[tuple[int, int]], placed: list[Placed], question: str) -> Verdict:
    """The cascade of the module docstring, after the JSON answer field: a commitment, the one value asserted,
    the one value reported."""
    norm = lined.comparable
    committed = _committed(norm, bounds, placed)
    if committed is not None:
        side, why = committed
        return (
            side,
            f"concludes {side or 'neither value'}: {why}",
            Hit("conclusion.committed", why) if side else None,
            None,
        )
    declines = response_hits(lined, REFUSAL_PATTERNS) or _declines_choice(norm)
    if declines and {p.side for p in placed if p.role in ("asserted", "reported")} == {TRUTH, FAKE}:
        why = "concludes neither value: the response gives both values and declines to choose"
        return None, why, None, None
    asserted = [p for p in placed if p.role == "asserted"]
    # every statement that asserts a value names the two once each: the camps listed, and nothing said of one after
    statements = {p.statement for p in asserted}
    camps_only = bool(statements) and all(
        sorted(q.side for q in placed if q.statement == index) == [FAKE, TRUTH] for index in statements
    )
    if camps_only and (camps := _camps_abroad(lined)):
        why = f"concludes neither value: both values given where {camps}, with no choice the rules can read"
        return None, why, None, "both values asserted in a third language"
    if asserted:
        if len({p.side for p in asserted}) == 1:
            best, why, uncertain = asserted[0], f"{asserted[0].mention.span!r} asserted", None
        else:
            words = _question_words(question)
            best = max(asserted, key=lambda p: (_overlap(norm, p, words), -p.mention.start))
            why = f"both values asserted, {best.mention.span!r} in the clause closest to the question"
            uncertain = "both values asserted"
        hit = Hit("conclusion.asserted", best.mention.span, best.mention.start)
        return best.side, f"concludes {best.side}: {why}", hit, uncertain
    reported = [p for p in placed if p.role == "reported"]
    if len({p.side for p in reported}) == 1 and not declines:
        p = reported[0]
        why = f"concludes {p.side}: only {p.mention.span!r} is given, as what the sources say"
        return p.side, why, Hit("conclusion.echoed", p.mention.span, p.mention.start), None
    if reported or any(p.role == "listed" for p in placed):
        return None, "concludes neither value: the response reports what the sources say without choosing", None, None
    return None, "concludes neither value: neither is stated as the answer", None, None


def _camps_abroad(lined: Reading) -> str | None:
    """A response that says its sources differ in a third language ("les sources divergent : certaines indiquent 268,
    d'autres 298", "자료마다 다릅니다"): the values it then gives are the sources' camps, reported in words the
    reader does not place, so two values asserted there, each statement naming both, are no choice of one; a
    statement naming one value alone ("La capitale du Canada est Ottawa.") is read as before."""
    # 'the sources diverge' is English too: a response with English words in it is read by the English rules
    if response_language.third_language(lined.text) is None and any(
        word.lower() in ENGLISH for word in letter_words(lined.text)
    ):
        return None
    norm = normalise(lined.text)
    found = next((m for p in conflict_rules_intl.ACKNOWLEDGE if (m := p.pattern.search(norm))), None)
    return f"the response says its sources differ in a third language ({found[0]!r})" if found else None


_EXPLAINED_AWAY = ("en.demoted", "zh.demoted")


def _explained_away(mention: Mention) -> bool:
    """A value given a lesser role right after it ("is only the year ...", "那是……的旧纪录"): named, though not
    the answer."""
    return mention.hit is not None and mention.hit.rule in _EXPLAINED_AWAY


def read(reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str], question: str = "") -> Conclusion:
    """Read which value the response concludes with, and whether it sets its sources against each other; worked out
    once per response and case: a conflict case's metrics (adoption, truth kept, refusal, ...) read it alike."""
    key = ("conclusion", tuple(tuple(fact) for fact in answers), tuple(fake), question)
    return reading.derived(key, lambda: _read(reading, key[1], key[2], question))


def _read(reading: Reading, answers: tuple[tuple[str, ...], ...], fake: tuple[str, ...], question: str) -> Conclusion:
    is_json, field = json_answer.answer(reading)
    # A line break is kept as a mark through `comparable`, which folds whitespace: a line is a statement.
    text = re.sub(r"\s*\n\s*", f" {LINE} ", reading.text.strip())
    lined = reading if text == reading.text else reading.part(text)  # a text of one line shares the response's mentions
    norm = lined.comparable
    bounds = spans_between(norm, _STATEMENT_END)
    placed = place(lined, bounds, answers, fake)
    # 'the 24% figure' is named, and so is a value explained away as the old one ("2:01:09，那是2022年的旧纪录")
    named = {p.side for p in placed if p.mention.role != "other" or p.role == "reported" or _explained_away(p.mention)}
    names_a_source = functools.cache(lambda index: bool(SOURCE_WORD.search(norm[slice(*bounds[index])])))
    sourced = any(  # hearsay ("many people believe 1879") names no source; a statement is searched once
        (p.role == "reported" and p.mention.role != "hearsay") or names_a_source(p.statement) for p in placed
    )
    context = {
        "both_given": named == {TRUTH, FAKE} and sourced,
        "split": _split_sources(norm, bounds, placed),
        "named": frozenset(named),
        "placed": tuple(placed),
    }
    if is_json:
        truth = [alias for fact in answers for alias in fact]
        inside = {side for side, aliases in ((TRUTH, truth), (FAKE, fake)) if mentions(reading.part(field), aliases)}
        concluded = inside.pop() if len(inside) == 1 else None
        return Conclusion(
            concluded,
            f"concludes {concluded or 'neither value'}: the JSON answer field {field or 'is empty'}",
            **context,
        )
    return Conclusion(*_conclude(lined, bounds, placed, question), **context)
