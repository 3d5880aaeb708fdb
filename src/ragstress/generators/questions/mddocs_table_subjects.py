"""What a parameter table documents, read from the heading above it, and its cells cut down to their values.

A page of many helpers, commands or deployers gives each its own heading and its own table of options:

    Helpers                      (the page's title: what kind of thing each section is)
    toc                          (a heading naming a code name: what the table below documents)
    Option | Description | Default
    max_depth | Maximum heading depth | 6

The row is asked of the nearest heading above its table that names a code name ("toc", "list_posts",
"FTPSync", "SFTP"), with the kind the page's title gives when it is a plural noun ("Helpers" → helper,
"辅助函数（Helpers）" → 辅助函数): "What is the default value of the max_depth option of the toc helper in
Kettle?", "在 Kettle 中，toc 辅助函数的 max_depth 选项的默认值是什么？". One generic heading ("Options",
"参数") may stand between the name's heading and its table.

Cells are asked by their value alone: "object; see Site Variables" is "object", "tag-list (list style)" is
"tag-list"; a placeholder ("???", "TBD") or a value that stays a phrase after the cut is not asked.

A page whose tables stand under no such heading is asked of what its prose says it documents, named twice or
more ("the limit-count plugin", "limit-count 插件"; `page_subject`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.generators.questions.reference_pages import is_generic_subject

# A heading naming a code name: snake_case, dotted, kebab, camelCase, called, all lower case ("toc") or an
# acronym ("SFTP"); a file name ("_config.yml") is where settings live, not what they belong to.
_CODE_HEADING = re.compile(
    r"[a-z][\w$.-]*(?:\(\))?|[A-Za-z_$][\w$.-]*[a-z][A-Z][\w$.-]*(?:\(\))?|[A-Z]{2,}[a-z]*[A-Z]?\w*"
)
_FILE = re.compile(r"\.(?:ya?ml|json|js|ts|md|toml|ini|txt)$", re.I)
_SINCE = re.compile(r"\s*[(（][^()（）]*[)）]$")
_GENERIC_HEADINGS = frozenset(
    "options option parameters parameters arguments props properties configuration settings usage 参数 选项 配置 属性 用法".split()
)
# A Chinese title that is a kind of thing ends in a kind's noun: 辅助函数, 标签插件, 生成器.
_KIND_ZH = re.compile(r"^[\u4e00-\u9fff]{0,6}(?:函数|插件|组件|命令|模块|中间件|钩子|过滤器|生成器|部署器|渲染器)$")
_PLACEHOLDER = re.compile(r"\?{2,}|\b(?:TBD|TODO|FIXME)\b")
_CUT = re.compile(r"\s*(?:[;；，]|,? see |，?(?:参见|详见|见))", re.I)
_LINK = re.compile(r"\[([A-Za-z][^\]'\",]*)\](?:\([^)]*\))?")
_SENTENCE_END = re.compile(r"[.。:：!?！？,，;；]$")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def document_headings(chunks: list[Chunk]) -> tuple[list[int], list[str]]:
    """(offsets, texts) of a document's headings: a short line standing alone between blank lines, outside
    code, that ends no sentence. The document is put back together from its chunks, which overlap."""
    text = ""
    for chunk in chunks:
        if chunk.start > len(text):
            text += "\n" * (chunk.start - len(text))
        text = text[: chunk.start] + chunk.text + text[chunk.start + len(chunk.text) :]
    offsets: list[int] = []
    found: list[str] = []
    lines = text.split("\n")
    at, fenced = 0, False
    for n, line in enumerate(lines):
        start, at = at, at + len(line) + 1
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        alone = (n == 0 or not lines[n - 1].strip()) and (n + 1 == len(lines) or not lines[n + 1].strip())
        bare = line.strip()
        if fenced or not alone or not bare or len(bare) > 60 or " | " in bare or _SENTENCE_END.search(bare):
            continue
        offsets.append(start)
        found.append(bare)
    return offsets, found


def table_subject(headings: tuple[list[int], list[str]], at: int, title: str) -> tuple[str, str] | None:
    """(English, Chinese) naming what the table row at offset `at` documents: ("the toc helper", "toc 辅助函数")
    or, with no kind, the name alone; None when no heading above it names a code name."""
    offsets, texts = headings
    above = bisect_right(offsets, at) - 1
    for step in range(2):
        if above - step < 0:
            return None
        heading = _own_name(_SINCE.sub("", texts[above - step]).strip())
        generic = heading.lower() in _GENERIC_HEADINGS or is_generic_subject(heading)  # "API" is no code name
        if not generic and _CODE_HEADING.fullmatch(heading) and not _FILE.search(heading) and len(heading) >= 3:
            break
        if not generic:
            return None
    else:
        return None
    english, chinese = _kinds(title or (texts[0] if texts else ""))
    return (
        f"the {heading} {english}" if english else heading,
        spaced(heading, chinese) if chinese else heading,
    )


# A generated reference's heading anchor ("参数 %{#Methods-go-Parameters}%") and a call signature standing
# over its parameter table ("▸ go(delta): void"): the table's rows are that call's parameters.
_ANCHOR = re.compile(r"\s*%?\{#[^{}]*\}%?$")
_SIGNATURE = re.compile(r"^[▸•]\s*(?P<name>[A-Za-z_$][\w$.]*)\s*[(<]")


def _own_name(heading: str) -> str:
    """The heading as a name: its anchor gone, a call signature read as the name it calls."""
    heading = _ANCHOR.sub("", heading)
    signature = _SIGNATURE.match(heading)
    return signature["name"] if signature else heading


_RESULT_HEADINGS = frozenset("result results return returns 返回值 结果".split())


def under_result(headings: tuple[list[int], list[str]], at: int) -> bool:
    """Whether the nearest heading above offset `at` is a result table's ("Result", "返回值")."""
    offsets, texts = headings
    above = bisect_right(offsets, at) - 1
    return above >= 0 and _own_name(_SINCE.sub("", texts[above]).strip()).lower() in _RESULT_HEADINGS


def _kinds(title: str) -> tuple[str, str]:
    """The kind of thing a page's title says its sections are: "Helpers" → ("helper", ""), "辅助函数（Helpers）"
    → ("helper", "辅助函数"), "Tag Plugins" → ("tag plugin", ""); ("", "") when it names no kind."""
    inner = re.search(r"[(（]([^()（）]+)[)）]", title)
    outer = _SINCE.sub("", title).strip()
    english_title = inner[1] if inner and _HAN.search(outer) else outer
    english = ""
    words = english_title.split()
    if (
        1 <= len(words) <= 2
        and all(re.fullmatch(r"[A-Za-z][a-z]+", w) for w in words)
        and re.search(r"[^s]s$", words[-1])
    ):
        last = words[-1][:-3] + "y" if words[-1].endswith("ies") else words[-1][:-1]
        english = " ".join([*words[:-1], last]).lower()
    chinese = outer if _HAN.search(outer) and (_KIND_ZH.match(outer) or inner and english) else ""
    return english, chinese


def clean_cells(cells: dict[str, str]) -> dict[str, str]:
    """A row's default and type cut down to the value ("object; see Site Variables" → "object"); a cell
    that holds a placeholder or stays a phrase after the cut is dropped."""
    kept = dict(cells)
    for kind, most_words in (("default", 3), ("type", 3)):
        cell = kept.get(kind)
        if cell is None:
            continue
        value = _SINCE.sub("", _CUT.split(cell, maxsplit=1)[0]).strip()
        value = _LINK.sub(r"\1", value)
        value = re.sub(r"^([`_*])(.+)\1$", r"\2", value)  # `35deg`, _string_: the markup around a value is not it
        # What stays after the cut must be a value alone: no explanation inside it ("tag-list （列表样式）
        # tag-count"), nor Chinese around a code value ("config.root 的值").
        mixed = _HAN.search(value) and re.search(r"[A-Za-z0-9]", value)
        unclosed = "[" in value and "]" not in value
        inner = re.search(r"[(（]", value)
        if _PLACEHOLDER.search(cell) or not value or len(value.split()) > most_words or unclosed or mixed or inner:
            del kept[kind]
        else:
            kept[kind] = value
    if "description" in kept:
        # "如果端口已被占用则退出 (boolean)": the value's type noted after a description is no part of what it says.
        kept["description"] = _TYPE_NOTE.sub("", kept["description"]).strip()
    return kept


_TYPE_NOTE = re.compile(r"\s*[(（]`?(?:boolean|number|string|bool|int|integer|object|array)(?:\s*\\?\|\s*\w+)*`?[)）]$")


def spaced(*parts: str) -> str:
    """Chinese text joined with a space only where Latin letters or digits meet: 在 toc 辅助函数中, 在变量中."""
    out = ""
    for part in parts:
        if out and part and (re.search(r"[A-Za-z0-9_)]$", out) or re.match(r"[A-Za-z0-9_$]", part)):
            out += " "
        out += part
    return out


# What a page documents, as its prose calls it: "the limit-count plugin", "limit-count 插件".
_THING_EN = (
    r"plugin|module|middleware|extension|component|resource|command|library|package|service|driver|provider|"
    r"adapter|backend|filter|handler|object|endpoint|integration"
)
_SUBJECT_EN = re.compile(rf"\b[Tt]he ([A-Za-z][\w.-]*[A-Za-z0-9]) ({_THING_EN})\b", re.I)
_SUBJECT_ZH = re.compile(r"([A-Za-z][\w.-]*[A-Za-z0-9]) ?(插件|模块|中间件|扩展|组件|资源|命令|服务)")
# A subject's name is written as code (limit-count, proxy_cache, RateLimiter) or is the page's file name
# (cors.md): "the same plugin" or "the authentication plugin" names no page.
_CODE_NAME = re.compile(r"[a-z][\w.]*[-_.][\w.-]*|[A-Z][a-z]+[A-Z]\w*")


def page_subject(chunks: list[Chunk]) -> tuple[str, str]:
    """("the limit-count plugin", "limit-count 插件"): what a page's prose says it documents, named twice or more.

    The name the page's file is named after comes first: a page on one plugin may name another more often."""
    text = "\n".join(c.text for c in chunks)
    page = re.split(r"[/\\]", chunks[0].doc_id)[-1].lower()

    def in_page_name(name: str) -> bool:
        return re.search(rf"(?<![a-z]){re.escape(name.lower())}(?![a-z])", page) is not None

    found = []
    for pattern, form in ((_SUBJECT_EN, "the {} {}"), (_SUBJECT_ZH, "{} {}")):
        counts = Counter(
            (m[1], m[2].lower()) for m in pattern.finditer(text) if _CODE_NAME.fullmatch(m[1]) or in_page_name(m[1])
        )
        ranked = sorted(counts.items(), key=lambda kv: (not in_page_name(kv[0][0]), -kv[1]))
        found.append(form.format(*ranked[0][0]) if ranked and ranked[0][1] >= 2 else "")
    return found[0], found[1]
