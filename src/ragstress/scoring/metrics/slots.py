"""Two-part questions: a fact stated in the other part's slot is not stated as its answer.

"李白和杜甫分别被称为什么？" with the facts [诗仙], [诗圣] is not answered by "李白被称为诗圣，杜甫被称为诗仙", nor
"Which flag sets the maximum heap size, and which sets the initial?" by "-Xms sets the maximum; -Xmx the initial":
both facts are named, each in the other's role. The question gives the two slots, in the order of the facts:

- "A和B（的…）分别…", "A与B…分别", "A和B，分别…" (the words after the last 的 before A: "《义勇军进行曲》的词作者和曲作者" gives
  词作者, 曲作者);
- two questions in one ("杜甫被尊为什么？李白又被称为什么？"): each question's subject, its first two characters, when
  neither subject appears in the other question;
- "…, and which / who / what / when / where …" in English, or two things asked in one question and joined by "and"
  ("What are the warranty period and the return window for …?"), each up to the thing they are asked of.

Each slot is known by its own words (those not in the other slot: 词 and 曲, "maximum" and "initial", "first" and
"second"). A fact is swapped when the clause that names it carries the other slot's words and none of its own, and
the response names both slots (so it is written slot by slot).

The other way round, a mention set aside as a rival ("beating Argentina") is the answer when the question asks for
that role ("which team did they beat?"): `role_asked`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics.rules import mentions
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import comparable
from ragstress.values.reading import Reading

_ZH_PAIR = re.compile(r"([^，,。？?的]{1,12}?)(?:和|与|及|、)([^，,。？?的]{1,12}?)(?:的[^，,。？?]{0,8})?,?分别")
# Two questions in one ("…, and which …"), or one question asking two things joined by "and" ("What are the warranty
# period and the return window for …?", "how many calories do brisk walking and easy cycling burn?"): the second
# slot ends where the thing both are asked of begins ("for the Brava X"), which names neither.
_EN_PAIR = re.compile(
    r"^(?:(?P<first>.+?),? and (?:which|who|what|when|where|how)\b(?P<second>.+)"
    r"|.*?\b(?:what|which|how [a-z]+)(?: [\w/-]+){0,3}? (?:are|were|is|was|do|does|did) (?P<one>.+?) and (?P<other>.+?)"
    r"(?: (?:for|of|at|on|in|from|with|by|to|per)\b.*)?)$"
)
_CLAUSE = re.compile(r"[,;，；。.!?？！\n]|\band\b|\bwhile\b|\bwhereas\b")
_EN_WORD = re.compile(r"[a-z][a-z0-9-]{2,}")
_EN_STOP = set("the and which who what when where how does did was were are is for with from that this its".split())
_CJK_KEY = 2  # a Chinese slot is known by its first two distinctive characters


def _distinct_zh(a: str, b: str) -> tuple[str, str]:
    """The parts of two Chinese slots that tell them apart: common prefix and suffix dropped (词作者/曲作者 -> 词/曲)."""
    prefix = len(next((a[:i] for i in range(min(len(a), len(b)), 0, -1) if a[:i] == b[:i]), ""))
    a, b = a[prefix:], b[prefix:]
    suffix = next((i for i in range(min(len(a), len(b)), 0, -1) if a[-i:] == b[-i:]), 0)
    a, b = (a[:-suffix], b[:-suffix]) if suffix else (a, b)
    return a[:_CJK_KEY], b[:_CJK_KEY]


def slot_words(question: str) -> tuple[set[str], set[str]] | None:
    """The words that tell the question's two slots apart, in the order of the facts, or None."""
    q = comparable(question)
    if found := _ZH_PAIR.search(q):
        first, second = _distinct_zh(found[1].strip("《》\"' "), found[2].strip("《》\"' "))
        return ({first}, {second}) if first and second and first != second else None
    parts = [p.strip() for p in q.split("?") if p.strip()]  # NFKC has made "？" ASCII
    if len(parts) == 2 and re.match(r"[\u4e00-\u9fff]{2}", parts[0]) and re.match(r"[\u4e00-\u9fff]{2}", parts[1]):
        first, second = parts[0][:_CJK_KEY], parts[1][:_CJK_KEY]
        # A subject the other question also names tells the parts apart no more than the thing both ask of:
        # "北辰S5召回从哪天开始？召回的是哪段时间生产的车？" asks two things of one recall.
        distinct = first != second and first not in parts[1] and second not in parts[0]
        return ({first}, {second}) if distinct else None
    if found := _EN_PAIR.search(q.rstrip("?")):
        parts = (found["first"], found["second"]) if found["first"] else (found["one"], found["other"])
        first, second = (set(_EN_WORD.findall(part)) - _EN_STOP for part in parts)
        first, second = first - second, second - first
        return (first, second) if first and second else None
    return None


def _has(clause: str, words: set[str]) -> bool:
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w), clause) for w in words)


def swapped(reading: Reading, answers: Sequence[Sequence[str]], question: str) -> Hit | None:
    """The first fact of a two-part question that the response names only in the other part's slot, else None."""
    if len(answers) != 2 or not (words := slot_words(question)):
        return None
    norm = reading.comparable
    if not (_has(norm, words[0]) and _has(norm, words[1])):
        return None
    for index, aliases in enumerate(answers):
        own, other = words[index], words[1 - index]
        found = [m for m in mentions(reading, aliases) if m.role == "asserted"]
        if not found:
            continue
        clauses = []
        for mention in found:
            start = reading.breaks(_CLAUSE, norm).start_of(mention.start)
            end = _CLAUSE.search(norm, mention.end)
            # The mention itself is left out: "--read-timeout" does not make its clause about reading.
            clauses.append(f"{norm[start : mention.start]} … {norm[mention.end : end.start() if end else len(norm)]}")
        if all(_has(c, other) and not _has(c, own) for c in clauses):
            return Hit("slots.swapped", f"{clauses[0].strip()} (asked: {'/'.join(sorted(own))})", found[0].start)
    return None


_RIVAL_RULES = ("en.rival", "zh.rival")
_EN_STEM = 4  # "beating" and "beat", "defeated" and "defeat"


def _role_stems(text: str) -> set[str]:
    words = {w[:_EN_STEM] for w in re.findall(r"[a-z]{3,}", text)}
    return words | {
        text[i : i + 2] for i in range(len(text) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", text[i : i + 2])
    }


def role_asked(reading: Reading, aliases: Sequence[str], question: str) -> Hit | None:
    """A mention set aside as the loser, the one replaced or a rival (role_patterns' rival_before) when that is the
    role the question asks for: "which team did they beat?" is answered by "Germany won, beating Argentina",
    "被谁取代？" by "被新桥取代". The mention then states the fact."""
    asked = _role_stems(comparable(question))
    for mention in mentions(reading, aliases):
        if mention.role == "other" and mention.hit and mention.hit.rule in _RIVAL_RULES:
            if _role_stems(mention.hit.span) & asked:
                return Hit("slots.role_asked", f"{mention.hit.span} … {mention.span}", mention.start)
    return None
