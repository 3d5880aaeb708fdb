"""reStructuredText (`.rst`, `.rest`) through docutils: what a reader of the rendered page sees.

Sphinx sources use roles and directives docutils does not know (`:func:`, `.. function::`,
`.. versionadded::`). Parsing here knows them all generically: an unknown role gives its text
(`:func:`len`` → `len`, `:ref:`the guide <guide>`` → `the guide`, `~a.b.c` → `c` as Sphinx
shows it), and an unknown directive gives its arguments as a line and its content as body,
its option lines dropped. Version directives read as sentences ("Added in version 3.8.").
Section titles become heading lines, literal and code blocks fenced code, tables rows, and
comments, targets and substitution definitions are left out. Nothing is ever fetched: no
include outside the file, no raw or URL input.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles

from ragstress.corpora.structured import fenced, inline, join_blocks, table_rows

VERSION_DIRECTIVES = {
    "versionadded": "Added in version",
    "versionchanged": "Changed in version",
    "deprecated": "Deprecated since version",
    "versionremoved": "Removed in version",
}
_SKIPPED = (nodes.comment, nodes.system_message, nodes.target, nodes.substitution_definition, nodes.raw)
SETTINGS = {
    "report_level": 5,  # nothing printed; a problem leaves a system_message node, which is skipped
    "halt_level": 5,
    "file_insertion_enabled": False,
    "raw_enabled": False,
    "input_encoding": "unicode",
}


class _AnyOption(dict):
    """Every option name is accepted (and dropped from the text)."""

    def __missing__(self, key: str):
        return directives.unchanged


class _GenericDirective(Directive):
    """Any directive docutils does not know: its arguments as a line, its content parsed as body."""

    optional_arguments = 10
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOption(noindex=directives.flag)  # non-empty: docutils reads an option block only then

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        name = self.name.split(":")[-1]
        argument = " ".join(self.arguments).strip()
        lead = ""
        if name in VERSION_DIRECTIVES:
            version, _, argument = argument.partition(" ")
            lead = f"{VERSION_DIRECTIVES[name]} {version}. "
        elif name == "deprecated-removed":
            deprecated, _, rest = argument.partition(" ")
            removed, _, argument = rest.partition(" ")
            lead = f"Deprecated since version {deprecated}, removed in version {removed}. "
        elif name in ("toctree", "index", "highlight", "module", "currentmodule"):
            argument = ""
        if lead or argument.strip():
            words, _ = self.state.inline_text(argument.strip(), self.lineno)  # roles in arguments read too
            container += nodes.paragraph("", lead, *words)
        if self.content and name not in ("toctree", "index", "productionlist"):
            self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


def _role_text(text: str) -> str:
    """The text Sphinx shows for a role's content."""
    text = text.strip()
    if text.endswith(">") and "<" in text:  # `title <target>`
        title = text[: text.rindex("<")].strip()
        if title:
            return title
        text = text[text.rindex("<") + 1 : -1]
    if text.startswith("~"):
        return text[1:].split(".")[-1]
    return text.lstrip("!")


def _generic_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    shown = _role_text(nodes.unescape(text))
    if name.lower() in ("pep", "rfc") and shown.split("#")[0].isdigit():  # as Sphinx shows it: "PEP 8"
        shown = f"{name.upper()} {shown.split('#')[0]}"
    return [nodes.literal(rawtext, shown)], []


@contextmanager
def _sphinx_tolerant():
    """docutils with every unknown role and directive read generically, for the parse only."""
    find_directive, find_role = directives.directive, roles.role

    def directive(name, language_module, document):
        found, messages = find_directive(name, language_module, document)
        generic = found is None or name in VERSION_DIRECTIVES or name == "deprecated-removed"
        return (_GenericDirective, []) if generic else (found, messages)

    def role(name, language_module, lineno, reporter):
        found, messages = find_role(name, language_module, lineno, reporter)
        # Sphinx reads :pep: and :rfc: more loosely than docutils ("PEP 594 <594#aifc>").
        return (found, messages) if found is not None and name.lower() not in ("pep", "rfc") else (_generic_role, [])

    directives.directive, roles.role = directive, role
    try:
        yield
    finally:
        directives.directive, roles.role = find_directive, find_role


def rst_to_text(source: str) -> tuple[str, str]:
    """(title, text) of a reStructuredText document."""
    with _sphinx_tolerant():
        doctree = publish_doctree(source, settings_overrides=SETTINGS)
    title = doctree.get("title", "") or ""
    blocks: list[str] = []
    _render(doctree, blocks)
    return inline(title), join_blocks(blocks)


def _render(node: nodes.Node, blocks: list[str]) -> None:
    for child in node.children:
        if isinstance(child, _SKIPPED):
            continue
        if isinstance(child, nodes.title):
            blocks.append(inline(child.astext()))
        elif isinstance(child, nodes.literal_block | nodes.doctest_block):
            language = " ".join(c for c in child.get("classes", []) if c != "code")
            blocks.append(fenced(child.astext(), language))
        elif isinstance(child, nodes.table):
            blocks.append(table_rows(_rows(child)))
        elif isinstance(child, nodes.bullet_list | nodes.enumerated_list):
            items = []
            for item in child.children:
                inner: list[str] = []
                _render(item, inner)
                items.append("- " + "\n  ".join(inner))
            blocks.append("\n".join(items))
        elif isinstance(child, nodes.term):
            blocks.append(inline(child.astext()))
        elif isinstance(child, nodes.paragraph | nodes.line | nodes.rubric | nodes.attribution):
            blocks.append(inline(child.astext()))
        elif isinstance(child, nodes.field_name):
            blocks.append(inline(child.astext()) + ":")
        elif isinstance(child, nodes.Element):
            _render(child, blocks)
        elif isinstance(child, nodes.Text) and child.astext().strip():
            blocks.append(inline(child.astext()))


def _rows(table: nodes.table) -> list[list[str]]:
    return [[inline(entry.astext()) for entry in row.findall(nodes.entry)] for row in table.findall(nodes.row)]


def read_rst(path: Path, text: str) -> tuple[str, str]:
    """The reader's entry point: `text` is the decoded file."""
    del path
    return rst_to_text(text)
