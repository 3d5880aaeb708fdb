"""The other spellings of an alias that `matching.alias_patterns` also looks for: the same quantity in another unit
of its family ("1.731 kg" for "1731克"), its number as other locales write it ("384.400 km", "1,28 s"), a price with
its currency sign on the other side ("1299.00 €" for "€1299.00"), a range in any of its joins ("10 to 12 days",
"1500到1700毫升"), and a count under ten in words ("eight sides", "三个"). Each takes an alias already in comparable
form (`matching.comparable`).
"""

from __future__ import annotations

import re
from decimal import Decimal

WORD_CHAR = "0-9a-z\u00c0-\u024f"
"""The characters of a Latin word or a number: an alias ending in one must not run on into another."""

# Units of one quantity, by their size in the family's base unit: "1731克" is also "1.731 kg", "7.4 km" "7400 m".
_UNIT_FAMILIES = (
    {"mm": Decimal("0.001"), "cm": Decimal("0.01"), "m": 1, "km": 1000, "毫米": Decimal("0.001"),
     "厘米": Decimal("0.01"), "米": 1, "公里": 1000, "千米": 1000},
    {"mg": Decimal("0.001"), "g": 1, "kg": 1000, "t": 10**6, "毫克": Decimal("0.001"), "克": 1, "公斤": 1000,
     "千克": 1000, "吨": 10**6},
    # an area: "m²" reads "m^2" by now (`notation.powers`), a unit QUANTITY does not read, so it is only found
    {"平方米": 1, "平方公里": 10**6, "平方千米": 10**6, "m^2": 1, "km^2": 10**6},
    # a span of time: "3天" is also "72小时" and "72 h" ("48h内" as "48小时")
    {"s": 1, "秒": 1, "min": 60, "分钟": 60, "h": 3600, "小时": 3600, "个小时": 3600, "天": 86400, "days": 86400},
    # power: "1.15 GW" is "1150 MW" (case folded by now), "30万千瓦" (read "300000千瓦" by then) "0.3 GW"
    {"w": 1, "kw": 1000, "mw": 10**6, "gw": 10**9, "瓦": 1, "千瓦": 1000, "兆瓦": 10**6},
)  # fmt: skip
# A number, and the unit after it if there is one ("1.731 kg", "1731克", "1889年"): one reading of a value, whose
# unit, when there is one, is Latin letters or Chinese characters (so an ASCII unit is a Latin one).
QUANTITY = re.compile(r"(?P<number>\d+(?:\.\d+)?)(?: ?(?P<unit>[a-z]+|[\u4e00-\u9fff]+))?")


def is_number(text: str) -> bool:
    """Whether `text` is a number alone, with no unit."""
    found = QUANTITY.fullmatch(text)
    return found is not None and found["unit"] is None


def in_other_units(alias: str) -> list[tuple[str, str]]:
    """The same quantity in each unit of its family, as its number and the unit after it ("1.731", "kg"); a size of
    several dimensions converts each ("72 x 48 x 18 cm" is "720 x 480 x 180", "mm")."""
    *sides, last = alias.split("x") if "x" in alias else [alias]
    found = QUANTITY.fullmatch(last.strip())
    family = next((f for f in _UNIT_FAMILIES if found and found["unit"] in f), None)
    numbers = [side.strip() for side in sides] + [found["number"]] if family else []
    if family is None or not all(is_number(number) for number in numbers):
        return []
    others = []
    for unit, size in family.items():
        values = [(Decimal(number) * family[found["unit"]] / size).normalize() for number in numbers]
        # its own unit too, for the space a response may put before it or leave out ("0.3GW", "0.3 GW")
        if all(v == v.quantize(Decimal("0.001")) and v >= Decimal("0.001") for v in values):
            others.append((" x ".join(f"{v:f}" for v in values), unit))
    return others


def locale_forms(alias: str) -> list[str]:
    """The alias's number (alone or before its unit) as other locales write it, each a reading a response's number
    may have: a whole number of four to six digits with a dot before its last three ("384.400 km", read also as
    384.4 in English), and a decimal with a comma for its point ("1,28 s"). A comma before exactly three digits is
    read as a thousands separator (`normalise`), so a decimal with three places has no comma form, and a whole
    number has none: "1,28" is never 128. Longer numbers grouped by dots more than once ("1.200.000") are
    unambiguous and are read as one number in the text itself (`notation.units`)."""
    quantity = QUANTITY.match(alias)
    rest = alias[quantity.end("number") :] if quantity else "-"
    if rest[:1] in tuple("-./:,^x0123456789"):  # the number is part of a date, a ratio or a range, not a quantity
        return []
    whole, _, fraction = quantity["number"].partition(".")
    if fraction:
        return [f"{whole},{fraction}{rest}"] if len(fraction) != 3 else []
    if 4 <= len(whole) <= 6 and not whole.startswith("0"):
        return [f"{whole[:-3]}.{whole[-3:]}{rest}"]
    return []


# A currency sign stands before the amount in English and after it in much of Europe and Russia ("€1,299.00",
# "1.299,00 €", "12 500 ₽"): signs, not words, so they are no lexicon's.
_CURRENCY_SIGNS = "$€£¥₽₹₩₺₴₪฿"


def currency_forms(alias: str) -> list[str]:
    """A price as the other side of the world writes it: its currency sign after the amount when the alias has it
    before ("€1299.00" is also "1299.00 €" and "1299.00€"), before it when the alias has it after, and an amount of
    whole units also without its zero cents ("€1299.00" is "1299 €" too). The amount itself is read as ever, so
    "1,299" stays an English thousand and two hundred."""
    sign_first = alias[:1] != "" and alias[0] in _CURRENCY_SIGNS
    body = alias[1:].lstrip() if sign_first else alias
    quantity = QUANTITY.match(body)
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
        high = QUANTITY.match(rest.strip())
        if rest and is_number(low.strip()) and high and Decimal(low.strip()) < Decimal(high["number"]):
            return low.strip(), high["number"], rest.strip()[high.end("number") :].strip()
    return None


def range_patterns(alias: str) -> list[re.Pattern[str]]:
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
    edge = rf"(?![{WORD_CHAR}])" if re.search(rf"[{WORD_CHAR}]$", unit or high) else ""
    return [re.compile(rf"(?<![\d.{WORD_CHAR}]){joined}{end(high)}(?!\d|[.,]\d){unit_after}{edge}")]


# A count under ten is written as a word as often as in digits ("eight sides", "三个腔室"). One and 一 stay out: they
# are more often "one of the" and "一座" than a count. A Chinese numeral is only read with its measure word after
# it, since alone it is part of many words ("三国", "八达岭").
_COUNT_WORDS = {
    "2": ("two", "两", "二"), "3": ("three", "三"), "4": ("four", "四"), "5": ("five", "五"), "6": ("six", "六"),
    "7": ("seven", "七"), "8": ("eight", "八"), "9": ("nine", "九"),
}  # fmt: skip


def count_in_words(alias: str) -> list[str]:
    """The spellings of a count under ten in words: "8" is also "eight", "3个" also "三个", "5 days" "five days"."""
    quantity = QUANTITY.fullmatch(alias)
    number, unit = (quantity["number"], quantity["unit"] or "") if quantity else ("", "")
    forms = []
    for word in _COUNT_WORDS.get(number, ()):
        if word.isascii() and unit.isascii():
            forms.append(f"{word} {unit}".strip())
        elif not word.isascii() and not unit.isascii():
            forms.append(word + unit)
    return forms
