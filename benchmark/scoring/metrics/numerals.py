"""Chinese numerals as Arabic digits, so "一八八九年" and "一千五百四十五米" match "1889年" and "1545米".

Two forms are read: digit-by-digit runs of two or more (一八八九, 二〇〇三) and positional
numbers with a unit character (十五, 一千五百四十五, 三万二千). A lone 一 ("一座") stays
as it is. Only the default rules' answer matching reads these; RGB-exact matching does not.
"""

from __future__ import annotations

import re

_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_RUN = re.compile("[〇零一二三四五六七八九]{2,}")
_POSITIONAL = re.compile("[〇零一二两三四五六七八九十百千万]*[十百千万][〇零一二两三四五六七八九十百千]*")


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
    return _RUN.sub(lambda m: "".join(str(_DIGITS[c]) for c in m[0]), text)
