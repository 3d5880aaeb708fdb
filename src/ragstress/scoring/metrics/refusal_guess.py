"""A guess offered after a refusal of the question asked: the response declines the fact for lack of information,
then gives a value it marks as its own guess or as unconfirmed ("I can't find a 2020 figure. It might be around
15,000 t, but that's only a guess", 资料里没有写有效期。印象中好像是3年？). The guessed value is not given as the
answer: the response still refuses, and `refusal.py` reads it so before any answer it finds after the phrase.

What stays an answer: a value stated before the refusal (the refusal then declines a side detail: "Two years.
Whether it covers limescale I couldn't tell you"), a refusal of one part ("that part I can't answer"), a value
after the refusal that the response does not mark as a guess ("I can't confirm it from the sources, but it is
1947"), and a hedged value with no refusal at all ("It's probably 1947."). A clause about the sources after the
refusal reports what they say ("they only say it was probably built in the 1950s"): it offers no guess of the
response's own. The guess words are the lexicon's (`MARKS_A_GUESS` of en.declining, zh.refusals, intl.refusals).
"""

from __future__ import annotations

from collections.abc import Sequence

from ragstress.scoring.lexicon.en import declining as en_declining
from ragstress.scoring.lexicon.intl import refusals as intl_refusals
from ragstress.scoring.lexicon.zh import refusals as zh_refusals
from ragstress.scoring.metrics.refusal_clauses import ANSWER_CLAUSES, not_an_answer, words_in
from ragstress.scoring.metrics.rules import stance
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.reading import Reading

_MARKS_A_GUESS = (*en_declining.MARKS_A_GUESS, *zh_refusals.MARKS_A_GUESS, *intl_refusals.MARKS_A_GUESS)
_A_PART = (*en_declining.NAMES_A_PART, *zh_refusals.NAMES_A_PART)
_SIDE_DETAIL = (*en_declining.SIDE_DETAIL, *zh_refusals.SIDE_DETAIL)
_DISCLAIMS_A_GUESS = (
    *en_declining.DISCLAIMS_A_GUESS,
    *zh_refusals.DISCLAIMS_A_GUESS,
    *intl_refusals.DISCLAIMS_A_GUESS,
)


def guess_after_refusal(reading: Reading, first: Hit, answers: Sequence[Sequence[str]] = ()) -> str | None:
    """The clause that offers a guess beside the first refusal phrase `first` when that phrase declines the question
    asked: a clause after it, or the clause just before it that the refusal qualifies ("My guess would be 9 kcal per
    gram, but I can't confirm that"). None when there is none, when the refusal declines a part or a finer detail, or
    when a required fact of `answers` was stated before the guess (answered first, then a side detail declined)."""
    norm = reading.normalised
    # a guess the response lets stand is its answer, however hedged; the words are read in the whole text (a cut
    # such as 只是 falls inside 这只是推测) and in each clause (a point ends 'only a guess.' in no whole word)
    if not words_in(norm, _DISCLAIMS_A_GUESS) and not any(words_in(c, _DISCLAIMS_A_GUESS) for _, c in _clauses(norm)):
        return None
    before, after = norm[: first.start], norm[first.start + len(first.span) :]
    own_clause = ANSWER_CLAUSES.split(before)[-1] + ANSWER_CLAUSES.split(after)[0]
    if words_in(own_clause, _A_PART) or words_in(own_clause, _SIDE_DETAIL):
        return None
    guess = _guess_just_before(before)
    if guess is None:
        offset = first.start + len(first.span)
        guess = next(
            ((offset + start, clause) for start, clause in _clauses(after)[1:] if _offers_a_guess(clause)), None
        )  # the first clause after the phrase is the rest of the refusal's own clause
    if guess is None:
        return None
    for aliases in answers:
        asserted = stance(reading, aliases).asserted
        if asserted is not None and asserted.start < guess[0]:
            return None
    return f"{guess[1].strip()!r} offers a guess"


def _guess_just_before(before: str) -> tuple[int, str] | None:
    """The clause just before the refusal's own clause, when it offers a guess."""
    pieces = [(start, clause) for start, clause in _clauses(before)[:-1] if clause.strip()]
    if pieces and _offers_a_guess(pieces[-1][1]):
        return pieces[-1]
    return None


def _clauses(text: str) -> list[tuple[int, str]]:
    """The clauses of `text` as `refusal_clauses` cuts them, each with where it starts."""
    cuts = list(ANSWER_CLAUSES.finditer(text))
    starts, ends = [0, *(cut.end() for cut in cuts)], [*(cut.start() for cut in cuts), len(text)]
    return [(start, text[start:end]) for start, end in zip(starts, ends)]


def _offers_a_guess(clause: str) -> bool:
    """A clause marked as a guess that is neither another refusal nor about the sources."""
    return bool(clause.strip()) and not not_an_answer(clause) and words_in(clause, _MARKS_A_GUESS)
