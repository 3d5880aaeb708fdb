"""How numbers and units are written, read in one form before an answer is looked for (`matching.comparable`).

A value has many spellings that say the same: "3.00 × 10⁸ m s⁻¹" and "3.00×10^8 m/s", "150 min" and "150 minutes",
"300 000 km/s" and "300,000 km/s". Each reading here is a rule of notation, applied alike to the response and to
every alias, so either side may use either spelling:

- A superscript is a power: "10⁸" reads "10^8" and "mol⁻¹" "mol^-1". Unicode's compatibility form would make
  "10⁸" the different number "108", so superscripts are read before the text is normalised (`powers`).
- A number in scientific notation is written out, whatever sign and spacing multiply its factor by the power of
  ten: "3 × 10^8", "3x10^8", "3·10^8", "3*10^8" and "3e8" all read "300000000", "1,5 × 10⁶" (a comma decimal
  mark) "1500000"; so "1.538 × 10³ °C" gives 1538 °C and "2.5 × 10⁵" is never 2.5 million. A power beyond
  ±12 stays in one notation, "5.97x10^24".
- A unit to a negative power, after another unit, divides it: "m s^-1" reads "m/s", "g cm^-3" "g/cm^3".
- A unit after a number is read in one form, whatever its spelling: metres, kilograms, per cent, basis points
  ("25 basis points" and "25 bps" read "25 bps") and the rest, and
  spans of time ("150 minutes", "150 mins" and "150 min" read "150 min"; "2 hrs" and "2 hours" "2 h"; "30 secs"
  "30 s"). A bare "s" or "h" word is left alone where no number precedes it; a number word from two to ten before
  the unit is a number ("between seven and nine hours" reads "between seven and nine h", as "7 to 9 hours" reads
  "7 to 9 h"; larger ones are digits by then).
- An hour on the twelve-hour clock said with its part of the day is written with am or pm: "7 in the morning"
  reads "7 am", "9:30 in the evening" and "11 at night" "9:30 pm" and "11 pm".
- A degree sign keeps to its unit: "4200 J/kg °C" and "4200 J/kg°C" read alike.
- A dot that multiplies two units is the space between them: "kg·m/s" reads "kg m/s" (between Latin letters only:
  the dot inside a Chinese transliterated name is no product).
- Digits grouped by spaces in threes are one number ("300 000", "1 000 000"), as a comma between them already is
  (`matching.normalise`); the first group has one to three digits and each further group exactly three, so two
  numbers side by side ("in 2019 300 people") are not joined. Groups split by dots more than once are one number too
  ("€1.200.000.000"), and a comma after space- or dot-grouped digits is their decimal mark ("1.234,5" and
  "1 234,5" read "1234.5"). A single dot before three digits ("384.400") stays: it reads as either value, so
  it is the alias matching that tries the thousands reading (`alias_forms.locale_forms`).
- A space between a number and its per cent sign goes ("72,2 %" reads "72,2%").
"""

from __future__ import annotations

import re
from decimal import Decimal

_SUPERSCRIPT_DIGITS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+", strict=True))


def powers(text: str) -> str:
    """Superscript exponents as "^" and the digits: "10⁸" reads "10^8", "r³" "r^3", "mol⁻¹" "mol^-1".

    A walk over the characters rather than one more pattern: the rules' patterns are counted and bounded."""
    if not any(c in _SUPERSCRIPT_DIGITS for c in text):
        return text
    out, in_power = [], False
    for char in text:
        digit = _SUPERSCRIPT_DIGITS.get(char)
        if digit is None:
            in_power = False
            out.append(char)
            continue
        if not in_power or digit in "-+":
            out.append("^")
        in_power = True
        out.append(digit)
    return "".join(out)


# One pattern, a group per reading (the rules' patterns are counted and bounded): digits grouped by spaces, the sign
# that multiplies a power of ten, a unit to a negative power after another unit, the space before a degree sign, the
# dot between two units, and a unit after a number in any of its spellings: "380 metres", "380 meters" and "380m" all
# read "380 m", "78 per cent" "78%", "25 basis points" "25 bps", "5,730 yrs" "5730 years", "12 kilograms" "12 kg",
# "fifty hertz" "50 hz", "230 volts" "230 v", "150 minutes" "150 min", "2 hrs" "2 h", "30 seconds" "30 s", "km per
# second" "km/s", and an hour with its part of the day: "7 in the morning" "7 am".
_NOTATION = re.compile(
    r"(?P<grouped>(?<![\d.,])(?<!\d )\d{1,3}(?:(?: \d{3})+(?:,\d+)?|(?:\.\d{3}){2,}(?:,\d+)?|\.\d{3},\d+)"
    r"(?![\d]|[.,]\d| \d))"
    r"|(?P<sci>(?<![\da-z_.,])\d+(?:[.,]\d+)?(?: ?[x·*] ?10\^[-+]?\d{1,2}|e[-+]?\d{1,2}(?![a-z_]))(?!\d|[.,]\d))"
    r"|(?P<times>(?<=\d) ?[x·*] ?(?=10\^))"
    r"|(?<=[a-z]) (?P<per_unit>[a-z]{1,3})\^-(?P<power>[1-9])(?!\d)"
    r"|(?P<degree>(?<=\S) (?=°[cfk]\b)|(?<=\d) (?=%))|(?P<product>(?<=[a-z])[·⋅](?=[a-z]))"
    r"|(?:(?<=\d) ?|(?:(?<=\b(?:two|six|ten))|(?<=\b(?:four|five|nine))|(?<=\b(?:three|seven|eight))) )"
    r"(?:(?P<km>kilomet(?:re|er)s?|km)|(?P<m>met(?:re|er)s?|m)|(?P<ft>feet|foot|ft)|(?P<pct>per ?cent|percent)"
    r"|(?P<bps>basis points?|bps)|(?P<yrs>yrs?)|(?P<kg>kilograms?|kilos?|kg)|(?P<hz>hertz|hz)|(?P<v>volts?|v)"
    r"|(?P<min>minutes?|mins?)|(?P<h>hours?|hrs?|h)|(?P<s>seconds?|secs?))\b|(?<=[a-z]) per (?P<per>second|hour)\b"
    r"|(?<![\d.,:])(?P<clock>\b(?:1[0-2]|0?[1-9])(?::[0-5]\d)?) (?P<half>in the (?:morning|afternoon|evening)|at night)\b"
)
_UNIT_FORMS = {
    "km": " km", "m": " m", "ft": " ft", "pct": "%", "bps": " bps", "yrs": " years", "kg": " kg", "hz": " hz", "v": " v",
    "min": " min", "h": " h", "s": " s", "times": "x", "degree": "", "product": " ",
}  # fmt: skip
_PER = {"second": "/s", "hour": "/h"}


def _read(match: re.Match[str]) -> str:
    if match["grouped"]:
        # Groups of three split by spaces or dots; a comma after them is the decimal mark ("1.234,5" is 1234.5).
        return match["grouped"].replace(" ", "").replace(".", "").replace(",", ".")
    if match["sci"]:
        return _scientific(match["sci"])
    if match["per_unit"]:
        return f"/{match['per_unit']}" + ("" if match["power"] == "1" else f"^{match['power']}")
    if match["per"]:
        return _PER[match["per"]]
    if match["clock"]:
        return match["clock"] + (" am" if match["half"].endswith("morning") else " pm")
    return _UNIT_FORMS[match.lastgroup]


_WRITTEN_OUT_POWER = 12  # beyond it a value is kept in scientific notation (decimal arithmetic stays exact)


def _scientific(written: str) -> str:
    """A number in scientific notation written out: "1.538x10^3" is "1538", "2.5e-3" "0.0025", "1,5x10^6" "1500000"
    (a comma in the factor is its decimal mark: a thousands comma is gone by now)."""
    factor, exponent = written.split("10^") if "^" in written else written.split("e")
    factor = factor.rstrip(" x·*").replace(",", ".")
    if abs(int(exponent)) > _WRITTEN_OUT_POWER:  # too long to write out: one notation, "5.97x10^24"
        return f"{factor}x10^{int(exponent)}"
    return f"{Decimal(factor).scaleb(int(exponent)).normalize():f}"


def units(text: str) -> str:
    """Normalised text with its numbers' notation and units read in one form (see the module docstring)."""
    return _NOTATION.sub(_read, text)
