"""The English and Chinese patterns of the conflict rule (`conflict_rules`): the ways a response says its sources
disagree (ACKNOWLEDGE), denies it (DENIAL), says they agree (AGREEMENT) or give one value (SAME_VALUE). Third
languages are in `conflict_rules_intl`.
"""

from __future__ import annotations

import re

from ragstress.scoring.lexicon.en import sources, value_kinds
from ragstress.scoring.lexicon.zh import sources as zh_sources
from ragstress.scoring.metrics.rules_base import NamedPattern

_SOURCES = sources.SOURCES_IN_CONFLICT.alternation
_ZH_SOURCES = zh_sources.SOURCES_IN_CONFLICT.alternation
_COUNTED = value_kinds.VALUES_COUNTED.alternation
_ZH_SOURCES_THAT_SAY = zh_sources.SOURCES_THAT_SAY.alternation
_DIFFER = r"(?:disagree|conflict|contradict|differ|diverge|(?:is|are) (?:internally )?inconsistent|(?:is|are) not consistent|vary|clash)"

ACKNOWLEDGE: tuple[NamedPattern, ...] = (
    NamedPattern(
        "en.sources_differ",
        rf"\b(?:the |these |two |several |some )?(?:provided |given |retrieved )?(?:{_SOURCES}|information) (?:themselves )?"
        rf"(?:(?:only |merely |just )?(?:appear|seem)s? to )?(?:(?!never |hardly |scarcely |barely )\w+ )?{_DIFFER}\w*",
        "The sources (or what they hold) are the subject of a verb of disagreeing: 'the passages contradict each other', "
        "'the information available is inconsistent', 'the passages only appear to disagree' (an apparent conflict "
        "explained is one acknowledged).",
    ),
    NamedPattern(
        "en.conflicting_noun",
        r"\b(?:conflicting|contradictory|inconsistent|incompatible|differing|divergent|mixed|competing) "
        rf"(?:information|answers?|{sources.CONFLICTING_SOURCES.alternation}|claims?|figures?|dates?|years?|values?|"
        r"numbers?|statements?|evidence|data)\b",
        "Conflicting information named as such: 'conflicting accounts', 'contradictory dates'.",
    ),
    NamedPattern(
        "en.some_say_others",
        rf"\b(?:some|one|a few|most|two) (?:of the )?{_SOURCES}? ?(?:say|says|state|states|give|gives|put|puts|"
        rf"claim|claims|report|reports|list|lists|mention|mentions)\b.{{1,80}}?"
        rf"(?:\b(?:while|whereas|but|and)|[,;]) (?:others?|another|the others?|the rest|a different one|one)\b"
        # one source's value explained away: 'one of the articles says the 12th, but that's the US launch date'
        rf"|\bone of the {_SOURCES} (?:says|gives|puts|lists|states|mentions|has)\b(?:[^.;]|(?<=\d)\.(?=\d)){{1,60}}?"
        r"\bbut (?:that's|that is|this is|it's|it is)\b",
        "Two camps of sources set against each other: 'some passages say 1889, while others say 1879', 'some "
        "passages say 17, others say 18'; or one source's value explained away: 'one of the articles says the 12th, "
        "but that's the US launch date getting mixed in'.",
    ),
    NamedPattern(
        "en.discrepancy",
        # 'no conflict between the passages', 'not any discrepancy in the sources' deny one
        rf"(?<!\bno )(?<!\bany )(?<!\bsingle )\b(?:a |an |some )?(?:discrepancy|inconsistency|contradiction|conflict|"
        rf"disagreement|mismatch)(?:es|s)? "
        rf"(?:between|among|in|across|within) (?:the |these )?(?:provided |given |retrieved |supplied )?{_SOURCES}"
        rf"|\b(?:is|are) (?:contested|disputed) (?:in|across|among|between) (?:the |these )?{_SOURCES}"
        # the discrepancy explained names one ('the discrepancy is easy to explain'); 'conflict' alone may be a war
        r"|\bthe (?:apparent )?(?:discrepancy|inconsistency|contradiction|mismatch) (?:is|was|comes|arises|stems|"
        r"can be|here)\b",
        "A discrepancy placed in the sources: 'there is a discrepancy between the documents', 'some inconsistency in the "
        "retrieved materials', 'a mismatch between the sources', 'credit is contested in these sources', or the "
        "discrepancy explained: 'the discrepancy comes from two calendars'.",
    ),
    NamedPattern(
        "en.differs_from_others",
        rf"(?<!not )(?<!n't )(?<!never )\b(?:disagree|conflict|contradict|differ|diverge|clash|(?:is|are) at odds|"
        rf"(?:is|are) inconsistent)\w* (?:with |from )?(?:the |all |both |every )?(?:two |three |\w+ )?"
        rf"(?:others?\b|rest\b|remaining\b|another\b|{_SOURCES}\b|\[\d+\])",
        "One source set against the others: 'passage 4, which disagrees with the other two', 'it contradicts [1]'.",
    ),
    NamedPattern(
        "en.sources_not_agreed",
        rf"\b(?:{_SOURCES}|they|the two|these)\b(?: \w+){{0,2}}? (?:do not|don't|does not|doesn't|are not|aren't|"
        rf"is not|isn't)(?: all| fully| entirely| completely| quite| really)? (?:agree|match|line up|tally|unanimous|"
        rf"consistent|in agreement|say the same)\b"
        rf"|\bnot (?:every|all)(?: of the| the)? {_SOURCES} (?:give|say|agree|list|state|have)s? (?:on )?the same\b",
        "The sources are said not to agree: 'the passages don't fully agree', 'the sources aren't unanimous', 'not every source gives the same date'.",
    ),
    NamedPattern(
        "en.values_given",
        rf"\b(?:two|three|several|multiple) (?:different |distinct |conflicting |separate )?{_COUNTED} (?:appear|are given|are listed|are mentioned|"
        rf"are reported|are stated|show up|come up|turn up)\b"
        rf"|\b(?:there (?:are|were)|there're|i (?:can )?see|i(?:'m| am) seeing|i found|we have) (?:two|three|several|"
        rf"multiple) (?:different |"
        rf"distinct |conflicting |separate )?{_COUNTED}\b"
        rf"|\b(?:two|three|four|most|several) (?:of the )?{_SOURCES} (?:\w+ ){{0,2}}?against (?:one|two|the others?|the rest)\b"
        rf"|\b(?:two|three|four|five) {_SOURCES},? to (?:one|two)\b(?! (?:of|another)\b)"
        rf"|\b{_SOURCES} (?:give|list|report|mention|state|offer|contain|have) (?:two|several|multiple) "
        rf"(?:different|distinct|conflicting|separate) \w+"
        rf"|\b(?:depending on|depends on|varies by|differs by) which {_SOURCES}\b"
        rf"|\bwhich {_SOURCES} you (?:trust|believe|follow|go by|rely on)\b"
        rf"|\b{_SOURCES} (?:attribute|credit|date|name|place|put|cite)\w* (?:\w+ ){{0,4}}?(?:to |at |as |in )?"
        rf"(?:two |several |multiple )?(?:different|conflicting|distinct) \w+"
        # a majority of the sources is set against the rest: 'the weight of the sources points to 2017'
        rf"|\bthe (?:majority|weight|balance|bulk) of (?:the )?(?:\w+ )?{_SOURCES}\b"
        rf"|\b(?:figures|numbers|values|dates|years|answers|amounts|totals) (?:\w+ ){{0,2}}?(?:vary|differ|diverge)\w* "
        rf"(?:\w+ ){{0,2}}?(?:across|between|among) (?:the )?{_SOURCES}\b",
        "Different values said to be given: 'two different figures appear', 'the documents give two different "
        "dates', 'depending on which source you trust', 'the articles attribute it to different people', 'the figures "
        "vary across the documents', 'there are two different figures', 'I see two figures', 'I'm seeing two different "
        "figures', 'three passages say so against one', 'three sources to one', 'the majority of the retrieved "
        "passages', 'the weight of the sources points to 2017'.",
    ),
    NamedPattern(
        "zh.sources_differ_far",
        # a negation just before the verb denies it: 资料并不相互矛盾, 资料并未存在分歧
        rf"(?:{_ZH_SOURCES}|记载|说法|数据|口径)[^,;。!?:]{{0,12}}?(?<!没有)(?<![没无不未])(?<!不存在)(?<!并非)"
        r"(?:(?:互相|相互|彼此)(?:矛盾|冲突)|自相矛盾|各执一词|各[说讲写]各的|(?:说法|口径)(?:不一|不同|各异)|各不相同|有出入|存在出入|出入|"
        r"有分歧|存在分歧|分歧|差异|打架|对不上|不(?:太|大|怎么|完全|尽)?统一|没有?统一|不(?:太|大|怎么|完全|尽)一致"
        # 前后 puts the difference inside the sources, not between them and the world: 资料中的容积前后不一致
        r"|前后(?:不一致|不一|矛盾|不统一|对不上)"
        # 并 stresses the negation it stands before: 资料给出的年份并不一致 says they differ
        r"|并不(?:一致|统一|相同)|没有?(?:一致|统一)的?(?:结论|说法|答案|意见|口径))"
        rf"|(?:各|两|几|多|这些|不同的?)(?:份|篇|个|段|处|条)?{_ZH_SOURCES}[^,;。!?:]{{0,12}}?"
        r"(?<!并)(?:不(?:完全|太|大|尽)?(?:一样|相同|一致)|不同)",
        "The sources differ, with words between: 各文档给出的距离互相矛盾, 资料给出的信息相互冲突, 两份资料的数字不一样, 资料各执一词, "
        "资料之间的数字对不上, 资料里的说法不太统一, 各篇报道的口径略有出入, 资料对此没有一致的结论, 资料给出的年份并不一致, 资料中的容积前后不一致, "
        "各文档给的数字不完全一样 (not 资料并不相互矛盾).",
    ),
    NamedPattern(
        "zh.several_accounts",
        rf"{_ZH_SOURCES}[^。;!?]{{0,20}}?(?<!没有)(?<!并无)(?<!无)"
        r"(?:(?:两个|两种|几种|多种)(?:不同|不一样)的?\w|(?:(?:不同|不一样)的?|两种|几种|多种|两个)(?:说法|答案|记载|数字|年份|日期|日子|时间|数值|版本|结论)|(?:既|有(?:写|说|记作?|称))[^。]{1,15}?也有"
        # a second value named as also in the sources, beside the one answered: 资料里也有写35元的
        r"|也有(?:写|记作?|称)[^,;。!?]{1,12}?的(?=[,;。!?\s]|$))"
        r"|(?:依据|根据|看|取决于|要看)(?:你)?(?:信|采信|相信|参考|依据|用)?哪(?:一)?(?:份|篇|个|条|段)",
        "More than one account in the sources: 资料中对此有不同的说法, 文档中既有2016年也有2014年的说法, 资料里有写1141年的，也有写1142年的, 资料里也有写35元的, "
        "依据哪份资料, and two different things of any kind: 文档里出现了两个不同的湖.",
    ),
    NamedPattern(
        "zh.sources_differ",
        rf"(?:{_ZH_SOURCES}|信息|说法|记载|数据|两者|二者)(?:之间|中|里|间)?(?:的说法)?(?:存在|有)?"
        r"(?:说法|口径)?(?:不一|不一致|不统一|矛盾|冲突|出入|分歧|差异|相互矛盾|互相矛盾|彼此矛盾|前后矛盾|各不相同|不尽相同)"
        # things that contradict one another, not denied: on a conflict case what contradicts is the sources
        r"|(?<!不存在)(?<!没有)(?<!并无)(?<![不没无非未])(?:相互|互相|彼此)(?:矛盾|冲突|抵触)",
        "The sources are said to differ: 资料说法不一, 资料口径不一, 文档之间存在矛盾, 信息有出入, 几条记录彼此矛盾, "
        "在年份上相互抵触 (not 并不相互矛盾).",
    ),
    NamedPattern(
        "zh.some_say_others",
        rf"(?:有的|有些|一些|部分|一份|一篇|其中一|有人|\d+[篇份])(?:{_ZH_SOURCES_THAT_SAY}|说法)?(?:说|称|认为|记载|写|显示|提到)"
        r".{1,40}?(?:也有的|另一些|另一份|另一篇|其他|其余|另有|还有的|而另|也?有人(?:说|称|认为)|\d+[篇份](?:说|称|写|认为))",
        "Two camps of sources: 有的资料说…也有的说…, 一份文档称…另一份…, 有人说…有人说…, 3篇说…1篇说….",
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
        rf"|\b(?:do not|don't|did not|didn't|can't|cannot|couldn't|could not) (?:see|notice|find|spot|detect|"
        rf"identify|observe)(?: any| an?)? (?:real |true |actual |genuine )?(?:conflict|contradiction|discrepanc|"
        rf"disagreement|inconsistenc)\w*"
        rf"|\b{_DIFFER}\w* (?:only |just |merely )?(?:slightly |a little |a bit |somewhat )?(?:in|on|over) "
        rf"(?:their |the |its )?(?:wording|phrasing|formatting|spelling|style|emphasis|detail)",
        "The response denies a conflict, or says the sources differ only in wording: 'I didn't notice any "
        "inconsistency', 'they differ slightly in wording'.",
    ),
    NamedPattern(
        "zh.no_conflict",
        r"(?:并不|并没有|没有|不存在|没什么|并无|无|不|并非|算不上|谈不上|未)(?:发现|看到|注意到)?(?:任何|真正的?|实质性?的?|明显的?)?"
        r"(?:(?:相互|互相|彼此)?(?:矛盾|冲突)|出入|分歧|(?:不同|不一样|别的|其他)的?(?:说法|记载|答案))"
        r"|(?:只是|仅仅是|仅是|只有|仅)(?:措辞|表述|写法|用词|说法上的?措辞)(?:上)?(?:略有|稍有|有些|有所)?(?:不同|差异|区别)",
        "The response denies a conflict, or says the sources differ only in wording: 并不矛盾, 并不相互矛盾, 并非真正矛盾, "
        "并无实质矛盾, 没有明显的冲突, 没有看到不同的说法, 只是措辞略有不同.",
    ),
)

AGREEMENT: tuple[NamedPattern, ...] = (
    NamedPattern(
        "en.sources_agree",
        rf"\b{_SOURCES} (?:all )?(?:agree|are consistent|are in agreement)\b",
        "The sources are said to agree: 'all sources agree on 1889' (not 'most of the pages agree').",
    ),
    NamedPattern(
        "zh.sources_agree",
        rf"(?:说法|{zh_sources.SOURCES_AGREEING.alternation}|记载)(?:都|完全|基本)?一致",
        "The sources are said to agree: 说法一致, 资料完全一致 (not 其余资料一致).",
    ),
)


SAME_VALUE: tuple[NamedPattern, ...] = (
    NamedPattern(
        "en.same_value",
        rf"\b(?:both|all)(?: (?:of (?:them|the \w+)|the \w+|three|four|{_SOURCES}))? (?:say|give|state|report|list|"
        rf"name|have|agree on|put it at|point to)\b|\bagree on (?:the )?(?:same|one) ",
        "The sources give one value: 'both say 1889', 'all three passages give 1889' (a denial only when the "
        "response names one of the case's values).",
    ),
    NamedPattern(
        "zh.same_value",
        rf"(?:{_ZH_SOURCES_THAT_SAY}|它们|两者|二者)[^,;。]{{0,6}}?(?:都|均|全都)(?:说|写|称|记载|给出|认为|提到|是|为)",
        "资料都说1889年、几份文档均写1889年：资料给出同一个值（只在回答只提到一个值时算否认）。",
    ),
)

# Agreement said of only some sources sets them against the rest: "most of the pages agree", "more of the documents
# agree on it", "其余资料一致".
SOME_SOURCES = re.compile(
    r"\b(?:most|more|majority|two|three|several|some|the other|others|remaining|rest|\d+ (?:and|&) \d+)\b[^.;]{0,25}$"
    r"|(?:多数|大部分|大多数|其余|其他|另外|两份|两篇|几份)[^。;]{0,8}$"
)
