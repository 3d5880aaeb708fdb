"""What the Chinese parse tells a question writer about one clause: its subject, its verb's aspect.

The parser's tags are not always right on modern prose (a name it does not know may be tagged a
verb), so each reading here also asks the segmenter's dictionary tag, and a reading that neither
supports is not made: the caller then keeps the clause as it stands.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import Word, parse

# Aspect particles: 了 (done) and 过 (ever done) say nothing once the question asks when.
ASPECT = ("了", "过")
# Words that open a clause's predicate; a subject ends before them.
_PREDICATE_TAGS = ("VERB", "ADP", "ADV", "AUX")
_PREDICATE_FLAGS = re.compile(r"^(?:v|p|d|c|ad)")  # verb, preposition, adverb, conjunction, adverbial
_NOMINAL_TAGS = ("NOUN", "PROPN", "PRON", "NUM")
_LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")
_ORDINAL_CUT = re.compile(r"第[0-9〇一二三四五六七八九十百千]+$")
_PLACE_OR_BODY = ("镇", "县", "市", "村", "乡", "省", "州", "区", "国", "委会", "公司", "集团", "大学", "政府", "银行")
_ASKED = ("多少", "哪", "什么", "谁")
_JOINERS = ("、", "和", "与", "及")
_QUOTES = '“”《》「」‘’"'


def _governs_an_object(word: Word, words: tuple[Word, ...]) -> bool:
    """流经|青海: a word the parser makes the verb, with a nominal object or 于, whatever the dictionary says.

    An object the dictionary calls a verb (贝尔|电话公司|成立) shows the parser's reading is wrong."""
    if word.upos != "VERB" or word.is_name:
        return False
    following = words[word.i + 1] if word.i + 1 < len(words) else None
    if following is not None and following.text == "于":
        return True  # 发源|于: 于 follows a verb, not a subject
    if word.rel != "root":
        return False  # 青石|镇|在: the parser's reading of a word inside a phrase is too often wrong
    objects = [w for w in words if w.head == word.i and w.base_rel == "obj" and w.i > word.i]
    return any(not w.flag.startswith("v") for w in objects)


def _nominal(word: Word) -> bool:
    if word.text in ("的", "之"):
        return True
    if word.is_name or _LATIN_OR_DIGIT.search(word.text):
        return True
    if _PREDICATE_FLAGS.match(word.flag):
        return False  # 启动 (a verbal noun to the dictionary) opens the predicate, whatever the tagger says
    return word.upos in _NOMINAL_TAGS or word.flag.startswith(("n", "r", "a", "m", "q"))


def _opens_predicate(word: Word) -> bool:
    if word.text.startswith(_ASKED):
        return True  # 坝顶高程多少米: in a clause with no verb the asked value is the predicate
    if word.flag.startswith("c") or word.upos in ("CCONJ", "PUNCT"):
        return False  # 弗莱明、弗洛里和钱恩: the subject goes on
    if _PREDICATE_FLAGS.match(word.flag):
        return True
    # 五号 of 土星五号 tagged a verb: the dictionary's numeral wins.
    return word.upos in _PREDICATE_TAGS and not word.flag.startswith(("n", "m", "q", "r", "a"))


def _modifies_a_later_noun(word: Word, words: tuple[Word, ...]) -> bool:
    """港珠澳大桥|开通仪式: the parser reads 开通 as a modifier of 仪式, so the subject runs on past it."""
    if word.base_rel not in ("nmod", "amod", "compound", "acl", "det") or not word.i < word.head < len(words):
        return False
    return _nominal(words[word.head])


def subject_words(clause: str) -> list[Word]:
    """The clause's leading noun phrase, when it is its subject (the words before its predicate).

    A run of nominal words (quotes and titles inside it) that a verb, preposition or adverb
    follows; empty when the clause opens with its predicate (a subject left to the sentence
    before) or the run is followed by anything else (a list, a comma)."""
    words = parse(clause).words
    lead: list[Word] = []
    for n, word in enumerate(words):
        if lead and _governs_an_object(word, words):
            break
        if not lead and _governs_an_object(word, words):
            return []
        measured = lead and n + 1 < len(words) and words[n + 1].text[:1].isdigit()
        if measured and not _LATIN_OR_DIGIT.search(word.text) and not word.flag.startswith(("m", "q")):
            break  # 赵州桥|全长64.40米: a measure noun before its figure is the predicate
        if (word.text in _QUOTES or _nominal(word)) and not word.text.startswith(_ASKED):
            lead.append(word)
            continue
        joined = n + 1 < len(words) and _nominal(words[n + 1]) and word.text in _JOINERS
        if lead and joined and lead[-1].is_name:
            lead.append(word)  # 弗莱明、弗洛里和钱恩: names joined into one subject
            continue
        if not lead or not _opens_predicate(word) or _modifies_a_later_noun(word, words):
            return []
        break
    else:
        return []  # no predicate after it: a noun phrase, not a clause
    # An adjective or a particle ends no subject (故宫博物院正式|成立: 正式 goes with the verb).
    while lead and (lead[-1].text in ("的", "之") or lead[-1].flag.startswith("a") or lead[-1].text in "“《「"):
        lead.pop()
    if _ORDINAL_CUT.search("".join(w.text for w in lead)):
        return []  # 第23|届奥运会: an ordinal the parse cut from its measure word is no subject
    if lead and lead[-1].flag.startswith(("m", "q")) and not lead[-1].text.endswith("号"):
        return []  # 第一台|联想品牌的个人电脑: a count opens a noun phrase, it is no subject (嫦娥四号 is)
    return lead


def subject_text(clause: str) -> str:
    words = subject_words(clause)
    return clause[: words[-1].end] if words else ""


def names_a_thing(words: list[Word]) -> bool:
    """Whether a subject names its referent itself (a proper name, a code, a place or body the dictionary lacks)."""
    if any(w.is_name or _LATIN_OR_DIGIT.search(w.text) for w in words):
        return True
    text = "".join(w.text for w in words)
    return len(text) >= 3 and text.endswith(_PLACE_OR_BODY)  # 青石镇, 国际奥委会: names the dictionary lacks


def names_itself(phrase: str) -> bool:
    """Whether a noun phrase (a subject already cut out) names its referent itself."""
    return names_a_thing([w for w in parse(phrase).words if w.upos != "PUNCT"])


def without_aspect(text: str) -> str:
    """`text` with the aspect particles of its verbs dropped (获得了世界杯冠军 -> 获得世界杯冠军).

    A particle counts only as a word of its own after a verb: 了解 or 为了 are words of their own."""
    if not any(a in text for a in ASPECT):
        return text
    words = parse(text).words
    kept = []
    for n, word in enumerate(words):
        after_verb = n > 0 and (words[n - 1].upos == "VERB" or words[n - 1].flag.startswith("v"))
        if word.text in ASPECT and (after_verb or word.rel.endswith("aspect") or n == len(words) - 1):
            continue
        kept.append(word.text)
    return "".join(kept)


def opens_with_predicate(clause: str) -> bool:
    """Whether a clause begins with its verb, an adverb or a preposition (用了约250万个铆钉): it has no subject."""
    words = parse(clause).words
    return bool(words) and (_opens_predicate(words[0]) or _governs_an_object(words[0], words))


def without_leading_modifier(clause: str) -> str:
    """The clause without a modifier before a named subject (在中医研究院工作的屠呦呦被任命为…… -> 屠呦呦被任命为……).

    The name says who; the modifier, a clause of its own, would make the question state a second fact."""
    words = parse(clause).words
    for n, word in enumerate(words[:-1]):
        if word.text == "的":
            after = words[n + 1]
            if after.is_name and after.flag.startswith("nr") and n >= 2 and _opens_predicate(words[0]):
                return clause[after.start :]
            return clause
        if word.text in "，,":
            return clause
    return clause


def leading_subject(sentence: str, title: str | None = None) -> str:
    """The subject that opens a sentence's first clause, when one does (许海峰 of 许海峰是中国射击运动员).

    A subject that opens with the title is the title: 东方红一号|外形近似球体，……质量为173公斤 is about
    the satellite, not its shape."""
    first = re.split(r"[，,]", sentence, maxsplit=1)[0]
    words = subject_words(first)
    if words and len(words[-1].text) == 1 and words[-1].text in "东南西北上下前后内外中":
        words = words[:-1]  # 京杭大运河|北|起北京: a direction opens the predicate
    subject = first[: words[-1].end] if words else ""
    return title if title and subject.startswith(title) else subject
