"""Tell Chinese, English and mixed documents apart, cheaply and deterministically.

Only the three languages ragstress supports need telling apart, so a script census is
enough: no model, no randomness. The subtle part is comparing the two scripts fairly.
A Chinese character is roughly a morpheme, an English *word* roughly two of them, so
counting Latin letters one by one would make a Chinese paragraph with a product name
or two look mixed. We therefore count Han characters one by one and other-script
letters per word, each word weighing `LATIN_WORD_WEIGHT` characters, and look at the
Chinese share of that total.

Calibration (see tests): sentence-aligned bilingual text lands at 0.4-0.55; even a
Chinese sentence dense with English names or API identifiers ("使用 Python 的 requests
库发送 HTTP 请求…") stays above 0.7; an English sentence quoting Chinese names stays at
or below 0.2. Whole documents are less extreme than these single sentences.
"""

from __future__ import annotations

import re

from ragstress.core.types import Lang

# One Latin word counts as this many Han characters (an English word carries about
# as much as 1.5-2 Chinese characters).
LATIN_WORD_WEIGHT = 1.5

# Chinese share at or above which a text is "zh", and at or below which it is "en";
# anything between is "mixed". Wide bands on purpose: technical Chinese is full of
# English identifiers, and English writing about China is full of Chinese names.
ZH_MIN_SHARE = 0.65
EN_MAX_SHARE = 0.3

# Only this much of a document is inspected; the language of a long document is
# settled long before its end, and detection stays O(1) per document.
_SAMPLE_CHARS = 50_000

# CJK Unified Ideographs (+ extension A, compatibility ideographs, extensions B-F in
# the supplementary planes). Kana and Hangul are not counted: they are not Chinese.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
_HAN_CHAR = re.compile(f"[{_HAN}]")
# A word: a run of letters (any script but Han); digits and underscores excluded.
_WORD = re.compile(f"(?:(?![{_HAN}])[^\\W\\d_])+")


def letter_words(text: str) -> list[str]:
    """The runs of letters of `text` in any script but Han (words of English, French, Russian, kana runs ...)."""
    return _WORD.findall(text)


def han_share(text: str) -> float | None:
    """Share of Han characters among weighted letters, or None if the text has no letters."""
    sample = text[:_SAMPLE_CHARS]
    han = len(_HAN_CHAR.findall(sample))
    words = len(_WORD.findall(sample))
    total = han + LATIN_WORD_WEIGHT * words
    if total == 0:
        return None
    return han / total


def detect_lang(text: str) -> Lang:
    """Classify `text` as "zh", "en" or "mixed" by its share of Chinese characters.

    Text without any letters (numbers, punctuation, empty) is reported as "en", the
    neutral choice for tokenisation and prompts.
    """
    share = han_share(text)
    if share is None or share <= EN_MAX_SHARE:
        return "en"
    if share >= ZH_MIN_SHARE:
        return "zh"
    return "mixed"
