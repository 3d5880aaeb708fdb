"""The clauses around a refusal phrase: an answer given after it ("I can't say for sure, but I believe it was
1890") or hedged before it ("Omar Sharif, I believe, though the documents don't say"). `refusal.py` weighs these
against the refusal phrase; `refusal_detail.py` reads a value stated beside a refusal of a side detail, with the
clause cuts and answer readings defined here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.lexicon.en import declining as en_declining
from ragstress.scoring.lexicon.intl import sources as intl_sources
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.lexicon.zh import sources as zh_sources
from ragstress.scoring.metrics import role_patterns
from ragstress.scoring.metrics.rules import (
    ERROR_FLAG_PATTERNS,
    REFUSAL_PATTERNS,
    pattern_hits,
)
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import normalise
from ragstress.values.numerals import as_digits

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
GIVES_AN_ANSWER = re.compile(
    rf"(?<![a-z])\d|[零一二两三四五六七八九十百千万]+(?:年|月|日|号|米|公里|人|个)|(?P<hedge>{_HEDGED})"
)
_CONTINUES = re.compile(r"\s*(?:for|in|from|as of|since|by|at|of|on|with)\b")
CLAUSES_BEFORE = re.compile(rf"{ANSWER_CLAUSES.pattern}|[—–]|\s-\s")
ABOUT_THE_SOURCES = re.compile(
    rf"{role_patterns.EN.source_words}|{role_patterns.ZH.source_words}"
    # the sources in a third language: a refusal in Spanish then says what 'los documentos' give, no answer
    rf"|\b(?:{intl_sources.SPACED.alternation})\b|{intl_sources.UNSPACED.alternation}"
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
        announces = bool(ABOUT_THE_SOURCES.search(clause)) and not pattern_hits(REFUSAL_PATTERNS, clause)
        # a clause led by a preposition ("..., for fiscal 2021") goes on with the one before it
        skipped = (skipped and bool(_CONTINUES.match(clause))) or listed or not clause.strip() or not_an_answer(clause)
        if skipped:
            continue
        if found := next((m for m in GIVES_AN_ANSWER.finditer(clause) if not _restates(clause, m, named)), None):
            return f"{clause.strip()!r} gives {found[0].strip()!r}"
    return None


_FIRST_PLACE = (*en_declining.FIRST_PLACE, *zh_refusals.FIRST_PLACE)


def _numbers_named(question: str) -> set[str]:
    """The numbers a question names in its own words ("the Billboard 200", 第1名), as digits; "1" too when it names
    first place ("number one", 榜首)."""
    if not question:
        return set()
    asked = re.sub(r"[?!,;:]", " ", normalise(question))  # "… at number one?": its words end before the mark
    digits = as_digits(asked)
    named = {_digit_run(digits, at) for at, char in enumerate(digits) if char.isdigit() and _run_starts(digits, at)}
    if words_in(asked, _FIRST_PLACE):
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
    pieces = CLAUSES_BEFORE.split(norm[: first.start])[:-1]  # the refusal's own clause is not a guess
    for clause in pieces:
        if not_an_answer(clause):
            continue
        if found := next((m for m in GIVES_AN_ANSWER.finditer(clause) if m["hedge"]), None):
            return f"{clause.strip()!r} gives {found[0].strip()!r}"
    return None


def not_an_answer(clause: str) -> bool:
    """A clause that answers nothing whatever it holds: another refusal, a clause about the sources, or one
    that calls something wrong ("which I believe is incorrect", "possibly erroneous information")."""
    return bool(
        pattern_hits(REFUSAL_PATTERNS, clause)
        or pattern_hits(ERROR_FLAG_PATTERNS, clause)
        or ABOUT_THE_SOURCES.search(clause)
    )


def words_in(text: str, words: Sequence[str]) -> bool:
    """Whether any of the words is in the text: English ones as whole words (or phrases of them), Chinese ones as
    characters in it."""
    spaced = f" {' '.join(text.split())} "
    return any(f" {word} " in spaced if word.isascii() else word in text for word in words)
