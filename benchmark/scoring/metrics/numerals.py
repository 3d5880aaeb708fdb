"""Numbers and dates in one form, so "一八八九年" matches "1889年" and "20/07/1969" matches "July 20, 1969".

Two forms are read: digit-by-digit runs of two or more (一八八九, 二〇〇三) and positional
numbers with a unit character (十五, 一千五百四十五, 三万二千), and a single one before 月, 日 or 号 (七月一日);
digits after 点 that follows a number are its decimals (八千八百四十八点八六 = 8848.86, 三点五 = 3.5; 十点五分 is a time).
A lone 一 elsewhere ("一座") stays as it is. Numbers with a scale word are written out
(scaled_numbers: "12.4 thousand" and "1.24万" are 12400; a 万 after Arabic digits is left to it). Dates: see canonical_dates. Only the default rules' answer matching reads these; RGB-exact matching does not.
"""

from __future__ import annotations

import re
from decimal import Decimal

_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_RUN = re.compile("[〇零一二三四五六七八九]{2,}")
_SINGLE_BEFORE_DATE_UNIT = re.compile("[〇零一二两三四五六七八九](?=[月日号])")
_POSITIONAL = re.compile("(?<![\\d.．])[〇零一二两三四五六七八九十百千万]*[十百千万][〇零一二两三四五六七八九十百千]*")
_DECIMALS = re.compile("([0-9〇零一二两三四五六七八九])点([〇零一二三四五六七八九]+)(?![分刻钟])")


def _positional(text: str) -> int:
    total = section = digit = 0
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS[char]
        elif char in _UNITS:
            section += (digit or 1) * _UNITS[char]
            digit = 0
        elif char == "万":
            total += (section + digit or 1) * 10000
            section = digit = 0
    return total + section + digit


def arabic_numerals(text: str) -> str:
    """`text` with Chinese numerals written as Arabic digits (see the module docstring)."""
    text = _POSITIONAL.sub(lambda m: str(_positional(m[0])), text)
    text = _DECIMALS.sub(lambda m: f"{_DIGITS.get(m[1], m[1])}." + "".join(str(_DIGITS[c]) for c in m[2]), text)
    text = _RUN.sub(lambda m: "".join(str(_DIGITS[c]) for c in m[0]), text)
    return _SINGLE_BEFORE_DATE_UNIT.sub(lambda m: str(_DIGITS[m[0]]), text)


_SCALES = {"thousand": 1000, "million": 10**6, "billion": 10**9, "万": 10**4, "亿": 10**8}
_SCALED = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)(?: ?(thousand|million|billion)\b|(万|亿))")


def scaled_numbers(text: str) -> str:
    """`text` with a number and its scale word as one number: "12.4 thousand", "1.5 million", "1.24万" = 12400, 1500000, 12400.

    Expects normalised text (thousands separators gone). A product that is not whole ("1.23456 thousand") is left alone.
    """

    def written_out(match: re.Match[str]) -> str:
        value = Decimal(match[1]) * _SCALES[match[2] or match[3]]
        return str(int(value)) if value == value.to_integral_value() else match[0]

    return _SCALED.sub(written_out, text)


_MONTHS = {
    m: i
    for i, m in enumerate(
        "january february march april may june july august september october november december".split(), start=1
    )
}
_MONTH = r"(" + "|".join(_MONTHS) + r"|" + "|".join(m[:3] for m in _MONTHS) + r")\.?"
_ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
_EXPLAINED_SLASH = re.compile(
    rf"(?<!\d)(\d{{1,2}})/(\d{{1,2}})/(\d{{4}})(?!\d)\s*\(\s*(?:{_ORD}\s+(?:of\s+)?{_MONTH}|{_MONTH}\s+{_ORD}|(\d{{1,2}})月(\d{{1,2}})[日号])\s*\)"
)
_DATE_FORMS = (
    (re.compile(rf"\b{_MONTH}\s+{_ORD},?\s+(\d{{4}})\b"), lambda m: (m[3], _month(m[1]), m[2])),
    (re.compile(rf"\b{_ORD}\s+(?:of\s+)?{_MONTH},?\s+(\d{{4}})\b"), lambda m: (m[3], _month(m[2]), m[1])),
    (re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})[日号]"), lambda m: (m[1], m[2], m[3])),
    (re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)"), lambda m: (m[1], m[2], m[3])),
    (re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)"), lambda m: _slashed(m[1], m[2], m[3])),
)


def _month(name: str) -> str:
    return str(next(i for full, i in _MONTHS.items() if full.startswith(name.lower()[:3])))


def _explained(match: re.Match[str]) -> str:
    """An ambiguous slashed date whose brackets spell out its day and month, read the way the brackets say."""
    day, month = (match[4], match[5]) if match[4] else (match[7], match[6]) if match[6] else (match[9], match[8])
    month = month if month.isdigit() else _month(month)
    first, second = int(match[1]), int(match[2])
    if (first, second) in ((int(day), int(month)), (int(month), int(day))):
        return f"{int(match[3])}-{int(month)}-{int(day)} ({match[0].split('(', 1)[1]}"
    return match[0]


def _slashed(first: str, second: str, year: str) -> tuple[str, str, str] | None:
    # Only unambiguous slashed dates: 20/07/1969 is day first, 07/20/1969 month first.
    if int(first) > 12 >= int(second):
        return year, second, first
    if int(second) > 12 >= int(first):
        return year, first, second
    return None


def canonical_dates(text: str) -> str:
    """Full dates in any of the common en / zh forms written as one form, "1969-7-20".

    "July 20, 1969", "20th July 1969", "1969年7月20日", "1969-07-20" and an unambiguous
    "20/07/1969" all become "1969-7-20"; a date whose day and month could swap is left alone
    unless brackets right after it spell them out ("09/11/1989 (9 November)", "09/11/1989（11月9日）").
    Expects lower-cased text (matching.normalise).
    """
    text = _EXPLAINED_SLASH.sub(_explained, text)
    for pattern, parts in _DATE_FORMS:

        def swap(match: re.Match[str], parts=parts) -> str:
            found = parts(match)
            return match[0] if found is None else f"{int(found[0])}-{int(found[1])}-{int(found[2])}"

        text = pattern.sub(swap, text)
    return text
