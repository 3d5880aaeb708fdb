"""Whether a Chinese question stands alone for a reader outside its passage, mended where it can be.

`insitu_zh` writes the question from the clause that holds the answer; the clause was written for
readers of the passage, who know its topic, its earlier sentences and what happened before. A
question keeps none of that, so this module reads what such a clause leans on:

- a part named without its whole (全线最高点, 甲至乙段): the document's title is its whole;
- a reference relative to the passage (新一轮, a short 新塔 beside the old one): there is no
  "new" outside the passage, so the question is not asked;
- discourse adverbs that tie the clause to the sentence before (也, 则, 随后): dropped; 又
  says the event happened before, so the question keeps an ordinal or qualifier that says which
  time (第二上市, 再次) or is not asked;
- an event that recurs in the world (a visit, a swim, a meeting, a survey, a title won) asked
  as if it happened once: asked only with a qualifier that says which time (首次, 第23届);
- a time asked of something that is neither the document's topic nor a named agent (a rocket
  type, an instrument): the thing flew or served many times, the topic's event once;
- a clause that left its topic out (位于118层的观景台…, 船上共有…): the topic becomes its subject;
- a topic frame (关于X，) that would stand before a whole copied clause: a person asks the short
  event, which the clause does not name, so the question is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import parse
from ragstress.generators.questions.clause_zh import (
    names_a_thing,
    opens_with_predicate,
    subject_text,
    subject_words,
)
from ragstress.generators.questions.questions_zh import names_title, needs_topic

_TIME_ASKED = re.compile(r"哪一年|哪一天|什么时候|哪个月")
# A part of a route, a structure or a region: it belongs to a whole the passage is about.
_PART_OPENING = re.compile(
    r"^(?:全线|全程|全段|全桥|全塔|全境|沿线|主线|支线|干线|桥身|塔身|坝身|坝顶|楼顶|塔顶|主体|"
    r"[\u4e00-\u9fff]{1,6}(?:至|到)[\u4e00-\u9fff]{1,6}段)"
)
# Words whose referent is fixed only by the passage's time line: new, last, this round.
# Comparisons with a thing the passage named before (较早建成的……) are relative too.
_RELATIVE_REFERENCE = re.compile(
    r"新一[轮代届期批次]|[上下本这该]一?[轮届期]|最新一|前一[轮届次]|较早|较晚|更早|稍早|稍后"
)
# A title naming an event (a games, a fair, a summit): a fact of it happened at it (在X上，…).
_EVENT_TITLE = re.compile(r"(?:运动会|奥运会|冬奥会|亚运会|世博会|博览会|锦标赛|大赛|峰会|大会|典礼|艺术节|电影节)$")
_NEW_OR_OLD = ("新", "旧", "老", "原", "现")
# Adverbs that tie a clause to the one before it; a question has no clause before it.
_LINKING_ADVERBS = ("也", "则", "亦", "随后", "随即", "接着", "然后", "同样", "还")
# Adverbs saying the event happened before: the question must say which time.
_REPEATED = ("又", "再")
# Says which of several times: an ordinal, a first or a last.
_QUALIFIER = re.compile(
    r"首次|首届|首个|首座|首位|首批|首飞|第一|最近一次|最后一次|唯一|再次|再度|重新|"
    r"第[0-9〇一二三四五六七八九十百千]+[次届个座位批期轮]?"
)
# Activities done again and again by the same people or bodies (a swim, a visit, a meeting, a survey).
# Matched against whole words: 组织 the verb, not 联合国教科文组织.
_RECURRING_ACTIVITY = frozenset(
    "畅游 游泳 游览 访问 出访 视察 参观 考察 会见 会晤 举行 举办 召开 组织 进行 测量 演出 "
    "表演 巡视 攀登 出席 主持 接见 喷发 冠军 夺冠 夺得 卫冕".split()
)
# A figure with its unit inside a time question (凑了50万元资本是在哪一年): a copied clause, not its event.
_OTHER_QUANTITY = re.compile(
    r"(?<![第A-Za-z0-9.])\d+(?:\.\d+)?(?:万|亿)?(?:元|美元|米|公里|千米|吨|人|个|座|项|名|家|辆|架|艘|%|倍)"
)
# A whole clause before 是在+time: the question restates the passage instead of asking its event.
# As the topic frame reads it: a subject this short is the topic's part (see topics.with_topic).
_PART_NOUN_LENGTH = 6
_COPIED_CLAUSE = re.compile(r"^.{10,}是在(?:哪一年|哪一天|什么时候)$")


def _with_whole_named(question: str, title: str | None) -> str | None:
    """甲至乙段长多少公里 -> <title>甲至乙段长多少公里: a part takes the whole the document is about."""
    if not _PART_OPENING.match(question) or (title and title in question):
        return question
    return title + question if title else None


def _relative_to_passage(question: str) -> bool:
    if _RELATIVE_REFERENCE.search(question):
        return True
    # 新塔 beside 旧雷峰塔: "new" names nothing outside the passage; 新中国 is a name of its own.
    words = subject_words(question)
    text = "".join(w.text for w in words)
    if not 2 <= len(text) <= 3 or text[0] not in _NEW_OR_OLD:
        return False
    # Either the adjective stands apart (新|塔) or the dictionary joins it (新馆); either way no name follows.
    named = any(w.is_name for w in words[1:]) if len(words) > 1 else words[0].is_name
    return not named


def _without_linking_adverbs(question: str) -> str | None:
    """The question without 也/则/随后…; None when 又/再次 says "again" and no ordinal says which time."""
    words = parse(question).words
    kept: list[str] = []
    for word in words:
        adverb = word.flag.startswith("d") or word.upos == "ADV"
        if word.text in _REPEATED and adverb:
            if not _QUALIFIER.search(question):
                return None
            continue
        if word.text in _LINKING_ADVERBS and adverb and word.i > 0:
            continue
        kept.append(word.text)
    return "".join(kept)


def _topic_part(question: str) -> bool:
    """A short unnamed subject (指令舱, 塔身主体) that the topic frame writes as the topic's part."""
    subject = subject_text(question)
    short = 0 < len(subject) <= _PART_NOUN_LENGTH and "的" not in subject
    return short and question.startswith(subject) and not names_a_thing(subject_words(question))


def _asks_one_occasion(question: str, title: str | None) -> bool:
    """Whether a time question asks of an event that happened once in the world."""
    if not _TIME_ASKED.search(question):
        return True
    if _OTHER_QUANTITY.search(question):
        return False  # the clause restates its figures; the event it belongs to goes unnamed
    recurring = any(w.text in _RECURRING_ACTIVITY for w in parse(question).words)
    if recurring and not _QUALIFIER.search(question):
        return False
    if not title or names_title(question, title, None):
        return True
    words = subject_words(question)
    if not words or any(w.text.startswith(("每", "哪", "什么")) for w in words):
        return True  # 每年的哪一天: the asked time is the subject, no thing acts in it
    if _topic_part(question):
        return True  # 指令舱在……溅落: written as the topic's part, it names the topic
    # 运载火箭是在哪一天发射的 in an article on a mission: the rocket flew many times, the mission once.
    return names_a_thing(words)


def _with_topic_folded(question: str, title: str | None) -> str:
    """位于118层的观景台距离地面多少米 -> <title>位于118层的……: a figure of the topic whose clause left the
    topic out (it opens with its verb, or with a place in the topic, 船上) takes it as subject, not as a frame;
    a figure told of an event happened at it (在X上，…)."""
    if not title or _TIME_ASKED.search(question) or names_title(question, title, None):
        return question
    if _EVENT_TITLE.search(title) and "，" not in question:
        # 菲尔普斯一人获得多少枚金牌: at which games, only the title says, though the athlete names himself.
        return f"在{title}上，{question}"
    if not needs_topic(question, title, title):
        return question
    words = parse(question).words
    first = words[0] if words else None
    if first is None or first.text in ("由", "被", "在", "从", "于", "对"):
        return question  # 由……带领的团队: an agent of its own, the topic is no subject of it
    if first.flag == "s" or (first.flag.startswith("v") and opens_with_predicate(question)):
        return title + question
    return question


def _framed_copy(question: str, title: str | None) -> bool:
    """Whether the question would open with 关于X， before a long copied clause or a modified subject."""
    if not needs_topic(question, title, title):
        return False
    subject = subject_text(question)
    if _topic_part(question):
        return False  # 指令舱在……: a part, written as the topic's part (阿波罗11号的指令舱)
    if "的" in subject:
        return True  # 位于118层的观光厅: a modifier clause, then the frame: two statements before the question
    return bool(_TIME_ASKED.search(question)) and (not subject or bool(_COPIED_CLAUSE.match(question)))


def standalone_question(question: str, title: str | None) -> str | None:
    """`question` (no question mark) mended to stand alone, or None when it cannot."""
    if _relative_to_passage(question):
        return None
    mended = _with_whole_named(question, title)
    mended = _without_linking_adverbs(mended) if mended else None
    mended = _with_topic_folded(mended, title) if mended else None
    if mended is None or not _asks_one_occasion(mended, title) or _framed_copy(mended, title):
        return None
    return mended
