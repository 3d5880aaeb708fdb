"""Chinese questions on a code name documented under its own heading (the Chinese side of `mddocs_headed`).

An API reference says what each entry is or does in the first sentence under its heading. Chinese
writes both as a phrase without a subject, and which of the two it is decides the question:

| the entry's kind | its sentence | the question |
|---|---|---|
| a type or interface | 描述一只茶壶的选项 (a noun its modifier narrows) | 哪个接口是描述一只茶壶的选项？ |
| a function or method | 创建一杯茶 (a verb and its object) | 哪个函数用于创建一杯茶？ |
| a method | 清空茶壶，并释放它占用的加热器 | 哪个方法用于清空茶壶？ |

A type is a kind of value, so its description names what its values are even when it opens with a
verb: "扩展每个 store 的插件" is the plugin that extends each store, not a task. A sentence of several
clauses is asked by its first when that clause alone says what the entry does: the clauses after it
add detail (what happens next, a note on its arguments), and often point back with 它. An entry the
docs mark as internal (`mddocs_terms.INTERNAL`) is not asked: a user of the docs never needs it.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.conditions_zh import is_setting
from ragstress.generators.questions.entry_predicates_zh import called_when, value_held, when_kind
from ragstress.generators.questions.mddocs_code import KIND_NOUNS_ZH
from ragstress.generators.questions.mddocs_terms import POINTS_OUT_ZH
from ragstress.generators.questions.mddocs_zh import described

# Kinds whose entries are kinds of value: their description names what a value of them is.
_VALUE_KINDS = frozenset({"type", "interface", "class"})
_HAN = re.compile(r"[\u4e00-\u9fff]")
# Kind words of an entry that holds a value the user sets.
_SETTING_WORDS = frozenset({"属性", "选项", "配置项"})


def ask_headed_zh(said: str, word: str, kind: str, product: str | None) -> str | None:
    """The question asking for the entry of kind `kind` (called `word` in Chinese) by its sentence `said`,
    or None when the sentence is not a phrase that picks the entry out."""
    if POINTS_OUT_ZH.search(said) and not _first_clause(said):
        return None
    if re.search(r"[=|{}<>]", said):
        return None
    whole = len(said) <= 40 and not re.search(r"[，,；;]", said)
    phrase = said if whole else _first_clause(said)
    if phrase is None or POINTS_OUT_ZH.search(phrase):
        return None
    asked = which_is(phrase, word, kind)
    return f"{_lead(phrase, product)}{asked}？" if asked else None


def which_is(phrase: str, word: str, kind: str) -> str | None:
    """ "哪个<word>……" asking for an entry by a one-clause phrase: a type by what it is (哪个接口允许……, 哪个类型是
    ……的插件), a call by what it does (哪个函数用于……), "是否……" as what it decides, a hook by when it runs
    (哪个钩子在……时触发); None for other shapes."""
    when = called_when(phrase)
    if when:
        return f"哪个{when_kind(word)}{when}"
    # "……的接口" of a type: the phrase's own noun says which kind of type it is.
    called = re.search(r"的(接口|类型|类)$", phrase) if kind in _VALUE_KINDS else None
    word = called[1] if called else word
    own = phrase.removesuffix(f"的{word}").strip()
    if own != phrase and tagged(own)[:1] and tagged(own)[0][1].startswith("v") and len(_HAN.findall(own)) >= 4:
        return f"哪个{word}{own}"  # "允许……的接口": 哪个接口允许……
    if phrase.startswith("是否"):
        return f"哪个{word}决定{phrase}"  # "是否……" says what the entry decides
    held = value_held(phrase) if word in _SETTING_WORDS else None
    # "……在内的完整地址" is what the entry is; "……的最长时间" the value a setting holds, not a task "用于" it.
    named = _what_it_is(phrase, kind) or held or described(phrase)
    if named and named.startswith("是") and "是否" in phrase:
        return None  # "是定义了是否这条记录……的别名": a question word pasted round a yes-no clause
    return f"哪个{word}{named}" if named else None


def _lead(phrase: str, product: str | None) -> str:
    return f"在 {product} 中，" if product and product not in phrase else ""


def _what_it_is(phrase: str, kind: str) -> str | None:
    """ "是<phrase>" when the phrase is a noun its modifier narrows down ("……的插件"): for a type whatever it
    opens with, for other kinds only when it does not open with a verb (which would make it a task)."""
    words = tagged(phrase)
    if not words or "的" not in phrase or not _noun(words[-1]):
        return None
    # After the last 的 a noun phrase stands ("的自动导入数组"), not a verb's own phrase ("的值时调用").
    tail = tagged(phrase.rsplit("的", 1)[1])
    if not tail or tail[0][1].startswith(("p", "d", "u")):
        return None
    # "包括 search 和 hash 在内的完整地址", "链接激活时的类名": a clause closed by 在内 or 时 modifies the noun.
    closed = re.search(r"(?:在内|时)$", phrase.rsplit("的", 1)[0].strip())
    if kind not in _VALUE_KINDS and words[0][1].startswith("v") and not closed:
        return None
    space = " " if re.match(r"[A-Za-z0-9_$]", phrase) else ""  # a Latin word after 是 keeps a space before it
    # "……可用的选项", "……添加的属性": a type holding members describes them; it is not one of them.
    verb = "描述" if kind in _VALUE_KINDS and _MEMBERS.search(phrase) and not phrase.startswith("描述") else "是"
    return f"{verb}{space}{phrase}"


_MEMBERS = re.compile(r"的\s*(?:[\u4e00-\u9fff]{0,4})?(?:属性|选项|options|方法|参数|字段|配置项)$")


def _noun(word: tuple[str, str]) -> bool:
    """A noun by the segmenter's tag, a Latin word, or a kind of code entity (接口 is tagged a verb)."""
    text, flag = word
    return flag.startswith(("n", "eng")) or text in KIND_NOUNS_ZH or text in _HEAD_NOUNS


# Nouns documentation heads its descriptions with that the segmenter does not tag as nouns.
_HEAD_NOUNS = frozenset("接口 枚举 常量 变量 参数 配置 配置项 上下文 回调 实例 对象 数组 集合 映射".split())


def _first_clause(said: str) -> str | None:
    """The sentence's first clause when it says on its own what the entry does: a verb phrase of eight Han
    characters or more, at most 40 characters."""
    clause = first_clause_zh(said)
    if clause == said.strip() or len(clause) > 40 or len(_HAN.findall(clause)) < 8:
        return None
    first = tagged(clause)[:1]
    return clause if first and first[0][1].startswith("v") else None


# A clause the next completes ("……，则……"); one that sets a time or condition is `conditions_zh.is_setting`.
_COMPLETES = re.compile(r"^(?:则|就|才|那么|否则|即)")


def first_clause_zh(sentence: str) -> str:
    """A reference sentence's first clause when the clauses after it only add detail ("缓存文件的目录，相对于
    项目根目录"): at least six Han characters, neither a condition nor completed by the next clause. Else the
    sentence as it is."""
    parts = re.split(r"[，,；;]", sentence.strip(), maxsplit=1)
    if len(parts) < 2:
        return sentence.strip()
    clause, rest = parts[0].strip(), parts[1].strip()
    if len(_HAN.findall(clause)) < 6 or is_setting(clause):
        return sentence.strip()
    if _COMPLETES.match(rest) or clause.count("“") != clause.count("”"):
        return sentence.strip()
    return clause
