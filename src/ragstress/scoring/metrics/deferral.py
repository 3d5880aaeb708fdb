"""Deferring to the sources: the response sets its own knowledge aside and answers with what the passages say.

On a counterfactual case the passages state a planted value. A response that knows better but defers
("I'd have said 1969, but I'll go with the documents: 1971", "我印象是1954年，不过以资料为准：1956年") gives
the planted value as its answer; its mention of the true one is its own discarded belief, not an answer.
The phrase families, in English, Chinese and the common third languages:

- committing to the sources: "I'll go / stick / side with the documents", "I defer to the sources", "going by
  the guide", "I'll give (report) what the source states", "but per the provided text", "以资料为准", "按资料回答",
  "按照文档来", "不过依据资料", "既然资料这么写";
- being asked to answer from them: "since I'm asked to answer from the text", "I'm told to answer from the
  context", "the question is about the docs", "题目问的是资料怎么说";
- the sources being explicit: "the passages are explicit", "the source here is definite", "资料写得很明确";
- French, Spanish, German, Portuguese, Italian, Japanese, Korean, Russian: "je m'en tiens aux documents", "me
  atengo a los documentos", "ich halte mich an die Dokumente", "資料に従って", "자료를 따르", "буду опираться на документ".
"""

from __future__ import annotations

from ragstress.scoring.lexicon.intl import sources as intl_sources
from ragstress.scoring.metrics import layout_en, role_patterns
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.reading import Reading

_EN_SOURCE = rf"(?:(?:the|these|this|what the|what's in the|its) )?(?:provided |given |retrieved |supplied )?{layout_en.SOURCE_NOUNS}"
_ZH_SOURCE = rf"(?:所给|给出的|提供的|检索到的)?{role_patterns.ZH.source_words}"

EN_DEFER = NamedPattern(
    "en.defers_to_sources",
    r"\b(?:i(?:'ll| will|'d| would)?|let me|going to|so i(?:'ll)?|i'm going to) (?:still )?"
    rf"(?:go|goes|going|stick|stay|side|run) (?:with|by) {_EN_SOURCE}"
    rf"|\bdefer(?:ring|s)? to {_EN_SOURCE}"
    rf"|\b(?:but|still|yet),? (?:per|as per|based on|going by|according to|by) (?:what(?:'s| is| was) (?:provided|given)|"
    rf"{_EN_SOURCE})"
    rf"|\b(?:going|answering|answer) (?:by|from|based on|according to) {_EN_SOURCE}"
    rf"|\b(?:report|give|say|use|repeat) (?:what|its|their) (?:answer|{_EN_SOURCE})"
    r"|\b(?:asked|told|supposed|instructed|meant) to (?:answer|respond|go) (?:from|by|based on|according to) "
    r"|\bquestion is (?:about|asking about) (?:what )?(?:the )?"
    + layout_en.SOURCE_NOUNS
    + rf"|\b{layout_en.SOURCE_NOUNS}(?: here)? (?:is|are|seems?|looks?) (?:pretty |very |quite |fairly )?"
    r"(?:explicit|definite|clear|unambiguous|consistent with each other)",
    "Committing to what the sources say over the response's own knowledge.",
)

ZH_DEFER = NamedPattern(
    "zh.defers_to_sources",
    rf"以{_ZH_SOURCE}(?:为准|为依据)"
    rf"|(?:按|按照|照|依|依照|遵照)(?:着)?{_ZH_SOURCE}(?:的(?:说法|表述|答案|内容))?(?:来|回答|作答|答(?!案))"
    rf"|(?:但|但是|不过|可是|然而)[,，]?(?:依据|根据|依照|按照|按|照)(?:着)?{_ZH_SOURCE}"
    rf"|既然{_ZH_SOURCE}(?:这么|这样|如此)(?:写|说)"
    rf"|{_ZH_SOURCE}(?:写|说|讲)得(?:很|非常|十分)?(?:明确|清楚|肯定)"
    rf"|{_ZH_SOURCE}前后(?:说|写)得(?:很)?清楚"
    rf"|问的是{_ZH_SOURCE}(?:怎么说|的说法|里的)",
    "以资料为准、按资料回答：舍弃自己的印象，照资料的说法作答。",
)

OTHER_DEFER = NamedPattern(
    "other.defers_to_sources",
    rf"je m'en tiens (?:aux|au) {intl_sources.FR_DEFERRED_TO.alternation}"
    rf"|me (?:atengo|baso|quedo con lo que dicen) (?:a )?(?:los |las |el |la )?{intl_sources.ES_DEFERRED_TO.alternation}"
    rf"|(?:ich )?halte mich an (?:die|den|das) {intl_sources.DE_DEFERRED_TO.alternation}"
    rf"|(?:vou|fico) (?:seguir|com) (?:os|as|o|a) {intl_sources.PT_DEFERRED_TO.alternation}"
    rf"|mi attengo (?:ai|alle|al) {intl_sources.IT_DEFERRED_TO.alternation}"
    rf"|{intl_sources.JA_DEFERRED_TO.alternation}に(?:従って|従い|基づいて回答|沿って)"
    rf"|{intl_sources.KO_DEFERRED_TO.alternation}(?:를|에) (?:따르|따라 답)"
    rf"|(?:буду )?(?:опираться|полагаться) на {intl_sources.RU_DEFERRED_TO.alternation}",
    "Deferring to the sources in French, Spanish, German, Portuguese, Italian, Japanese, Korean or Russian.",
)

PATTERNS = (EN_DEFER, ZH_DEFER, OTHER_DEFER)


def defers_to_sources(reading: Reading) -> Hit | None:
    """The first phrase by which the response commits to what its sources say over its own knowledge, else None."""
    norm = reading.normalised
    hits = [Hit(p.name, m[0], m.start()) for p in PATTERNS if (m := p.pattern.search(norm))]
    return min(hits, key=lambda hit: hit.start) if hits else None
