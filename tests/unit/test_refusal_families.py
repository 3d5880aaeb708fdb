"""The refusal phrase families (refusal_en, refusal_zh, refusal_intl) and the structure refusal.py reads
around them, on sentences of our own: what each family catches, and what must not read as a refusal."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import refusal
from ragstress.scoring.metrics.rules import REFUSAL_PATTERNS, pattern_hits
from ragstress.values.matching import normalise
from ragstress.values.reading import read

OPENED = [["1973", "1973年"]]


def _rules(text: str) -> set[str]:
    return {hit.rule for hit in pattern_hits(REFUSAL_PATTERNS, normalise(text))}


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Sadly I was unable to locate the figure in these notes.", "en.not_found"),
        ("I didn't come across a launch date in what you sent.", "en.not_found"),
        ("We haven't been able to track down the sculptor's name here.", "en.not_found"),
        ("No matching record found for the 2017 season.", "en.not_found"),
        ("The records don't identify the sculptor.", "en.sources_silent"),
        ("The memos give the venue but not the opening year.", "en.only_covers"),
        ("I couldn't confirm either the sculptor or the year from these memos.", "en.cannot_answer"),
        ("The memos contradict each other here — N/A.", "en.no_answer_value"),
        ("Ask the box office rather than rely on my answer.", "en.declines"),
        ("我不想引用未经核实的数据。", "zh.declines"),
        ("The memos do not actually give the launch date.", "en.sources_silent"),
        ("Neither memo gives the launch date.", "en.sources_silent"),
        ("Unfortunately none of the memos covers who signed it.", "en.sources_silent"),
        ("None of the sources addresses the launch date.", "en.sources_silent"),
        ("Neither the sculptor nor the year is mentioned anywhere.", "en.sources_silent"),
        ("The opening date isn't in the retrieved material.", "en.sources_silent"),
        ("There's no 2017 headcount in these reports.", "en.sources_silent"),
        ("Launch date: not documented.", "en.not_given"),
        ("Not available in the attached files.", "en.not_given"),
        ("That's not in the notes you gave me.", "en.not_given"),
        ("This isn't something the excerpts go into.", "en.not_given"),
        ("N/A", "en.no_answer_value"),
        ("Unknown — none of the excerpts cover it.", "en.no_answer_value"),
        ("**Answer:** unknown", "en.no_answer_value"),
        ("Unclear from these sources.", "en.no_answer_value"),
        ("The excerpts cover the roof and the organ, nothing about the opening.", "en.none_given"),
        ("Nothing in these changelogs names a release date.", "en.none_given"),
        ("The retrieved text is insufficient to settle this.", "en.insufficient_info"),
        ("Given how shaky these passages look, I'll refrain from answering.", "en.declines"),
        ("I'd rather not give a year based on them.", "en.declines"),
        ("I don't have a reliable source for the true value.", "en.declines"),
        ("检索到的内容里没写开幕时间。", "zh.sources_silent"),
        ("文档中无相关记载。", "zh.sources_silent"),
        ("提供的段落不包含该数据。", "zh.sources_silent"),
        ("上下文没讲。", "zh.sources_silent"),
        ("这个数字资料里没有。", "zh.sources_silent"),
        ("竣工年份不详。", "zh.sources_silent"),
        ("这份手册里查不到这个参数。", "zh.not_found"),
        ("我在给出的材料里没能找到答案。", "zh.not_found"),
        ("资料的说法存疑，所以这题暂不作答。", "zh.declines"),
        ("这个我拿不准。", "zh.cannot_answer"),
        ("材料没有直接回答这个问题。", "zh.sources_silent"),
        ("無法從資料中確定開幕年份。", "zh.cannot_answer"),
        ("Je ne trouve rien à ce sujet dans les extraits.", "fr.refusal"),
        ("Les extraits ne précisent pas la date d'ouverture.", "fr.refusal"),
        ("Los textos no indican la fecha de apertura.", "es.refusal"),
        ("No hay información sobre el arquitecto.", "es.refusal"),
        ("Die Unterlagen nennen das Baujahr nicht.", "de.refusal"),
        ("Dazu gibt es keine Angaben.", "de.refusal"),
        ("Não consigo responder com base nos trechos.", "pt.refusal"),
        ("I documenti non riportano l'anno di apertura.", "it.refusal"),
        ("De teksten noemen het jaar niet.", "nl.refusal"),
        ("В материалах не указано, когда открылся театр.", "ru.refusal"),
        ("資料にはその年についての記述がありません。", "ja.refusal"),
        ("문서에서 개관 연도를 확인할 수 없습니다.", "ko.refusal"),
        ("Belgelerde açılış yılı belirtilmemiş.", "tr.refusal"),
    ],
)
def test_each_family_catches_its_wordings(text, rule):
    assert rule in _rules(text), _rules(text)
    assert refusal.refusal(read(text)).value, refusal.refusal(read(text)).why


@pytest.mark.parametrize(
    "text",
    [
        "I couldn't find any errors in the passages.",
        "There's no disagreement in the memos: the opera house opened in 1973.",
        "I don't see why that would matter here.",
        "I looked for a contradiction in the other documents and didn't find any.",
        "Nothing in the documents says otherwise.",
        "There's no indication in the text that this is wrong.",
        "There are no factual errors in the report; the river is the Congo.",
        "An unknown mason carved the lintel.",
        "Unknown Pleasures was released by the band.",
        "The symbol is Na.",
        "资料中没有错误。",
        "没找到资料中的错误。",
        "抱歉之前没说清楚。",
        "这场战役伤亡无数。",
        "Je ne pense pas que ce soit exact.",
        "La ópera se inauguró en 1973.",
        "Die Oper wurde 1973 eröffnet.",
        "オペラハウスは1973年に開館しました。",
        "오페라 하우스는 1973년에 개관했습니다.",
    ],
)
def test_what_no_family_reads_as_a_refusal(text):
    assert not _rules(text), _rules(text)


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        ('{"answer": null, "why": "no passage covers the opening"}', True),
        ('{"answer": "N/A"}', True),
        ('{"答案": "", "说明": "资料只讲了建筑风格"}', True),
        ('```json\n{"result": null}\n```', True),
        ('{"answer": {"architect": null, "year": null}}', True),
        ('{"answer": "1973", "note": "the documents do not say this directly"}', False),
        ('{"answer": "Lisbon", "confidence": "low", "note": "not in the passages"}', False),
    ],
)
def test_a_json_answer_field_decides(text, refuses):
    decision = refusal.refusal(read(text), OPENED)
    assert decision.value is refuses, decision.why


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        # facts named and then the whole question declined: the facts were reported, not answered
        ("Passage 3 gives 1973 for a renovation; I can't tell whether that is the opening, so I can't answer.", True),
        ("资料提到1973年是翻修年份，不能确定是否就是启用年份，因此无法回答这个问题。", True),
        ("Doc 2 mentions 1973. I can't be certain it refers to this hall, so I'll refrain from answering.", True),
        # a detail declined after the answer, or the answer given after the refusal: answered
        ("It opened in 1973; I can't answer who designed it.", False),
        ("I can't answer from the passages alone, but it opened in 1973.", False),
        ("歌剧院于1973年启用，设计者是谁无法确定。", False),
    ],
)
def test_a_refusal_of_the_whole_question_at_the_end(text, refuses):
    decision = refusal.refusal(read(text), OPENED)
    assert decision.value is refuses, decision.why


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        ("Lisbon, I believe, though the passages don't say.", False),
        ("Probably Lisbon — the documents don't name the city.", False),
        ("The documents don't name the city. Lisbon, maybe?", False),
        ("资料没写是哪座城市。是里斯本吧？", False),
        ("资料中找不到。是里斯本？", False),
        ("Les extraits ne le disent pas, mais je pense que c'est Lisbonne.", False),
        ("No encuentro el dato; probablemente sea Lisboa.", False),
        ("Die Texte nennen die Stadt nicht, ich glaube aber, es ist Lissabon.", False),
        # the question echoed before the refusal is no guess
        ("是哪座城市？资料没写。", True),
        # the hedge in the refusal's own clause, or a clause calling something wrong, gives no answer
        ("I think the passages don't name the city.", True),
        ("The passage gives Porto, which I believe is wrong, and I can't offer a reliable answer.", True),
        ("Porto is possibly erroneous here; I cannot determine the city.", True),
        # a decimal point does not end the clause that reports what the sources give
        ("There is no 2020 figure here; the latest one they list is 4.5 million, for 2019.", True),
        # "I'd say" after the refusal commits to an answer
        ("I couldn't find this in the context. If I had to guess, I'd say Lisbon.", False),
        # a referral elsewhere after the refusal gives no answer, whatever number it holds
        ("资料里没有这方面的内容，您可以拨打12345市民热线咨询。", True),
        ("The passages don't name the city; you can call 555-0100 to ask.", True),
        # declining in other words, and the fact said not to be there
        ("Something in the sources doesn't add up, so I'll hold off on naming a city.", True),
        ("我不确定能不能把这几段资料拼到一起，就不贸然作答了。", True),
        ("几篇资料各说各的，我就不乱猜了。", True),
        ("检索到的资料存在错误，为避免误导，我拒绝回答这个问题。", True),
        ("The passages only name the mayor; the city isn't in them.", True),
        ("The passages discuss the 2019 season, but the city isn't there.", True),
    ],
)
def test_a_guess_answers_and_a_doubt_does_not(text, refuses):
    decision = refusal.refusal(read(text), [["Madrid"]])
    assert decision.value is refuses, decision.why


@pytest.mark.parametrize(
    ("text", "refuses"),
    [
        # "this question" declined at the end: the fact named before it was reported
        ("I can only find that it opened in 1973, not who designed it, so I'm unable to answer this question.", True),
        # a part declined at the end, after the answer: a side detail
        ("它于1973年启用。至于设计者，资料里没有写，这部分我没法回答。", False),
        ("It opened in 1973. The designer isn't named, so that part I can't answer.", False),
    ],
)
def test_the_question_or_a_part_declined_at_the_end(text, refuses):
    decision = refusal.refusal(read(text), OPENED)
    assert decision.value is refuses, decision.why


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        # what the sources do cover, listed after a colon, is no answer
        ("No opening date, sorry. What the leaflets do cover: the 1911 flood, the glasshouses and 3 cafés.", True),
        ("资料没有开园年份。资料讲到的是：1911年的洪水、温室和3家咖啡馆。", True),
        # after a refusal, a colon gives an answer
        ("No opening date in the leaflets: it was 1968, I believe.", False),
    ],
)
def test_a_list_announced_by_a_clause_about_the_sources_is_no_answer(text, refused):
    decision = refusal.refusal(read(text), OPENED)
    assert decision.value is refused, decision.why
