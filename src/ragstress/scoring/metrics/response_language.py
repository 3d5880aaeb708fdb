"""Which language a response is written in, as far as the rules can read it.

The rules read English and Chinese. A response mostly in the other of the two than its question, or in a third
language, is read only through the set phrases the lexicon holds for it (refusals, flags, disagreement) and
through values written the same in every language (years, numbers); an answer in other words ('die Donau' for
the Danube, 'スウェーデン人' for Swedish) goes unseen. So where a verdict rests on not seeing an answer in
such a response, it is uncertain (certainty.with_certainty).
"""

from __future__ import annotations

import re

from ragstress.corpora.langdetect import letter_words
from ragstress.scoring.lexicon.intl.markers import ENGLISH, FUNCTION_WORDS, SCRIPTS
from ragstress.values.reading import Reading

_LETTER = re.compile(r"(?P<cjk>[\u3400-\u9fff\uf900-\ufaff])|(?P<latin>[A-Za-z])")
"""A Chinese character or a Latin letter: the two scripts the rules read, counted in one pass."""


def _script_counts(text: str) -> tuple[int, float]:
    """Chinese characters and Latin letters in `text`, the letters in characters' worth (about four to one)."""
    scripts = [m.lastgroup for m in _LETTER.finditer(text)]
    return scripts.count("cjk"), scripts.count("latin") / 4


def other_language(text: str, lang: str) -> str | None:
    """Why a response to a `lang` question reads as mostly in the other language, else None."""
    cjk, latin = _script_counts(text)
    if cjk + latin < 2:
        return None
    share = cjk / (cjk + latin)
    if lang == "en" and share > 0.5:
        return "the response is mostly in Chinese, the question in English"
    if lang == "zh" and share < 0.3:
        return "the response is mostly in English, the question in Chinese"
    return None


def third_language(text: str) -> str | None:
    """The third language a response is mostly written in (by its script, or by its short words when it is
    written in Latin letters), else None."""
    others = sum(_script_counts(text))
    for name, low, high, weight, share in SCRIPTS:
        count = sum(low <= ch <= high for ch in text)
        if count >= 2 and weight * count >= share * (weight * count + others):
            return name
    words = [w.lower() for w in letter_words(text)]
    english = sum(w in ENGLISH for w in words)
    counts = {name: sum(w in markers for w in words) for name, markers in FUNCTION_WORDS.items()}
    name, count = max(counts.items(), key=lambda item: item[1])
    return name if count >= 2 and count > 2 * english else None


def unread(reading: Reading, answer_unseen: bool) -> str | None:
    """Why the rules' verdict on a response cannot be trusted for its language, else None: always for a response
    mostly in the other language than its question; in a third language, only when the verdict rests on not
    seeing an answer (`answer_unseen`): the set phrases of a refusal or a flag the rules do read there."""
    if reason := other_language(reading.text, reading.lang):
        return reason
    name = reading.derived("third_language", lambda: third_language(reading.text)) if answer_unseen else None
    return f"the response is mostly in {name}, which the rules read only in set phrases" if name else None
