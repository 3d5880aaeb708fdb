"""Reference entries stated as a field list under a heading, in English and Chinese.

Configuration and API references document each option, hook or function the same way: a heading
that is the code name ("build.outDir", "The hotUpdate hook"), a short list of fields (Type, Default,
Deprecated, Kind …; 类型、默认值、已弃用、种类 …) and a paragraph saying what it is:

    build.outDir

    - Type: string
    - Default: dist

    Specify the output directory (relative to project root).

Each entry is asked for its default, for the name that does what its paragraph says, and for the
name that replaces it when it is deprecated:

| shape | English | Chinese |
|---|---|---|
| default | What is the default value of the build.outDir option in Kettle? | 在 Kettle 中，build.outDir 选项的默认值是什么？ |
| what it does | Which Kettle option specifies the output directory? | 在 Kettle 中，哪个选项指定输出目录？ |
| replacement | Which option replaces the deprecated build.out option in Kettle? | 在 Kettle 中，已弃用的 build.out 选项应改用哪个选项？ |

What kind of name an entry is comes from its heading ("The hotUpdate hook") or from the section it
stands in ("Server Options", "Plugin Hooks", "构建选项"); an entry whose kind nothing states is an
option when it has a default, and is not asked otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines

# A code name written as a heading: "root", "resolve.alias", "css.preprocessorOptions[extension].data", "emit()".
_CODE_NAME = r"[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\[\w*\])*(?:\(\))?"

# A heading naming its kind: "The hotUpdate Hook", "Configuring Environment Using the configEnvironment Hook".
KIND_NOUNS = {
    "option": "option",
    "options": "option",
    "setting": "setting",
    "settings": "setting",
    "hook": "hook",
    "hooks": "hook",
    "function": "function",
    "functions": "function",
    "method": "method",
    "methods": "method",
    "property": "property",
    "properties": "property",
    "prop": "prop",
    "props": "prop",
    "event": "event",
    "events": "event",
    "attribute": "attribute",
    "attributes": "attribute",
    "parameter": "parameter",
    "parameters": "parameter",
}
KIND_NOUNS_ZH = {"选项": "option", "配置项": "option", "钩子": "hook", "函数": "function", "方法": "method"}
KIND_NOUNS_ZH |= {"属性": "property", "事件": "event", "参数": "parameter", "设置": "setting"}

KIND_WORD_ZH = {"option": "选项", "setting": "设置", "hook": "钩子", "function": "函数", "method": "方法"}
KIND_WORD_ZH |= {"property": "属性", "prop": "属性", "event": "事件", "attribute": "属性", "parameter": "参数"}

_NAMED_HEADING = re.compile(
    rf"^(?:.*?\b(?:[Tt]he|[Aa]n?) )?(?P<name>{_CODE_NAME}) (?P<kind>[A-Za-z]+)$|^(?P<name2>{_CODE_NAME}) ?(?P<kind2>[\u4e00-\u9fff]{{2,3}})$"
)

# The fields a reference lists, by label: "- Type: string", "- 默认值：'dist'", "- Deprecated use x instead".
_LABELS = {
    "type": "type",
    "default": "default",
    "default value": "default",
    "deprecated": "deprecated",
    "kind": "kind",
    "scope": "scope",
    "related": "related",
    "see also": "related",
    "experimental": "experimental",
    "类型": "type",
    "默认值": "default",
    "默认": "default",
    "已弃用": "deprecated",
    "已废弃": "deprecated",
    "弃用": "deprecated",
    "种类": "kind",
    "作用域": "scope",
    "相关内容": "related",
    "相关链接": "related",
    "参见": "related",
    "实验性": "experimental",
}
# A doubled colon ("- Type:: number") is a bold label's colon left beside the list's own; both go.
_FIELD = re.compile(
    r"^- (?P<label>[A-Z][a-z]+(?: [a-z]+)?|[\u4e00-\u9fff]{2,4})(?:(?:\s*[:：])+\s*(?P<value>.*)| (?P<rest>.+))?$"
)


@dataclass(frozen=True)
class FieldEntry:
    """A code name documented under its own heading, with its fields and describing paragraph."""

    name: str
    kind: str | None  # option, hook, function …; None when neither its heading nor its section says
    fields: dict[str, str]  # field label (type, default, deprecated …) -> its value as written
    description: str  # the paragraph after the fields, lines joined


def lines_under_headings(text: str) -> Iterator[tuple[str, str]]:
    """Each non-blank line of a chunk's prose (`text`: code lines blank, headings on lines of their own) with
    the code name of the nearest heading above it that names one, so a sentence such as "Defaults to 2."
    can be read as a statement about that name."""
    heading: str | None = None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        alone = (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())
        named = heading_name(line) if alone else None
        if named:
            heading = named[0]
        elif heading is not None and line.strip():
            yield heading, line


def heading_name(line: str) -> tuple[str, str | None] | None:
    """(code name, kind or None) of a heading line that names one code name, or None."""
    line = line.strip()
    if re.fullmatch(_CODE_NAME, line):
        return line, None
    m = _NAMED_HEADING.match(line)
    if not m:
        return None
    if m["name"]:
        kind = KIND_NOUNS.get(m["kind"].lower())
        return (m["name"], kind) if kind else None
    kind = KIND_NOUNS_ZH.get(m["kind2"])
    return (m["name2"], kind) if kind else None


# "使用方法", "安装方法": a heading of how to use or set up a thing (Usage), not a list of methods.
HOW_TO_ZH = re.compile(r"(?:使用|安装|配置|接入|引入)方法$")


def section_kind(line: str) -> str | None:
    """The kind of name a section heading lists: "Server Options" -> option, "插件钩子" -> hook."""
    line = line.strip()
    if not line or len(line) > 60 or re.search(r"[.!?。！？:：,，]$", line) or HOW_TO_ZH.search(line):
        return None
    last = line.split()[-1].lower() if line.split() else ""
    if last in KIND_NOUNS and last.endswith("s"):
        return KIND_NOUNS[last]
    for noun, kind in KIND_NOUNS_ZH.items():
        if line.endswith(noun) and re.search(r"[\u4e00-\u9fff]", line[: -len(noun)] or "x") and noun != "参数":
            return kind
    return None


def field_entries(chunk: Chunk, kinds: dict[str, str] | None = None) -> list[FieldEntry]:
    """The field-list entries a chunk holds whole (heading, fields and paragraph all in it), in order.

    `kinds`: what the corpus says each name is (`entry_kinds`), for a heading that does not say."""
    lines = [
        "" if code else line.rstrip()
        for line, code in zip(chunk.text.split("\n"), code_lines(chunk.text, chunk.code_state))
    ]
    found = []
    for i, line in enumerate(lines):
        if not line or (i > 0 and lines[i - 1].strip()):
            continue
        named = heading_name(line)
        if not named:
            continue
        fields, j = _fields(lines, i + 1)
        if not fields or not ({"type", "default", "kind"} & fields.keys()):
            continue
        description = _paragraph(lines, j)
        if not description:
            continue  # the chunk ends before the entry's paragraph: asked from the chunk that holds it
        name, kind = named
        kind = kind or (kinds or {}).get(name)
        found.append(FieldEntry(name, kind or ("option" if "default" in fields else None), fields, description))
    return found


def entry_kinds(chunks: list[Chunk]) -> dict[str, str]:
    """What each field-list entry of a corpus is, from the section heading it stands under ("Build Options")."""
    kinds: dict[str, str] = {}
    for doc_chunks in _by_document(chunks).values():
        section = None
        for chunk in doc_chunks:
            lines = chunk.text.split("\n")
            for i, (line, code) in enumerate(zip(lines, code_lines(chunk.text, chunk.code_state))):
                alone = (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())
                if code or not alone:
                    continue
                section = section_kind(line) or section
                named = heading_name(line)
                if named and section and _fields(lines, i + 1)[0]:
                    kinds.setdefault(named[0], named[1] or section)
    return kinds


def _by_document(chunks: list[Chunk]) -> dict[str, list[Chunk]]:
    docs: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        docs.setdefault(chunk.doc_id, []).append(chunk)
    return {doc: sorted(parts, key=lambda c: c.start) for doc, parts in docs.items()}


def _fields(lines: list[str], start: int) -> tuple[dict[str, str], int]:
    """The field list from `start` (after one blank line): label -> value, and the line after it."""
    j = start
    while j < len(lines) and not lines[j].strip() and j - start < 2:
        j += 1
    fields: dict[str, str] = {}
    while j < len(lines):
        field = _field(lines[j].strip())
        if not field:
            break
        fields[field[0]] = field[1]
        j += 1
    return fields, j


def _field(line: str) -> tuple[str, str] | None:
    """(label, value) of a field line; "- Deprecated use x instead" is the label Deprecated, not "Deprecated use"."""
    m = _FIELD.match(line)
    if not m:
        return None
    if m["label"].lower() in _LABELS:
        return _LABELS[m["label"].lower()], (m["value"] if m["value"] is not None else m["rest"] or "").strip()
    label, _, more = m["label"].partition(" ")
    if more and label.lower() in _LABELS and m["value"] is None:
        return _LABELS[label.lower()], f"{more} {m['rest'] or ''}".strip()
    return None


def _paragraph(lines: list[str], start: int) -> str:
    """The first paragraph from `start`: prose lines up to a blank line, a list or a heading-like line."""
    j = start
    while j < len(lines) and not lines[j].strip():
        j += 1
    kept = []
    while j < len(lines) and lines[j].strip() and not lines[j].lstrip().startswith(("- ", "::: ")):
        kept.append(lines[j].strip())
        j += 1
    text = " ".join(kept)
    ends = text.endswith((".", "。", ":", "：", "!", "！", "?", "？", "）", ")"))
    return text if ends or re.search(r"[.。] ", text) else ""
