"""A cheap check that a passage states a numeric answer in another format.

Alias matching finds "1889" but not "1,063" for "1063", "1.2 million" for
"1,200,000", "12万" for "120000", or "31 March 1889" for "March 31, 1889" and
"1889-03-31". Here numbers and dates are read as values on both sides and compared:
a passage holding the answer's value in any spelling is not answer-free. Names and
other words are left to the alias match and the judge.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation

from ragstress.corpora.numerals import as_digits

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DATE_PATTERNS = (
    # 31 March 1889, 31 Mar. 1889
    (re.compile(rf"\b(\d{{1,2}})\s+({_MONTH})\.?,?\s+(\d{{3,4}})\b", re.I), ("d", "m", "y")),
    # March 31, 1889 / March 31 1889
    (re.compile(rf"\b({_MONTH})\.?\s+(\d{{1,2}}),?\s+(\d{{3,4}})\b", re.I), ("m", "d", "y")),
    # March 1889
    (re.compile(rf"\b({_MONTH})\.?,?\s+(\d{{3,4}})\b", re.I), ("m", "y")),
    # 1889-03-31, 1889/3/31, 1889.03.31
    (re.compile(r"(?<![\d.])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d|\.\d)"), ("y", "m", "d")),
    # 1889年3月31日, 1889年3月
    (re.compile(r"(\d{3,4})\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?"), ("y", "m", "d")),
)
_SCALES = {
    "thousand": 10**3,
    "million": 10**6,
    "billion": 10**9,
    "trillion": 10**12,
    "bn": 10**9,
    "万": 10**4,
    "亿": 10**8,
    "千": 10**3,
}
# A number with optional thousands separators (comma, thin or plain space, apostrophe) and decimals,
# optionally followed by a scale word. Separated groups must be three digits wide. "k" and "m" are no
# scale here: "330 m" is metres far more often than millions.
_NUMBER = re.compile(
    r"(?<![\d.,])(\d{1,3}(?:[,\u2009\u202f' ]\d{3})+|\d+)(\.\d+)?"
    r"(?:\s*(thousand|million|billion|trillion|bn)\b|\s*(万|亿|千)(?![米克瓦]))?",
    re.I,
)


def _month(token: str) -> int | None:
    return _MONTHS.get(token.lower().rstrip("."))


@functools.lru_cache(maxsize=65536)
def dates_in(text: str) -> frozenset[tuple[int, int, int | None]]:
    """Every (year, month, day or None) the text spells as a date."""
    found: set[tuple[int, int, int | None]] = set()
    taken: list[tuple[int, int]] = []
    for pattern, order in _DATE_PATTERNS:  # fullest forms first: "March 1889" inside "31 March 1889" is no date
        for match in pattern.finditer(text):
            if any(start < match.end() and match.start() < end for start, end in taken):
                continue
            taken.append(match.span())
            parts = dict(zip(order, match.groups()))
            month = _month(parts["m"]) if not parts["m"].isdigit() else int(parts["m"])
            day = int(parts["d"]) if parts.get("d") else None
            if month and 1 <= month <= 12 and (day is None or 1 <= day <= 31):
                found.add((int(parts["y"]), month, day))
    return frozenset(found)


@functools.lru_cache(maxsize=65536)
def numbers_in(text: str) -> frozenset[Decimal]:
    """Every numeric value the text spells with digits, scale words applied (1.2 million -> 1200000)."""
    values: set[Decimal] = set()
    for match in _NUMBER.finditer(text):
        digits = re.sub(r"[,\u2009\u202f' ]", "", match[1]) + (match[2] or "")
        try:
            value = Decimal(digits)
        except InvalidOperation:
            continue
        scale = (match[3] or match[4] or "").lower()
        values.add((value * _SCALES[scale]).normalize() if scale else value.normalize())
    return frozenset(values)


def _significant(value: Decimal) -> bool:
    # One-digit values (3 days, 5 floors) occur in almost every passage: matching them would exclude everything.
    return abs(value) >= 10


def restated_answer(text: str, aliases: list[str]) -> str | None:
    """The reason `text` states one of `aliases` as a number or date in another spelling, else None.

    Numbers in Chinese numerals or English words count (一八八九年, "eighteen eighty-nine"): they are
    read by the same reader as the scorer's (ragstress.corpora.numerals)."""
    text = as_digits(text)
    text_dates = dates_in(text)
    text_numbers = numbers_in(text)
    for alias in aliases:
        for date in dates_in(alias):
            if any(_same_date(date, other) for other in text_dates):
                return f"states the date of {alias!r} in another form"
        if dates_in(alias):
            continue  # a date's parts (its day, its year) alone are not the answer
        for value in numbers_in(alias):
            if _significant(value) and value in text_numbers:
                return f"states the number of {alias!r} ({value:f}) in another form"
    return None


def _same_date(wanted: tuple[int, int, int | None], other: tuple[int, int, int | None]) -> bool:
    # "March 1889" in the answer is stated by "31 March 1889" in the text, not the other way round.
    return wanted[:2] == other[:2] and (wanted[2] is None or wanted[2] == other[2])


def restates_any_answer(text: str, answers: list[list[str]]) -> str | None:
    """The reason `text` restates any required fact's value (see `restated_answer`), else None."""
    for aliases in answers:
        reason = restated_answer(text, aliases)
        if reason:
            return reason
    return None
