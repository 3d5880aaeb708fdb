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
_PLACE_OR_BODY = ("镇", "县", "市", "村", "乡", "省", "州", "区", "国", "委会", "公司", "集团", "大学", "政府", "银行")
_ASKED = ("多少", "哪", "什么", "谁")
_JOINERS = ("、", "和", "与", "及")
_QUOTES = '“”《》「」‘’"'


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
    if lead and lead[-1].flag.startswith(("m", "q")) and not lead[-1].text.endswith("号"):
        return []  # 第一台|联想品牌的个人电脑: a count opens a noun phrase, it is no subject (嫦娥四号 is)
    return lead


def subject_text(clause: str) -> str:
    words = subject_words(clause)
    return clause[: words[-1].end] if words else ""


def names_a_thing(words: list[Word]) -> bool:
    """Whether a subject names its referent itself (a proper name, a code, a long specific phrase)."""
    if any(w.is_name or _LATIN_OR_DIGIT.search(w.text) for w in words):
        return True
    text = "".join(w.text for w in words)
    if len(text) >= 3 and text.endswith(_PLACE_OR_BODY):
        return True  # 青石镇, 国际奥委会: a name the dictionary does not hold
    return sum(len(w.text) for w in words) >= 5


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
    return bool(words) and _opens_predicate(words[0])


def leading_subject(sentence: str) -> str:
    """The subject that opens a sentence's first clause, when one does (许海峰 of 许海峰是中国射击运动员)."""
    first = re.split(r"[，,]", sentence, maxsplit=1)[0]
    return subject_text(first)
