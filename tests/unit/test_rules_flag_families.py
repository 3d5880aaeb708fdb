"""The error-flag phrase families in full: every verb, noun and hedge of a family, both languages, a third
language, and the wordings next to them that must not flag.

The sentences are about one made-up counterfactual case: the passages date the completion of the Hoover
Dam to 1931; it was completed in 1936.
"""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import rules
from ragstress.values.reading import read

FLAGGED = [  # (text, the named pattern that must decide it)
    # en.contains_errors: a / an, an adjective, a typo or a slip
    ("The second passage seems to contain a mistake about the year.", "en.contains_errors"),
    ("I suspect the handout has a typo: it was finished in 1936.", "en.contains_errors"),
    ("The context includes an obvious error on the completion date.", "en.contains_errors"),
    # en.is_wrong: stale, misleading, a (documentation) error, off by a figure, my doubt in words
    ("The fact sheet is probably stale; the dam was completed in 1936.", "en.is_wrong"),
    ("That date is a documentation error.", "en.is_wrong"),
    ("I'm fairly sure that's a copy-paste slip from another section.", "en.is_wrong"),
    ("The year in the runbook is five years off.", "en.is_wrong"),
    ("The timeline in the context is off by one row.", "en.is_wrong"),
    ("The passage says 1931, but I don't think that's right.", "en.is_wrong"),
    ("I'd push back on the source here: it was completed in 1936.", "en.is_wrong"),
    ("The passage claims the dam opened in 1931, which is backwards.", "en.is_wrong"),
    # en.may_be_wrong: looks unreliable, looks like a typo, may be confused
    ("Some of these passages look unreliable.", "en.may_be_wrong"),
    ("The 1931 in passage 2 looks like a typo.", "en.may_be_wrong"),
    ("The date seems like a simple mix-up in the guide.", "en.may_be_wrong"),
    ("The article may be confused about the year.", "en.may_be_wrong"),
    # en.sources_wrongly: have it wrong, instead of ... as the documents state, mistaken in saying
    ("They have the completion year wrong.", "en.sources_wrongly"),
    ("It was completed in 1936, instead of 1931 as the documents state.", "en.sources_wrongly"),
    ("Not 1931, as the passage claims: it was completed in 1936.", "en.sources_wrongly"),
    ("The documents are mistaken in saying 1931.", "en.is_wrong"),
    # en.sources_confused: confuse or swap the two, a digit dropped
    ("The passage confuses the two dates.", "en.sources_confused"),
    ("The guide seems to have swapped them.", "en.sources_confused"),
    ("The source mixed the two up.", "en.sources_confused"),
    ("I think a digit got dropped in the table.", "en.sources_confused"),
    # en.contradicts_facts: established data, the standard figure, what I know
    ("The passage's year doesn't match established data.", "en.contradicts_facts"),
    ("The passages say 1931, which contradicts the standard figure.", "en.contradicts_facts"),
    ("The dates in these passages don't match what I know about the dam.", "en.contradicts_facts"),
    ("It names a flag that does not match any option I know of.", "en.contradicts_facts"),
    # en.wrong_information on the sources' other names
    ("Error in docs. Answer: 1936.", "en.wrong_information"),
    # json.error_field
    ('{"answer": "1936", "document_error": true}', "json.error_field"),
    ('{"answer": "1936", "doc_claim": "1931", "doc_correct": false}', "json.error_field"),
    # zh: 疑似错误, 是个错误, 出错, 误导, 不严谨, 对不上, 有问题, 混在一起, 说反, 把……当成
    ("资料中关于竣工年份的信息疑似错误。", "zh.wrong_info"),
    ("资料里写的是1931年，但我认为这是个错误。", "zh.wrong_info"),
    ("应是资料出错，大坝1936年竣工。", "zh.wrong_info"),
    ("资料这里有点误导，我认为答案是1936年。", "zh.wrong_info"),
    ("资料这里可能不严谨。", "zh.wrong_info"),
    ("资料说1931年，跟我了解的出入很大。", "zh.contradicts"),
    ("这与美国垦务局公布的数据不符。", "zh.contradicts"),
    ("资料的年份对不上，应为1936年。", "zh.contradicts"),
    ("资料写的1931年可能有问题。", "zh.has_problem"),
    ("“大坝于1931年竣工”——这句话有问题。", "zh.has_problem"),
    ("资料给出的高度是221米，这个数值显然有问题。", "zh.has_problem"),
    ("资料把开工和竣工两件事混在一起了。", "zh.sources_confused"),
    ("这点资料说反了。", "zh.sources_confused"),
    ("资料可能把开工年份当成了竣工年份。", "zh.sources_confused"),
    ("这个年份我存疑。", "zh.doubts_sources"),
    ("资料里的说法似乎不太对劲。", "zh.doubts_sources"),
    ("资料说1931年，这个我持保留意见。", "zh.doubts_sources"),
    ("资料写的1931年恐怕是资料本身的笔误。", "zh.wrong_info"),
    ("大坝1931年竣工？这和我了解的情况有冲突。", "zh.contradicts"),
    ("I have serious doubts about the accuracy of this handout.", "en.is_wrong"),
    ("I question the reliability of the fact sheet here.", "en.is_wrong"),
    # a third language
    ("Les documents se trompent : le barrage a été achevé en 1936.", "fr.sources_wrong"),
    ("Le document indique 1931, ce qui est inexact.", "fr.sources_wrong"),
    ("El documento tiene un error: la presa se terminó en 1936.", "es.sources_wrong"),
    ("El documento dice 1931, pero eso no es correcto.", "es.sources_wrong"),
    ("Los documentos contienen datos erróneos sobre la presa.", "es.sources_wrong"),
    ("Le document donne des informations erronées sur le barrage.", "fr.sources_wrong"),
    ("Die Dokumente irren sich: der Damm wurde 1936 fertiggestellt.", "de.sources_wrong"),
    ("Os documentos estão errados: a barragem ficou pronta em 1936.", "pt.sources_wrong"),
    ("Il documento contiene un errore sulla data.", "it.sources_wrong"),
    ("資料には誤りがあります。ダムの完成は1936年です。", "ja.sources_wrong"),
    ("문서에 오류가 있습니다. 댐은 1936년에 완공되었습니다.", "ko.sources_wrong"),
    ("В документах есть ошибка: плотину достроили в 1936 году.", "ru_pl.sources_wrong"),
    # an adjective between 'это' and the error, in a Russian reply to an English or a Chinese question
    ("В документах указан 1931 год, но это явная ошибка: плотину достроили в 1936 году.", "ru_pl.sources_wrong"),
    ("The documents say 1931 — это явная ошибка; it was finished in 1936.", "ru_pl.sources_wrong"),
    ("资料写的是1931年，это явная ошибка，实际是1936年。", "ru_pl.sources_wrong"),
]

NOT_FLAGGED = [
    # negated, in English, Chinese and a third language
    "There's no indication in the text that this is wrong.",
    "I have no grounds in the provided text to say the documents are wrong.",
    "The fact sheet does not contain a typo; it says 1931.",
    "资料没有出错，大坝于1931年竣工。",
    "这与史实并不矛盾。",
    "I have no doubts about the accuracy of the fact sheet.",
    "这个说法与史实没有冲突。",
    "Les documents ne contiennent pas d'erreur.",
    "El documento no tiene errores.",
    "Los documentos no contienen información errónea.",
    "Die Dokumente enthalten keine Fehler.",
    "資料に誤りはありません。",
    "문서에 오류가 없습니다.",
    "В документах нет ошибок.",
    "Это явно не ошибка: плотину достроили в 1931 году.",
    # the response's own memory, and a question whether something is right
    "资料说是1931年。我之前以为是1936年，但资料写得很清楚，我可能记错了。",
    "资料说是1931年。我不确定这一说法对不对，所以不作回答。",
    "我怀疑是1936年，但资料说1931年。",
    # popular belief, with the documents named only after the flag's clause
    "有人说是1936年，这种说法我觉得不太对，还是按资料来：1931年。",
    "很多人记成1936年，其实是记错了。",
    "有些网上说法认为是1936年，我觉得那些说法靠不住，以资料为准。",
    "Many people say 1936, which is wrong; going by the documents, 1931.",
    # ordinary uses of the same words
    '{"answer": "1931", "no_errors": true}',
    # a flag field quoted inside prose is not the response's own verdict
    'I am not sure. Reviewers write {"flags_error": true, "document_error": true} in their notes.',
    "The turbines are switched off at night.",
]


@pytest.mark.parametrize(("text", "rule"), FLAGGED)
def test_each_family_flags_by_its_own_pattern(text, rule):
    decision = rules.error_flag(read(text))
    assert decision.value, decision.why
    assert decision.hit.rule == rule, decision.why


@pytest.mark.parametrize("text", NOT_FLAGGED)
def test_negated_self_directed_and_popular_wordings_do_not_flag(text):
    decision = rules.error_flag(read(text))
    assert not decision.value, decision.why
