"""MDX pages (Docusaurus, Astro Starlight, Nextra): Markdown with JavaScript modules and JSX in it.

A page's Markdown reads as `ragstress.corpora.md_reader` reads any Markdown; what MDX adds is left
out first, as the rendered page never shows it:

- `import` and `export` statements at the top level (outside code fences), over as many lines as
  their braces, brackets and parentheses stay open (`import { Tabs,\\n TabItem } from '…';`);
- `{/* comments */}`, MDX's only comment form.

JSX components (`<Tabs>`, `<TabItem label="npm">`, `<Steps>`) are tags like HTML's, so the Markdown
reader already drops them and keeps their text.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# A statement's shape, so a prose line that happens to open with the word is kept.
_ESM = re.compile(
    r"^(?:import\s+(?:['\"{*]|[\w$]+\s*(?:,|from\b))|export\s+(?:const|let|var|function|async|class|default|[{*]))"
)
_JSX_COMMENT = re.compile(r"\{\s*/\*.*?\*/\s*\}", re.DOTALL)
_OPENERS, _CLOSERS = "({[", ")}]"


def _depth(line: str) -> int:
    return sum(line.count(c) for c in _OPENERS) - sum(line.count(c) for c in _CLOSERS)


def mdx_to_markdown(source: str) -> str:
    """`source` without its module statements and MDX comments; code blocks are kept as written."""
    blocks: list[tuple[bool, list[str]]] = []  # (is code, lines), in order
    fence: str | None = None
    open_brackets = 0  # brackets still open in a module statement being left out
    for line in source.replace("\r\n", "\n").split("\n"):
        if open_brackets > 0:
            open_brackets += _depth(line)
            continue
        marker = _FENCE.match(line)
        in_code = fence is not None or marker is not None
        if fence is not None:
            if marker and marker[1][0] == fence[0] and len(marker[1]) >= len(fence):
                fence = None
        elif marker:
            fence = marker[1]
        elif _ESM.match(line):
            open_brackets = _depth(line)
            continue
        if not blocks or blocks[-1][0] != in_code:
            blocks.append((in_code, []))
        blocks[-1][1].append(line)
    return "\n".join("\n".join(lines) if code else _JSX_COMMENT.sub("", "\n".join(lines)) for code, lines in blocks)
