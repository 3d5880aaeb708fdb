"""A question framed on a page's title asks for its subject by kind, or is not asked.

`mddocs_named` frames what a page's prose says a thing does on the page: "In Kettle's Brewing Tools guide, what
keeps …?", "在 Kettle 的“冲泡工具”文档中，……的是什么？". A reader does not ask about a documentation page; they ask
which command, option or plugin does a task. Where the answer says its kind ("kettle brew 命令", "the brew
command") or is a code name the corpus documents as a kind (an option, a hook), the question asks for that
kind in the product: "在 Kettle 中，哪个命令用于……？", "Which command keeps … in Kettle?". Where it says no kind
("单元测试", a list item's label such as "对象类型"), no single named thing answers, and it is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_terms import KIND_ZH, code_kind

_FRAME_ZH = re.compile(r"^在 (?P<product>[^ ]+) 的“[^”]+”文档中，(?P<said>.+)的是什么？$")
_FRAME_EN = re.compile(r"^In (?P<product>[^ ]+)'s .+ guide, what (?P<said>.+)\?$")

# The kinds an answer may name at its end: "kettle brew 命令", "the sieve plugin".
_NAMED_KIND_ZH = ("命令", "插件", "选项", "配置项", "函数", "方法", "钩子", "组件", "属性", "参数")
_NAMED_KIND_EN = ("command", "plugin", "option", "function", "method", "hook", "component", "property")
_KIND_EN = {"prop": "property", "attribute": "property", "setting": "option"}


def _kind(answer: str, kinds: dict[str, str], zh: bool) -> str | None:
    """The kind word the answer names, or that the corpus documents its code name as."""
    for word in _NAMED_KIND_ZH if zh else _NAMED_KIND_EN:
        if answer.endswith(word if zh else f" {word}") and len(answer) > len(word) + 1:
            return word
    kind = code_kind(answer, kinds)
    if kind is None:
        return None
    return KIND_ZH.get(kind) if zh else _KIND_EN.get(kind, kind)


def asked_by_kind(question: str, answers: list[str], kinds: dict[str, str]) -> str | None:
    """The question asked for its answer's kind in the product, the question itself when not framed on a
    page's title, or None when the answer names no kind (see the module's docstring)."""
    zh = _FRAME_ZH.match(question)
    frame = zh or _FRAME_EN.match(question)
    if frame is None:
        return question
    kind = _kind(answers[0], kinds, zh is not None) if answers else None
    if kind is None:
        return None
    product, said = frame.group("product"), frame.group("said")
    if zh:
        return f"在 {product} 中，哪个{kind}{said}？"
    return f"Which {kind} {said} in {product}?"
