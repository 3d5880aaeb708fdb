"""A value stated beside a refusal that declines only something the question does not ask ("It holds 38,000
spectators; the documents do not mention when it was last renovated", 馆长是陈马克，任期资料没有提到): the response
answers with that value and declines the other thing, not the question. `refusal.py` weighs it against the refusal
phrase; `corrections.py` asks it whether a refusal keeps the response from the value it judges. The clauses it reads
are cut as `refusal_clauses` cuts them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.lexicon.en import declining as en_declining
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.metrics.refusal_clauses import (
    ABOUT_THE_SOURCES,
    CLAUSES_BEFORE,
    GIVES_AN_ANSWER,
    YEAR_SPAN,
    words_in,
)
from ragstress.scoring.metrics.rules import (
    ERROR_FLAG_PATTERNS,
    REFUSAL_PATTERNS,
    SENTENCE_BREAK,
    pattern_hits,
    response_hits,
)
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import normalise
from ragstress.values.reading import Reading

_SIDE_DETAIL = (*en_declining.SIDE_DETAIL, *zh_refusals.SIDE_DETAIL)
_STATES_A_VALUE = (*en_declining.STATES_A_VALUE, *zh_refusals.STATES_A_VALUE)
_THE_ANSWER_ITSELF = (*en_declining.THE_ANSWER_ITSELF, *zh_refusals.THE_ANSWER_ITSELF)
_NEIGHBOURING_REPORT = (*en_declining.NEIGHBOURING_REPORT, *zh_refusals.NEIGHBOURING_REPORT)
_FINER_THAN_A_YEAR = (*en_declining.FINER_THAN_A_YEAR, *zh_refusals.FINER_THAN_A_YEAR)
_ASKED_KINDS = (  # a name and a number before a date: 'Who was the manager when they won?' asks a name
    ("name", (*en_declining.ASKS_A_NAME, *zh_refusals.ASKS_A_NAME)),
    ("number", (*en_declining.ASKS_A_NUMBER, *zh_refusals.ASKS_A_NUMBER)),
    ("date", (*en_declining.ASKS_A_DATE, *zh_refusals.ASKS_A_DATE)),
)


def value_beside_a_detail(norm: str, hits: Sequence[Hit], question: str) -> str | None:
    """A value of the kind the question asks, stated before a refusal that declines only something the question does
    not ask ("It holds 38,000 spectators; the documents do not mention when it was last renovated", 馆长是陈马克，任期资料
    没有提到): the response answers with that value, right or wrong, and declines the other thing, not the question.

    What the refusal declines is the rest of its clause (or, when that names nothing but the sources, the clause
    before it in the sentence), and it must name nothing the question asks ("the founding year" for "In which year
    was it founded?" refuses the question). It may name what is asked when it narrows it to a finer part (lexicon
    SIDE_DETAIL) of a date or number stated ("opened in June 2011; the exact day isn't given" for "On which day did
    it open?"): a coarser answer is an answer. The value is of the kind asked (a year for a date, a number, a clause
    with a copula for a name), in a clause that speaks of what the question asks about (a word in common) and is not
    a refusal or a flag; a clause about the sources may state it
    when the question's kind is known ("the documents list the dam at 210 m"), unless it reports what lies beside
    the answer ("they only mention the 1908 show").
    """
    kind = _asked_kind(question) if question else None
    # a response that calls its sources wrong and declines refuses the question it doubts (rule of corrections)
    if kind is None or pattern_hits(ERROR_FLAG_PATTERNS, norm):
        return None
    details = [_detail_declined(norm, hit) for hit in hits]
    if not all(
        detail is not None and _another_thing(detail, hit, question, kind) for hit, detail in zip(hits, details)
    ):
        return None  # some refusal declines the question itself
    first, detail = hits[0], details[0]
    for clause in CLAUSES_BEFORE.split(norm[: first.start])[:-1]:
        if pattern_hits(REFUSAL_PATTERNS, clause) or pattern_hits(ERROR_FLAG_PATTERNS, clause):
            continue
        if ABOUT_THE_SOURCES.search(clause) and (kind is None or words_in(clause, _NEIGHBOURING_REPORT)):
            continue
        # the value is given for what the question asks about ('the dam', 馆长), not for another thing
        if _of_the_kind(clause, kind) and _names_what_is_asked(clause, question):
            return f"{clause.strip()!r} states a value beside a declined detail ({detail.strip()!r})"
    return None


def declines_only_a_detail(reading: Reading, question: str) -> bool:
    """Whether the response's refusals decline only a detail beside a value it states (`value_beside_a_detail`):
    such a refusal does not distance the response from the value it gives."""
    hits = response_hits(reading, REFUSAL_PATTERNS)
    return bool(hits) and value_beside_a_detail(reading.normalised, hits, question) is not None


def _another_thing(detail: str, hit: Hit, question: str, kind: str) -> bool:
    """Whether a refusal's object is something the question does not ask: no word for the answer itself ('a
    figure', 数字, 'I can't answer'), no question word of the kind asked ('who holds the role', 'a date I can't stand
    behind') and no word in common with the question. Of a date, a part finer than the year asked is another thing
    ('the opening month' beside '1908' for 'In which year was it founded?'), and so is the exact day when the day is
    asked ('the exact day' beside 'June 2011' for 'On which day did it open?'): a coarser answer is an answer."""
    if words_in(detail, _THE_ANSWER_ITSELF) or words_in(hit.span, _THE_ANSWER_ITSELF):
        return False
    if words_in(detail, dict(_ASKED_KINDS)[kind]):
        if kind != "date":
            return False
        asks_a_day = words_in(normalise(question), _FINER_THAN_A_YEAR)
        return words_in(detail, _SIDE_DETAIL) if asks_a_day else words_in(detail, _FINER_THAN_A_YEAR)
    return not _names_what_is_asked(detail, question)


def _asked_kind(question: str) -> str | None:
    """The kind of value the question asks: "date", "number" or "name", or None when its words do not say."""
    asked = normalise(question).replace("?", " ")
    return next((kind for kind, words in _ASKED_KINDS if words_in(asked, words)), None)


def _of_the_kind(clause: str, kind: str | None) -> bool:
    """Whether the clause states a value of the kind asked: a year for a date, a number, or a copula with something
    after it for a name; either a number or a copula when the kind is not known."""
    number = any(not found["hedge"] for found in GIVES_AN_ANSWER.finditer(clause))
    if kind == "date":
        return any(_a_year(clause, found) for found in YEAR_SPAN.finditer(clause))
    if kind == "number":
        return number
    if kind == "name":
        return _states_a_value(clause)
    return number or _states_a_value(clause)


def _a_year(clause: str, found: re.Match[str]) -> bool:
    """Whether a run of digits is a year: four digits from 1000 to 2099, not part of a longer number, and not a
    quantity in Chinese units ("1318公里" is a length, "2011年6月" a date)."""
    digits = found[0].rstrip("年")
    after = clause[found.start() + len(digits) :].lstrip()[:1]
    if found.start() > 0 and clause[found.start() - 1].isdigit() or after.isdigit():
        return False
    return len(digits) == 4 and 1000 <= int(digits) < 2100 and (after.isascii() or after in "年月")


def _detail_declined(norm: str, first: Hit) -> str | None:
    """What the refusal declines: the rest of its clause, without the refusal phrase ("when it was last renovated",
    任期); when that names only the sources, the clause before it in the sentence if it states no value (至于具体是哪
    一天，资料里没有写明) if that narrows it to a detail and states no value. None when nothing but the question itself is declined ("the notes don't say")."""
    before = [m.end() for m in SENTENCE_BREAK.finditer(norm, 0, first.start)]
    after = SENTENCE_BREAK.search(norm, first.start + len(first.span))
    sentence = norm[before[-1] if before else 0 : after.start() if after else len(norm)]
    at = sentence.find(first.span)
    if at < 0:
        return None
    head = CLAUSES_BEFORE.split(sentence[:at])
    tail = CLAUSES_BEFORE.split(sentence[at + len(first.span) :])
    clause = f"{head[-1]} {tail[0]}"
    if _names_something(clause):
        return clause
    if len(head) > 1 and words_in(head[-2], _SIDE_DETAIL) and not GIVES_AN_ANSWER.search(head[-2]):
        return head[-2]
    return None


def _names_something(clause: str) -> bool:
    """Whether a clause names anything once its words for the sources are set aside: an English word of three letters
    or more that is no function word, or two Chinese characters that are no function characters (a lone 明 is left
    of 写明, not a thing named)."""
    rest = ABOUT_THE_SOURCES.sub(" ", clause)
    ignored = zh_refusals.FUNCTION_CHARACTERS
    named = [char for char in rest if not char.isascii() and char.isalpha() and char not in ignored]
    return bool(_english_words(rest)) or len(named) > 1


def _english_words(text: str) -> set[str]:
    """The first four letters of each English word of three letters or more, detail and function words aside
    ('which day' and 'the precise day' share 'day', 'seats' and 'the seat count' 'seat', '2021' and 'the 2021 tally'
    '2021')."""
    ignored = (*en_declining.FUNCTION_WORDS, *en_declining.SIDE_DETAIL)
    words = ("".join(c for c in word if c.isalnum()) for word in text.split() if word.isascii())
    return {word[:4] for word in words if len(word) > 2 and word not in ignored}


def _names_what_is_asked(detail: str, question: str) -> bool:
    """Whether the declined detail speaks of what the question asks: a word, or a Chinese character, in common
    (年份 for 哪一年, 高度 for 有多高), the detail words and function characters aside."""
    for word in _SIDE_DETAIL:
        detail = detail.replace(word, " ")
    asked = normalise(question)
    if _english_words(detail) & _english_words(asked):
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
