"""Markdown product docs and tutorials: what a reader of the rendered page sees.

Documentation sites write Markdown with extensions a plain reader would keep as noise:
heading anchors (`## Query parameters { #query-params }`), admonition fences (`/// tip`,
`!!! note "Title"` with an indented body), include directives (`{* ../src/app.py hl[3] *}`,
`--8<-- "file"`), HTML inline tags (`<dfn title="…">ASGI</dfn>`, `<abbr>`), link syntax, and
emphasis. Read here, a page becomes the shape `ragstress.corpora.structured` describes:

- a heading is a line of its own, anchors and `#` marks dropped;
- code blocks stay fenced, as written (chunking and `code_blocks` read them as code);
- list items start with "- " (`*`, `+` bullets included), numbered items keep their number;
- inline code keeps its text (`Query` → Query), emphasis its words, a link its text, an
  image nothing; HTML tags are dropped and their text kept; comments and front matter go;
- admonition and tab fences (`:::tip Title` keeps its title as a line), GitHub alert markers
  (`> [!NOTE]`), include directives and link definitions are left out, an admonition's body is
  kept as prose;
- a table is one line per row, cells joined by " | ".

MyST pages (Sphinx's `_sources/*.md.txt`) read the same way: a ```` ```{note} ```` directive
fence gives its body as prose, ```` ```{code-block} ```` stays code, `{role}`text`` its text.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(.*)$")
_MYST_DIRECTIVE = re.compile(r"\{([\w:-]+)\}\s*(.*)")
_MYST_CODE = ("code-block", "code", "sourcecode", "code-cell", "literalinclude", "doctest", "testcode")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*$")
_ATTRIBUTES = re.compile(r"\s*\{\s*[#.:][^{}]*\}\s*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)\s*$")
_ADMONITION_FENCE = re.compile(r"^\s*/{3,}(?:\s.*)?$")
_ADMONITION_BANG = re.compile(r"^(\s*)(?:!!!|\?\?\?\+?)\s*[\w-]+(?:\s.*)?$")
_COLON_FENCE = re.compile(r"^\s*:{3,}\s*(?:\{[\w:-]+\}.*)?$")
# A container's opening fence with its kind and an optional title (`:::tip`, `::: warning Breaking change`,
# `:::details{open}`), as VitePress, Docusaurus and Rspress write admonitions, and a GitHub alert's marker
# (`> [!NOTE]`). The kind is styling, not text; the title is a line of its own.
_COLON_ADMONITION = re.compile(r"^\s*:{3,}\s*[A-Za-z][\w-]*(?:\{[^{}]*\})?(?:\s+(.*?))?\s*$")
_ALERT = re.compile(r"^(\s*(?:>\s*)+)\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION|DANGER|INFO)\]\s*", re.IGNORECASE)
_INCLUDE = re.compile(r"^\s*(?:\{\*.*\*\}|--8<--.*|\{%\s*include.*%\})\s*$")
_LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s+\S+.*$")
_BULLET = re.compile(r"^(\s*)[*+-]\s+(?=\S)")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_OPTION_LINE = re.compile(r"^\s*:[\w-]+:(?:\s.*)?$")
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_FRONT_TITLE = re.compile(r"^title:[ \t]*(\S.*?)[ \t]*$", re.MULTILINE)
_FRONT_DESCRIPTION = re.compile(r"^description:[ \t]*([^\s>|].*?)[ \t]*$", re.MULTILINE)

# Inline markup, in the order it is undone. Code spans are taken out first, so nothing inside
# them is read as emphasis or a tag.
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_MYST_ROLE = re.compile(r"\{[\w:-]+\}`([^`]+)`")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)|!\[[^\]]*\]\[[^\]]*\]")
_LINK = re.compile(r"\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)|\[([^\]]+)\]\[[^\]]*\]")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s+[^<>]*?)?/?>")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(
    r"(?<![A-Za-z0-9*])\*(?=\S)([^*]+?)(?<=\S)\*(?![A-Za-z0-9])|(?<![\w_])_(?=\S)([^_]+?)(?<=\S)_(?![\w_])"
)
_FOOTNOTE = re.compile(r"\[\^[^\]]+\]")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~])")
_HOLD = "\u0000"


def markdown_to_text(source: str) -> tuple[str, str]:
    """(title, text) of a Markdown page: its first level-1 heading (else its front matter's `title:`, as
    static site generators show it) and its rendered text, which opens with that title."""
    source = source.replace("\r\n", "\n")
    front = _FRONT_MATTER.match(source)
    front_title = _FRONT_TITLE.search(front[0]) if front else None
    source = _COMMENT.sub("", source[front.end() :] if front else source)
    lines = source.split("\n")
    out: list[str] = []
    title = ""
    fence: tuple[str, str] | None = None  # (marker, indentation) of the open code fence
    bang_indent: int | None = None  # body indentation of an open `!!! note` admonition
    in_snippet = False
    prose: set[int] = set()  # the lines of `out` a soft-wrapped next line may continue
    directives: list[str] = []  # markers of the open MyST directive fences, whose closing lines are dropped
    options = False  # right after a directive's fence, where its ":option: value" lines are
    for n, raw in enumerate(lines):
        line = raw
        if fence is not None:
            out.append(line[len(fence[1]) :] if line.startswith(fence[1]) else line.lstrip())
            closing = _FENCE.match(line)
            if closing and closing[2][0] == fence[0][0] and len(closing[2]) >= len(fence[0]) and not closing[3]:
                fence = None
            continue
        if bang_indent is not None:
            if line.strip() and len(line) - len(line.lstrip()) < bang_indent:
                bang_indent = None
            else:
                line = line[bang_indent:] if line[:bang_indent].strip() == "" else line.lstrip()
        if line.strip() == "--8<--":
            in_snippet = not in_snippet  # a block of included file names
            continue
        if in_snippet:
            continue
        opened = _FENCE.match(line)
        if opened and directives and opened[2] == directives[-1] and not opened[3].strip():
            directives.pop()
            continue
        if options and _OPTION_LINE.match(line):
            continue  # a MyST directive's option (":caption: …") right after its dropped fence
        options = False
        if opened:
            directive = _MYST_DIRECTIVE.fullmatch(opened[3].strip())
            if directive and directive[1] not in _MYST_CODE:
                directives.append(opened[2])  # a MyST directive's fence: its body is prose
                options = True
                continue
            language = directive[2].split()[0] if directive and directive[2].split() else opened[3]
            fence = (opened[2], opened[1])
            out.append(f"{opened[2]}{language.strip()}")
            continue
        colon = _COLON_ADMONITION.match(line)
        if colon:
            label = render_inline(colon[1] or "")
            out += ["", label, ""] if label else [""]  # the body starts a paragraph of its own
            continue
        alert = _ALERT.match(line)
        if alert:
            line = line[alert.end() :]
            if not line.strip():
                out.append("")
                continue
        bang = _ADMONITION_BANG.match(line)
        if bang:
            bang_indent = len(bang[1]) + 4
            continue
        if (
            _ADMONITION_FENCE.match(line)
            or _COLON_FENCE.match(line)
            or _INCLUDE.match(line)
            or _LINK_DEFINITION.match(line)
            or _TABLE_RULE.match(line)
            and "-" in line
            and "|" in line
        ):
            continue
        heading = _HEADING.match(line)
        if heading:
            text = render_inline(_ATTRIBUTES.sub("", heading[2]).rstrip("#").strip())
            title = title or (text if len(heading[1]) == 1 else "")
            out += ["", text, ""]
            continue
        if _SETEXT.match(line) and out and out[-1].strip() and n > 0 and lines[n - 1].strip():
            title = title or (out[-1].strip() if line.strip()[0] == "=" else "")
            out += [""]
            continue
        if "|" in line and line.strip().startswith("|"):
            cells = [render_inline(c.strip()) for c in line.strip().strip("|").split("|")]
            out.append(" | ".join(cells))
            continue
        bullet = _BULLET.match(line)
        if bullet:
            line = f"{bullet[1]}- {line[bullet.end() :]}"
        rendered = render_inline(line) if line.strip() else ""
        if rendered and _continues(out, prose, rendered):
            out[-1] = _joined(out[-1], rendered.strip())  # a soft-wrapped line goes on its paragraph or item
        else:
            out.append(rendered)
            prose.add(len(out) - 1)
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")
    if not title and front_title:
        # "title: Alert" heads the page the site renders; without it the page names nothing it documents.
        title = front_title[1].strip().strip("\"'")
        # Such a site heads the page with its front matter's description as well, the page's summary line.
        summary = _FRONT_DESCRIPTION.search(front[0]) if front else None
        lead = summary[1].strip().strip("\"'").strip() if summary else ""
        lead = re.sub(r"<[A-Z][\w.-]*\s*/?>", lambda tag: f"`{tag[0]}`", lead)  # a component written bare, as code
        text = f"{title}\n\n{render_inline(lead)}\n\n{text}" if lead else f"{title}\n\n{text}"
    return title, text


_ITEM = re.compile(r"\s*(?:- |\d+[.)]\s)")
_HAN_END = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]$")
_HAN_START = re.compile(r"^[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _continues(out: list[str], prose: set[int], line: str) -> bool:
    """Is `line` the wrapped rest of the paragraph or list item on the last line of `out`?"""
    return bool(out) and len(out) - 1 in prose and bool(out[-1].strip()) and not _ITEM.match(line)


def _joined(before: str, after: str) -> str:
    glue = "" if _HAN_END.search(before) and _HAN_START.search(after) else " "
    return before.rstrip() + glue + after


def render_inline(line: str) -> str:
    """A line of Markdown as read: code spans, roles, links, tags and emphasis reduced to their text."""
    held: list[str] = []

    def hold(text: str) -> str:
        held.append(text)
        return f"{_HOLD}{len(held) - 1}{_HOLD}"

    indent = line[: len(line) - len(line.lstrip())]
    text = _MYST_ROLE.sub(lambda m: hold(_role_text(m[1])), line.strip())
    text = _CODE_SPAN.sub(lambda m: hold(m[2].strip()), text)
    text = _ESCAPE.sub(lambda m: hold(m[1]), text)
    text = _IMAGE.sub("", text)
    text = _LINK.sub(lambda m: m[1] or m[2], text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = _FOOTNOTE.sub("", text)
    for _ in range(2):  # nested: ***both***, **a *b* c**
        text = _STRONG.sub(r"\2", text)
        text = _EMPHASIS.sub(lambda m: m[1] or m[2], text)
    text = re.sub(f"{_HOLD}(\\d+){_HOLD}", lambda m: held[int(m[1])], text)
    text = re.sub(r"[ \t]{2,}", " ", text).rstrip()
    return indent + text if text.strip() else ""


def _role_text(text: str) -> str:
    """A MyST role's text as Sphinx shows it: the title of `title <target>`, the last part of `~a.b`."""
    text = text.strip()
    if text.endswith(">") and "<" in text and text[: text.rindex("<")].strip():
        return text[: text.rindex("<")].strip()
    return text[1:].split(".")[-1] if text.startswith("~") else text
