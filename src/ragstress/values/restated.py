"""A cheap check that a passage states a numeric answer in another format.

Alias matching finds "1889" but not "1,063" for "1063", "1.2 million" for
"1,200,000", "12万" for "120000", "31 March 1889" for "March 31, 1889" and
"1889-03-31", "April 24" for "4月24日", or "'89" for "1889". Here numbers and dates are
read as values on both sides (src/ragstress/values/forms.py) and compared: a passage holding the
answer's value in any spelling is not answer-free, and a planted passage holding it
still shows the truth. Names and other words are left to the alias match and the judge.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from decimal import Decimal

from ragstress.values.forms import Date, date_mentions, number_mentions
from ragstress.values.numerals import as_digits


def dates_in(text: str) -> frozenset[tuple[int | None, int, int | None]]:
    """Every (year, month, day) the text spells as a date; the year or the day is None when not written
    ("4月24日", "March 1889"); a year before the common era is negative."""
    return frozenset(
        (None if v.year is None else -v.year if v.bce else v.year, v.month, v.day)
        for m in date_mentions(text)
        if m.kind == "date" and isinstance(v := m.value, Date) and v.month is not None
    )


def numbers_in(text: str) -> frozenset[Decimal]:
    """Every numeric value the text spells with digits, scale words applied (1.2 million -> 1200000);
    the day and month of a date are not among them."""
    return frozenset(m.value for m in number_mentions(text) if isinstance(m.value, Decimal))


def _short_years(text: str) -> frozenset[int]:
    """The two-digit years the text writes ("'19", "’89")."""
    return frozenset(m.value.year for m in date_mentions(text) if m.field("yy") and isinstance(m.value, Date))


def _significant(value: Decimal) -> bool:
    # One-digit values (3 days, 5 floors) occur in almost every passage: matching them would exclude everything.
    return abs(value) >= 10


@dataclass(frozen=True)
class TextValues:
    """The dates, numbers and two-digit years a text states (`text_values`), for checking many answers against it."""

    dates: frozenset[tuple[int | None, int, int | None]]
    numbers: frozenset[Decimal]
    short_years: frozenset[int]

    def keys(self) -> set[tuple]:
        """Look-up keys of what the text states: an answer's `restating_keys` meet them where it restates one.

        A date is filed also without its year and without its day, as an answer may give only part of it.
        """
        keys: set[tuple] = {("number", value) for value in self.numbers}
        keys |= {("yy", year) for year in self.short_years}
        for year, month, day in self.dates:
            keys |= {("date", y, month, d) for y in (year, None) for d in (day, None)}
        return keys


def text_values(text: str) -> TextValues:
    """What `restated_answer` reads from a text, read once (numerals as digits first)."""
    text = as_digits(text)
    return TextValues(dates_in(text), numbers_in(text), _short_years(text))


def restated_answer(text: str, aliases: list[str]) -> str | None:
    """The reason `text` states one of `aliases` as a number or date in another spelling, else None.

    Numbers in Chinese numerals or English words count (一八八九年, "eighteen eighty-nine"): they are
    read by the same reader as the scorer's (ragstress.values.numerals)."""
    if not restating_keys(aliases):
        return None  # a name, or a number too small to count: no text restates it, so none is read
    return restated_in(text_values(text), aliases)


def restated_in(values: TextValues, aliases: list[str]) -> str | None:
    """`restated_answer` for a text whose values were read already."""
    for alias in aliases:
        for date in dates_in(alias):
            if any(_same_date(date, other) for other in values.dates):
                return f"states the date of {alias!r} in another form"
        if dates_in(alias):
            continue  # a date's parts (its day, its year) alone are not the answer
        year = re.fullmatch(r"(\d{4})年?", alias.strip())
        if year and int(year[1]) % 100 in values.short_years:
            return f"states the year of {alias!r} as '{int(year[1]) % 100:02d}"
        for value in numbers_in(alias):
            if _significant(value) and value in values.numbers:
                return f"states the number of {alias!r} ({value:f}) in another form"
    return None


@functools.lru_cache(maxsize=65536)
def _alias_keys(alias: str) -> frozenset[tuple]:
    dates = dates_in(alias)
    if dates:  # as in restated_in: a date is restated by the same date only
        return frozenset(("date", *date) for date in dates)
    keys = {("number", value) for value in numbers_in(alias) if _significant(value)}
    year = re.fullmatch(r"(\d{4})年?", alias.strip())
    if year:
        keys.add(("yy", int(year[1]) % 100))
    return frozenset(keys)


def restating_keys(aliases: list[str]) -> set[tuple]:
    """The `TextValues.keys` of which any one in a text means the text restates one of `aliases`."""
    return set().union(*(_alias_keys(alias) for alias in aliases))


def _same_date(wanted: tuple[int | None, int, int | None], other: tuple[int | None, int, int | None]) -> bool:
    # "March 1889" in the answer is stated by "31 March 1889" in the text, not the other way round;
    # "4月24日" (no year) by that day in any year.
    same_year = wanted[0] is None or wanted[0] == other[0]
    return same_year and wanted[1] == other[1] and (wanted[2] is None or wanted[2] == other[2])


def restates_any_answer(text: str, answers: list[list[str]]) -> str | None:
    """The reason `text` restates any required fact's value (see `restated_answer`), else None."""
    if not any(restating_keys(aliases) for aliases in answers):
        return None
    return restates_any_in(text_values(text), answers)


def restates_any_in(values: TextValues, answers: list[list[str]]) -> str | None:
    """`restates_any_answer` for a text whose values were read already."""
    for aliases in answers:
        reason = restated_in(values, aliases)
        if reason:
            return reason
    return None
