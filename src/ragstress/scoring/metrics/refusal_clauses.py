"""The clauses around a refusal phrase: an answer given after it ("I can't say for sure, but I believe it was
1890") or hedged before it ("Omar Sharif, I believe, though the documents don't say"), and a value stated beside a
refusal that declines only something the question does not ask ("It holds 38,000 spectators; the documents do not
mention when it was last renovated"). `refusal.py` weighs these against the refusal phrase; `corrections.py` asks
whether a refusal only declines a detail beside the value it judges.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.lexicon.en import refusals as en_refusals
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.lexicon.zh import sources as zh_sources
from ragstress.scoring.metrics import role_patterns
from ragstress.scoring.metrics.rules import (
    ERROR_FLAG_PATTERNS,
    REFUSAL_PATTERNS,
    SENTENCE_BREAK,
    pattern_hits,
    response_hits,
)
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import normalise
from ragstress.values.numerals import as_digits
from ragstress.values.reading import Reading

YEAR_SPAN = re.compile(r"\d{3,4}年?")

ANSWER_CLAUSES = re.compile(  # a point, comma or colon inside a number ("4.2 billion", "832.84千克", "08:15") ends no clause
    r"[;!\n，。；！]|(?<!\d):|:(?!\d)|(?<=\?)|(?<!\d)[.,]|[.,](?!\d)|\bbut\b|\bhowever\b|\bthough\b|\byet\b|\bstill\b|但是?|不过|可是|然而|只是"
)
_HEDGED = (
    r"\b(?:i believe|i think|i guess|i'd guess|i'd estimate|i would estimate|at a guess|i'd say|i would say|i suspect|my (?:best )?guess|probably|most likely|likely|perhaps|"
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
_CLAUSES_BEFORE = re.compile(rf"{ANSWER_CLAUSES.pattern}|[—–]|\s-\s")
_ABOUT_THE_SOURCES = re.compile(
    rf"{role_patterns.EN.source_words}|{role_patterns.ZH.source_words}"
    r"|\b(?:discuss|discusses|describe|describes|cover|covers|mention|mentions|talk|talks|focus|focuses|instead|only)\b"
    rf"|\brelated (?:information|facts|details)\b|相关(?:的)?(?:信息|{zh_sources.SOURCES_LACKING.alternation})"
    r"|\b(?:they|it) (?:\w+ )?(?:say|says|state|states|give|gives|list|lists|note|notes|record|records|report|reports|"
    r"put|puts|date|dates|name|names|show|shows)\b|讨论|介绍|涉及|讲的是|谈的是|只|仅|提到|写道|记载"
    r"|\byou (?:can|could|may|might) (?:contact|call|consult|check with|ask)\b|建议|可以(?:拨打|咨询|查阅|联系)"
)


def answer_after(norm: str, last: Hit, question: str = "") -> str | None:
    """A clause after the last refusal phrase that gives an answer: a number or date, or a hedged
    assertion ("I believe", 应该是), and is not itself about the sources or another refusal. A number the question
    itself names ("at No. 1 on the Billboard 200" for "How many weeks was it at number one on the Billboard 200?")
    restates what is asked and answers nothing."""
    rest = norm[last.start + len(last.span) :]
    named = _numbers_named(question)
    breaks = list(ANSWER_CLAUSES.finditer(rest))
    starts, ends = [0, *(b.end() for b in breaks)], [*(b.start() for b in breaks), len(rest)]
    separators = ["", *(b[0] for b in breaks)]  # what ends the clause before each piece
    skipped = listed = announces = False
    for index, (start, end) in enumerate(zip(starts, ends)):
        if index == 0 and not (breaks and breaks[0].start() == 0):
            continue  # the rest of the refusal's own clause
        clause = rest[start:end]
        # a list after a colon goes on with the clause about the sources that announced it ("what the passages do
        # cover: the 2017 earthquake, the falls"), to the end of the list; after a refusal a colon gives an answer
        listed = (listed and separators[index] in ",，、\n") or (announces and separators[index] == ":")
        announces = bool(_ABOUT_THE_SOURCES.search(clause)) and not pattern_hits(REFUSAL_PATTERNS, clause)
        # a clause led by a preposition ("..., for fiscal 2021") goes on with the one before it
        skipped = (skipped and bool(_CONTINUES.match(clause))) or listed or not clause.strip() or _not_an_answer(clause)
        if skipped:
            continue
        if found := next((m for m in _GIVES_AN_ANSWER.finditer(clause) if not _restates(clause, m, named)), None):
            return f"{clause.strip()!r} gives {found[0].strip()!r}"
    return None


_FIRST_PLACE = (*en_refusals.FIRST_PLACE, *zh_refusals.FIRST_PLACE)


def _numbers_named(question: str) -> set[str]:
    """The numbers a question names in its own words ("the Billboard 200", 第1名), as digits; "1" too when it names
    first place ("number one", 榜首)."""
    if not question:
        return set()
    asked = re.sub(r"[?!,;:]", " ", normalise(question))  # "… at number one?": its words end before the mark
    digits = as_digits(asked)
    named = {_digit_run(digits, at) for at, char in enumerate(digits) if char.isdigit() and _run_starts(digits, at)}
    if _words_in(asked, _FIRST_PLACE):
        named.add("1")
    return named


def _restates(clause: str, found: re.Match[str], named: set[str]) -> bool:
    """Whether a number found in a clause is one the question names: the whole run of digits it is part of is."""
    if found["hedge"] or not named:
        return False
    start = found.start()
    while not _run_starts(clause, start):
        start -= 1
    return _digit_run(clause, start) in named


def _run_starts(text: str, at: int) -> bool:
    """Whether a digit at `at` starts a number: no digit before it, nor a digit and a point or comma ("4.2", "38,000")."""
    return not (at > 0 and (text[at - 1].isdigit() or (text[at - 1] in ".," and text[at - 2 : at - 1].isdigit())))


def _digit_run(text: str, start: int) -> str:
    """The number starting at `start`: its digits, with a point or comma between digits kept ("38,000", "4.2")."""
    end = start
    while end < len(text) and (
        text[end].isdigit() or (text[end] in ".," and text[end + 1 : end + 2].isdigit() and end > start)
    ):
        end += 1
    return text[start:end]


def guess_before(norm: str, first: Hit) -> str | None:
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
_NEIGHBOURING_REPORT = (*en_refusals.NEIGHBOURING_REPORT, *zh_refusals.NEIGHBOURING_REPORT)
_FINER_THAN_A_YEAR = (*en_refusals.FINER_THAN_A_YEAR, *zh_refusals.FINER_THAN_A_YEAR)
_ASKED_KINDS = (  # a name and a number before a date: 'Who was the manager when they won?' asks a name
    ("name", (*en_refusals.ASKS_A_NAME, *zh_refusals.ASKS_A_NAME)),
    ("number", (*en_refusals.ASKS_A_NUMBER, *zh_refusals.ASKS_A_NUMBER)),
    ("date", (*en_refusals.ASKS_A_DATE, *zh_refusals.ASKS_A_DATE)),
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
    for clause in _CLAUSES_BEFORE.split(norm[: first.start])[:-1]:
        if pattern_hits(REFUSAL_PATTERNS, clause) or pattern_hits(ERROR_FLAG_PATTERNS, clause):
            continue
        if _ABOUT_THE_SOURCES.search(clause) and (kind is None or _words_in(clause, _NEIGHBOURING_REPORT)):
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
    if _words_in(detail, _THE_ANSWER_ITSELF) or _words_in(hit.span, _THE_ANSWER_ITSELF):
        return False
    if _words_in(detail, dict(_ASKED_KINDS)[kind]):
        if kind != "date":
            return False
        asks_a_day = _words_in(normalise(question), _FINER_THAN_A_YEAR)
        return _words_in(detail, _SIDE_DETAIL) if asks_a_day else _words_in(detail, _FINER_THAN_A_YEAR)
    return not _names_what_is_asked(detail, question)


def _words_in(text: str, words: Sequence[str]) -> bool:
    """Whether any of the words is in the text: English ones as whole words (or phrases of them), Chinese ones as
    characters in it."""
    spaced = f" {' '.join(text.split())} "
    return any(f" {word} " in spaced if word.isascii() else word in text for word in words)


def _asked_kind(question: str) -> str | None:
    """The kind of value the question asks: "date", "number" or "name", or None when its words do not say."""
    asked = normalise(question).replace("?", " ")
    return next((kind for kind, words in _ASKED_KINDS if _words_in(asked, words)), None)


def _of_the_kind(clause: str, kind: str | None) -> bool:
    """Whether the clause states a value of the kind asked: a year for a date, a number, or a copula with something
    after it for a name; either a number or a copula when the kind is not known."""
    number = any(not found["hedge"] for found in _GIVES_AN_ANSWER.finditer(clause))
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
    head = _CLAUSES_BEFORE.split(sentence[:at])
    tail = _CLAUSES_BEFORE.split(sentence[at + len(first.span) :])
    clause = f"{head[-1]} {tail[0]}"
    if _names_something(clause):
        return clause
    if len(head) > 1 and _words_in(head[-2], _SIDE_DETAIL) and not _GIVES_AN_ANSWER.search(head[-2]):
        return head[-2]
    return None


def _names_something(clause: str) -> bool:
    """Whether a clause names anything once its words for the sources are set aside: an English word of three letters
    or more that is no function word, or two Chinese characters that are no function characters (a lone 明 is left
    of 写明, not a thing named)."""
    rest = _ABOUT_THE_SOURCES.sub(" ", clause)
    ignored = zh_refusals.FUNCTION_CHARACTERS
    named = [char for char in rest if not char.isascii() and char.isalpha() and char not in ignored]
    return bool(_english_words(rest)) or len(named) > 1


def _english_words(text: str) -> set[str]:
    """The first four letters of each English word of three letters or more, detail and function words aside
    ('which day' and 'the precise day' share 'day', 'seats' and 'the seat count' 'seat', '2021' and 'the 2021 tally'
    '2021')."""
    ignored = (*en_refusals.FUNCTION_WORDS, *en_refusals.SIDE_DETAIL)
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


def _not_an_answer(clause: str) -> bool:
    """A clause that answers nothing whatever it holds: another refusal, a clause about the sources, or one
    that calls something wrong ("which I believe is incorrect", "possibly erroneous information")."""
    return bool(
        pattern_hits(REFUSAL_PATTERNS, clause)
        or pattern_hits(ERROR_FLAG_PATTERNS, clause)
        or _ABOUT_THE_SOURCES.search(clause)
    )
