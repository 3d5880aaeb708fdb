"""Whether a response declines the question asked: the refusal rule of the default rule set.

A refusal phrase (refusal_en, refusal_zh, refusal_intl) refuses the question only when the
response gives no answer after all. It answers, and so does not refuse, when it states every
required fact (declining a side detail), states some of them (a partial answer), gives a fact
only approximately (a guess), or goes on after the phrase to give an answer of its own, right
or wrong: a number or date, or a hedged assertion ("I believe it was 1890", 我猜是巴黎), in a
clause that is neither about the sources nor another refusal. It answers too when it states a value,
right or wrong, and the refusal is narrowed to a detail the question does not ask ("It was founded in 1925,
though the passages don't give the exact opening month", 馆长是陈马克，具体任期资料没有提到). Each of those
verdicts is marked uncertain, since a reader may weigh the refusal and the answer differently.

Two shapes decide without weighing phrases: a response written as JSON whose answer field is
null, empty or itself a refusal ("N/A", "unknown") refuses, and one whose answer field holds a
value answers. And a refusal of the whole question that comes last ("..., so I can't answer",
"因此无法回答这个问题") refuses even when the passages' facts were named before it, unless a
required fact is stated after it: those facts were reported, not given as the answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from ragstress.scoring.lexicon.en import declining as en_declining
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.metrics import conclusion, json_answer, refusal_en, refusal_zh, role_patterns
from ragstress.scoring.metrics.refusal_clauses import (
    ANSWER_CLAUSES,
    YEAR_SPAN,
    answer_after,
    guess_before,
)
from ragstress.scoring.metrics.refusal_detail import value_beside_a_detail
from ragstress.scoring.metrics.refusal_guess import guess_after_refusal
from ragstress.scoring.metrics.rules import (
    REFUSAL_PATTERNS,
    Decision,
    facts_stated,
    mentions,
    pattern_hits,
    response_hits,
    stance,
)
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import normalise
from ragstress.values.reading import Reading


def _approximate(reading: Reading, answers: Sequence[Sequence[str]]) -> Hit | None:
    """A required year stated only approximately ("around 2008", "2008年前后"), by the first mention that states it.

    Only years: "about 330 m" is how a height is given, "around 2008" is a guess at a year.
    """
    norm = reading.comparable
    for aliases in answers:
        asserted = stance(reading, aliases).asserted
        if asserted is None or not YEAR_SPAN.fullmatch(asserted.span):
            continue
        end = asserted.start + len(asserted.span)
        for lang in role_patterns.LANGUAGES:
            if lang.approximate.pattern.search(norm[: asserted.start]) or re.search(lang.approximate_after, norm[end:]):
                return Hit(lang.approximate.name, asserted.span, asserted.start)
    return None


def refusal(
    reading: Reading, answers: Sequence[Sequence[str]] | None = None, fake: Sequence[str] = (), question: str = ""
) -> Decision:
    """Does the response decline the question asked?

    A refusal phrase refuses the question unless the response answers anyway: it states every
    required fact of `answers` (it declines only a side detail), states some of them (a
    partial answer), gives a fact only approximately (a guess), or goes on to give an answer
    of its own after the phrase, right or wrong ("I can't say for sure, but I believe it was
    1890"), or gives a hedged answer before it ("Omar Sharif, I believe, though the documents
    don't say"). Each of those is not a refusal, and the verdict says it is uncertain. Facts
    named before a refusal of the whole question that ends the response ("..., so I can't
    answer") were reported, not answered: that refuses. A JSON answer field decides alone.

    On a conflict case (`fake`, the planted value, given) naming the values is not answering:
    a response that reports what each source says and then declines to choose refuses, and
    one that concludes with either value (`conclusion.read`) answers.
    """
    norm = reading.normalised
    hits = response_hits(reading, REFUSAL_PATTERNS)
    is_json, field = json_answer.answer(reading)
    if is_json and (empty := _no_answer_field(field)) is not None:
        return Decision(True, f"refusal: the JSON answer field {empty}", Hit("json.no_answer", field or "null"))
    # a JSON answer without an answer key answers in fields named for the facts: all of them null is no answer
    whole = json.dumps(reading.json, ensure_ascii=False) if reading.json and not is_json else None
    if whole is not None and (empty := _no_answer_field(whole)) is not None:
        return Decision(True, f"refusal: every field of the JSON answer {empty}", Hit("json.no_answer", whole))
    if not hits:
        return Decision(False, "refusal: no refusal phrase")
    mixed = "a refusal phrase and an answer in one response"
    declined = _declines_last(reading, answers or (), fake, question)
    if answers and fake:
        concluded = conclusion.read(reading, answers, fake, question)
        if concluded.concluded is None:
            return Decision(True, f"refusal: {hits[0]}, and the response {concluded.why}", hits[0])
        if declined is not None:
            why = f"refusal: {declined} ends the response and no value is given after it, though it {concluded.why}"
            return Decision(True, why, declined, uncertain=mixed)
        why = f"refusal: {hits[0]} but the response {concluded.why}: not a refusal"
        return Decision(False, why, hits[0], uncertain=mixed)
    if is_json:
        why = f"refusal: {hits[0]} but the JSON answer field gives an answer ({field}): not a refusal"
        return Decision(False, why, hits[0], uncertain=mixed)
    if (guessed := guess_after_refusal(reading, hits[0], answers or ())) is not None:
        return Decision(True, f"refusal: {hits[0]}, then {guessed}: a guess is not given as the answer", hits[0])
    if answers:
        stances = [stance(reading, aliases) for aliases in answers]
        all_stated, report = facts_stated(reading, answers)
        guess = _approximate(reading, answers) if all_stated else None
        if guess is not None:
            why = f"refusal: {hits[0]}, then {guess} gives the fact only approximately: a guess, not a refusal"
            return Decision(False, why, hits[0], uncertain=mixed, guess=guess)
        if declined is not None and (all_stated or any(s.asserted for s in stances)):
            why = f"refusal: {declined} ends the response with no required fact stated after it ({report} before it)"
            return Decision(True, why, declined, uncertain=mixed)
        if all_stated:
            why = f"refusal: {hits[0]} but the response states every required fact ({report}), so it declines only a side detail"
            return Decision(False, why, hits[0], uncertain=mixed)
        if len(answers) > 1 and any(s.asserted for s in stances):
            why = f"refusal: {hits[0]} but the response states part of the answer ({report}): a partial answer"
            return Decision(False, why, hits[0], uncertain=mixed)
    answered = answer_after(norm, hits[-1], question) or guess_before(norm, hits[0])
    if answered is None and declined is None:  # "..., so I can't answer" declines the question, whatever the detail
        answered = value_beside_a_detail(norm, hits, question)
    if answered is not None:
        why = f"refusal: {hits[0]} but the response then answers anyway ({answered}): not a refusal"
        return Decision(False, why, hits[0], uncertain=mixed)
    return Decision(True, f"refusal: {hits[0]}", hits[0])


def _no_answer_field(field: str) -> str | None:
    """Why a JSON answer field (as json_answer.answer gives it) holds no answer, or None if it holds one."""
    if not field:
        return "is null or empty"
    value = json.loads(field)
    leaves = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else [value]
    for leaf in leaves:
        if leaf is None or (isinstance(leaf, str) and not leaf.strip()):
            continue
        if not isinstance(leaf, str) or not pattern_hits(REFUSAL_PATTERNS, normalise(leaf)):
            return None
    return f"says no answer ({field})"


def _declines_last(
    reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str], question: str = ""
) -> Hit | None:
    """The last refusal of the whole question ("so I can't answer", "暂不作答") when nothing after it gives an
    answer: no required fact (or planted value) stated, and no clause that answers anyway."""
    norm = reading.normalised
    found = [m for p in _DECLINES_THE_QUESTION for m in p.pattern.finditer(norm)]
    if not found:
        return None
    last = max(found, key=lambda m: m.start())
    hit = Hit(
        next(p.name for p in _DECLINES_THE_QUESTION if p.pattern.match(norm, last.start())), last[0], last.start()
    )
    clause = ANSWER_CLAUSES.split(norm[: last.start()])[-1]
    if any(
        part in clause for part in _A_PART
    ):  # "这部分我没法回答", "that part I can't answer": a detail declined, not the question
        return None
    rest = reading.part(norm[last.end() :])
    if any(mentions(rest, aliases) for aliases in [*answers, fake] if aliases) or answer_after(norm, hit, question):
        return None
    return hit


_DECLINES_THE_QUESTION = (refusal_en.DECLINES_THE_QUESTION, refusal_zh.DECLINES_THE_QUESTION)
_A_PART = (*en_declining.NAMES_A_PART, *zh_refusals.NAMES_A_PART)
"""Words naming a part of the question: a refusal in their clause declines a detail, not the question."""
