"""Chinese in-situ questions: the answer span becomes a wh-word in place (1889年 -> 哪一年).

Chinese asks in situ, so the question word stands where the answer stood. This module finds
the clause holding the span (later clauses state other facts) and decides whether it can be
asked at all; `questions_zh` writes it from the parse (是在……的 for a past time, leading clauses
dropped or lending their subject), and a pronoun subject (它、该塔、这座桥、其) or a bare head
noun that the title ends with (铁塔 for 埃菲尔铁塔) is replaced by the document title.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.clause_zh import (
    names_a_thing,
    opens_with_predicate,
    subject_words,
    without_leading_modifier,
)
from ragstress.generators.questions.questions_zh import (
    drop_leading_clauses,
    time_in_clause,
    time_of_clause,
    with_subject_named,
)
from ragstress.generators.questions.standalone_zh import standalone_question
from ragstress.values.spans import FactSpan

# A hedge goes (约5倍); a bound stays (不超过、最近 2 个版本): 不多少项 would ask nothing.
_APPROXIMATORS = re.compile(r"(?<![不最])(?:大约|大概|约|近|将近|超过|逾|共|达|多达|仅|不到|高达|长达)$")
_PRONOUN_START = re.compile(
    r"^(?:它们|它|其(?!中)|该[\u4e00-\u9fff]|这[座条个家项部]?[\u4e00-\u9fff]?|此[\u4e00-\u9fff]?)"
)
# A clause that only sets the scene (根据……, ……期间, ……中) states no fact when the sentence goes on after it.
_SETTING_START = re.compile(r"^(?:根据|按照|依据|据|随着|由于|为了|在)")
_SETTING_END = re.compile(r"(?:中|上|时|后|前|里|期间|之际|以来|之后|之前)$")
# Marks of a clause that states an event (a verb with its aspect, a passive, a place or time of action).
_EVENT = re.compile(
    r"了|被|过|在|于|成立|建成|开通|举行|发布|推出|宣布|签署|通车|竣工|完成|出生|去世|逝世|开始|开工|动工|开放|上市|创办|创建"
)
# Persons and things named only by a pronoun inside the question point outside it.
_PRONOUN_INSIDE = re.compile(r"[他她它](?!们的)|其(?!中|他|它|余|实)|(?<![因如])此(?!外)|该[人者]|从中")
# A question a person types is short; longer ones copy their sentence's modifiers whole.
_MAX_HAN = 34
# Times told relative to the passage (半个世纪以前, 同年, 次年): the question cannot say from when.
_RELATIVE_TIME = re.compile(r"以前|此前|之前|以后|此后|同年|当年|次年|翌年|前一年|后来|随后|半个世纪|多年后|多年前")
# A clause with a word pointing to what the passage said before it (这届奥运会上, 当时).
_POINTING_BACK = re.compile(r"[这那该此其]|本届|当时|同年|次年|上述")
# Linking words that open a sentence and say nothing of its fact (其中，丹阳至昆山特大桥全长……).
_LINKING = re.compile(r"其中|此外|另外|同时|然而|但是|不过|因此|所以|而且|并且|目前|如今|现在|总之|进入新世纪")
# A subject placed only by the passage's layout (上面的天线桅杆: above what?).
_POSITION_WORDS = re.compile(r"(?:上面|下面|上方|下方|前者|后者|另一|另外|其余)")
# Verbs that take a whole clause as their object: cut at the comma, 两国共同宣布 says not what was announced.
_CLAUSE_VERBS = re.compile(r"(?:宣布|表示|认为|决定|指出|声称|称|说|透露|公布|确认|规定|要求|同意)$")


def _wh_word(span: FactSpan) -> str | None:
    text = span.text
    if span.kind == "year":
        return "哪一年"
    if span.kind == "date":
        return "哪一天" if "日" in text else "什么时候"
    if span.kind == "number":
        unit = re.sub(r"^[\d.]+(?:万|亿)?", "", text).strip()
        return f"多少{unit}" if unit else None
    # Suffix-found place names are often cut mid-word (杭州湖 of 杭州湖畔), so only persons are asked.
    return "谁" if "·" in text else None


def _sentence_with(span: FactSpan, text: str) -> tuple[str, int] | None:
    for sentence in re.split(r"(?<=[。！？；])|\n+", text):
        at = sentence.find(span.text)
        if at >= 0:
            return sentence.strip(), sentence.strip().find(span.text)
    return None


def _resolve_subject(question: str, title: str | None) -> str | None:
    """Name the subject: a pronoun or a bare head noun of the title becomes the title; None if unresolvable."""
    question = re.sub(r"^其中[，,]?", "", question)  # "among them": the question names its own subject
    m = _PRONOUN_START.match(question)
    if m:
        if not title:
            return None
        rest = question[m.end() :]
        if m[0][-1] not in "它其" and m[0][-1] not in title:
            return None  # 这届奥运会 in an article on 许海峰: a thing of its own, not the title
        return f"{title}的{rest}" if m[0] == "其" else title + rest
    if title and not question.startswith(title):
        # 铁塔于…… in a text titled 埃菲尔铁塔: the clause names the topic by its last characters.
        for size in range(min(len(title) - 1, 4), 1, -1):
            if question.startswith(title[-size:]):
                return title + question[size:]
    return question


def _rebuilt(head: str, wh: str, tail: str, kind: str, title: str | None) -> str | None:
    """The clause around the question word, its leading clauses dropped or lending their subject.

    None when a leading clause points outside the sentence (这届奥运会上，…): without it the
    question would not say which event it means, with it it would not stand alone."""
    earlier, comma, own = head.replace(",", "，").rpartition("，")
    if comma and _POINTING_BACK.search(earlier) and not _LINKING.fullmatch(earlier.strip()):
        return None
    last = earlier.replace(",", "，").rpartition("，")[2]
    if comma and (_SETTING_END.search(last) or _SETTING_START.match(last) or _RELATIVE_TIME.search(earlier)):
        return f"{head}{wh}{tail}"  # 过去三个月中，… / 新中国成立后，…: the setting bounds the fact, so it stays
    if comma:
        kept = drop_leading_clauses(earlier, f"{own}{wh}{tail}", title)
        if kept is None:
            return f"{head}{wh}{tail}"  # no subject to give the clause: the sentence as it stands
        own = kept[: len(kept) - len(f"{own}{wh}{tail}")] + own
    return time_in_clause(own, wh, tail) if kind in ("year", "date") else f"{own}{wh}{tail}"


def _last_of_a_run(sentence: str, head: str, wh: str, tail: str, kind: str, title: str | None) -> str | None:
    earlier, _, own = head.replace(",", "，").rpartition("，")
    if _POINTING_BACK.search(earlier) or _RELATIVE_TIME.search(earlier):
        return None
    clause = f"{own}{wh}{tail}"
    kept = drop_leading_clauses(sentence, clause, title)
    if kept is None or (kept == clause and not names_a_thing(subject_words(clause))):
        return None  # 铁路桥全长……: whose, only the run before says
    own = kept[: len(kept) - len(clause)] + own
    return time_in_clause(own, wh, tail) if kind in ("year", "date") else f"{own}{wh}{tail}"


def _modifies_a_noun(head: str, tail: str) -> bool:
    """获得2004年雅典奥运会冠军: the time names which thing, after a verb with no preposition."""
    if not tail or re.search(r"(?:在|于|是|从|自|到|至|为|到了)$", head):
        return False
    return not opens_with_predicate(tail) and bool(re.search(r"[\u4e00-\u9fff]$", head))


def insitu_question_zh(span: FactSpan, text: str, title: str | None) -> str | None:
    """The Chinese in-situ question whose answer is `span`, or None when the sentence will not do."""
    wh = _wh_word(span)
    found = _sentence_with(span, text) if wh else None
    if found is None:
        return None
    sentence, at = found
    if span.kind == "year" and re.match(r"\d{1,2}月", sentence[at + len(span.text) :]):
        return None  # the year of a full date belongs to it
    if span.kind == "year" and re.match(
        r"(?:的(?:使用|设计)?(?:寿命|历史|时间)|之久|以上|以来|左右)", sentence[at + len(span.text) :]
    ):
        return None  # 120年的使用寿命: a span of years, not a year
    end = at + len(span.text)
    cut = re.search(r"[，；。！？,;]", sentence[end:])
    clauses_before = re.split(r"[，,]", sentence[:at])
    head = sentence[:at]
    tail = sentence[end : end + cut.start()] if cut else sentence[end:].rstrip("。！？")
    unhedged = _APPROXIMATORS.sub("", head.rstrip())  # 提升了约 5 倍: the hedge goes, spaced or not
    head = unhedged if unhedged != head.rstrip() else head
    if span.kind == "number" and re.search(r"[\d一二三四五六七八九十百千万]$", head):
        return None
    if (
        head.endswith(("，", "、", "至", "到", "或"))
        or re.search(r"\d\s*[-~～—]$", head)
        or re.match(r"[\d、至到—或-]|(?:和|及|与)\d", tail)
        or "、" in tail
    ):
        return None  # one item of a list or range
    if re.search(r"(?:和|及|与|以及)$", head) and "、" in head:
        return None  # the last item of a list (……、4枚银牌和2枚铜牌)
    went_on = cut is not None and sentence[end + cut.start()] in "，,"
    if not head.strip() and not re.match(r"[，,]", sentence[end:]):
        return None  # 2008年北京奥运会: the year is a modifier, not the fact asked about
    if not head.strip() and re.match(r"[，,]", sentence[end:]):
        # 1889年，法国举办世界博览会 -> 法国举办世界博览会是在哪一年？
        rest = sentence[end:].lstrip("，, ")
        cut = re.search(r"[，；。！？,;]", rest)
        main = without_leading_modifier(rest[: cut.start()] if cut else rest)
        if cut is not None and rest[cut.start()] in "，," and (not _EVENT.search(main) or _CLAUSE_VERBS.search(main)):
            return None  # 柳传志等十一名科研人员，在……创办了联想 / 两国共同宣布，…: the fact lies beyond the comma
        # 在……世界杯上 / 正值立春: a setting, not a clause stating what happened.
        setting = re.search(r"(?:上|中|时|里|期间)$", main) or re.match(r"(?:正值|适逢|恰逢|时值|在)", main)
        question = (
            time_of_clause(main, wh) if span.kind in ("year", "date") and len(main) >= 4 and not setting else None
        )
    elif len(clauses_before) > 2:
        # A long run of clauses: only the last is asked, with its own named subject or the sentence's
        # (京杭大运河北起北京，南到浙江杭州，全长约1794公里 -> 京杭大运河全长多少公里？).
        question = _last_of_a_run(sentence, head, wh, tail, span.kind, title)
    else:
        clause = f"{head}{wh}{tail}".split("，")[-1]
        if went_on and (_SETTING_START.match(clause) or (tail.strip() and _SETTING_END.search(tail))):
            return None  # 根据哪一年公布的调查结果，…: a setting, the fact comes after it
        if span.kind in ("year", "date") and _modifies_a_noun(head, tail):
            return None
        question = _rebuilt(head, wh, tail, span.kind, title)
        if question is None or _POSITION_WORDS.match(question):
            return None
    if question is None:
        return None
    question = _resolve_subject(question.strip("，, "), title)
    if question is not None and re.match(r"(?:公司|集团|大桥|工程|球队|政府|本届|该)", question):
        return None  # 公司更名为……: which company, only the passage says
    if question is not None:
        question = with_subject_named(question, title, None)
    if question is None or len(question) < 8 or re.search(r"[它其该此]", question[len(title or "") :][:1]):
        return None
    if len(re.findall(r"[\u4e00-\u9fff]", question.removesuffix("的"))) > _MAX_HAN or question.count("，") > 1:
        return None  # a whole sentence copied around the question word, clause after clause
    if tail.startswith("的") and len(tail) > 3:
        return None  # 多少公里的鸣沙山东麓: the question word buried in a modifier
    if re.match(r"[^，的]{0,6}的[^，]{1,8}是", tail):
        return None  # 位于多少米高处的太空舱是……: the figure only describes the subject of another statement
    clause_head = re.split(r"[，,]", head)[-1]
    if span.kind == "number" and "、" in clause_head:
        return None  # 流经青海、四川……多少个省区: the question lists what it asks to count
    if re.search(r"\d", tail) or (re.search(r"[、和及与]", clause_head) and re.search(r"\d", clause_head)):
        return None  # 高多少米的宫墙和宽52米的护城河 / 长180米、重多少吨: figures listed beside the one asked for
    if _RELATIVE_TIME.search(question):
        return None
    if _PRONOUN_INSIDE.search(question) or "也就是" in question or re.search(r"（[^）]*(?:哪|多少|什么)", question):
        return None  # a pronoun pointing outside, or the asked value restated in an aside
    if re.search(r"[:：]", question):
        return None  # a label ("注意:") or a list heading: not a statement to ask about
    before, _, after = question.rpartition("，")
    if re.search(r"\d", before) and re.match(r"(?:当时|那时|此时|这时|届时)", after):
        return None  # 出生于1934年，当时多少岁: "then" points past the figure beside it, to an event elsewhere
    # Older translations put spaces between words; a question reads better without them.
    question = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "", question)
    question = standalone_question(question.rstrip("。. "), title)
    return None if question is None else question + "？"
