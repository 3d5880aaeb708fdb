"""Dates, years and quantities as a text writes them: where each one is, what it means, and how to
write another value in its place the same way (`rewriting.py`).

One reader for the generator's two value checks: whether a passage restates an answer in another
form (`restated.py`) and what a planted passage must change so that it no longer shows the truth
(`planting.py`). A mention is a whole token: "1919" is not read inside "19190", "500" not inside
"2,500,000", "3.8" not inside "3.8.1". Forms read:

- dates: "14 June 1919", "June 14th, 1919", "1919-06-14", "1919年6月14日", "June 1919", "1919年6月",
  and without a year "14 June", "June 14", "6月14日";
- years: "1919年", "公元前221年", "一九一九年", "221 BC", "AD 79", "'19", and a bare three- or
  four-digit number (read as a year only where a year is looked for);
- quantities: "2,500,000", "2.5 million", "250万", "8851.8" (grouped with commas, thin or plain
  spaces or apostrophes; a scale word applied).

Every date read exists (month 1–12, a day its month has); a form that would not is no date.
"""

from __future__ import annotations

import calendar
import functools
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

FULL_MONTHS = "January February March April May June July August September October November December".split()
MONTHS = {name.lower(): number for number, name in enumerate(FULL_MONTHS, start=1)}
MONTHS.update({name[:3].lower(): number for number, name in enumerate(FULL_MONTHS, start=1)})
MONTHS["sept"] = 9
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
# Without a year, only a full month name with its capital reads as a month: "may" and "march" are verbs.
_TITLE_MONTH = "|".join(FULL_MONTHS)
_ORDINAL = r"(?P<o>st|nd|rd|th)?"
_ERA_BEFORE = r"BCE|BC|B\.C\.(?:E\.)?"
_ERA = rf"{_ERA_BEFORE}|CE|AD|A\.D\."
HAN_DIGITS = "〇零一二三四五六七八九"


@dataclass(frozen=True)
class Date:
    """A calendar date, or the part of one a text gives: a year, a month and year, a month and day, or all three."""

    year: int | None = None
    month: int | None = None
    day: int | None = None
    bce: bool = False

    def exists(self) -> bool:
        """True when this date is on the calendar: month 1–12, a day its month has (29 February only in a leap year)."""
        if self.year is not None and self.year < 1:
            return False
        if self.month is None:
            return self.day is None
        if not 1 <= self.month <= 12:
            return False
        if self.day is None:
            return True
        # Without a year (or before the common era) any year may be meant: 29 February exists.
        year = self.year if self.year is not None and not self.bce else 2000
        return 1 <= self.day <= calendar.monthrange(year, self.month)[1]


@dataclass(frozen=True)
class Mention:
    """A date, year or quantity written in a text: its offsets, its value, and where each of its fields sits.

    `fields` maps a field to its (start, end) in the text: y (year digits), yy (a two-digit year, "'19"),
    hy (a year in Han digits), m (month, digits or a name), d (day), o (an ordinal suffix), n (a number's
    digits). `scale` is the factor of a quantity's scale word ("million": 10**6), 1 without one.
    """

    start: int
    end: int
    value: Date | Decimal
    fields: tuple[tuple[str, int, int], ...]
    scale: int = 1

    @property
    def kind(self) -> str:
        """'number', 'date' (it has a month) or 'year'."""
        if isinstance(self.value, Decimal):
            return "number"
        return "date" if self.value.month is not None else "year"

    def field(self, name: str) -> tuple[int, int] | None:
        return next(((s, e) for f, s, e in self.fields if f == name), None)


_DATE_FORMS = (
    # Fullest forms first: "June 1919" inside "14 June 1919" is not read again.
    re.compile(
        rf"\b(?P<d>\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?(?P<m>{_MONTH})\.?,?\s+(?P<y>\d{{3,4}})(?![\d,.]\d|\d)", re.I
    ),
    re.compile(rf"\b(?P<m>{_MONTH})\.?\s+(?P<d>\d{{1,2}}){_ORDINAL},?\s+(?P<y>\d{{3,4}})(?![\d,.]\d|\d)", re.I),
    re.compile(r"(?<![\d.,])(?P<y>\d{4})(?P<sep>[-/.])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})(?!\d|[.,]\d)"),
    re.compile(r"(?P<bce>公元前)?(?<![\d.,])(?P<y>\d{3,4})\s*年\s*(?P<m>\d{1,2})\s*月(?:\s*(?P<d>\d{1,2})\s*[日号])?"),
    re.compile(rf"\b(?P<m>{_MONTH})\.?,?\s+(?P<y>\d{{3,4}})(?![\d,.]\d|\d)", re.I),
    re.compile(rf"\b(?P<d>\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?(?P<m>{_TITLE_MONTH})\b"),
    re.compile(rf"\b(?P<m>{_TITLE_MONTH})\s+(?P<d>\d{{1,2}}){_ORDINAL}\b(?![.,]\d)"),
    re.compile(r"(?<![\d.,])(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]"),
)
_YEAR_FORMS = (
    re.compile(r"(?P<bce>公元前)?(?<![\d.,])(?P<y>\d{3,4})\s*年"),
    re.compile(rf"(?P<bce>公元前)?(?P<hy>[{HAN_DIGITS}]{{3,4}})年"),
    re.compile(rf"(?<![\d.,])\b(?P<y>\d{{1,4}})\s*(?P<era>{_ERA})(?![A-Za-z])"),
    re.compile(r"\b(?P<era>AD|A\.D\.)\s*(?P<y>\d{1,4})\b"),
    re.compile(r"(?<![\w'’‘])['’‘](?P<yy>\d{2})(?![\w'’‘])"),
    re.compile(r"(?<![\d.,A-Za-z])(?P<y>\d{3,4})(?!\d|[.,]\d|\s*[万亿千])"),
)
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12, "bn": 10**9}
_SCALES.update({"万": 10**4, "亿": 10**8, "千": 10**3})
SEPARATORS = ",\u2009\u202f' "
# Groups of three share one separator ("1,889 200" is two numbers). "k" and "m" are no scale:
# "330 m" is metres far more often than millions.
_QUANTITY = re.compile(
    r"(?<![\d.,A-Za-z])(?P<n>(?:\d{1,3}(?:(?P<sep>[,\u2009\u202f' ])\d{3})(?:(?P=sep)\d{3})*|\d+)(?:\.\d+)?)"
    r"(?!\d|[.,]\d)(?:\s*(?P<scale>thousand|million|billion|trillion|bn)\b|\s*(?P<zh_scale>万|亿|千)(?![米克瓦]))?",
    re.I,
)


def _spans(match: re.Match[str], names: tuple[str, ...]) -> tuple[tuple[str, int, int], ...]:
    return tuple((name, *match.span(name)) for name in names if name in match.re.groupindex and match[name])


def _date(match: re.Match[str]) -> Date | None:
    groups = match.groupdict()
    if groups.get("y"):
        year: int | None = int(groups["y"])
    elif groups.get("hy"):
        year = int("".join(str(max(HAN_DIGITS.index(c) - 1, 0)) for c in groups["hy"]))
    else:
        year = int(groups["yy"]) if groups.get("yy") else None
    month = groups.get("m")
    bce = bool(groups.get("bce")) or (groups.get("era") or "").upper().startswith("B")
    month_number = (int(month) if month.isdigit() else MONTHS[month.lower()]) if month else None
    date = Date(year, month_number, int(groups["d"]) if groups.get("d") else None, bce)
    if groups.get("yy"):
        return date  # a two-digit year: its century is unknown
    return date if date.exists() else None


@functools.lru_cache(maxsize=65536)
def date_mentions(text: str) -> tuple[Mention, ...]:
    """Every date and year `text` writes (see the module docstring) in text order; where forms overlap,
    the fullest wins ("June 1919" inside "14 June 1919" is not read again)."""
    found: list[Mention] = []
    for pattern in (*_DATE_FORMS, *_YEAR_FORMS):
        for match in pattern.finditer(text):
            if any(m.start < match.end() and match.start() < m.end for m in found):
                continue
            date = _date(match)
            if date is not None:
                fields = _spans(match, ("y", "hy", "yy", "m", "d", "o"))
                found.append(Mention(match.start(), match.end(), date, fields))
    return tuple(sorted(found, key=lambda m: m.start))


@functools.lru_cache(maxsize=65536)
def number_mentions(text: str) -> tuple[Mention, ...]:
    """Every quantity written with digits, its scale word applied ("2.5 million" is 2500000), in text order.
    A date's day and month are no quantities; its year is one."""
    parts = [(s, e) for m in date_mentions(text) if m.kind == "date" for f, s, e in m.fields if f in ("d", "m")]
    found = []
    for match in _QUANTITY.finditer(text):
        start, end = match.span("n")
        if any(s < end and start < e for s, e in parts):
            continue
        try:
            value = Decimal(re.sub(f"[{SEPARATORS}]", "", match["n"]))
        except InvalidOperation:
            continue
        word = (match["scale"] or match["zh_scale"] or "").lower()
        scale = _SCALES[word] if word else 1
        found.append(Mention(match.start(), match.end(), (value * scale).normalize(), (("n", start, end),), scale))
    return tuple(found)


# Loose on purpose: any digits before 年 / 月 / 日 or beside a month's name, negative ones included, so that a
# date no calendar has ("33月233日", "1970年-14月", "June 31") is seen even where the strict forms above do not read it.
_DATE_LIKE = (
    re.compile(r"(?<![\d.])(?P<y>-?\d+)\s*年\s*(?P<m>-?\d+)\s*月(?:\s*(?P<d>-?\d+)\s*[日号])?"),
    re.compile(r"(?<![\d.年])(?P<m>-?\d+)\s*月\s*(?P<d>-?\d+)\s*[日号]"),
    re.compile(r"(?<![\d.])(?P<y>-\d+)\s*年"),
    re.compile(r"(?<![\d.年-])(?P<m>-?\d+)\s*月"),
    re.compile(
        rf"(?<![\d.,])(?P<d>\d{{1,3}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{_TITLE_MONTH})\b(?:,?\s+(?P<y>\d{{3,4}})\b)?"
    ),
    re.compile(rf"\b(?P<m>{_TITLE_MONTH})\s+(?P<d>\d{{1,2}})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{{3,4}})\b)?"),
)


@functools.lru_cache(maxsize=4096)  # a planted passage's source is asked again for every fake planted into it
def impossible_dates(text: str) -> frozenset[str]:
    """The date-like tokens of `text` that name no day of the calendar: a month outside 1–12, a day its month
    lacks (29 February outside a leap year), a negative year, month or day."""
    found = set()
    for pattern in _DATE_LIKE:
        for match in pattern.finditer(text):
            parts = match.groupdict()
            month = parts.get("m")
            number = (int(month) if month.lstrip("-").isdigit() else MONTHS[month.lower()]) if month else None
            date = Date(
                int(parts["y"]) if parts.get("y") else None, number, int(parts["d"]) if parts.get("d") else None
            )
            if not date.exists():
                found.add(match[0])
    return frozenset(found)
