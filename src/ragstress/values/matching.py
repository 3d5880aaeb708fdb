"""Text normalisation and alias matching (the refusal / error-flag rules are in rules.py).

`comparable` and `alias_patterns` are the default rules' wider reading: Chinese numerals,
dates, units and scaled numbers brought to one form before an alias is looked for.

Decisions (each is tested in tests/data/deterministic_labelled.jsonl):
- NFKC first, so full-width digits and letters ("１９９８", "ＡＢＣ") become ASCII and
  full-width punctuation ("，" "：") becomes its ASCII form; then case folding.
- A comma between digits followed by exactly three digits is a thousands separator
  and is dropped, so "1,000" and "1000" match each other; "1,2" is left alone.
- Whitespace next to a CJK character is removed ("巴 黎" == "巴黎", "1998 年" ==
  "1998年"); other whitespace runs become one space, so English words keep apart.
- An alias that starts or ends with a Latin letter or digit must not touch another
  one in the response: "1998" does not match "19980" and "Paris" not "Parisian".
  CJK text has no word boundaries, so CJK edges match as substrings.
- A one-letter command-line option keeps its case, since `-a` and `-A` are different
  options: the upper-case letter is marked before case folding ("-A" reads "-^a").
- A number, whole or decimal, must not run on into more digits: the version "3.8" is
  not in "3.8.1" or "13.8".
- The minus sign "−" reads as "-", so "−196" and "-196" match each other; the multiplication sign "×" reads
  as "x", so "55 × 40 cm" and "55 x 40 cm" match.
- A number right inside square brackets is a citation marker, not a value: the 2 of "3 moons [2]" or "【2】"
  is no answer "2".
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from decimal import Decimal

from ragstress.values.notation import powers, units
from ragstress.values.numerals import arabic_numerals, canonical_dates, english_numbers, scaled_numbers

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A run of spaces is tried from its first character only: tried from each of its characters, a long run that no
# CJK character follows would cost the square of its length.
_SPACE_NEXT_TO_CJK = re.compile(rf"(?<=[{_CJK}])\s+|(?<!\s)\s+(?=[{_CJK}])")
_SPACES = re.compile(r"\s+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_WORD_CHAR = "0-9a-z\u00c0-\u024f"
_UPPER_SHORT_OPTION = re.compile(r"(?<![\w-])-([A-Z])(?![\w-])")
# Curly quotes read straight, the minus sign as the hyphen-minus most text and aliases write it ("−196 °C"), and the
# multiplication sign as the x most aliases write dimensions with ("55 × 40 cm").
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2212": "-", "\u00d7": "x"})


def normalise(text: str) -> str:
    """The form both responses and aliases are compared in (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text)
    text = _UPPER_SHORT_OPTION.sub(lambda m: "-^" + m[1].lower(), text).casefold().translate(_QUOTES)
    text = _THOUSANDS.sub("", text)
    text = _SPACE_NEXT_TO_CJK.sub("", text)
    return _SPACES.sub(" ", text).strip()


def alias_pattern(alias: str) -> re.Pattern[str] | None:
    """The compiled pattern `alias` is found by in normalised text (word edges kept), or None if blank."""
    alias = normalise(alias)
    if not alias:
        return None
    left = rf"(?<![{_WORD_CHAR}])" if re.match(rf"[{_WORD_CHAR}]", alias) else ""
    right = rf"(?![{_WORD_CHAR}])" if re.search(rf"[{_WORD_CHAR}]$", alias) else ""
    return re.compile(left + re.escape(alias) + right)


def contains_alias(text: str, aliases: Sequence[str]) -> str | None:
    """The first alias found in `text` (both normalised), or None."""
    return alias_in(normalise(text), aliases)


def alias_in(normalised: str, aliases: Sequence[str]) -> str | None:
    """The first alias found in `normalised`, text already in the form `normalise` gives (a Reading's), or None."""
    for alias in aliases:
        pattern = alias_pattern(alias)
        if pattern is not None and pattern.search(normalised):
            return alias
    return None


def matched_facts(text: str, answers: Sequence[Sequence[str]]) -> list[str | None]:
    """For each required fact, the alias that matched in `text`, or None if the fact is missing."""
    normalised = normalise(text)
    return [alias_in(normalised, aliases) for aliases in answers]


_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|[。！？；\n]+")


def sentences(text: str) -> list[str]:
    """Split on sentence ends in either language; empty pieces dropped."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


# A hyphen (or an en dash) after a letter joins words ("vostok-1" reads "vostok 1", "5th–6th" "5th 6th"); a count joined to a span of time is that many of
# it ("a six-month wait" gives "six months", "a 30-day supply" "30 days"). One pattern, the span a group.
_HYPHEN_AFTER_LETTER = re.compile(
    r"(?:(?<=\d)|(?<=\bone)|(?<=\btwo)|(?<=\bthree)|(?<=\bfour)|(?<=\bfive)|(?<=\bsix)|(?<=\bseven)|(?<=\beight)"
    r"|(?<=\bnine)|(?<=\bten)|(?<=\btwelve))-(?P<span>day|week|month|year|hour|minute)(?=\s|$|[,.;:)])"
    r"|(?<=[a-z])[-\u2013](?=[a-z0-9])"
)


def _hyphen_read(match: re.Match[str]) -> str:
    return f" {match['span']}s" if match["span"] else " "


_SHORT_RANGE = re.compile(
    r"(?<![\d.])(1\d|20)(\d\d)([–—-]|\s?(?:to|until|till|至|到)\s?)(\d\d)(?!\d|[.,/-]\d|\s?[%年月日号])"
)


def _range_end(match: re.Match[str]) -> str:
    """ "1872–75" reads "1872–1875": a year range whose end gives only its last two digits (and comes later)."""
    century, start, dash, end = match[1], match[2], match[3], match[4]
    return match[0] if end <= start else f"{century}{start}{dash}{century}{end}"


def comparable(text: str) -> str:
    """The form answers are looked for in: normalised, Chinese numerals as digits, dates in one form, "vostok-1" as
    "vostok 1", "380 metres" as "380 m", "3 × 10⁸" as "3x10^8" (`notation`), "12.4 thousand" as "12400", "1939–45" as
    "1939–1945"."""
    text = normalise(arabic_numerals(powers(text)))
    text = _HYPHEN_AFTER_LETTER.sub(_hyphen_read, scaled_numbers(canonical_dates(english_numbers(text))))
    text = units(text)
    return _SHORT_RANGE.sub(_range_end, text)


def alias_patterns(alias: str) -> list[re.Pattern[str]]:
    """How the default rules find an alias: Chinese numerals read as digits, and numbers by their digits.

    A number must not run on into more digits ("1889" is not in "18890" or "1889.5") but may touch a
    unit ("333m", "1889年"); a year alias "1889年" is also found as "1889" (an English answer to a
    Chinese question).
    """
    return list(_alias_patterns(alias))


# Units of one quantity, by their size in the family's base unit: "1731克" is also "1.731 kg", "7.4 km" "7400 m".
_UNIT_FAMILIES = (
    {"mm": Decimal("0.001"), "cm": Decimal("0.01"), "m": 1, "km": 1000, "毫米": Decimal("0.001"),
     "厘米": Decimal("0.01"), "米": 1, "公里": 1000, "千米": 1000},
    {"mg": Decimal("0.001"), "g": 1, "kg": 1000, "t": 10**6, "毫克": Decimal("0.001"), "克": 1, "公斤": 1000,
     "千克": 1000, "吨": 10**6},
    # an area: "m²" reads "m^2" by now (`notation.powers`), a unit _QUANTITY does not read, so it is only found
    {"平方米": 1, "平方公里": 10**6, "平方千米": 10**6, "m^2": 1, "km^2": 10**6},
    # a span of time: "3天" is also "72小时" and "72 h" ("48h内" as "48小时")
    {"s": 1, "秒": 1, "min": 60, "分钟": 60, "h": 3600, "小时": 3600, "个小时": 3600, "天": 86400, "days": 86400},
    # power: "1.15 GW" is "1150 MW" (case folded by now), "30万千瓦" (read "300000千瓦" by then) "0.3 GW"
    {"w": 1, "kw": 1000, "mw": 10**6, "gw": 10**9, "瓦": 1, "千瓦": 1000, "兆瓦": 10**6},
)  # fmt: skip
# A number, and the unit after it if there is one ("1.731 kg", "1731克", "1889年"): one reading of a value, whose
# unit, when there is one, is Latin letters or Chinese characters (so an ASCII unit is a Latin one).
_QUANTITY = re.compile(r"(?P<number>\d+(?:\.\d+)?)(?: ?(?P<unit>[a-z]+|[\u4e00-\u9fff]+))?")


def _is_number(text: str) -> bool:
    """Whether `text` is a number alone, with no unit."""
    found = _QUANTITY.fullmatch(text)
    return found is not None and found["unit"] is None


def _in_other_units(alias: str) -> list[tuple[str, str]]:
    """The same quantity in each unit of its family, as its number and the unit after it ("1.731", "kg"); a size of
    several dimensions converts each ("72 x 48 x 18 cm" is "720 x 480 x 180", "mm")."""
    *sides, last = alias.split("x") if "x" in alias else [alias]
    found = _QUANTITY.fullmatch(last.strip())
    family = next((f for f in _UNIT_FAMILIES if found and found["unit"] in f), None)
    numbers = [side.strip() for side in sides] + [found["number"]] if family else []
    if family is None or not all(_is_number(number) for number in numbers):
        return []
    others = []
    for unit, size in family.items():
        values = [(Decimal(number) * family[found["unit"]] / size).normalize() for number in numbers]
        # its own unit too, for the space a response may put before it or leave out ("0.3GW", "0.3 GW")
        if all(v == v.quantize(Decimal("0.001")) and v >= Decimal("0.001") for v in values):
            others.append((" x ".join(f"{v:f}" for v in values), unit))
    return others


def _locale_forms(alias: str) -> list[str]:
    """The alias's number (alone or before its unit) as other locales write it, each a reading a response's number
    may have: a whole number of four to six digits with a dot before its last three ("384.400 km", read also as
    384.4 in English), and a decimal with a comma for its point ("1,28 s"). A comma before exactly three digits is
    read as a thousands separator (`normalise`), so a decimal with three places has no comma form, and a whole
    number has none: "1,28" is never 128. Longer numbers grouped by dots more than once ("1.200.000") are
    unambiguous and are read as one number in the text itself (`notation.units`)."""
    quantity = _QUANTITY.match(alias)
    rest = alias[quantity.end("number") :] if quantity else "-"
    if rest[:1] in tuple("-./:,^x0123456789"):  # the number is part of a date, a ratio or a range, not a quantity
        return []
    whole, _, fraction = quantity["number"].partition(".")
    if fraction:
        return [f"{whole},{fraction}{rest}"] if len(fraction) != 3 else []
    if 4 <= len(whole) <= 6 and not whole.startswith("0"):
        return [f"{whole[:-3]}.{whole[-3:]}{rest}"]
    return []


# An alias that gives its value as approximate ("about 490 km/h", "约6371千米") names the value, not the word: a
# response that says "around 490 km/h", "roughly 490 km/h" or "490 km/h" gives it too.
_APPROXIMATELY = ("about ", "around ", "approximately ", "approx. ", "roughly ", "~", "约", "大约")


# A currency sign stands before the amount in English and after it in much of Europe and Russia ("€1,299.00",
# "1.299,00 €", "12 500 ₽"): signs, not words, so they are no lexicon's.
_CURRENCY_SIGNS = "$€£¥₽₹₩₺₴₪฿"


def _currency_forms(alias: str) -> list[str]:
    """A price as the other side of the world writes it: its currency sign after the amount when the alias has it
    before ("€1299.00" is also "1299.00 €" and "1299.00€"), before it when the alias has it after, and an amount of
    whole units also without its zero cents ("€1299.00" is "1299 €" too). The amount itself is read as ever, so
    "1,299" stays an English thousand and two hundred."""
    sign_first = alias[:1] != "" and alias[0] in _CURRENCY_SIGNS
    body = alias[1:].lstrip() if sign_first else alias
    quantity = _QUANTITY.match(body)
    if quantity is None:
        return []
    number, rest = quantity["number"], body[quantity.end("number") :]
    if not sign_first:
        after = rest.lstrip()
        if not after or after[0] not in _CURRENCY_SIGNS:
            return []
        sign, rest = after[0], after[1:]
    else:
        sign = alias[0]
    amounts = [number, number[:-3]] if number.endswith(".00") else [number]
    forms = [form for n in amounts for form in (f"{n} {sign}{rest}", f"{n}{sign}{rest}", f"{sign}{n}{rest}")]
    return [form for form in dict.fromkeys(forms) if form != alias]


@functools.lru_cache(maxsize=8192)
def _alias_patterns(alias: str) -> tuple[re.Pattern[str], ...]:
    # Cached: every rule looks for the same few aliases of a case, and compiling them is most of a rule's time.
    alias = comparable(alias)
    value = next((alias[len(w) :].strip() for w in _APPROXIMATELY if alias.startswith(w)), "")
    if value and value != alias:
        return (*_exact_alias_patterns(alias), *_alias_patterns(value))
    priced = [found for form in _currency_forms(alias) for found in _exact_alias_patterns(form)]
    return (*_exact_alias_patterns(alias), *priced)


def _exact_alias_patterns(alias: str) -> tuple[re.Pattern[str], ...]:
    quantity = _QUANTITY.fullmatch(alias)
    year = quantity is not None and quantity["unit"] == "年" and alias[:-1].isdecimal()  # "1889年"
    numbers = [alias] if _is_number(alias) else [alias[:-1]] if year else []
    # A comma before the number separates it from a digit only when a digit precedes the comma ("1,2021"), not
    # after a clause ("天和，2021年" normalises to "天和,2021年").
    # A number right after an opening or before a closing square bracket is a citation marker ("[2]", "【1,2】").
    numbers += [] if year or not numbers else _locale_forms(alias)
    # A whole number is the same with zero cents after it: "1299" is in "1299.00 €" and "1.299,00 €".
    cents = {n: "" if "." in n else "(?:[.,]00)?" for n in numbers}
    found = [re.compile(rf"(?<![\d.\[【])(?<!\d,){re.escape(n)}{cents[n]}(?!\d|[.,]\d|[\]】])") for n in numbers]
    if not numbers:  # a quantity with its unit, the number in another locale's spelling ("384.400 km", "1,28 s")
        edge = rf"(?![{_WORD_CHAR}])" if re.search(rf"[{_WORD_CHAR}]$", alias) else ""
        found += [re.compile(rf"(?<![\d.,]){re.escape(form)}{edge}") for form in _locale_forms(alias)]
    if not _is_number(alias):
        found.append(alias_pattern(alias))
    found += [alias_pattern(form) for form in _count_in_words(alias)]
    found += _range_patterns(alias)
    for value, unit in _in_other_units(alias):  # the number must not run on from more digits, as above
        size = re.escape(value).replace(r"\ x\ ", " ?x ?")  # "600 x 400" or "600x400"
        found.append(re.compile(rf"(?<![\d.])(?<!\d,){size} ?{re.escape(unit)}(?![a-z])"))
    return tuple(p for p in found if p is not None)


# A range is written many ways: "10-12 days", "10 to 12 days", "from 10 to 12 days", "between ten and twelve days",
# "1500到1700毫升", "一九九〇至一九九五" (read as digits by then). An alias that is a range finds every form: its ends
# joined by a dash, a tilde, an arrow, to, until, through, 至 or 到, or after "between" by "and"; its unit after the second end,
# and once after the first too ("10 days to 12 days"). An end under ten may be a word ("three to five").
_RANGE_JOINS = (" to ", "至", "到", "~", "–", "—", "-")
_RANGE_WORD_JOINS = r"(?: ?[-–—~→] ?| (?:to|until|till|through) | ?[至到] ?)"


def _range_ends(alias: str) -> tuple[str, str, str] | None:
    """The two ends and the unit of an alias that is a range ("10-12 days" -> "10", "12", "days"), else None."""
    for join in _RANGE_JOINS:
        low, _, rest = alias.partition(join)
        high = _QUANTITY.match(rest.strip())
        if rest and _is_number(low.strip()) and high and Decimal(low.strip()) < Decimal(high["number"]):
            return low.strip(), high["number"], rest.strip()[high.end("number") :].strip()
    return None


def _range_patterns(alias: str) -> list[re.Pattern[str]]:
    ends = _range_ends(alias)
    if ends is None:
        return []
    low, high, unit = ends
    words = {"1": ("one", "一"), **_COUNT_WORDS}

    def end(number: str) -> str:
        return "(?:" + "|".join([re.escape(number), *words.get(number, ())]) + ")"

    # a Chinese unit may take its measure word ("8到10个小时" for 8到10小时)
    unit_after = rf" ?{'' if unit.isascii() else '个?'}{re.escape(unit)}" if unit else ""
    first = rf"{end(low)}(?:{unit_after})?"
    joined = rf"(?:between {first} (?:and|&) |{first}{_RANGE_WORD_JOINS})"
    edge = rf"(?![{_WORD_CHAR}])" if re.search(rf"[{_WORD_CHAR}]$", unit or high) else ""
    return [re.compile(rf"(?<![\d.{_WORD_CHAR}]){joined}{end(high)}(?!\d|[.,]\d){unit_after}{edge}")]


# A count under ten is written as a word as often as in digits ("eight sides", "三个腔室"). One and 一 stay out: they
# are more often "one of the" and "一座" than a count. A Chinese numeral is only read with its measure word after
# it, since alone it is part of many words ("三国", "八达岭").
_COUNT_WORDS = {
    "2": ("two", "两", "二"), "3": ("three", "三"), "4": ("four", "四"), "5": ("five", "五"), "6": ("six", "六"),
    "7": ("seven", "七"), "8": ("eight", "八"), "9": ("nine", "九"),
}  # fmt: skip


def _count_in_words(alias: str) -> list[str]:
    """The spellings of a count under ten in words: "8" is also "eight", "3个" also "三个", "5 days" "five days"."""
    quantity = _QUANTITY.fullmatch(alias)
    number, unit = (quantity["number"], quantity["unit"] or "") if quantity else ("", "")
    forms = []
    for word in _COUNT_WORDS.get(number, ()):
        if word.isascii() and unit.isascii():
            forms.append(f"{word} {unit}".strip())
        elif not word.isascii() and not unit.isascii():
            forms.append(word + unit)
    return forms
