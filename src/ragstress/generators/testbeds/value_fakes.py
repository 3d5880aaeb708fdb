"""Planted values for an answer that is a year, a date or a quantity: read the value the answer states,
move it as its kind moves, and write the new value in the form of each of the answer's aliases.

A year moves as a year (never below year 1, nor past 2100 unless the truth is before the common era,
where it stays a year BCE); a full date or a month and year change their year; a month and day with no
year move by days within the calendar; a quantity moves by a share of itself, at the precision its
answer is written with, and keeps its unit and form ("2.5 million" -> "2.9 million", "250万" -> "290万").
A planted date always exists: 29 February only in a leap year.
"""

from __future__ import annotations

import datetime
import random
import re
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_EVEN, Decimal

from ragstress.values.forms import Date, Mention, date_mentions, number_mentions
from ragstress.values.numerals import as_digits
from ragstress.values.rewriting import replace_value
from ragstress.values.spans import ZH_UNITS, kind_of

DEVIATIONS = ("small", "medium", "large")
"""How far a planted value lies from the truth: years ±2, ±20, ±200; a day without a year ±2, ±20, ±180
days; quantities ±10%, ×2 or ÷2, ×10 or ÷10."""
_YEAR_STEPS = {"small": 2, "medium": 20, "large": 200}
_DAY_STEPS = {"small": 2, "medium": 20, "large": 180}
_FACTORS = {"small": Decimal("1.1"), "medium": Decimal(2), "large": Decimal(10)}
_LAST_YEAR = 2100

# What may stand before a value in an answer ("about 2.5 million") and after it (its unit).
_BEFORE = re.compile(
    r"(?:(?:about|around|roughly|approximately|nearly|almost|over|under|more than|less than|some|up to|"
    r"circa|c\.|~|约|大约|近|超过|逾|多达|将近)\s*)?",
    re.IGNORECASE,
)
# In Chinese only a unit word counts: 120万人 is a quantity, 十三陵 (13陵) and 二十四节气 are names.
_UNIT_AFTER = re.compile(rf"(?:[%‰°]|[a-z][\w/-]*\.?)(?:\s+[a-z][\w/-]*\.?){{0,2}}|(?:{ZH_UNITS}|[%‰°]){{1,2}}")


@dataclass(frozen=True)
class AnswerValue:
    """The value an answer states, its kind (year, date, number) and where the answer writes it."""

    value: Date | Decimal
    kind: str
    mention: Mention
    text: str


def answer_value(answer: str, lang: str) -> AnswerValue | None:
    """The year, date or quantity `answer` states, or None when it states none (a name, or a form not read).

    The value may follow a word such as "about" or 约 and a quantity may carry its unit after it
    ("about 2.5 million rivets", "约120万人"); a date or year must be the whole answer
    ("June 14", "4月24日", "221 BC")."""
    text = answer.strip()
    start = _BEFORE.match(text).end()  # type: ignore[union-attr]
    kind = kind_of(text, lang)
    for mention in date_mentions(text):
        bare = re.fullmatch(r"\d+", text[mention.start : mention.end]) is not None
        if mention.start == start and not text[mention.end :].strip() and (kind == "year" or not bare):
            if mention.field("yy") is None:
                return AnswerValue(mention.value, mention.kind, mention, text)
    for mention in number_mentions(text):
        rest = text[mention.end :].strip()
        if mention.start == start and (not rest or _UNIT_AFTER.fullmatch(rest)):
            return AnswerValue(mention.value, "number", mention, text)
    return None


def answer_kind(answer: str, lang: str) -> str:
    """year, date or number when `answer` states one (a quantity in words too: "six million", 二百五十万),
    else what spans.kind_of says (a name, or a value in a form not read). A quantity is never a name."""
    value = answer_value(answer, lang)
    if value is not None:
        return value.kind
    if answer_value(as_digits(answer.lower()), lang) is not None:
        return "number"
    return kind_of(answer, lang)


def _moved_year(date: Date, steps: list[int], rng: random.Random) -> Date | None:
    """`date` with its year moved by the first step (either way, as `rng` draws) that gives a date on the calendar."""
    for step in steps:
        sign = rng.choice([-1, 1])
        for direction in (sign, -sign):
            year = date.year + direction * step  # type: ignore[operator]
            moved = replace(date, year=year)
            if moved.exists() and (date.bce or year <= _LAST_YEAR):
                return moved
    return None


def _moved_day(date: Date, days: int, rng: random.Random) -> Date:
    """`date` (a month and day) moved by `days` either way; the year wraps, 29 February stays possible only for itself."""
    leap = (date.month, date.day) == (2, 29)
    start = datetime.date(2000 if leap else 2001, date.month, date.day)  # type: ignore[arg-type]
    moved = start + datetime.timedelta(days=rng.choice([-1, 1]) * days)
    return Date(None, moved.month, moved.day)


def _moved_quantity(numeral: str, rng: random.Random, deviation: str | None) -> Decimal:
    """Another number written like `numeral` ("2.5", "2500000"): by the deviation, or by 15–60% either way,
    at the precision the numeral shows (trailing zeros of a whole number count as its precision)."""
    number = Decimal(numeral)
    decimals = len(numeral.partition(".")[2])
    if deviation is not None:
        sign = rng.choice([-1, 1])
        if deviation == "small":
            new = number * (1 + sign * Decimal("0.1"))
        else:
            new = number * _FACTORS[deviation] if sign > 0 else number / _FACTORS[deviation]
        if round(new, decimals) == number:
            decimals += 1  # a step below the precision written: show one more digit
        if decimals == 0 and new < 1:
            decimals = 2
        return new.quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_EVEN)
    factor = rng.uniform(1.15, 1.6) if rng.random() < 0.5 else rng.uniform(0.45, 0.85)
    new = number * Decimal(str(round(factor, 6)))
    if decimals == 0 and new >= 10:
        zeros = len(numeral) - len(numeral.rstrip("0"))
        new = new.quantize(Decimal(1).scaleb(zeros), ROUND_HALF_EVEN) if zeros else new
    new = new.quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_EVEN)
    return number + 1 if new == number else new


def planted_value(answer: AnswerValue, rng: random.Random, deviation: str | None = None) -> Date | Decimal | str:
    """A value of the answer's kind, moved from it as the module docstring says; a reason when none exists."""
    value = answer.value
    if isinstance(value, Decimal):
        _, start, end = answer.mention.fields[0]
        numeral = re.sub(r"[^\d.]", "", answer.text[start:end])
        moved = _moved_quantity(numeral, rng, deviation) * answer.mention.scale
        return moved.normalize() if moved > 0 else "no positive quantity at that distance"
    if value.year is None:
        days = _DAY_STEPS[deviation] if deviation else rng.randint(3, 40)
        return _moved_day(value, days, rng)
    # 29 February moves by whole leap cycles (a century year may still skip it: then the next step is tried).
    cycle = 4 if (value.month, value.day) == (2, 29) else 1
    draws = [cycle * rng.randint(max(1, 3 // cycle), 40 // cycle) for _ in range(8)] if not deviation else []
    steps = [_YEAR_STEPS[deviation]] if deviation else draws
    return _moved_year(value, steps, rng) or "no date on the calendar at that distance (29 February)"


def written_fakes(aliases: list[str], answer: AnswerValue, new: Date | Decimal) -> dict[str, str]:
    """Each alias with the planted value written in its form (the aliases whose form cannot hold it are left out).

    An alias giving a scaled quantity's numeral alone ("2.5" beside "2.5 million", "8" beside "8万吨")
    gets the planted numeral ("1.8", "6")."""
    written = {}
    scale = answer.mention.scale
    for alias in aliases:
        fake = replace_value(alias, answer.value, new, small_numbers=True)
        if fake == alias and isinstance(new, Decimal) and isinstance(answer.value, Decimal) and scale != 1:
            fake = replace_value(alias, answer.value / scale, new / scale, small_numbers=True)
        if fake is not None and fake != alias:
            written[alias] = fake
    return written
