"""Numbers and dates in one form, so "一八八九年" matches "1889年", "fifteen hundred" matches "1500" and
"20/07/1969" matches "July 20, 1969". One reader for everyone who compares numbers: the scorer's
answer matching and the generator's checks that a noise passage does not restate the answer.

Two forms are read: digit-by-digit runs of two or more (一八八九, 二〇〇三) and positional
numbers with a unit character (十五, 一千五百四十五, 三万二千), and a single one before 月, 日 or 号 (七月一日);
digits after 点 that follows a number are its decimals (八千八百四十八点八六 = 8848.86, 三点五 = 3.5; 十点五分 is a time).
A lone 一 elsewhere ("一座") stays as it is. Numbers with a scale word are written out
(scaled_numbers: "12.4 thousand" and "1.24万" are 12400; a 万 after Arabic digits is left to it). English
number words are read too (english_numbers: "fifteen hundred", "three thousand and twelve", "two point five
million", a year said in pairs, "eighteen eighty-nine"). Dates: see canonical_dates. `as_digits` applies
both. The default rules' answer matching reads these; RGB-exact matching does not.
"""

from __future__ import annotations

import re
from decimal import Decimal

_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_RUN = re.compile("[〇零一二三四五六七八九]{2,}")
_SINGLE_BEFORE_DATE_UNIT = re.compile("[〇零一二两三四五六七八九](?=[月日号])")
# A run does not start right after a number and its scale ("30万千瓦", "3万千米"): that 千 begins the unit (kilowatt,
# kilometre), and "30万" is scaled_numbers' to read.
_POSITIONAL = re.compile(
    "(?<![\\d.．])(?<![\\d.．][万亿])[〇零一二两三四五六七八九十百千万亿]*[十百千万亿][〇零一二两三四五六七八九十百千万]*"
)
_DECIMALS = re.compile("([0-9〇零一二两三四五六七八九])点([〇零一二三四五六七八九]+)(?![分刻钟])")


def _positional(text: str) -> int:
    """十二亿五千万 = 1250000000: 亿 closes everything before it, 万 the section since the last 亿."""
    high = total = section = digit = 0
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS[char]
        elif char in _UNITS:
            section += (digit or 1) * _UNITS[char]
            digit = 0
        elif char == "万":
            total += (section + digit or 1) * 10000
            section = digit = 0
        elif char == "亿":
            high += (total + section + digit or 1) * 10**8
            total = section = digit = 0
    return high + total + section + digit


def _positional_run(match: re.Match[str]) -> str:
    """A positional numeral as digits. A 千 right after 万 or 亿 ("十万千瓦") is no part of it: a numeral says "十万一千",
    so that 千 begins the unit (kilowatt, kilometre) and is left as written."""
    run = match[0]
    cut = min((i + 1 for i, pair in enumerate(zip(run, run[1:])) if pair in (("万", "千"), ("亿", "千"))), default=0)
    return str(_positional(run[:cut])) + run[cut:] if cut else str(_positional(run))


_PERCENT_OF = re.compile("百分之([〇零一二两三四五六七八九十百千点0-9.]+)")


def arabic_numerals(text: str) -> str:
    """`text` with Chinese numerals written as Arabic digits (see the module docstring); "百分之十五" is "15%"."""
    text = _PERCENT_OF.sub(lambda m: arabic_numerals(m[1]) + "%", text)
    text = _POSITIONAL.sub(_positional_run, text)
    text = _DECIMALS.sub(lambda m: f"{_DIGITS.get(m[1], m[1])}." + "".join(str(_DIGITS[c]) for c in m[2]), text)
    text = _RUN.sub(lambda m: "".join(str(_DIGITS[c]) for c in m[0]), text)
    text = _SINGLE_BEFORE_DATE_UNIT.sub(lambda m: str(_DIGITS[m[0]]), text)
    return _ROC_YEAR.sub(lambda m: f"{_ROC_BASE + (1 if m[1] == '元' else int(m[1]))}年", text)


_ROC_BASE = 1911  # 民国元年 is 1912: the Republic of China era still dates Chinese (and Taiwanese) texts
_ROC_YEAR = re.compile(r"(?:中华)?民国(元|\d{1,3})年")


_SCALES = {"thousand": 1000, "million": 10**6, "billion": 10**9, "万": 10**4, "亿": 10**8, "k": 1000, "bn": 10**9}
_SCALED = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)(?: ?(thousand|million|billion)\b|(万|亿|k(?![a-z\d])|bn(?![a-z\d])))")


def scaled_numbers(text: str) -> str:
    """`text` with a number and its scale word as one number: "12.4 thousand", "12.4k", "1.5 million", "1.24万" = 12400,
    12400, 1500000, 12400.

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
            if found is None:
                return match[0]
            # A word right after a Chinese date ("2023年9月19日GA") must not run on into the date's new form.
            following = match.string[match.end() : match.end() + 1]
            after = " " if following.isascii() and following.isalnum() else ""
            return f"{int(found[0])}-{int(found[1])}-{int(found[2])}{after}"

        text = pattern.sub(swap, text)
    return text


_SMALL = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen".split()
    )
}
_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
_WORD_SCALES = {"thousand": 1000, "million": 10**6, "billion": 10**9}
_NUMBER_WORD = "|".join([*_SMALL, *_TENS, "hundred", *_WORD_SCALES, "point"])
_WORD_RUN = re.compile(rf"\b(?:{_NUMBER_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_NUMBER_WORD}))*\b", re.IGNORECASE)
_AND_AFTER_SCALE = re.compile(r"(?:hundred|thousand|million|billion)\s+and\s", re.IGNORECASE)


def _pairs(words: list[str]) -> int | None:
    """A year said as two pairs, "eighteen eighty-nine" = 1889 (each pair 10..99), else None."""
    values, current = [], None
    for word in words:
        if word in _SMALL and _SMALL[word] >= 10 or word in _TENS:
            if current is not None:
                values.append(current)
            current = _SMALL.get(word, _TENS.get(word))
        elif word in _SMALL and current is not None and current % 10 == 0 and current >= 20:
            current += _SMALL[word]
        else:
            return None
    values.append(current)
    is_year = len(values) == 2 and 10 <= values[0] <= 20 and 10 <= values[1] <= 99
    return values[0] * 100 + values[1] if is_year else None


def _words_value(words: list[str]) -> Decimal | None:
    """The value of a run of English number words, or None when they do not make one number."""
    if year := _pairs(words):
        return Decimal(year)
    total, current, decimals = 0, 0, None
    for word in words:
        if decimals is not None:
            if word not in _SMALL or _SMALL[word] > 9:
                if word in _WORD_SCALES:  # "two point five million"
                    return Decimal(f"{current}.{decimals}") * _WORD_SCALES[word] + total
                return None
            decimals += str(_SMALL[word])
        elif word == "point":
            decimals = ""
        elif word in _SMALL:
            current += _SMALL[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        else:
            total += (current or 1) * _WORD_SCALES[word]
            current = 0
    if decimals is not None:
        return Decimal(f"{total + current}.{decimals}") if decimals else None
    return Decimal(total + current)


_A_SCALE = re.compile(r"\ban? (hundred|thousand|million|billion)\b", re.IGNORECASE)
_OH_YEAR = re.compile(
    r"\b(ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)[\s-]+(?:oh|o|zero)"
    r"[\s-]+(one|two|three|four|five|six|seven|eight|nine)\b",
    re.IGNORECASE,
)


def english_numbers(text: str) -> str:
    """`text` (lower-cased) with runs of English number words written as digits; "one" or "two" alone stay words,
    since they are more often "one of the" than a number. "A hundred" is 100 and a year said with "oh"
    ("nineteen-oh-eight") is 1908."""
    text = _OH_YEAR.sub(lambda m: str(_SMALL[m[1].lower()] * 100 + _SMALL[m[2].lower()]), text)
    text = _A_SCALE.sub(lambda m: f"one {m[1]}", text)

    def digits(match: re.Match[str]) -> str:
        return number(match[0])

    def number(run: str) -> str:
        if " and " in run.lower() and not _AND_AFTER_SCALE.search(run):
            # "sixty and one hundred" are two numbers, each read alone; "two hundred and six" is one
            return " and ".join(number(part) for part in re.split(r"\s+and\s+", run, flags=re.IGNORECASE))
        words = [w.lower() for w in re.split(r"[\s-]+", run) if w and w.lower() != "and"]
        if words[0] in _WORD_SCALES or words[0] in ("hundred", "point"):
            return run  # a scale after digits ("12.4 thousand") is scaled_numbers' to read
        value = _words_value(words)
        if value is None or (len(words) == 1 and value < 10):
            return run
        return f"{value.normalize():f}"

    return _WORD_RUN.sub(digits, text)


def as_digits(text: str) -> str:
    """Chinese numerals and English number words as digits (lower-cased text)."""
    return english_numbers(arabic_numerals(text))
