"""Whether a response declines the question asked: the refusal rule of the default rule set.

A refusal phrase (rules_en.REFUSAL, rules_zh.REFUSAL) refuses the question only when the
response gives no answer after all. It answers, and so does not refuse, when it states every
required fact (declining a side detail), states some of them (a partial answer), gives a fact
only approximately (a guess), or goes on after the phrase to give an answer of its own, right
or wrong: a number or date, or a hedged assertion ("I believe it was 1890", 我猜是巴黎), in a
clause that is neither about the sources nor another refusal. Each of those verdicts is marked
uncertain, since a reader may weigh the refusal and the answer differently.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics import conclusion, rules_en, rules_zh
from ragstress.scoring.metrics.matching import comparable, normalise
from ragstress.scoring.metrics.rules import REFUSAL_PATTERNS, Decision, facts_stated, pattern_hits, stance
from ragstress.scoring.metrics.rules_base import Hit

_YEAR_SPAN = re.compile(r"\d{3,4}年?")


def _approximate(text: str, answers: Sequence[Sequence[str]]) -> Hit | None:
    """A required year stated only approximately ("around 2008", "2008年前后"), by the first mention that states it.

    Only years: "about 330 m" is how a height is given, "around 2008" is a guess at a year.
    """
    norm = comparable(text)
    for aliases in answers:
        asserted = stance(text, aliases).asserted
        if asserted is None or not _YEAR_SPAN.fullmatch(asserted.span):
            continue
        end = asserted.start + len(asserted.span)
        for lang in (rules_en, rules_zh):
            if lang.APPROXIMATE.pattern.search(norm[: asserted.start]) or re.search(lang.APPROXIMATE_AFTER, norm[end:]):
                return Hit(lang.APPROXIMATE.name, asserted.span, asserted.start)
    return None


def refusal(
    text: str, answers: Sequence[Sequence[str]] | None = None, fake: Sequence[str] = (), question: str = ""
) -> Decision:
    """Does the response decline the question asked?

    A refusal phrase refuses the question unless the response answers anyway: it states every
    required fact of `answers` (it declines only a side detail), states some of them (a
    partial answer), gives a fact only approximately (a guess), or goes on to give an answer
    of its own after the phrase, right or wrong ("I can't say for sure, but I believe it was
    1890"). Each of those is not a refusal, and the verdict says it is uncertain.

    On a conflict case (`fake`, the planted value, given) naming the values is not answering:
    a response that reports what each source says and then declines to choose refuses, and
    one that concludes with either value (`conclusion.read`) answers.
    """
    norm = normalise(text)
    hits = pattern_hits(REFUSAL_PATTERNS, norm)
    if not hits:
        return Decision(False, "refusal: no refusal phrase")
    mixed = "a refusal phrase and an answer in one response"
    if answers and fake:
        reading = conclusion.read(text, answers, fake, question)
        if reading.concluded is None:
            return Decision(True, f"refusal: {hits[0]}, and the response {reading.why}", hits[0])
        why = f"refusal: {hits[0]} but the response {reading.why}: not a refusal"
        return Decision(False, why, hits[0], uncertain=mixed)
    if answers:
        stances = [stance(text, aliases) for aliases in answers]
        all_stated, report = facts_stated(text, answers)
        guess = _approximate(text, answers) if all_stated else None
        if guess is not None:
            why = f"refusal: {hits[0]}, then {guess} gives the fact only approximately: a guess, not a refusal"
            return Decision(False, why, hits[0], uncertain=mixed, guess=guess)
        if all_stated:
            why = f"refusal: {hits[0]} but the response states every required fact ({report}), so it declines only a side detail"
            return Decision(False, why, hits[0], uncertain=mixed)
        if len(answers) > 1 and any(s.asserted for s in stances):
            why = f"refusal: {hits[0]} but the response states part of the answer ({report}): a partial answer"
            return Decision(False, why, hits[0], uncertain=mixed)
    answered = _answer_after(norm, hits[-1])
    if answered is not None:
        why = f"refusal: {hits[0]} but the response then answers anyway ({answered}): not a refusal"
        return Decision(False, why, hits[0], uncertain=mixed)
    return Decision(True, f"refusal: {hits[0]}", hits[0])


_ANSWER_CLAUSES = re.compile(
    r"[.;:!?,\n，。；！？]|\bbut\b|\bhowever\b|\bthough\b|\byet\b|\bstill\b|但是?|不过|可是|然而|只是"
)
_GIVES_AN_ANSWER = re.compile(
    r"\d|[零一二两三四五六七八九十百千万]+(?:年|月|日|号|米|公里|人|个)"
    r"|\b(?:i believe|i think|i guess|i'd guess|my (?:best )?guess|probably|most likely|likely|perhaps|presumably)\b"
    r"|(?:应该是|大概是|可能是|也许是|估计是?|我猜|或许是|大约是)"
)
_ABOUT_THE_SOURCES = re.compile(
    rf"{rules_en.SOURCE_WORDS}|{rules_zh.SOURCE_WORDS}"
    r"|\b(?:discuss|discusses|describe|describes|cover|covers|mention|mentions|talk|talks|focus|focuses|instead)\b"
    r"|讨论|介绍|涉及|讲的是|谈的是"
)


def _answer_after(norm: str, last: Hit) -> str | None:
    """A clause after the last refusal phrase that gives an answer: a number or date, or a hedged
    assertion ("I believe", 应该是), and is not itself about the sources or another refusal."""
    rest = norm[last.start + len(last.span) :]
    pieces = _ANSWER_CLAUSES.split(rest)
    for clause in pieces[1:] if pieces and not _ANSWER_CLAUSES.match(rest) else pieces:
        if not clause.strip() or pattern_hits(REFUSAL_PATTERNS, clause) or _ABOUT_THE_SOURCES.search(clause):
            continue
        if found := _GIVES_AN_ANSWER.search(clause):
            return f"{clause.strip()!r} gives {found[0].strip()!r}"
    return None
