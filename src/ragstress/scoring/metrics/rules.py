"""The default rules: negation- and scope-aware refusal, error-flag and stance decisions.

Named patterns live in role_patterns.py (one table per language); both languages' patterns run on
every response, since answers mix languages. What this module adds is scope:
- a refusal phrase refuses the question only if the response does not go on to state
  every required fact ("the passages do not mention the architect, but it was
  completed in 1889" answers the question);
- an error flag preceded by a negation in its clause ("no factual errors", "没有错误信息"),
  or in a sentence about popular belief that names no source ("很多人以为是1895年，这是错误的"),
  does not flag; the patterns themselves keep 没有误会 apart from 有误;
- a mention of an answer is disputed only when the negation or the "wrong" applies to
  it ("not 1895", "1895 is incorrect", "不是1895年"); "built in 1895, not 1889" and
  "actually completed in 1895" assert 1895. A mention reported as what the sources
  say counts as disputed only if the response also flags, doubts or corrects the sources;
- a mention that names something else ("the 1889 World's Fair", "1889年的博览会"), is
  only a point of comparison ("two years before 1889") or is what other people say ("some
  say Paris", "有人认为是巴黎") is neither stated nor disputed;
- whether a counterfactual response asserts the planted answer or corrects it is read in
  corrections.py, on top of these rules and of the value the response concludes with.
Every decision returns the Hit (rule name and matched span) that the Score cites.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ragstress.scoring.metrics import (
    json_answer,
    json_units,
    layout_en,
    layout_zh,
    mention_roles,
    refusal_en,
    refusal_intl,
    refusal_zh,
    role_patterns,
    rules_flags_en,
    rules_flags_intl,
    rules_flags_zh,
)
from ragstress.scoring.metrics.names import surname_aliases
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.matching import alias_patterns
from ragstress.values.reading import Reading

REFUSAL_PATTERNS: tuple[NamedPattern, ...] = refusal_en.REFUSAL + refusal_zh.REFUSAL + refusal_intl.REFUSAL
ERROR_FLAG_PATTERNS: tuple[NamedPattern, ...] = (
    *rules_flags_en.ERROR_FLAG,
    *rules_flags_zh.ERROR_FLAG,
    rules_flags_zh.DOUBTS,
    *rules_flags_intl.ERROR_FLAG,
)
_THIRD_LANGUAGE = tuple(p.name for p in rules_flags_intl.ERROR_FLAG)
_CLAUSE_BREAK = re.compile("|".join(lang.clause_break for lang in role_patterns.LANGUAGES))
CLAUSE_REACH = 300
"""How far back a clause is read before a mention or a flag: text that runs on longer without a break has lost the
syntax the rules read it by, and every rule that reads a clause searches all of it, once per mention."""
_NEGATION_WORDS = 6  # an English negation further back than this does not reach the flag
_NEGATION_CHARS = 8  # the same for Chinese, in characters


def pattern_hits(patterns: Sequence[NamedPattern], text: str) -> list[Hit]:
    """Every match of `patterns` in `text` (a clause or any piece of normalised text), in text order."""
    found = [Hit(p.name, m[0], m.start()) for p in patterns for m in p.pattern.finditer(text)]
    return sorted(found, key=lambda hit: hit.start)


def response_hits(reading: Reading, patterns: tuple[NamedPattern, ...], form: str | None = None) -> list[Hit]:
    """`pattern_hits` of `patterns` in a form of the response (`reading.normalised` unless given), found once per
    response: the refusal and error-flag families are read by several metrics. Keyed by the form's text, so a response
    whose two forms are alike is searched once. The list is shared: never change it."""
    text = reading.normalised if form is None else form
    return reading.derived(("hits", patterns, text), lambda: pattern_hits(patterns, text))


def clause_before(reading: Reading, form: str, position: int) -> str:
    """The text of the clause that `position` of `form` (a form of `reading`) falls in, up to `position` (its start
    found by bisection among the clause breaks of `form`, found once per response: `breaks.Breaks`), at most
    CLAUSE_REACH characters of it."""
    return form[max(reading.breaks(_CLAUSE_BREAK, form).start_of(position), position - CLAUSE_REACH) : position]


def _negation(prefix: str, third_language: bool = False) -> Hit | None:
    """A negation close before a flag: the last few words (English, or the flag's third language) or Chinese
    characters of its clause, or a negation further back that governs the flag through 'that' or 'to say'."""
    near_words = " ".join(prefix.split()[-_NEGATION_WORDS:])
    checks = [
        (rules_flags_en.NEGATOR, near_words),
        (rules_flags_zh.NEGATOR, prefix[-_NEGATION_CHARS:]),
        (rules_flags_en.NEGATED_FRAME, prefix),
    ]
    if third_language:
        checks.append((rules_flags_intl.NEGATOR, near_words))
    for pattern, near in checks:
        if found := pattern.pattern.search(near):
            return Hit(pattern.name, found[0])
    return None


SENTENCE_BREAK = re.compile(r"[.!?。\n]")  # NFKC has made "！？" ASCII in every form the rules read
_SOURCE_WORDS = re.compile("|".join(lang.source_words for lang in role_patterns.LANGUAGES))


def _popular_belief(reading: Reading, text: str, position: int) -> Hit | None:
    """A flag in a sentence about popular belief that names no source up to the end of the flag's clause, or names
    them just before it as the belief's judge ("…, but according to these passages that's a popular misconception",
    很多人以为…，但根据资料，这种说法是错误的), disputes the belief, not the documents."""
    start = reading.breaks(SENTENCE_BREAK, text).start_of(position)
    end = SENTENCE_BREAK.search(text, position)
    sentence = text[start : end.start() if end else len(text)]
    clause_end = _CLAUSE_BREAK.search(text, position)
    named = text[start : min(clause_end.start() if clause_end else len(text), start + len(sentence))]
    judges = any(
        gives.pattern.search(text, start, position) for gives in (layout_en.SOURCE_GIVES, layout_zh.SOURCE_GIVES)
    )
    for pattern in (rules_flags_en.POPULAR_BELIEF, rules_flags_zh.POPULAR_BELIEF):
        if (found := pattern.pattern.search(sentence)) and (judges or not _SOURCE_WORDS.search(named)):
            return Hit(pattern.name, found[0])
    return None


@dataclass(frozen=True)
class Decision:
    """A yes/no rule outcome with the hit that decided it and a sentence saying why.

    `uncertain` names what makes a careful reader hesitate (a refusal phrase beside an answer,
    say), or is None when the verdict is clear; `guess` is a fact given only approximately."""

    value: bool
    why: str
    hit: Hit | None = None
    uncertain: str | None = None
    guess: Hit | None = None


def error_flag(reading: Reading) -> Decision:
    """Does the response say its sources contain factual errors? Negated flags, and flags aimed at popular belief, are skipped."""
    return reading.derived("error_flag", lambda: _error_flag(reading))


def _error_flag(reading: Reading) -> Decision:
    data = reading.json
    if data is not None and (field := json_answer.error_field(data)):
        return Decision(
            True, f"error flag: the JSON field {field!r} says the sources are wrong", Hit("json.error_field", field, 0)
        )
    norm = reading.normalised
    negated = []
    hits = response_hits(reading, ERROR_FLAG_PATTERNS)
    for index, hit in enumerate(hits):
        negation = _flag_negation(reading, hit)
        popular = None if negation else _popular_belief(reading, norm, hit.start)
        withdrawn = None if negation or popular else _withdrawn(reading, hit, hits[index + 1 :])
        if negation is None and popular is None and withdrawn is None:
            return Decision(True, f"error flag: {hit}", hit)
        if negation:
            why = f"{negation} comes before it"
        elif popular:
            why = f"{popular} in its sentence, which names no source"
        else:
            why = f"{withdrawn} after it"
        negated.append(f"{hit} but {why}")
    return Decision(False, "no error flag" + (f" ({'; '.join(negated)})" if negated else ""))


def _flag_negation(reading: Reading, hit: Hit) -> Hit | None:
    return _negation(clause_before(reading, reading.normalised, hit.start), hit.rule in _THIRD_LANGUAGE)


# A turn in a sentence: a contrast, or a dash ("I'd say Martin — Fowler wrote another"). It ends the reach of
# a commitment marker (conclusion) and lets a sentence take back a flag it raised (`_withdrawn`).
TURN = re.compile(f"{layout_en.CONTRAST}|{layout_zh.CONTRAST}|\\s(?:—|–|--)\\s")


def _withdrawn(reading: Reading, hit: Hit, later: Sequence[Hit]) -> str | None:
    """A flag the same sentence takes back: a contrast, then the flag denied ('I wondered whether this might be a
    mix-up, but nothing in the documents suggests an error'; 可能有误，但资料并没有错误). A writer who weighs an error
    and then says there is none has not flagged the sources."""
    norm = reading.normalised
    end = SENTENCE_BREAK.search(norm, hit.start + len(hit.span))
    for other in later:
        if end is not None and other.start >= end.start():
            break
        between = norm[hit.start + len(hit.span) : other.start]
        if TURN.search(between) and (denied := _flag_negation(reading, other)):
            return f"{other} denied by {denied}"
    return None


@dataclass(frozen=True)
class Stance:
    """How a response treats one answer: the mention it asserts and the mention it disputes, if any."""

    asserted: Hit | None
    disputed: Hit | None
    aside: Hit | None = None  # a mention set aside as naming something else or as hearsay

    @property
    def mentioned(self) -> bool:
        return self.asserted is not None or self.disputed is not None


@dataclass(frozen=True)
class Mention:
    """One mention of an answer in the comparable form of a response (`matching.comparable`), with its role.

    `role` is "asserted", "disputed", "other" (it names something else, is a point of comparison, a peer or
    a rival) or "hearsay" (what other people, or some of the sources, say); `hit` is the rule that gave the
    role (None when asserted); `clause` is the clause the mention sits in, up to the mention."""

    start: int
    end: int
    span: str
    role: str
    hit: Hit | None = None
    clause: str = ""


def mentions(reading: Reading, aliases: Sequence[str], *, sources_disputed: bool = False) -> tuple[Mention, ...]:
    """Every mention of any alias (or a full name's surname used alone), alias by alias, each with its role, worked
    out once per response: every metric of a response reads the mentions of the same few values.

    `sources_disputed`: the response elsewhere flags or corrects its sources, so a
    mention reported as what the sources say ("the document says 1895") is disputed.
    """
    key = ("mentions", tuple(aliases), sources_disputed)
    return reading.derived(key, lambda: _mentions(reading, key[1], sources_disputed))


def _mentions(reading: Reading, aliases: tuple[str, ...], sources_disputed: bool) -> tuple[Mention, ...]:
    norm = reading.comparable
    found = []
    for alias in [*aliases, *surname_aliases(reading.text, aliases)]:  # "Page" for "Larry Page" (names.py)
        for match in (m for pattern in alias_patterns(alias) for m in pattern.finditer(norm)):
            start, end = match.start(), match.end()
            prefix = clause_before(reading, norm, start)
            other = mention_roles.other_role(reading, norm, start, end, prefix)
            dispute = None if other else mention_roles.dispute(norm, start, end, prefix, sources_disputed)
            hearsay = mention_roles.hearsay(norm, start, end, prefix) if other is None and dispute is None else None
            role = "other" if other else "disputed" if dispute else "hearsay" if hearsay else "asserted"
            found.append(Mention(start, end, match[0], role, other or dispute or hearsay, prefix))
    # a JSON field's number with the unit its key names ('"refund_days": 14' states '14 days')
    found.extend(
        Mention(start, end, stated, "asserted") for start, end, stated in json_units.unit_mentions(reading, aliases)
    )
    return tuple(_glosses_follow(norm, found))


def _glosses_follow(norm: str, found: list[Mention]) -> list[Mention]:
    """A mention inside a gloss right after another mention of the same value ("古罗马（今意大利）") is said what that
    one is: disputed, reported or asserted with it. The mentions keep their order."""
    ordered = sorted(range(len(found)), key=lambda i: found[i].start)
    for place, i in enumerate(ordered):
        reach = mention_roles.past_gloss(norm, found[i].end)
        for j in ordered[place + 1 :]:
            if found[j].start >= reach:
                break
            if found[j].start > found[i].end:
                found[j] = dataclasses.replace(found[j], role=found[i].role, hit=found[i].hit)
    return found


def stance(reading: Reading, aliases: Sequence[str], *, sources_disputed: bool = False) -> Stance:
    """Sort the mentions of an answer into asserted or disputed (the first of each kept); a mention in
    another role or given as hearsay is set aside. `sources_disputed` as in `mentions`."""
    asserted = disputed = aside = None
    for mention in mentions(reading, aliases, sources_disputed=sources_disputed):
        hit = mention.hit
        if mention.role in ("other", "hearsay"):
            aside = aside or Hit(hit.rule, f"{hit.span} … {mention.span}", mention.start)
        elif mention.role == "disputed" and disputed is None:
            before = hit.start <= mention.start
            disputed = Hit(
                hit.rule, f"{hit.span} … {mention.span}" if before else f"{mention.span} … {hit.span}", mention.start
            )
        elif mention.role == "asserted" and asserted is None:
            asserted = Hit("stated", mention.span, mention.start)
    return Stance(asserted, disputed, aside)


def facts_stated(reading: Reading, answers: Sequence[Sequence[str]]) -> tuple[bool, str]:
    """Whether every required fact is stated (mentioned and not disputed), with a per-fact report."""
    parts, ok = [], True
    for aliases in answers:
        found = stance(reading, aliases)
        if found.asserted:
            parts.append(f"{aliases[0]!r} stated as {found.asserted.span!r}")
        else:
            ok = False
            parts.append(
                f"{aliases[0]!r} disputed ({found.disputed})"
                if found.disputed
                else f"{aliases[0]!r} not stated ({found.aside})"
                if found.aside
                else f"{aliases[0]!r} missing"
            )
    return ok, "; ".join(parts)
