"""Visible text of an HTML page, with its block structure kept as line breaks.

Only what a reader sees is worth embedding: scripts, styles, the head and templates
are dropped. Block elements become line breaks (paragraph-like ones a blank line) so
the chunker's paragraph and line separators still find the page's structure, while
inline markup (<b>, <a>, <span>) leaves words joined as the browser shows them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

# Content of these elements is never shown. <title> sits in <head> but is captured.
_HIDDEN = frozenset({"script", "style", "head", "template", "noscript", "svg", "iframe", "object"})

# Elements that end a paragraph-like block: a blank line around them.
_PARAGRAPH_BLOCKS = frozenset(
    {
        "p",
        "div",
        "section",
        "article",
        "main",
        "header",
        "footer",
        "aside",
        "nav",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "pre",
        "table",
        "ul",
        "ol",
        "dl",
        "figure",
        "figcaption",
        "form",
        "fieldset",
        "details",
        "summary",
        "hr",
        "address",
    }
)

# Elements that only start a new line.
_LINE_BLOCKS = frozenset({"br", "li", "dt", "dd", "tr", "caption", "option", "legend"})

_CELLS = frozenset({"td", "th"})

# Void elements never get an end tag, so they must not open a hidden region.
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "wbr"})

_PARAGRAPH_BREAK = "\x00P"  # placeholders: real NULs never survive decoding
_LINE_BREAK = "\x00L"


@dataclass(frozen=True)
class HtmlText:
    """What a page shows: its <title> and its visible text."""

    title: str
    text: str


def html_to_text(markup: str) -> HtmlText:
    """Extract the title and the visible text of an HTML document (newlines as `\\n`)."""
    parser = _VisibleTextParser()
    parser.feed(markup)
    parser.close()
    return HtmlText(title=_collapse_spaces(parser.title_text()), text=parser.visible_text())


def _collapse_spaces(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _VisibleTextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._pieces: list[str] = []
        self._title: list[str] = []
        self._hidden: list[str] = []  # open elements whose content is hidden
        self._pre_depth = 0  # inside <pre>, whitespace is significant
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        elif tag == "body" and "head" in self._hidden:
            # </head> is optional in HTML: <body> ends the head implicitly.
            self._hidden.clear()
        elif tag in _HIDDEN and tag not in _VOID:
            self._hidden.append(tag)
        self._mark_block(tag)
        if tag == "pre":
            self._pre_depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # <br/>, <hr/>: a self-closed tag opens nothing, it only breaks lines.
        self._mark_block(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in self._hidden:
            # Close up to the matching element: tolerates unclosed tags inside it.
            del self._hidden[len(self._hidden) - 1 - self._hidden[::-1].index(tag) :]
        if tag == "pre" and self._pre_depth > 0:
            self._pre_depth -= 1
        # Only paragraph-like blocks need a break after them: the next <li> or <tr>
        # starts its own line anyway, and a break here would leave blank lines in lists.
        if tag in _PARAGRAPH_BLOCKS:
            self._mark_block(tag)

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title.append(data)
        elif not self._hidden:
            self._pieces.append(data if self._pre_depth else re.sub(r"\s+", " ", data))

    def _mark_block(self, tag: str) -> None:
        if self._hidden or self._in_title:
            return
        if tag in _PARAGRAPH_BLOCKS:
            self._pieces.append(_PARAGRAPH_BREAK)
        elif tag in _LINE_BLOCKS:
            self._pieces.append(_LINE_BREAK)
        elif tag in _CELLS:
            self._pieces.append(" ")  # keep table cells from running together

    def title_text(self) -> str:
        return "".join(self._title)

    def visible_text(self) -> str:
        raw = "".join(self._pieces)
        raw = raw.replace(_PARAGRAPH_BREAK, "\n\n").replace(_LINE_BREAK, "\n")
        # Trim each line, then keep at most one blank line between blocks.
        lines = [line.strip(" \t") for line in raw.split("\n")]
        text = "\n".join(lines)
        return re.sub(r"\n{3,}", "\n\n", text).strip()
