"""AsciiDoc (`.adoc`, `.asciidoc`): a small reader of the constructs documentation uses.

No maintained Python parser of AsciiDoc is packaged, so this reads the common subset:
- the document title (`= Title`) and section titles (`==` to `======`), as heading lines;
- header attribute lines (`:name: value`), used for `{name}` references and then dropped;
- delimited blocks: listing `----` and literal `....` as fenced code (with the language of
  a `[source,python]` line above), example `====`, sidebar `****` and quote `____` as text,
  comment `////` and passthrough `++++` dropped;
- tables `|===`: cells split on `|`, grouped into rows by the column count of the first
  row (or of `[cols="..."]`), one line per row;
- list items (`*`, `-`, `.`, `1.`) as "- " lines, block titles (`.Title`) as lines,
  admonition paragraphs (`NOTE: ...`) as written;
- inline markup removed: `*strong*`, `_emphasis_`, `` `mono` ``, `+literal+`, `link:url[text]`,
  `https://url[text]`, `<<anchor,text>>`, `kbd:[...]`, `footnote:[...]`, attribute
  references, and `include::`, `image::` and `ifdef::` lines dropped.
"""

from __future__ import annotations

import re

from ragstress.corpora.structured import fenced, inline, join_blocks, table_rows

_HEADING = re.compile(r"(={1,6})\s+(.+?)\s*=*\s*$")
_ATTRIBUTE = re.compile(r":([\w-]+!?):\s*(.*)$")
_BLOCK_ATTRIBUTES = re.compile(r"\[(.*)\]\s*$")
_DELIMITERS = {
    "----": "code",
    "....": "code",
    "====": "text",
    "****": "text",
    "____": "text",
    "////": "drop",
    "++++": "drop",
}
_LIST_ITEM = re.compile(r"\s*(?:[*\-]+|\.+|\d+\.)\s+(.*)$")
_DROPPED_LINE = re.compile(r"(?:include|image|ifdef|ifndef|endif|ifeval|toc)::.*$|//(?!/).*$|'''\s*$|<<<\s*$")
_INLINE = (
    (re.compile(r"(?:link:|mailto:)?(?:https?://|link:)?\S*?\[([^\]]+)\]"), r"\1"),  # url[text], link:x[text]
    (re.compile(r"<<[^,>]+,\s*([^>]+)>>"), r"\1"),
    (re.compile(r"<<([^>]+)>>"), r"\1"),
    (re.compile(r"(?:kbd|btn|menu|footnote|pass|footnoteref):\[([^\]]*)\]"), r"\1"),
    (re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), lambda m: m[1] or m[2]),
    (re.compile(r"__(.+?)__|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])"), lambda m: m[1] or m[2]),
    (re.compile(r"``(.+?)``|`(.+?)`"), lambda m: m[1] or m[2]),
    (re.compile(r"(?<![\w+])\+(?!\s)(.+?)(?<!\s)\+(?![\w+])"), r"\1"),
)


def _inline(text: str, attributes: dict[str, str]) -> str:
    text = re.sub(r"\{([\w-]+)\}", lambda m: attributes.get(m[1], m[0]), text)
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    return text


def adoc_to_text(source: str) -> tuple[str, str]:
    """(title, text) of an AsciiDoc document."""
    lines = source.replace("\r\n", "\n").split("\n")
    attributes: dict[str, str] = {}
    title, blocks, paragraph = "", [], []
    pending_language, pending_cols = "", None
    i = 0

    def flush() -> None:
        if paragraph:
            blocks.append(inline(_inline(" ".join(paragraph), attributes)))
            paragraph.clear()

    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        delimiter = stripped[:4] if len(stripped) >= 4 and len(set(stripped)) == 1 else None
        if delimiter in _DELIMITERS:
            flush()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == stripped), len(lines))
            body = lines[i + 1 : end]
            kind = _DELIMITERS[delimiter]
            if kind == "code":
                blocks.append(fenced("\n".join(body), pending_language))
            elif kind == "text":
                _, inner = adoc_to_text("\n".join(body))
                blocks.append(inner)
            pending_language, i = "", end + 1
            continue
        if stripped.startswith("|==="):
            flush()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith("|===")), len(lines))
            blocks.append(table_rows(_table(lines[i + 1 : end], pending_cols, attributes)))
            pending_cols, i = None, end + 1
            continue
        i += 1
        if not stripped:
            flush()
        elif heading := _HEADING.fullmatch(stripped):
            flush()
            text = inline(_inline(heading[2], attributes))
            title = title or (text if len(heading[1]) == 1 else "")
            blocks.append(text)
        elif (attribute := _ATTRIBUTE.fullmatch(stripped)) and not paragraph:
            attributes[attribute[1].rstrip("!")] = attribute[2]
        elif (block := _BLOCK_ATTRIBUTES.fullmatch(stripped)) and not paragraph:
            parts = [p.strip() for p in block[1].split(",")]
            pending_language = parts[1] if parts and parts[0] == "source" and len(parts) > 1 else ""
            cols = re.search(r'cols="?([^"\]]+)"?', block[1])
            pending_cols = len(cols[1].split(",")) if cols else pending_cols
        elif _DROPPED_LINE.fullmatch(stripped):
            continue
        elif (item := _LIST_ITEM.fullmatch(line)) and not paragraph:
            blocks.append("- " + inline(_inline(item[1], attributes)))
        elif stripped.startswith(".") and not stripped.startswith("..") and not paragraph and len(stripped) > 1:
            blocks.append(inline(_inline(stripped[1:], attributes)))  # a block title
        else:
            paragraph.append(stripped)
    flush()
    return title, _join_lists(blocks)


def _table(lines: list[str], columns: int | None, attributes: dict[str, str]) -> list[list[str]]:
    cells, first_row = [], None
    for line in lines:
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split("|")[1:]] if line.lstrip().startswith("|") else None
        if parts is None:  # a cell continued on the next line
            if cells:
                cells[-1] += " " + line.strip()
            continue
        first_row = first_row or len(parts)
        cells += [_inline(p, attributes) for p in parts]
    width = columns or first_row or 1
    return [cells[k : k + width] for k in range(0, len(cells), width)]


def _join_lists(blocks: list[str]) -> str:
    """Consecutive list items on consecutive lines, other blocks apart."""
    merged: list[str] = []
    for block in blocks:
        if block.startswith("- ") and merged and merged[-1].split("\n")[-1].startswith("- "):
            merged[-1] += "\n" + block
        else:
            merged.append(block)
    return join_blocks(merged)
