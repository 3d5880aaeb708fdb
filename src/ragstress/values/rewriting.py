"""Another value written in the place of a date, year or quantity, the way the text writes it (`forms.py` reads
where each one is and what it means): "14 June 1919" becomes "3 July 1921", "1919/06/14" keeps its zero padding,
"一九一九年" stays in Han digits, "2,500,000" keeps its thousands separator. A form that cannot hold the new value
(a day its month lacks, a quantity needing more decimals than the form shows) gives None, never a wrong spelling.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from ragstress.values.forms import FULL_MONTHS, HAN_DIGITS, SEPARATORS, Date, Mention, date_mentions, number_mentions


def _digits_like(original: str, number: int, padded: bool = False) -> str:
    """`number` with the zero padding of `original` ("06" -> "09", "6" -> "9"); `padded`: two digits
    whatever the original (its date pads another field: "1919/06/14" -> "1919/07/03")."""
    return str(number).zfill(2 if padded else len(original)) if padded or original.startswith("0") else str(number)


def _month_like(original: str, month: int, padded: bool = False) -> str:
    """`month` written as `original` writes a month: digits, a full name or an abbreviation, in its case."""
    if original.isdigit():
        return _digits_like(original, month, padded)
    full = FULL_MONTHS[month - 1]
    name = (
        full
        if original.lower() in (m.lower() for m in FULL_MONTHS)
        else ("Sept" if month == 9 and original.lower() == "sept" else full[:3])
    )
    if original.isupper():
        return name.upper()
    return name if original[0].isupper() else name.lower()


def _ordinal(day: int, original: str) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return suffix.upper() if original.isupper() else suffix


def _han_year(original: str, year: int) -> str:
    zero = "零" if "零" in original else "〇"
    return "".join(zero if c == "0" else HAN_DIGITS[int(c) + 1] for c in str(year))


def number_written(original: str, value: Decimal, *, spare_decimals: int = 2) -> str | None:
    """`value` written as the numeral `original` is: its thousands separator and at least its decimals
    (up to `spare_decimals` more when `value` needs them; None when it needs more still)."""
    whole, _, fraction = re.sub(f"[{SEPARATORS}]", "", original).partition(".")
    separator = next((c for c in original.split(".")[0] if c in SEPARATORS), "")
    exponent = value.normalize().as_tuple().exponent
    needed = max(len(fraction), -exponent if isinstance(exponent, int) and exponent < 0 else 0)
    if needed > len(fraction) + spare_decimals or value < 0:
        return None
    text = f"{value:,.{needed}f}" if separator else f"{value:.{needed}f}"
    return text.replace(",", separator) if separator else text


def mention_written(text: str, mention: Mention, value: Date | Decimal) -> str | None:
    """The text of `mention` with `value` written in its place in the same form; None when the form cannot
    hold it (a date that would not exist, a quantity needing more decimals than the form shows)."""
    if isinstance(value, Decimal):
        _, start, end = mention.fields[0]
        numeral = number_written(text[start:end], value / mention.scale)
        return None if numeral is None else text[mention.start : start] + numeral + text[end : mention.end]
    if mention.field("yy") is None and not value.exists():
        return None
    padded = any(f in ("m", "d") and text[s] == "0" and e - s == 2 for f, s, e in mention.fields)
    writers = {
        "y": lambda s: str(value.year),
        "hy": lambda s: _han_year(s, value.year),
        "yy": lambda s: f"{value.year % 100:02d}",
        "m": lambda s: _month_like(s, value.month, padded),
        "d": lambda s: _digits_like(s, value.day, padded),
        "o": lambda s: _ordinal(value.day, s),
    }
    pieces, position = [], mention.start
    for name, start, end in sorted(mention.fields, key=lambda f: f[1]):
        pieces += [text[position:start], writers[name](text[start:end])]
        position = end
    return "".join(pieces) + text[position : mention.end]


def replace_value(text: str, old: Date | Decimal, new: Date | Decimal, *, small_numbers: bool = False) -> str | None:
    """`text` with every mention of `old` written as `new`, each in its own form; None when a form cannot hold `new`.

    A changed year is changed wherever the text writes that year: alone, in a date, as "'19", in Han
    digits. A changed month and day (`old` has no year) wherever that day is written, with or without a
    year. A quantity wherever its value is written, in any scale ("2.5 million", "2,500,000"), but one
    below 10 only with `small_numbers`: single digits are everywhere and mean other things.
    """
    targets: list[tuple[Mention, Date | Decimal]] = []
    if isinstance(old, Decimal):
        if abs(old) >= 10 or small_numbers:
            targets = [(m, new) for m in number_mentions(text) if m.value == old]
    elif isinstance(new, Date):
        for mention in date_mentions(text):
            value = mention.value
            assert isinstance(value, Date)
            if old.year is not None and new.year != old.year:
                if mention.field("yy") is not None:
                    same = not old.bce and value.year == old.year % 100
                else:
                    same = value.year == old.year and value.bce == old.bce
                if same:
                    targets.append((mention, replace(value, year=new.year)))
            elif old.year is None and old.day is not None and (value.month, value.day) == (old.month, old.day):
                targets.append((mention, replace(value, month=new.month, day=new.day)))
    pieces, position = [], 0
    for mention, value in targets:
        written = mention_written(text, mention, value)
        if written is None:
            return None
        pieces += [text[position : mention.start], written]
        position = mention.end
    return "".join(pieces) + text[position:]
