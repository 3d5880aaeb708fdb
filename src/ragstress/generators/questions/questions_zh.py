"""Chinese question syntax rebuilt from the parse of the clause that holds the answer.

`insitu_zh` finds the clause and decides whether it can be asked; this module writes it as a
person would ask it:

- a time of a past event takes 是……的 and loses its aspect particle:
  埃菲尔铁塔于1889年建成 -> 埃菲尔铁塔是在哪一年建成的？, 中国女排在2003年获得了冠军 ->
  中国女排是在哪一年获得冠军的？; a future or a state keeps the question word in place
  (大桥将于哪一年通车？, 公司在哪一年有多少员工 is not asked here);
- clauses before the asked one are dropped when it has a subject of its own (进入新世纪，…;
  此后，…), and lend it their subject when it has none (许海峰是中国射击运动员，生于哪一年 ->
  许海峰生于哪一年？);
- a clause with no subject takes the title; a subject that only the passage explains (指令舱,
  塔身主体) opens with the topic frame (关于阿波罗11号，…), and one that names itself (屠呦呦,
  京沪高铁 for 京沪高速铁路) gets none.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.clause_zh import (
    leading_subject,
    names_a_thing,
    names_itself,
    opens_with_predicate,
    subject_text,
    subject_words,
    without_aspect,
)

# A clause about what will or may happen: 是……的 would make it past.
_NOT_PAST = re.compile(r"将|预计|计划|拟|即将|有望|可望|准备|打算|会|要")
# Predicates that state a state, not an event: asked in place (于哪一年属于……).
_STATE = re.compile(r"^(?:是|有|为|位于|属于|拥有|包括|共有|达|占|称|仍|依然|一直|开始)")
# The preposition before an asked time (于哪一年, 在哪一年): 是在 takes its place.
_TIME_PREPOSITION = re.compile(r"(?:是在|是于|在|于)$")


def time_in_clause(before: str, wh: str, after: str) -> str:
    """A time asked inside its clause (before + wh + after): 是在……的 for a past event, else in place."""
    prep = _TIME_PREPOSITION.search(before)
    stem = before[: prep.start()] if prep else before
    verb_after = after and not re.match(r"[的，,之起以前后时间内]", after)
    if (
        not verb_after
        or (prep and prep[0].startswith("是"))
        or _NOT_PAST.search(stem[-4:] + after[:2])
        or _STATE.match(after)
        or not stem.strip()
        or (not prep and subject_text(f"{stem}{wh}{after}") != stem)
    ):
        return f"{before}{wh}{after}"
    return f"{stem}是在{wh}{without_aspect(after).rstrip('的')}的"


def time_of_clause(main: str, wh: str) -> str:
    """A time given before its clause: 腾讯推出了OICQ -> 腾讯是在什么时候推出OICQ的？

    A clause going on with a place (法国在巴黎举办了世博会) would stack two 在, so it keeps its order
    and loses only its aspect: 法国在巴黎举办世博会是在哪一年？"""
    subject = subject_text(main)
    rest = main[len(subject) :]
    if subject and rest and not _NOT_PAST.match(rest) and not _STATE.match(rest) and not rest.startswith("在"):
        return f"{subject}是在{wh}{without_aspect(rest).rstrip('的')}的"
    return f"{without_aspect(main)}是在{wh}"


def drop_leading_clauses(earlier: str, clause: str, title: str | None = None) -> str | None:
    """The asked clause without the clauses before it: kept whole if it has a subject, else given theirs.

    None when neither holds a subject the question can take (the old sentence is then kept)."""
    own = subject_words(clause)
    subject = leading_subject(earlier, title)
    parallel = own and subject and own[-1].text[-1] == subject[-1]  # 旧雷峰塔……，新塔……: another tower
    if own and not names_a_thing(own) and subject and names_itself(subject) and not parallel:
        return subject + clause  # 三峡大坝是混凝土重力坝，坝顶高程多少米 -> 三峡大坝坝顶高程多少米
    if own:
        return clause
    if subject and opens_with_predicate(clause):
        return subject + clause  # 许海峰是中国射击运动员，生于…… -> 许海峰生于……
    return None


def names_title(question: str, title: str | None, topic: str | None) -> bool:
    """Whether the question names the document's subject: its title, topic, or their short form (京沪高铁)."""
    if not title:
        return False
    if title in question or (topic and topic in question):
        return True
    subject = subject_text(question)
    return len(subject) >= 2 and subject[0] == title[0] and _in_order(subject, title)


def _in_order(short: str, full: str) -> bool:
    rest = iter(full)
    return all(ch in rest for ch in short)


def with_subject_named(question: str, title: str | None, topic: str | None) -> str:
    """The question with its subject named: a passage-only noun as the title's, a missing subject as the title."""
    if not title or names_title(question, title, topic):
        return question
    if subject_words(question):
        # 屠呦呦获得……: named by itself; 指令舱在……溅落: the topic frame names its whole (关于阿波罗11号，…),
        # which the near-duplicate gate sets aside, as it could not a title written into every question.
        return question
    opening = re.match(r"(?:是在|在|于|曾|先后|又|还|也|已|共|正式|首次|成功)", question)
    asked = re.search(r"哪|多少|什么|谁", question)
    if opening and asked and "的" not in question[: asked.start()]:
        return title + question  # a clause that goes on from its title's sentence (于哪一年……)
    return question


def needs_topic(question: str, title: str | None, topic: str | None) -> bool:
    """Whether a question must open with its topic (关于X，): only when it names neither it nor a subject of its own."""
    if not title or not topic or names_title(question, title, topic):
        return False
    if re.match(r"(?:每年的?)?(?:哪|什么|多少)", question):
        return False  # 每年的哪一天被定为“中国航天日”: the asked value is the subject
    if re.match(r"第[0-9〇一二三四五六七八九十百千]+", question):
        return False  # 第23届奥运会……: an ordinal names its event itself
    if re.match(r"[\u4e00-\u9fff]+(?:·[\u4e00-\u9fff]+)+", question):
        return False  # 亚历山大·格雷厄姆·贝尔……: a name written in full (see with_full_name)
    words = subject_words(question)
    return not (words and names_a_thing(words))


def with_full_name(question: str, document: str) -> str:
    """贝尔是在哪一年出生的 -> 亚历山大·格雷厄姆·贝尔是在哪一年出生的: a subject that is the last part of a
    transliterated name its document writes in full is named in full, as a reader outside the passage knows it.

    Only the whole subject: 贝尔电话公司 is a company of its own and keeps its name."""
    names = _full_names(document) if "·" in document else {}
    subject = subject_text(question) if names else ""
    return names[subject] + question[len(subject) :] if subject in names else question


@lru_cache(maxsize=64)
def _full_names(document: str) -> dict[str, str]:
    """The full transliterated names a document writes (亚历山大·格雷厄姆·贝尔), by their last part (贝尔)."""
    names: dict[str, str] = {}
    for sentence in re.findall(r"[^。！？\n]*·[^。！？\n]*", document):
        words = tagged(sentence)
        n = 0
        while n < len(words):
            end = n
            while end + 2 < len(words) and words[end + 1][0] == "·" and words[end + 2][1].startswith("n"):
                end += 2
            if end > n and words[n][1].startswith("n"):
                names.setdefault(words[end][0], "".join(w for w, _ in words[n : end + 1]))
            n = end + 1
    return names
