"""Text normalisation, alias matching and the refusal / error-flag lexicons.

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
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_SPACE_NEXT_TO_CJK = re.compile(rf"(?<=[{_CJK}])\s+|\s+(?=[{_CJK}])")
_SPACES = re.compile(r"\s+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_WORD_CHAR = "0-9a-z\u00c0-\u024f"
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def normalise(text: str) -> str:
    """The form both responses and aliases are compared in (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_QUOTES)
    text = _THOUSANDS.sub("", text)
    text = _SPACE_NEXT_TO_CJK.sub("", text)
    return _SPACES.sub(" ", text).strip()


def _alias_pattern(alias: str) -> re.Pattern[str] | None:
    alias = normalise(alias)
    if not alias:
        return None
    left = rf"(?<![{_WORD_CHAR}])" if re.match(rf"[{_WORD_CHAR}]", alias) else ""
    right = rf"(?![{_WORD_CHAR}])" if re.search(rf"[{_WORD_CHAR}]$", alias) else ""
    return re.compile(left + re.escape(alias) + right)


def contains_alias(text: str, aliases: Sequence[str]) -> str | None:
    """The first alias found in `text` (both normalised), or None."""
    normalised = normalise(text)
    for alias in aliases:
        pattern = _alias_pattern(alias)
        if pattern is not None and pattern.search(normalised):
            return alias
    return None


def matched_facts(text: str, answers: Sequence[Sequence[str]]) -> list[str | None]:
    """For each required fact, the alias that matched in `text`, or None if the fact is missing."""
    return [contains_alias(text, aliases) for aliases in answers]


# --- Lexicons. Matched on normalised text, so write them lower-case and half-width. ---

_REFUSAL = [
    r"insufficient (?:information|data|context|evidence)",
    r"(?:not|n't) (?:have )?(?:enough|sufficient) (?:information|context|data|details)",
    r"(?:cannot|can't|can not|unable to|not able to) (?:answer|determine|tell|say|find|be determined|confirm)",
    r"(?:do|does|did)(?: not|n't) (?:contain|mention|provide|include|say|specify|state)",
    r"(?:is|are|was|were)(?: not|n't) (?:mentioned|provided|specified|stated|given|included)",
    r"no (?:relevant )?(?:information|mention|details?) (?:about|on|regarding|of|is|in)",
    r"there is no (?:relevant )?(?:information|mention)",
    r"i (?:do not|don't) know",
    r"not (?:possible|able) to (?:answer|determine)",
    r"信息不足", r"资料不足", r"证据不足", r"无法回答", r"不能回答", r"无法确定", r"不能确定", r"无法判断",
    r"无法得知", r"无从得知", r"不得而知", r"无法从", r"不知道", r"没有(?:足够|相关|提供|提到|提及|说明|给出)",
    r"未(?:提到|提及|提供|说明|给出|找到)", r"并未(?:提到|提及)", r"缺乏(?:相关|足够)?(?:的)?信息",
]  # fmt: skip

_ERROR_FLAG = [
    r"factual(?:ly)? (?:error|errors|incorrect|inaccurate|wrong|mistake|mistakes|inaccuracy|inaccuracies)",
    r"(?:contains?|has|have|with) (?:an |some )?(?:error|errors|mistake|mistakes|inaccuracies)",
    r"(?:incorrect|inaccurate|false|wrong|erroneous) (?:information|claim|statement|fact|data)",
    r"misinformation", r"(?:is|are|was|were) (?:incorrect|wrong|inaccurate|false|erroneous)",
    r"(?:contradicts|inconsistent with) (?:known|established|the) facts?",
    r"事实性错误", r"事实错误", r"事实性的错误", r"错误信息", r"信息有误", r"有误", r"存在错误", r"是错误的",
    r"不正确", r"与事实不符", r"不符合事实", r"事实不符", r"错误的信息",
]  # fmt: skip

# Words that, in the same sentence as the planted answer, show it is being disputed.
_DISPUTE = _ERROR_FLAG + [
    r"\bnot\b", r"n't\b", r"instead of", r"rather than", r"wrong", r"incorrect", r"error", r"mistaken", r"actually",
    r"不是", r"而非", r"并非", r"错误", r"有误", r"而不是", r"实际上",
]  # fmt: skip

REFUSAL_PATTERN = re.compile("|".join(_REFUSAL))
ERROR_FLAG_PATTERN = re.compile("|".join(_ERROR_FLAG))
_DISPUTE_PATTERN = re.compile("|".join(_DISPUTE))
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|[。！？；\n]+")


def refusal_phrase(text: str) -> str | None:
    """The refusal phrase found in `text` ("insufficient information", "信息不足", …), or None."""
    found = REFUSAL_PATTERN.search(normalise(text))
    return found[0] if found else None


def error_flag_phrase(text: str) -> str | None:
    """The phrase by which `text` flags factual errors in its sources, or None."""
    found = ERROR_FLAG_PATTERN.search(normalise(text))
    return found[0] if found else None


def sentences(text: str) -> list[str]:
    """Split on sentence ends in either language; empty pieces dropped."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def asserted_alias(text: str, aliases: Sequence[str]) -> str | None:
    """An alias that `text` states as true: found in a sentence with no dispute word in it.

    "The document says 1995, which is wrong" mentions the planted answer without
    asserting it; "It was founded in 1995." asserts it.
    """
    for sentence in sentences(text):
        alias = contains_alias(sentence, aliases)
        if alias is not None and not _DISPUTE_PATTERN.search(normalise(sentence)):
            return alias
    return None
