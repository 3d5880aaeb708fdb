"""Questions on the rows of a docs page's parameter tables, in English and Chinese.

Product docs state a component's settings as a table, one row each: name, type, default, what it
does ("window_type | string | False | fixed | The window algorithm used by the plugin."). A table
is known by its header row (a name column, and a type, default or description column, in either
language); a page's table may run on into the next chunk, so its header is carried over. Each row
gives up to three questions, naming what the page documents ("the limit-count plugin", read from
its prose) and the product:

| column | English | Chinese |
|---|---|---|
| default | What is the default value of window_type for the limit-count plugin? | 在 limit-count 插件中，window_type 的默认值是什么？ |
| type | What is the type of window_type for the limit-count plugin? | 在 limit-count 插件中，window_type 是什么类型？ |
| description | Which parameter of the limit-count plugin sets the window algorithm? | 在 limit-count 插件中，哪个参数表示“窗口算法”？ |

A question naming its page's subject stands alone, without the product. A page with no such
subject asks, naming the product ("What is the default value of cache_ttl in Kettle?"), only about
code-shaped names that one row of the whole corpus has, so the question cannot fit another page's table.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from ragstress.core.types import Chunk
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.questions.mddocs_api_rows import css_variable_question, event_question, method_question
from ragstress.generators.questions.mddocs_components import (
    component_subject,
    component_title,
    section_kind,
)
from ragstress.generators.questions.mddocs_table_subjects import (
    clean_cells,
    document_headings,
    page_subject,
    table_subject,
    under_result,
)
from ragstress.generators.questions.mddocs_table_wording import (
    headed_en,
    headed_zh,
    page_en,
    page_zh,
    row_questions,
    said_en,
)
from ragstress.generators.questions.mddocs_terms import (
    Question,
)

# A header's name column, by the word it is headed with, and the noun a question calls its rows.
_NAME_COLUMNS = {
    "name": "parameter",
    "parameter": "parameter",
    "parameters": "parameter",
    "argument": "argument",
    "attribute": "attribute",
    "field": "field",
    "key": "key",
    "option": "option",
    "setting": "setting",
    "property": "property",
    "variable": "variable",
    "flag": "flag",
    "event": "event",
    "事件名": "事件",
    "方法名": "方法",
    "名称": "参数",
    "参数": "参数",
    "参数名": "参数",
    "属性": "属性",
    "字段": "字段",
    "键": "键",
    "选项": "选项",
    "配置项": "配置项",
    "变量": "变量",
}
_TYPE = {"type", "类型"}
_DEFAULT = {"default", "default value", "默认值", "默认"}
_DESCRIPTION = {"description", "meaning", "描述", "说明", "含义"}
_NO_VALUE = {"", "-", "—", "–", "n/a", "无", "none given"}

# A CSS custom property (--x-height) and an event named with a colon (update:value) are names too.
_NAME = re.compile(r"(?:--)?[A-Za-z_][\w.\-\[\]:]{0,39}")
_SINCE = re.compile(r"\s*\(\+?v?\d[\w.]*\)$")
_CODE_SHAPED = re.compile(r"[_.]|[a-z][A-Z]")

_HAN = re.compile(r"[\u4e00-\u9fff]")

Row = tuple[str, str, tuple[tuple[str, str], ...]]  # name, the noun its header calls it, (column kind, cell)


def _cells(line: str) -> list[str]:
    """A row's cells: "a | b |  " has an empty last cell; a row written with outer pipes ("| a | b |") has none."""
    # "_number \\| string_": a pipe written escaped is part of its cell.
    cells = [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)]
    outer = line.strip().startswith("|") and line.strip().endswith("|")
    return cells[1:-1] if outer and len(cells) > 2 else cells


def _header(line: str) -> tuple[str, list[str]] | None:
    """(noun, column kinds) of a table header row, or None when the line is not one."""
    cells = [c.lower() for c in _cells(line)]
    noun = _NAME_COLUMNS.get(cells[0])
    kinds = [
        "type" if c in _TYPE else "default" if c in _DEFAULT else "description" if c in _DESCRIPTION else ""
        for c in cells
    ]
    return (noun, kinds) if noun and len(cells) >= 2 and any(kinds) else None


_COMMON_PAGES = 4
_STYLES_PER_PAGE = 3


class TableReading:
    """The parameter-table rows of each chunk and the subject of each page, read from the whole corpus."""

    def __init__(self, chunks: list[Chunk], titles: dict[str, str] | None = None):
        """`titles`: each document's title, which names a page whose prose never says what it documents."""
        titles = titles or {}
        self.rows: dict[str, list[Row]] = {}
        self.subjects: dict[str, tuple[str, str]] = {}
        self.chinese: dict[str, bool] = {}
        by_doc: dict[str, list[Chunk]] = {}
        for chunk in chunks:
            by_doc.setdefault(chunk.doc_id, []).append(chunk)
        # What each row's table documents, when a heading above it names it ("toc" on a page "Helpers").
        self.headed: dict[tuple[str, str], tuple[str, str]] = {}
        # Rows of a result table ("Result", "返回值") are what a call gives back: they set nothing.
        self.results: set[tuple[str, str]] = set()
        # What an API section's heading says its rows are: ("event", "事件") under "Events".
        self.sections: dict[tuple[str, str], tuple[str, str]] = {}
        # Each component page's component, as English and Chinese questions name it.
        self.components: dict[str, tuple[str, str]] = {}
        self.component_names: dict[str, str] = {}
        styled: dict[str, list[str]] = {}
        for doc, doc_chunks in by_doc.items():
            header = None
            ordered = sorted(doc_chunks, key=lambda c: c.start)
            headings = document_headings(ordered)
            title = titles.get(doc, "").rsplit(" / ", 1)[-1]  # a breadcrumb title names its page last
            for chunk in ordered:
                self.rows[chunk.id], header, offsets = _rows(chunk.text, header)
                for row, offset in zip(self.rows[chunk.id], offsets):
                    named = table_subject(headings, chunk.start + offset, title)
                    kind = section_kind(headings, chunk.start + offset)
                    if kind:
                        self.sections[(chunk.id, row[0])] = kind
                    # Only variables with a value of their own count: one set to another variable is not asked.
                    valued = css_variable_question(row[0], dict(row[2]).get("default", ""), "", False)
                    if kind and kind[0] == "CSS variable" and valued:
                        names = styled.setdefault(doc, [])
                        names += [] if row[0] in names else [row[0]]
                    if under_result(headings, chunk.start + offset):
                        self.results.add((chunk.id, row[0]))
                    if named:
                        self.headed[(chunk.id, row[0])] = named
            # A page's title ("Variables", "变量") names no thing a reader asks about: only its prose may.
            # A title that is one code name (NavigationGuard, @pinia/testing), not a word (Configuration), is its subject.
            named = (
                title
                if re.fullmatch(r"@?[A-Za-z][\w@/.-]*", title) and not re.fullmatch(r"[A-Z]?[a-z]+", title)
                else ""
            )
            english, chinese = page_subject(doc_chunks)
            # A component's page ("Stepper 步进器") is about its component, whatever else its prose names.
            component = component_title(title, doc_chunks)
            if component:
                english, chinese = self.components[doc] = component_subject(component, doc_chunks)
                self.component_names[doc] = component
            self.subjects[doc] = (english or named, chinese or named)
            self.chinese[doc] = detect_lang("\n".join(c.text for c in doc_chunks)) != "en"
        # A page's first few CSS variables: dozens of sizes and colours would crowd out what else it states.
        self.styles = {(doc, name) for doc, names in styled.items() for name in names[:_STYLES_PER_PAGE]}
        # Rows are told apart by their page and cells: overlapping chunks hold the same row twice.
        distinct = {(c.doc_id, row) for c in chunks for row in self.rows[c.id]}
        self.unique = {name for name, n in Counter(row[0] for _, row in distinct).items() if n == 1}
        # A name many pages document ("fn", "options") has no one answer to "which parameter …", even per page:
        # the question only restates what the name says.
        self.common = {name for name, n in Counter(row[0] for _, row in distinct).items() if n >= _COMMON_PAGES}
        # A page that states one name in two rows (a nested "key" in two tables) asks about neither.
        self.twice = {key for key, n in Counter((doc, row[0]) for doc, row in distinct).items() if n > 1}
        # Two rows described alike ("count" and "rules.count") would both answer "which parameter ...".
        # Rows with no description are not alike: they have nothing to be asked by.
        described = Counter((doc, dict(row[2]).get("description")) for doc, row in distinct)
        self.alike = {key for key, n in described.items() if n > 1 and key[1] is not None}

    def questions(self, chunk: Chunk, product: str | None) -> list[Question]:
        """The questions the chunk's table rows answer, row by row, each in the language of its description
        (of its page, when it has none): a Chinese page's table of English names reads as English."""
        found: list[Question] = []
        rows = self.rows.get(chunk.id, [])
        for name, noun, cells in rows:
            description = dict(cells).get("description", "")
            zh = bool(_HAN.search(description)) if description else self.chinese.get(chunk.doc_id, False)
            headed = self.headed.get((chunk.id, name))
            subject = self.subjects.get(chunk.doc_id, ("", ""))[1 if zh else 0]
            # With no subject, only a code-shaped name that one row of the corpus has is asked about.
            alone = name in self.unique and product and _CODE_SHAPED.search(name)
            if (chunk.doc_id, name) in self.twice or not headed and not subject and not alone:
                continue
            raw, cells = dict(cells), clean_cells(dict(cells))
            section = self.sections.get((chunk.id, name))
            if section and section[0] in _OWN_READINGS:
                styled = section[0] != "CSS variable" or (chunk.doc_id, name) in self.styles
                if subject and not headed and styled:
                    asked = _OWN_READINGS[section[0]](name, raw, subject, zh)
                    found += [asked] if asked else []
                continue
            noun = (section[1] if zh else section[0]) if section else noun
            # On a component's page a name-and-meaning table outside its API sections lists values ("contain |
            # keeps the image's ratio" under "Fit Modes"), not parameters.
            if not section and chunk.doc_id in self.components and set(cells) <= {"description"}:
                continue
            # A description naming another of the table's parameters ("only works if max_depth is set") reads
            # that name as a word; and two rows described alike would both answer "which parameter ...".
            others = {other for other, _, _ in rows if other != name and _CODE_SHAPED.search(other)}
            if (chunk.doc_id, description) in self.alike or any(
                re.search(rf"(?<![\w.]){re.escape(other)}(?![\w])", description) for other in others
            ):
                cells.pop("description", None)
            # A result field is asked by what it does ("removes the last item"), never as what it "sets".
            said = said_en(name, cells.get("description", "")) if not zh else None
            if name in self.common or (chunk.id, name) in self.results and said and said.startswith("sets "):
                cells.pop("description", None)
            if headed:
                wording = (headed_zh if zh else headed_en)(name, noun, headed[1 if zh else 0], product)
            else:
                wording = (page_zh if zh else page_en)(name, noun, subject, product)
            found += row_questions(name, cells, zh, wording)
        return found


# Rows whose section says what they are, asked by what that kind of row states (`mddocs_api_rows`).
_OWN_READINGS: dict[str, Callable[[str, dict[str, str], str, bool], Question | None]] = {
    "event": lambda name, cells, subject, zh: event_question(name, cells.get("description", ""), subject, zh),
    "method": lambda name, cells, subject, zh: method_question(name, cells.get("description", ""), subject, zh),
    "CSS variable": lambda name, cells, subject, zh: css_variable_question(name, cells.get("default", ""), subject, zh),
    "slot": lambda name, cells, subject, zh: None,  # "Custom title": a slot's description names what it shows
}


def _rows(text: str, header: tuple[str, list[str]] | None) -> tuple[list[Row], tuple[str, list[str]] | None, list[int]]:
    """The rows under a header in a text, the header still open at its end (a table that runs on), and where
    in the text each row starts."""
    rows: list[Row] = []
    offsets: list[int] = []
    at = 0
    for line in text.split("\n"):
        start, at = at, at + len(line) + 1
        if " | " not in line:
            header = header if not line.strip() else None  # prose closes a table; a blank line may not
            continue
        header = _header(line) or header
        if header is None or _header(line):
            continue
        cells = _cells(line)
        cells[0] = _SINCE.sub("", cells[0])  # "class_item (+6.3.0)": the version it came in is no part of the name
        noun, kinds = header
        if len(cells) != len(kinds) or not _NAME.fullmatch(cells[0]) or len(cells[0]) < 2 or cells[0] == "this":
            continue
        if any(cell.startswith(("extends ", "扩展自")) for cell in cells[1:]):
            continue  # a type parameter's bound ("Id | extends string"), not a parameter's type
        values = tuple((kind, cell) for kind, cell in zip(kinds, cells) if kind and cell.lower() not in _NO_VALUE)
        rows.append((cells[0], noun, values))
        offsets.append(start)
    return rows, header, offsets
