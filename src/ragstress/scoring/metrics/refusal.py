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

from ragstress.scoring.lexicon.en import refusals as en_refusals
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.metrics import conclusion, json_answer, refusal_en, refusal_zh, role_patterns
from ragstress.scoring.metrics.declines import content_stems
from ragstress.scoring.metrics.rules import (
    ERROR_FLAG_PATTERNS,
    REFUSAL_PATTERNS,
    SENTENCE_BREAK,
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

_YEAR_SPAN = re.compile(r"\d{3,4}年?")


def _approximate(reading: Reading, answers: Sequence[Sequence[str]]) -> Hit | None:
    """A required year stated only approximately ("around 2008", "2008年前后"), by the first mention that states it.

    Only years: "about 330 m" is how a height is given, "around 2008" is a guess at a year.
    """
    norm = reading.comparable
    for aliases in answers:
        asserted = stance(reading, aliases).asserted
        if asserted is None or not _YEAR_SPAN.fullmatch(asserted.span):
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
    declined = _declines_last(reading, answers or (), fake)
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
    answered = _answer_after(norm, hits[-1]) or _guess_before(norm, hits[0])
    if answered is None and declined is None:  # "..., so I can't answer" declines the question, whatever the detail
        answered = _value_beside_a_detail(norm, hits[0], question)
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


def _declines_last(reading: Reading, answers: Sequence[Sequence[str]], fake: Sequence[str]) -> Hit | None:
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
    clause = _ANSWER_CLAUSES.split(norm[: last.start()])[-1]
    if any(
        part in clause for part in _A_PART
    ):  # "这部分我没法回答", "that part I can't answer": a detail declined, not the question
        return None
    rest = reading.part(norm[last.end() :])
    if any(mentions(rest, aliases) for aliases in [*answers, fake] if aliases) or _answer_after(norm, hit):
        return None
    return hit


_DECLINES_THE_QUESTION = (refusal_en.DECLINES_THE_QUESTION, refusal_zh.DECLINES_THE_QUESTION)
_A_PART = ("this part", "that part", "this detail", "that detail", "这部分", "这一部分", "这一点", "这个细节")
"""Words naming a part of the question: a refusal in their clause declines a detail, not the question."""

_ANSWER_CLAUSES = re.compile(  # a point or comma inside a number ("4.2 billion", "832.84千克") ends no clause
    r"[;:!\n，。；！]|(?<=\?)|(?<!\d)[.,]|[.,](?!\d)|\bbut\b|\bhowever\b|\bthough\b|\byet\b|\bstill\b|但是?|不过|可是|然而|只是"
)
_HEDGED = (
    r"\b(?:i believe|i think|i guess|i'd guess|i'd say|i would say|i suspect|my (?:best )?guess|probably|most likely|likely|perhaps|"
    r"presumably|maybe|possibly|(?:may|might|could) (?:well )?be)\b|(?:应该是|大概是|可能是|也许是|估计是?|我猜|或许是|大约是)"
    r"|是(?![^,;。.!?]{0,20}(?:哪|什么|谁|几|多少|何))[^,;。.!?]{1,20}(?:\?|吧)"
    r"|\b(?:je (?:pense|crois)|probablement|creo que|probablemente|quizás?|ich (?:glaube|vermute)|wahrscheinlich|vermutlich|"
    r"acho que|provavelmente|penso che|credo che|probabilmente|вероятно|наверное|думаю)\b|たぶん|おそらく|아마"
)
"""A hedged assertion: the response commits to an answer while saying it is unsure ("probably 1890", 我猜是巴黎)."""
# A number, or a hedged assertion: one pattern, the hedge a group of its own, since a hedge alone is what a clause
# before a refusal is read for (no alternative for a number starts where a hedge can).
_GIVES_AN_ANSWER = re.compile(
    rf"(?<![a-z])\d|[零一二两三四五六七八九十百千万]+(?:年|月|日|号|米|公里|人|个)|(?P<hedge>{_HEDGED})"
)
_CONTINUES = re.compile(r"\s*(?:for|in|from|as of|since|by|at|of|on|with)\b")
_CLAUSES_BEFORE = re.compile(rf"{_ANSWER_CLAUSES.pattern}|[—–]|\s-\s")
_ABOUT_THE_SOURCES = re.compile(
    rf"{role_patterns.EN.source_words}|{role_patterns.ZH.source_words}"
    r"|\b(?:discuss|discusses|describe|describes|cover|covers|mention|mentions|talk|talks|focus|focuses|instead|only)\b"
    r"|\b(?:they|it) (?:\w+ )?(?:say|says|state|states|give|gives|list|lists|note|notes|record|records|report|reports|"
    r"put|puts|date|dates|name|names|show|shows)\b|讨论|介绍|涉及|讲的是|谈的是|只|仅|提到|写道|记载"
    r"|\byou (?:can|could|may|might) (?:contact|call|consult|check with|ask)\b|建议|可以(?:拨打|咨询|查阅|联系)"
)


def _answer_after(norm: str, last: Hit) -> str | None:
    """A clause after the last refusal phrase that gives an answer: a number or date, or a hedged
    assertion ("I believe", 应该是), and is not itself about the sources or another refusal."""
    rest = norm[last.start + len(last.span) :]
    breaks = list(_ANSWER_CLAUSES.finditer(rest))
    starts, ends = [0, *(b.end() for b in breaks)], [*(b.start() for b in breaks), len(rest)]
    separators = ["", *(b[0] for b in breaks)]  # what ends the clause before each piece
    skipped = listed = announces = False
    for index, (start, end) in enumerate(zip(starts, ends)):
        if index == 0 and not (breaks and breaks[0].start() == 0):
            continue  # the rest of the refusal's own clause
        clause = rest[start:end]
        # a list after a colon goes on with the clause about the sources that announced it ("what the passages do
        # cover: the 2017 earthquake, the falls"), to the end of the list; after a refusal a colon gives an answer
        listed = (listed and separators[index] in ",，、") or (announces and separators[index] == ":")
        announces = bool(_ABOUT_THE_SOURCES.search(clause)) and not pattern_hits(REFUSAL_PATTERNS, clause)
        # a clause led by a preposition ("..., for fiscal 2021") goes on with the one before it
        skipped = (skipped and bool(_CONTINUES.match(clause))) or listed or not clause.strip() or _not_an_answer(clause)
        if skipped:
            continue
        if found := _GIVES_AN_ANSWER.search(clause):
            return f"{clause.strip()!r} gives {found[0].strip()!r}"
    return None


def _guess_before(norm: str, first: Hit) -> str | None:
    """A hedged answer in a clause before the first refusal phrase ("Omar Sharif, I believe — though the
    documents don't say"); numbers alone before a refusal are what the passages say, not a guess."""
    pieces = _CLAUSES_BEFORE.split(norm[: first.start])[:-1]  # the refusal's own clause is not a guess
    for clause in pieces:
        if _not_an_answer(clause):
            continue
        if found := next((m for m in _GIVES_AN_ANSWER.finditer(clause) if m["hedge"]), None):
            return f"{clause.strip()!r} gives {found[0].strip()!r}"
    return None


_SIDE_DETAIL = (*en_refusals.SIDE_DETAIL, *zh_refusals.SIDE_DETAIL)
_STATES_A_VALUE = (*en_refusals.STATES_A_VALUE, *zh_refusals.STATES_A_VALUE)
_THE_ANSWER_ITSELF = (*en_refusals.THE_ANSWER_ITSELF, *zh_refusals.THE_ANSWER_ITSELF)


def _value_beside_a_detail(norm: str, first: Hit, question: str) -> str | None:
    """A value stated before a refusal that declines only a detail beside it ("It was founded in 1925, though the
    passages don't give the exact opening month", 馆长是陈马克，具体任期资料没有提到): the response answers with that
    value, right or wrong, and declines the detail, not the question.

    The refusal's clause must narrow it to a detail (lexicon SIDE_DETAIL: exact, 具体 ...) and name nothing the
    question asks ("the exact founding year" for "In which year was it founded?" refuses the question); the value
    is a number, or a clause stating one ("the curator is Mark Chen"), in a clause not about the sources ("the
    passages mention 1925 but not the exact year" reports them) and not itself a refusal or a flag.
    """
    if not question:
        return None
    detail = _detail_declined(norm, first)
    if detail is None or _names_what_is_asked(detail, question):
        return None
    for clause in _CLAUSES_BEFORE.split(norm[: first.start])[:-1]:
        if _not_an_answer(clause):
            continue
        if (found := _GIVES_AN_ANSWER.search(clause)) and not found["hedge"]:
            return f"{clause.strip()!r} gives a value beside a declined detail ({detail.strip()!r})"
        if _states_a_value(clause):
            return f"{clause.strip()!r} states a value beside a declined detail ({detail.strip()!r})"
    return None


def _detail_declined(norm: str, first: Hit) -> str | None:
    """The clause of the refusal's sentence that narrows it to a detail ("the exact opening month", 具体任期), without
    the refusal phrase itself, or None."""
    before = [m.end() for m in SENTENCE_BREAK.finditer(norm, 0, first.start)]
    after = SENTENCE_BREAK.search(norm, first.start + len(first.span))
    sentence = norm[before[-1] if before else 0 : after.start() if after else len(norm)]
    for clause in _CLAUSES_BEFORE.split(sentence.replace(first.span, " ")):
        words = clause.split()
        if any(word in words if word.isascii() else word in clause for word in _SIDE_DETAIL):
            return clause
    return None


def _names_what_is_asked(detail: str, question: str) -> bool:
    """Whether the declined detail speaks of what the question asks: a word, or a Chinese character, in common
    (年份 for 哪一年, 高度 for 有多高), the detail words and function characters aside; or the answer itself ("I
    can't give a precise answer", 不作具体回答)."""
    words = detail.split()
    if any(word in words if word.isascii() else word in detail for word in _THE_ANSWER_ITSELF):
        return True
    for word in _SIDE_DETAIL:
        detail = detail.replace(word, " ")
    asked = normalise(question)
    if {s for s in content_stems(detail) if s.isascii()} & content_stems(asked):
        return True
    ignored = zh_refusals.FUNCTION_CHARACTERS
    return any(char in asked for char in detail if not char.isascii() and char.isalpha() and char not in ignored)


def _states_a_value(clause: str) -> bool:
    """A clause stating a value with a copula and something after it ("the curator is mark chen", 馆长是陈马克)."""
    words = clause.split()
    for copula in _STATES_A_VALUE:
        if copula.isascii():
            if copula in words[:-1]:
                return True
        elif (at := clause.find(copula)) > 0 and clause[at + 1 :].strip():
            return True
    return False


def _not_an_answer(clause: str) -> bool:
    """A clause that answers nothing whatever it holds: another refusal, a clause about the sources, or one
    that calls something wrong ("which I believe is incorrect", "possibly erroneous information")."""
    return bool(
        pattern_hits(REFUSAL_PATTERNS, clause)
        or pattern_hits(ERROR_FLAG_PATTERNS, clause)
        or _ABOUT_THE_SOURCES.search(clause)
    )
