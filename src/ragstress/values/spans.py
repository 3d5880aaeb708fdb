"""Fact-bearing spans (years, dates, numbers, names) and answer matching, English and Chinese.

Seeds are built answer-first: a span found here becomes the answer, and a question
is written for it. Everything is regular expressions, so the same text always gives
the same spans in the same order.

Matching is shared by every gate and testbed: an alias "occurs" in a text when it is
found there without being glued to other letters or digits ("1937" is not in
"19370", "Paris" is not in "Parisian"), case-insensitively for Latin script.
Chinese has no word boundaries, so Han characters match anywhere.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Literal

SpanKind = Literal["year", "date", "number", "name"]

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_EN_UNITS = (
    "metres|meters|metre|meter|kilometres|kilometers|kilometre|kilometer|km|feet|foot|miles|mile|"
    "tonnes|tons|people|passengers|visitors|employees|rivets|steps|storeys|floors|days|hours|minutes|"
    "years|million|billion|per cent|percent|%|seconds|second|milliseconds|bytes|characters|bits|lines|digits|"
    "KB|MB|GB|KiB|MiB|GiB"
)
_EN_PATTERNS: list[tuple[SpanKind, re.Pattern[str]]] = [
    (
        "date",
        re.compile(rf"\b(?:\d{{1,2}} (?:{_MONTHS}) \d{{4}}|(?:{_MONTHS}) \d{{1,2}}, \d{{4}}|(?:{_MONTHS}) \d{{4}})\b"),
    ),
    ("year", re.compile(r"(?<![\d,.])\b(?:1[0-9]{3}|20[0-9]{2})\b(?![\d,.]\d)(?!\s*(?:" + _EN_UNITS + r")\b)")),
    (
        "number",
        re.compile(
            rf"(?<![\d,.])\b\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?(?: (?:{_EN_UNITS})\b)?|(?<![\d,.])\b\d+(?:\.\d+)? (?:{_EN_UNITS})\b"
        ),
    ),
]
# A run of capitalised words, allowing short lower-case joiners inside ("Khalifa bin Zayed").
_EN_NAME = re.compile(r"\b[A-Z][\w'’-]*(?:[ ]+(?:(?:of|de|bin|von|van|la|del|the)[ ]+)?[A-Z][\w'’-]*)*")
_EN_NOT_NAMES = frozenset(
    "The A An In On At It Its By For From This That These Those Today When While After Before During "
    "Since Work Although However Its He She They His Her Their There Here Over Under With Without "
    "Each Every Some Many Most Both Then Once As Also But And Or If Later Early Between About Around".split()
) | frozenset(_MONTHS.split("|"))

_HAN = "\u4e00-\u9fff"
# The units a Chinese quantity is written with (米, 人, 平方公里 ...), longest first where one begins another.
ZH_UNITS = (
    "平方公里|平方千米|公里|千米|公斤|千克|毫秒|米|克|吨|人|座|个字符|个|层|天|小时|分钟|秒|千瓦|公顷|元|美元|亿元|岁|项|次|届|"
    "枚|块|级|倍|字节|字符|行"
)
_ZH_PATTERNS: list[tuple[SpanKind, re.Pattern[str]]] = [
    ("date", re.compile(r"(?:公元前)?\d{3,4}年\d{1,2}月(?:\d{1,2}日)?|\d{1,2}月\d{1,2}日")),
    ("year", re.compile(r"(?:公元前)?(?<!\d)\d{3,4}年(?!\d{1,2}月)")),
    ("number", re.compile(rf"(?<![\d.])\d+(?:\.\d+)?(?:万|亿)? ?(?:{ZH_UNITS})")),
]
# Quoted names, titles, and place/organisation words: a few Han characters before a telling suffix.
# The characters before the suffix exclude common function characters, so "注入渤海" yields "渤海".
_ZH_FUNCTION_CHARS = (
    "的了和与是在于入到向从为把被将等及由自以对位经注流进出上下中内外年月日其该这那一个起至使些多每各也都"
)
_ZH_NAMES = [
    re.compile(r"《([^《》]{2,20})》"),
    re.compile(r"“([^“”，。、；：！？\s]{2,12})”"),
    re.compile(
        rf"(?<![^\W\d{_ZH_FUNCTION_CHARS}a-zA-Z_])[^\W\d{_ZH_FUNCTION_CHARS}a-zA-Z_]{{1,3}}"
        r"(?:省|市|县|江|河|湖|海|山|峰|岛|港|公司|集团|大学|大桥|铁路|运河|寺|宫|塔)"
    ),
]


@dataclass(frozen=True)
class FactSpan:
    """A checkable fact in a text: its exact text, kind, and offsets."""

    text: str
    kind: SpanKind
    start: int
    end: int


def extract_spans(text: str, lang: str) -> list[FactSpan]:
    """Fact spans of `text` in order of position; one span per distinct text (the first)."""
    found: list[FactSpan] = []
    if lang == "zh":
        for kind, pattern in _ZH_PATTERNS:
            found += [FactSpan(m[0], kind, m.start(), m.end()) for m in pattern.finditer(text)]
        for pattern in _ZH_NAMES:
            for m in pattern.finditer(text):
                group = 1 if pattern.groups else 0
                found.append(FactSpan(m[group], "name", m.start(group), m.end(group)))
    else:
        for kind, pattern in _EN_PATTERNS:
            found += [FactSpan(m[0], kind, m.start(), m.end()) for m in pattern.finditer(text)]
        found += [s for s in _english_names(text)]
    seen: set[str] = set()
    unique = []
    for span in sorted(found, key=lambda s: (s.start, -s.end, s.kind)):
        if span.text not in seen:
            seen.add(span.text)
            unique.append(span)
    return unique


def _english_names(text: str) -> list[FactSpan]:
    spans = []
    for m in _EN_NAME.finditer(text):
        words = m[0].rstrip(".").split()
        while words and words[0] in _EN_NOT_NAMES:
            words.pop(0)
        if not words:
            continue
        name = " ".join(words)
        start = m.start() + m[0].index(words[0])
        at_sentence_start = start == 0 or text[:start].rstrip()[-1:] in ".!?\n"
        # A lone capitalised word opening a sentence is usually an ordinary word.
        if len(words) == 1 and (at_sentence_start or len(name) < 3):
            continue
        spans.append(FactSpan(name, "name", start, start + len(name)))
    return spans


def kind_of(answer: str, lang: str) -> SpanKind:
    """The kind of an answer string, by the same patterns (names are the fallback)."""
    patterns = _ZH_PATTERNS if lang == "zh" or re.search(f"[{_HAN}]", answer) else _EN_PATTERNS
    for kind, pattern in patterns:
        m = pattern.fullmatch(answer.strip())
        if m:
            return kind
    if re.fullmatch(r"\d{3,4}", answer.strip()):
        return "year"
    if re.fullmatch(r"[\d,.]+", answer.strip()):
        return "number"
    return "name"


def default_aliases(answer: str, lang: str) -> list[str]:
    """The answer plus the spellings a correct reply may use instead ("1998年" / "1998", "6,650" / "6650")."""
    answer = answer.strip()
    aliases = [answer]
    bare = re.fullmatch(r"((?:公元前)?\d[\d,.]*)(?:\s*\S.*)?", answer)
    # The number without its unit ("333 metres" -> "333"), never without its scale: "2.5" is not 2.5 million.
    scaled = bare and re.match(r"\s*(?:万|亿|千|百万|million|billion|thousand|trillion)", answer[len(bare[1]) :])
    if bare and bare[1] != answer and kind_of(answer, lang) != "date":
        aliases.append(bare[1] + scaled[0] if scaled else bare[1])
    if re.fullmatch(r"\d{3,4}", answer) and lang == "zh":
        aliases.append(answer + "年")
    for alias in list(aliases):
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", alias):
            aliases.append(alias.replace(",", ""))
    return unique(aliases)


def unique(items: list[str]) -> list[str]:
    """Items in first-seen order without repeats or blanks."""
    return list(dict.fromkeys(i for i in items if i and i.strip()))


@functools.lru_cache(maxsize=65536)
def alias_pattern(alias: str) -> re.Pattern[str]:
    """A regex finding `alias` as a whole token: not glued to Latin letters or digits at an alphanumeric edge."""
    body = re.escape(alias.strip())
    left = r"(?<![0-9A-Za-z])" if re.match(r"[0-9A-Za-z]", alias.strip()) else ""
    right = r"(?![0-9A-Za-z])" if re.search(r"[0-9A-Za-z]$", alias.strip()) else ""
    # A number followed by ",123" or ".5" continues: "6,650" must not match inside "6,650,000".
    if re.search(r"\d$", alias.strip()):
        right += r"(?![.,]\d)"
    if re.match(r"\d", alias.strip()):
        left += r"(?<!\d[.,])"
    # A one-letter option keeps its case: -a and -A are different options.
    flags = 0 if re.fullmatch(r"-[A-Za-z]", alias.strip()) else re.IGNORECASE
    return re.compile(left + body + right, flags)


def contains_alias(text: str, aliases: list[str]) -> bool:
    """True if any alias occurs in `text` (see the module docstring for what 'occurs' means)."""
    return any(alias_pattern(a).search(text) for a in aliases if a.strip())


def contains_any_answer(text: str, answers: list[list[str]]) -> bool:
    """True if `text` holds an alias of any required fact."""
    return any(contains_alias(text, aliases) for aliases in answers)


def replace_aliases(text: str, replacements: dict[str, str]) -> str:
    """Replace every occurrence of each alias by its replacement, longest alias first, in one pass."""
    ordered = sorted(replacements, key=lambda a: (-len(a), a))
    if not ordered:
        return text
    # Each alias keeps its own case rule (a one-letter option matches its case only).
    parts = [f"(?{'i' if alias_pattern(a).flags & re.IGNORECASE else ''}:{alias_pattern(a).pattern})" for a in ordered]
    combined = re.compile("|".join(parts))
    lowered = {a.lower(): r for a, r in replacements.items()}
    return combined.sub(lambda m: replacements.get(m[0], lowered.get(m[0].lower(), m[0])), text)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])|(?<=[。！？])|\n+")


def sentences(text: str) -> list[str]:
    """The sentences of a passage, for English and Chinese punctuation."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def answer_sentences(text: str, aliases: list[str]) -> list[str]:
    """The sentences of `text` that hold one of `aliases`."""
    return [s for s in sentences(text) if contains_alias(s, aliases)]


def trigrams(text: str) -> set[str]:
    """The character trigrams of a text, lower-cased with runs of space made one."""
    compact = re.sub(r"\s+", " ", text.lower()).strip()
    return {compact[i : i + 3] for i in range(max(1, len(compact) - 2))}


def trigram_similarity(a: set[str], b: set[str]) -> float:
    """Jaccard similarity of two trigram sets (see `trigrams`)."""
    union = len(a | b)
    return len(a & b) / union if union else 0.0
