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

from ragstress.values.alias_forms import (
    QUANTITY,
    WORD_CHAR,
    count_in_words,
    currency_forms,
    in_other_units,
    is_number,
    locale_forms,
    range_patterns,
)
from ragstress.values.notation import powers, units
from ragstress.values.numerals import arabic_numerals, canonical_dates, english_numbers, scaled_numbers

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# A run of spaces is tried from its first character only: tried from each of its characters, a long run that no
# CJK character follows would cost the square of its length.
_SPACE_NEXT_TO_CJK = re.compile(rf"(?<=[{_CJK}])\s+|(?<!\s)\s+(?=[{_CJK}])")
_SPACES = re.compile(r"\s+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
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
    left = rf"(?<![{WORD_CHAR}])" if re.match(rf"[{WORD_CHAR}]", alias) else ""
    right = rf"(?![{WORD_CHAR}])" if re.search(rf"[{WORD_CHAR}]$", alias) else ""
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


# An alias that gives its value as approximate ("about 490 km/h", "约6371千米") names the value, not the word: a
# response that says "around 490 km/h", "roughly 490 km/h" or "490 km/h" gives it too.
_APPROXIMATELY = ("about ", "around ", "approximately ", "approx. ", "roughly ", "~", "约", "大约")


@functools.lru_cache(maxsize=8192)
def _alias_patterns(alias: str) -> tuple[re.Pattern[str], ...]:
    # Cached: every rule looks for the same few aliases of a case, and compiling them is most of a rule's time.
    alias = comparable(alias)
    value = next((alias[len(w) :].strip() for w in _APPROXIMATELY if alias.startswith(w)), "")
    if value and value != alias:
        return (*_exact_alias_patterns(alias), *_alias_patterns(value))
    priced = [found for form in currency_forms(alias) for found in _exact_alias_patterns(form)]
    return (*_exact_alias_patterns(alias), *priced)


def _exact_alias_patterns(alias: str) -> tuple[re.Pattern[str], ...]:
    quantity = QUANTITY.fullmatch(alias)
    year = quantity is not None and quantity["unit"] == "年" and alias[:-1].isdecimal()  # "1889年"
    numbers = [alias] if is_number(alias) else [alias[:-1]] if year else []
    # A comma before the number separates it from a digit only when a digit precedes the comma ("1,2021"), not
    # after a clause ("天和，2021年" normalises to "天和,2021年").
    # A number right after an opening or before a closing square bracket is a citation marker ("[2]", "【1,2】").
    numbers += [] if year or not numbers else locale_forms(alias)
    # A whole number is the same with zero cents after it: "1299" is in "1299.00 €" and "1.299,00 €".
    cents = {n: "" if "." in n else "(?:[.,]00)?" for n in numbers}
    found = [re.compile(rf"(?<![\d.\[【])(?<!\d,){re.escape(n)}{cents[n]}(?!\d|[.,]\d|[\]】])") for n in numbers]
    if not numbers:  # a quantity with its unit, the number in another locale's spelling ("384.400 km", "1,28 s")
        edge = rf"(?![{WORD_CHAR}])" if re.search(rf"[{WORD_CHAR}]$", alias) else ""
        found += [re.compile(rf"(?<![\d.,]){re.escape(form)}{edge}") for form in locale_forms(alias)]
    if not is_number(alias):
        found.append(alias_pattern(alias))
    found += [alias_pattern(form) for form in count_in_words(alias)]
    found += range_patterns(alias)
    for value, unit in in_other_units(alias):  # the number must not run on from more digits, as above
        size = re.escape(value).replace(r"\ x\ ", " ?x ?")  # "600 x 400" or "600x400"
        found.append(re.compile(rf"(?<![\d.])(?<!\d,){size} ?{re.escape(unit)}(?![a-z])"))
    return tuple(p for p in found if p is not None)
