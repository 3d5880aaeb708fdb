"""Wordings of 'the sources disagree' beyond the plain ones: camps, far-apart subjects, JSON fields,
third languages, and the denials that undo them (agreement on the value, a difference of wording only)."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import json_answer
from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.values.reading import read

EN = ([["1889"]], ["1879"], "In which year was the tower completed?")
ZH = ([["1889年", "1889"]], ["1879年", "1879"], "这座塔是哪一年建成的？")


@pytest.mark.parametrize(
    "text",
    [
        # One source set against the others, or the sources said not to agree.
        "Memo 3 gives 1879, which conflicts with the other two.",
        "It opened in 1889; that date contradicts passage 4, though.",
        "The documents don't fully agree on the year.",
        "They aren't unanimous: I'd still say 1889.",
        # Different values said to be given.
        "Two different dates show up: 1889 and 1879.",
        "The retrieved texts give two distinct years.",
        "There are two different dates in these leaflets, so I'll leave it open.",
        "I can see two figures for the span: 300 m and 320 m.",
        "I'm seeing two different years for the opening in these notes; I'll check and come back.",
        # A majority of the sources, set against the rest.
        "The balance of the archived leaflets favours 1889.",
        "Going by the majority of the passages, 1889.",
        "Lyon: four passages say so against one.",
        "It depends on which source you trust.",
        # zh: the sources and the verb of differing apart, several accounts.
        "几份资料对完工年份的记载互相矛盾。",
        "两篇文档给出的年份不一致，我倾向于1889年。",
        "资料对此各执一词。",
        "关于建成时间，材料里存在不同的说法。",
        "文档中既有1889年也有1879年的记录。",
        "要看你信哪一份资料了。",
        # Third languages.
        "Les documents divergent sur l'année : 1889 ou 1879.",
        "Los pasajes no coinciden en la fecha.",
        "As fontes se contradizem quanto ao ano.",
        "Le fonti si contraddicono sull'anno di costruzione.",
        "Die Dokumente weichen in der Jahreszahl voneinander ab.",
        "Die meisten Passagen sagen 1889, eine andere nennt 1879.",
        "Die meisten Dokumente nennen 1889, also wurde der Turm 1889 fertig.",  # a majority named
        "Le fonti non sono d'accordo, ma la torre fu completata nel 1889.",
        "The monographs differ on the year (1889 vs 1879).",
        "Some passages say 1889, others say 1879.",  # the camps joined by a comma alone
        "One memo says 1879, an estimate, so the passages only appear to disagree.",
        "資料によって完成年が異なります。",
        "문서마다 완공 연도가 다르게 적혀 있습니다.",
        "Источники расходятся в дате постройки.",
        # JSON: a field named for the disagreement, set.
        '{"answer": "1889", "sources_disagree": true}',
        '{"答案": "1889年", "资料矛盾": "文档2写的是1879年"}',
    ],
)
def test_wordings_of_disagreement_are_acknowledged(text):
    decision = acknowledges_conflict(read(text))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "The passage does not contradict the others: 1889.",
        "I didn't notice any inconsistency between the passages; it opened in 1889.",
        "I couldn't find a real discrepancy: 1889.",
        "The two passages differ slightly in wording, nothing more: 1889.",
        "The sources all agree on 1889.",
        "资料并非真正矛盾，只是统计口径不同。",
        "没有发现任何矛盾，答案是1889年。",
        "两份资料只是措辞略有不同。",
        "资料中没有不同的说法，都是1889年。",
        "是1889年。资料里没有看到别的记载。",
        "Les sources ne se contredisent pas : 1889.",
        "No hay ninguna contradicción entre los documentos.",
        "Die Quellen widersprechen sich nicht.",
        "資料の間に矛盾はありません。",
        "자료들 사이에 모순이 없습니다.",
        '{"answer": "1889", "sources_conflict": false}',
        '{"answer": "1889", "conflicts": []}',
        "1889 is when the tower was completed.",
        "The finished tower differs from the original design.",
        "它们的建筑风格不一样。",
        "资料之间没有差异，都是1889年。",
        "The weight of the tower is 7,300 tonnes.",  # the weight of a thing, not of the sources
        "I'm seeing the tower from the 1889 postcard in passage 1.",
        "Les documents indiquent 1889.",
        "資料によると、完成は1889年です。",
        "자료에 따르면 1889년입니다.",
    ],
)
def test_denials_and_plain_answers_are_not(text):
    decision = acknowledges_conflict(read(text))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text", "acknowledged"),
    [
        # Agreement on the value undoes words of disagreement, when the response names one value.
        ("en", "Two passages disagree slightly on wording, but both say 1889.", False),
        ("en", "The passages contradict each other on the architect, yet all of them give 1889.", False),
        ("zh", "两份资料的表述有出入，但资料都写1889年。", False),
        # ... but not agreement said of some sources only, nor when both values are named.
        ("en", "1889 (most of the retrieved passages agree).", True),
        ("en", "The leaflets disagree on it: 1889, since more of the documents agree on that.", True),
        ("en", "The passages conflict: 1, 2 and 3 all say 1889, passage 4 says 1879.", True),
        ("zh", "资料有出入：其余资料都写1889年，只有一篇写1879年。", True),
        # A count before a span of time is a duration, not two values set against each other.
        ("en", "Inspections run every two years per the manual [1]; it was built in 1889.", False),
        # A source word in a third language, beside both values.
        ("en", "La respuesta es 1889, aunque uno de los documentos indica 1879.", True),
        ("en", "Die Antwort ist 1889; ein Dokument nennt 1879.", True),
        # A number followed by a word naming it as a value ('the 1879 figure') is that value, not another thing.
        ("en", "It was 1889. The 1879 figure in one leaflet is the year the plans were drawn.", True),
        ("en", "1889; the 1879 date in passage 2 belongs to the design competition.", True),
        # A key: value answer whose keys name the sources gives both values where a source is named.
        ("en", "year:\n  document_1: 1889\n  document_2: 1879\nverdict: open", True),
        ("en", "year:\n  option_1: 1889\n  option_2: 1879", False),
        # ... while a number naming an event is something else.
        ("en", "It was 1889; passage 2 describes the 1879 competition.", False),
    ],
)
def test_agreement_on_the_value_and_both_values_given(lang, text, acknowledged):
    answers, fake, question = EN if lang == "en" else ZH
    decision = acknowledges_conflict(read(text), answers, fake, question)
    assert decision.value is acknowledged, decision.why


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"answer": "1889", "conflicting_values": ["1889", "1879"]}', "conflicting_values"),
        ('```json\n{"answer": null, "discrepancy": "yes"}\n```', "discrepancy"),
        ('{"answer": "1889", "sources_conflict": "no"}', None),
        ('{"answer": "1889", "note": "the sources conflict"}', None),  # the words are read by the text rules
        ("[1889, 1879]", None),
        ("not json at all", None),
    ],
)
def test_json_conflict_field(text, field):
    data = read(text).json
    assert (json_answer.conflict_field(data) if data is not None else None) == field


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # Indirect wordings: values said to vary across the sources, not every source agreeing, different attributions.
        ("en", "The figures vary a little across the documents, but the final release puts it at 1889."),
        ("en", "Probably 1889, although not every source gives the same year."),
        ("en", "The articles attribute the tower to different designers, so I cannot choose."),
        # zh: 对不上, a degree adverb before 统一, 各讲各的, reports and their 口径.
        ("zh", "资料之间的年份对不上，以官方公告为准，是1889年。"),
        ("zh", "大概是1889年吧，资料里的说法不太统一。"),
        ("zh", "这几篇资料各讲各的，没法判断。"),
        ("zh", "各篇报道的口径略有出入，但应为1889年。"),
    ],
)
def test_indirect_wordings_of_disagreement(lang, text):
    answers, fake, question = EN if lang == "en" else ZH
    decision = acknowledges_conflict(read(text, lang), answers, fake, question)
    assert decision.value, decision.why


def test_a_superlative_most_sets_no_sources_apart():
    text = (
        "The tower is one of the most visited in the region, and the pages retrieved describe it in detail. "
        "It was completed in 1889."
    )
    decision = acknowledges_conflict(read(text), *EN)
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # The sources said to contradict themselves from one part to the next.
        ("zh", "资料中的建成年份前后不一致，无法给出准确答案。"),
        ("en", "The passages are internally inconsistent on the year."),
        # A second value named as also in the sources, beside the answer.
        ("zh", "是1889年。资料里也有写1879年的，不过那是旧说法。"),
        ("en", "It's 1889. Passage 3 also has 1879, but that was the old figure."),
    ],
)
def test_inconsistency_within_the_sources_is_acknowledged(lang, text):
    decision = acknowledges_conflict(read(text), *(ZH if lang == "zh" else EN))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # One source called wrong (a typo) flags that source; it does not say the sources differ.
        ("zh", "资料2中的“1879年”应为笔误，这座塔于1889年建成。"),
        ("en", "Passage 2's 1879 is a typo; the tower was completed in 1889."),
    ],
)
def test_one_source_called_a_typo_is_not_a_conflict(lang, text):
    decision = acknowledges_conflict(read(text), *(ZH if lang == "zh" else EN))
    assert not decision.value, decision.why
    assert decision.uncertain is not None  # the two values named beside a source still make readers hesitate


@pytest.mark.parametrize(
    "text",
    ["资料里也有写到这一点，是1889年。", "资料中的数据前后一致，都是1889年。", "The passages are consistent: 1889."],
)
def test_consistency_and_mentions_are_not_inconsistency(text):
    decision = acknowledges_conflict(read(text))
    assert not decision.value, decision.why


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # The true value given with sources of its own sets sources against a source, then calls the odd one wrong.
        ("zh", "1889年（资料1、2）；资料3写的1879年可能是笔误。"),
        ("en", "1889 (passages 1 and 2); passage 3's 1879 is probably a typo."),
    ],
)
def test_sources_against_a_source_called_a_typo_is_a_conflict(lang, text):
    decision = acknowledges_conflict(read(text), *(ZH if lang == "zh" else EN))
    assert decision.value, decision.why
