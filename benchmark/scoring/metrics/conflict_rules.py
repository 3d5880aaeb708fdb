"""Does a response say its sources disagree? The deterministic rule of the conflict testbed.

A response acknowledges a conflict when it says, in any wording, that its passages give
different answers: "the sources disagree", "conflicting information", "some passages say
1889, others 1879", "one document puts it at 1889 while another says 1879"; 资料说法不一,
相互矛盾, 有的资料说…也有的说…, 存在出入. A denial does not count ("the sources do not
contradict each other", "there is no conflict", 资料并不矛盾, 说法一致). Shapes, not
strings: each pattern names a way of saying it, with its own tests in en and zh.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics import conclusion, rules_en
from ragstress.scoring.metrics.matching import normalise
from ragstress.scoring.metrics.rules import Decision, error_flag
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern

_SOURCES = rf"(?:{rules_en.SOURCE_NOUNS}|accounts?)"
_DIFFER = (
    r"(?:disagree|conflict|contradict|differ|diverge|(?:is|are) inconsistent|(?:is|are) not consistent|vary|clash)"
)

ACKNOWLEDGE: tuple[NamedPattern, ...] = (
    NamedPattern(
        "en.sources_differ",
        rf"\b(?:the |these |two |several |some )?(?:provided |given |retrieved )?{_SOURCES} (?:themselves )?"
        rf"(?:\w+ )?{_DIFFER}\w*",
        "The sources are the subject of a verb of disagreeing: 'the passages contradict each other'.",
    ),
    NamedPattern(
        "en.conflicting_noun",
        r"\b(?:conflicting|contradictory|inconsistent|differing|divergent|mixed|competing) "
        r"(?:information|answers?|accounts?|claims?|figures?|dates?|years?|values?|numbers?|reports?|sources?|"
        r"statements?|evidence|data)\b",
        "Conflicting information named as such: 'conflicting accounts', 'contradictory dates'.",
    ),
    NamedPattern(
        "en.some_say_others",
        rf"\b(?:some|one|a few|most|two) (?:of the )?{_SOURCES}? ?(?:say|says|state|states|give|gives|put|puts|"
        rf"claim|claims|report|reports|list|lists|mention|mentions)\b.{{1,80}}?"
        rf"\b(?:while|whereas|but|and) (?:others?|another|the others?|the rest|a different one|one)\b",
        "Two camps of sources set against each other: 'some passages say 1889, while others say 1879'.",
    ),
    NamedPattern(
        "en.discrepancy",
        rf"\b(?:a |an |some )?(?:discrepancy|inconsistency|contradiction|conflict|disagreement)s? "
        rf"(?:between|among|in|across|within) (?:the )?{_SOURCES}",
        "A discrepancy placed in the sources: 'there is a discrepancy between the documents'.",
    ),
    NamedPattern(
        "zh.sources_differ",
        r"(?:资料|材料|文档|文献|段落|来源|信息|说法|记载|数据|两者|二者)(?:之间|中|里|间)?(?:的说法)?(?:存在|有)?"
        r"(?:说法)?(?:不一|不一致|不统一|矛盾|冲突|出入|分歧|差异|相互矛盾|互相矛盾|彼此矛盾|前后矛盾|各不相同|不尽相同)",
        "The sources are said to differ: 资料说法不一, 文档之间存在矛盾, 信息有出入.",
    ),
    NamedPattern(
        "zh.some_say_others",
        r"(?:有的|有些|一些|部分|一份|一篇|其中一)(?:资料|材料|文档|段落|来源|说法)?(?:说|称|认为|记载|写|显示|提到)"
        r".{1,40}?(?:也有的|另一些|另一份|另一篇|其他|其余|另有|还有的|而另)",
        "Two camps of sources: 有的资料说…也有的说…, 一份文档称…另一份….",
    ),
    NamedPattern(
        "zh.conflicting_noun",
        r"(?:相互矛盾|互相矛盾|彼此冲突|相互冲突|不一致)的(?:信息|说法|记载|数据|内容|答案)",
        "Conflicting information named as such: 相互矛盾的信息, 不一致的说法.",
    ),
)

DENIAL: tuple[NamedPattern, ...] = (
    NamedPattern(
        "en.no_conflict",
        rf"\b(?:no|not any|without|not an?) (?:real |true |actual |genuine )?(?:conflict|contradiction|discrepancy|"
        rf"disagreement|inconsistency)\b"
        rf"|\b{_SOURCES} (?:do not|don't|does not|doesn't|never) (?:\w+ )?{_DIFFER}\b"
        rf"|\b{_SOURCES} (?:all )?(?:agree|are consistent|are in agreement)\b",
        "The response denies a conflict or says the sources agree.",
    ),
    NamedPattern(
        "zh.no_conflict",
        r"(?:并不|并没有|没有|不存在|没什么|并无|无|不)(?:任何)?(?:矛盾|冲突|出入|分歧)|(?:说法|资料|记载)(?:都|完全|基本)?一致",
        "The response denies a conflict or says the sources agree: 并不矛盾, 说法一致.",
    ),
)


def _first(patterns: tuple[NamedPattern, ...], text: str) -> Hit | None:
    hits = [(m.start(), p.name, m[0]) for p in patterns for m in [p.pattern.search(text)] if m]
    if not hits:
        return None
    start, name, span = min(hits)
    return Hit(name, span, start)


def acknowledges_conflict(
    text: str, answers: Sequence[Sequence[str]] = (), fake: Sequence[str] = (), question: str = ""
) -> Decision:
    """Whether the response says its sources give different answers (and does not deny it).

    Given the case's values, the response also acknowledges by its structure (`conclusion.read`):
    it gives both values where a source is named ("Two. One passage says three"), or sets some
    sources against others ("most passages say 2005", "two of the three documents").
    """
    norm = normalise(text)
    said = _first(ACKNOWLEDGE, norm)
    hesitation = None
    if said is None and fake:
        reading = conclusion.read(text, answers, fake, question)
        if reading.split is not None:
            said = Hit(reading.split.rule, reading.split.span, 0)  # read from the whole response: any denial undoes it
        elif reading.both_given:
            said = Hit("conflict.both_values_sourced", "both values given where a source is named", 0)
            if error_flag(text).value:  # readers differ on "passage 2's 1879 is a typo": it flags, and only implies
                hesitation = (
                    "one source is called wrong, and the response does not say in words that the sources differ"
                )
    if said is None:
        return Decision(False, "no acknowledgement that the sources disagree")
    denied = _first(DENIAL, norm)
    if denied is not None and not re.search(r"\b(?:but|however)\b|但|不过", norm[denied.start : said.start]):
        return Decision(False, f"{denied} (a denial of conflict) beside {said}", denied)
    return Decision(True, f"sources said to disagree: {said}", said, uncertain=hesitation)
