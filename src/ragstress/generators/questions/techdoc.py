"""The terms a technical document defines: options, functions, classes, exceptions, attributes, variables.

Manuals and API references state most of their facts as definition entries: a term on a
line of its own (`-a, --all`, `os.getcwd()`, `PYTHONHOME`) and, below it or beside it, what
it does. The structured readers keep that shape (one paragraph per line, a man page's tag
line above its indented description), so an entry is found from the lines alone:

- a term line: an option list, a call signature, a bare exception or attribute name, or an
  environment variable, nothing else on the line (a man page's short tag may share its line
  with the description, set off by two or more spaces);
- its description: the next paragraph, which is not itself a term and not code.

The term becomes the answer and the description the question ("Which option of ls ...?"),
in `techdoc_en` and `techdoc_zh`. Code is skipped whole (fences, reStructuredText literal
blocks, doctest sessions: `ragstress.corpora.code_blocks`), also where a chunk begins inside
a block opened before it: a line of code is never a term or a description. The document's subject (a man page's command, a reference
page's module) comes from its file name or first line (`techdoc_subjects`), so later chunks of a long page know
it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ragstress.corpora.code_blocks import code_lines

TermKind = Literal[
    "option",
    "function",
    "cfunction",
    "method",
    "class",
    "exception",
    "attribute",
    "constant",
    "envvar",
    "error_code",
    "path",
]

_OPTION = re.compile(r"(-{1,2}[A-Za-z0-9?][\w.-]*)(?:(?:=|\[=|\[| )[^,]{0,24})?")
_SIGNATURE = re.compile(
    r"(?:(?P<prefix>(?:const\s+|unsigned\s+|struct\s+|await\s+|async\s+|classmethod\s+|staticmethod\s+)*"
    r"[\w*]+\s+\**|)\s*)(?P<name>(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\((?P<args>[^()]*(?:\([^()]*\)[^()]*)*)\)"
    r"(?:\s*->\s*\S.*)?"
)
_EXCEPTION = re.compile(r"(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt)")
_ATTRIBUTE = re.compile(r"(?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*")
_ENVVAR = re.compile(r"\$?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|\$?PYTHON[A-Z0-9]+|E[A-Z0-9]{2,15}")
PATH = re.compile(r"(?:~|\$[A-Z]+)?/[\w.@+-]+(?:/[\w.@+-]*)*")
# A man page's sections that say what its upper-case names are.
_ENVIRONMENT = ("ENVIRONMENT", "ENVIRONMENT VARIABLES", "环境", "环境变量")
_ERRORS = ("ERRORS", "ERROR CODES", "错误", "错误代码", "错误码")
_C_TYPES = re.compile(r"\b(?:void|int|char|long|double|float|size_t|Py_ssize_t|PyObject|unsigned|const)\b|\*")
# Some renderings keep the kind before the name: "exception tarpit.TrapError", "class Trap(port)".
_DIRECTIVE_WORD = re.compile(
    r"^(?:exception|class|data|attribute|property|classmethod|staticmethod|abstractmethod)\s+(?=[A-Za-z_])"
)
# Every command has a help and a version option, and a question on them tests nothing about the page.
_SELF_DESCRIBING_NAMES = {"--help", "--version", "--usage", "-?", "-help", "-version", "--longhelp"}
_SELF_DESCRIBING = re.compile(
    r"(?i:(?:display|print|show|output|give|write|list)s?\b.{0,40}?\b(?:help|usage|version|copyright)\b)"
    r"|.{0,16}?(?:显示|输出|打印|印出|给出|列出).{0,15}(?:帮助|版本|用法|使用说明|选项的简要描述)"
)
_SAME_LINE = re.compile(r"^(\S.*?\S|\S)\s{2,}(\S.*)$")
# gcloud's pages state a flag's default on its tag line: `--page-size=PAGE_SIZE; default=100`.
_TAG_DEFAULT = re.compile(r"^(-.*?);\s*default=(\"[^\"]{1,40}\"|[^\s\"]{1,40})$")


@dataclass(frozen=True)
class Subject:
    """What a document documents: a command (a man page) or a module (a reference page)."""

    name: str
    kind: Literal["command", "module"]


@dataclass(frozen=True)
class Entry:
    """A defined term and the first paragraph describing it."""

    term: str  # as written on its line
    names: tuple[str, ...]  # the spellings an answer may use, main first
    kind: TermKind
    description: str
    region: str  # the text from the term up to the next term: where its versions and defaults are stated
    params: tuple[str, ...] = ()  # a signature's parameter names
    glued: tuple[str, ...] = ()  # spellings that are a short option with its placeholder glued on ("-Tsubstvars-file")
    default: str | None = None  # a default written on the tag line ("; default=100"), as written


def classify_term(line: str) -> tuple[TermKind, tuple[str, ...], tuple[str, ...]] | None:
    """(kind, answer spellings, parameter names) of a term line, or None when it is not a term."""
    line = _DIRECTIVE_WORD.sub("", line.strip())
    if not line or len(line) > 80:
        return None
    # "-a, --all", "--warn-conflicts or --Wp", "-h --help": the spellings of one option.
    parts = [p.strip() for p in re.split(r",\s+|\s+or\s+|\s+(?=--?[A-Za-z])", line)]
    if line.startswith("-") and all(_OPTION.fullmatch(p) for p in parts):
        names = tuple(dict.fromkeys(_OPTION.fullmatch(p)[1] for p in parts))
        return ("option", names, ()) if all(len(n) >= 2 for n in names) and len(names) <= 3 else None
    m = _SIGNATURE.fullmatch(line)
    if m:
        name, prefix = m["name"], (m["prefix"] or "").strip()
        params = tuple(re.findall(r"(?<![\w.*])\**([a-z_]\w*)\s*(?==|,|\]|\)|$)", m["args"]))
        dotted = name.rsplit(".", 1)
        last = dotted[-1]
        if prefix and _C_TYPES.search(prefix + " "):
            kind: TermKind = "cfunction"
        elif last[:1].isupper() and "_" not in last:
            kind = "exception" if _EXCEPTION.fullmatch(name) else "class"
        else:
            kind = "method" if len(dotted) == 2 and dotted[0][:1].isupper() else "function"
        return kind, term_spellings(f"{name}()"), params
    if _EXCEPTION.fullmatch(line):
        return "exception", term_spellings(line), ()
    if _ENVVAR.fullmatch(line):
        # A man page's upper-case names are environment variables, a reference's are constants: see `Subject`.
        return "constant", tuple(dict.fromkeys((line.lstrip("$"), line))), ()
    if PATH.fullmatch(line):
        return "path", (line,), ()
    if _ATTRIBUTE.fullmatch(line):
        return "attribute", term_spellings(line), ()
    return None


def _glued_arguments(names: tuple[str, ...], description: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(spellings, glued ones): `-ffam` documented as "use fam as the default family" is the option `-f` with
    its argument glued on, while `-summary` beside `-s` is a single-dash long spelling of its own."""
    out, glued = [], []
    for name in names:
        m = re.fullmatch(r"(-[A-Za-z])([a-z]{2,}|[a-z]+(?:-[a-z]+)+|n)", name)  # "-ffam", "-Tsubstvars-file", "-wn"
        said = m and re.search(rf"(?<![\w-]){m[2]}(?![\w-])", description)
        # "-lchangelog-file", "-Vname", "-wn": a placeholder's own name glued on, whether or not the text repeats it.
        named = m and re.fullmatch(r"n|num|name|\w+-(?:file|dir|name|format)|file|dir", m[2])
        out += [m[1], name] if said or named else [name]
        glued += [name] if said or named else []
    return tuple(dict.fromkeys(out)), tuple(glued)


def typed_spellings(entry: Entry) -> list[str]:
    """An option's spellings a person types: "-T", not "-Tsubstvars-file", its placeholder glued on."""
    return [n for n in entry.names if n not in entry.glued]


def term_spellings(term: str) -> tuple[str, ...]:
    """The spellings an answer naming `term` may use: `os.getcwd()` as written, without the parentheses,
    or without its module; `tarpit.TrapError` with or without its module; anything else as written."""
    if term.endswith("()"):
        name = term[:-2]
        short = name.rsplit(".", 1)[-1]
        return tuple(dict.fromkeys((term, name, f"{short}()", short)))
    if "." in term and not term.startswith(("-", "/", "~", "$")):
        return tuple(dict.fromkeys((term, term.rsplit(".", 1)[-1])))
    return (term,)


def entries(text: str, subject: Subject | None = None, code_state: str | None = None) -> list[Entry]:
    """The definition entries of a chunk, in order (see the module docstring).

    A man page defines options and environment variables only; a reference page's upper-case
    names are constants, except Python's own PYTHON... variables. `code_state` is the code block
    the chunk begins inside (Chunk.code_state)."""
    lines = _outside_code(text.split("\n"), code_state)
    found: list[tuple[int, str, tuple, str]] = []
    for i, line in enumerate(lines):
        if line is None or not line.strip():
            continue
        same = _SAME_LINE.match(line.strip())
        term, rest = (same[1], same[2]) if same and line.strip().startswith("-") else (line.strip(), "")
        tag_default = _TAG_DEFAULT.match(term)
        term, default = (tag_default[1], tag_default[2]) if tag_default else (term, None)
        classified = classify_term(term)
        if classified is None:
            continue
        description = rest or _next_paragraph(lines, i)
        if not description or description.startswith("-") or classify_term(description.split("  ")[0]):
            continue
        kind, names, params = classified
        if kind == "option":
            names = _with_spellings_above(lines, i, names)
        above = lines[i - 1].strip() if i > 0 and lines[i - 1] is not None else ""
        if kind == "path" and above and classify_term(above) is not None and classify_term(above)[0] == "path":
            continue  # "~/.ssh/id_ecdsa.pub ⏎ ~/.ssh/id_rsa.pub ⏎ Contains the public key …": files sharing one description
        command = subject is not None and subject.kind == "command"
        section = _section(lines, i) if command else None
        if kind == "constant" and (names[0].startswith("PYTHON") or section in _ENVIRONMENT):
            kind = "envvar"
        elif kind == "constant" and section in _ERRORS and re.fullmatch(r"E[A-Z0-9]+", names[0]):
            kind = "error_code"
        elif kind in ("attribute", "class") and description.startswith("Raised "):
            kind = "exception"  # named like any class, but documented as what is raised
        elif command and kind not in ("option", "path"):
            continue
        glued: tuple[str, ...] = ()
        if kind == "option":
            names, glued = _glued_arguments(names, description)
            if _SELF_DESCRIBING_NAMES & set(names) or _SELF_DESCRIBING.match(description.strip()):
                continue
        found.append((i, term, (kind, names, params, glued, default), description))
    result = []
    for n, (i, term, (kind, names, params, glued, default), description) in enumerate(found):
        end = found[n + 1][0] if n + 1 < len(found) else len(lines)
        region = "\n".join(line or "" for line in lines[i:end])
        result.append(Entry(term, names, kind, description, region, params, glued, default))
    return result


def _with_spellings_above(lines: list[str | None], i: int, names: tuple[str, ...]) -> tuple[str, ...]:
    """An option's spellings with those on the lines just above it that say nothing of their own
    ("-D ⏎ --daemonize ⏎ --daemonize=grandchild ⏎ Run tracer ..."), less a negated form
    ("-mno-loongson-ext" under "-mloongson-ext": the description says what the option does)."""
    found = list(names)
    j = i - 1
    while j >= 0 and lines[j] is not None and lines[j].strip():
        above = classify_term(lines[j].strip())
        if above is None or above[0] != "option" or _SAME_LINE.match(lines[j].strip()):
            break
        found = list(above[1]) + found
        j -= 1
    found = list(dict.fromkeys(found))
    negated = {n for n in found for m in found if n != m and n.replace("no-", "", 1) == m}
    return tuple(n for n in found if n not in negated) or names


def _section(lines: list[str | None], i: int) -> str | None:
    """The man page section heading line i falls under (ENVIRONMENT, 错误 ...), as far as the chunk shows."""
    for line in reversed(lines[:i]):
        heading = (line or "").strip()
        if heading and heading == line and re.fullmatch(r"[A-Z][A-Z ]{3,30}|[\u4e00-\u9fff]{2,6}", heading):
            return heading
    return None


def _outside_code(lines: list[str], code_state: str | None = None) -> list[str | None]:
    """The lines with every code line (fences included) replaced by None, reading from `code_state`."""
    return [None if code else line for line, code in zip(lines, code_lines("\n".join(lines), code_state))]


def _next_paragraph(lines: list[str | None], i: int) -> str:
    """The paragraph after line i (one blank line may come between), joined; '' if code or nothing follows."""
    j = i + 1
    if j < len(lines) and lines[j] is not None and not lines[j].strip():
        j += 1
    if j >= len(lines) or lines[j] is None or not lines[j].strip():
        return ""
    indent = len(lines[j]) - len(lines[j].lstrip())
    own = len(lines[i] or "") - len((lines[i] or "").lstrip())
    if indent < own:
        return ""  # a man page's description is indented under its tag; this is the next tag
    paragraph = []
    while j < len(lines) and lines[j] is not None and lines[j].strip():
        if paragraph and len(lines[j]) - len(lines[j].lstrip()) < indent:
            break
        paragraph.append(lines[j].strip())
        j += 1
    joined = paragraph[0] if paragraph else ""
    for part in paragraph[1:]:
        glue = "" if re.search(r"[\u4e00-\u9fff，。]$", joined) and re.match(r"[\u4e00-\u9fff]", part) else " "
        joined += glue + part
    return joined


def stated_text(text: str) -> str:
    """The text without its term lines: a default written in a signature ("jitter=0.25") is not a second statement."""
    return "\n".join(line for line in text.split("\n") if classify_term(line) is None)


def kind_named(entry: Entry) -> str:
    """The kind a question calls an entry by: an attribute spelled as a type (pinia.StoreProperties,
    _GettersTree: a capital and another inside) is an interface or alias a module exports, not a property."""
    last = entry.names[0].removesuffix("()").rsplit(".", 1)[-1]
    if entry.kind == "attribute" and re.fullmatch(r"_?[A-Z][a-z0-9]+[A-Z]\w*", last):
        return "type"
    return entry.kind


def occurrences(text: str, spelling: str) -> int:
    """How often `spelling` occurs in `text` as a whole token (not inside a longer name or option)."""
    return len(re.findall(rf"(?<![\w.-]){re.escape(spelling)}(?![\w-]|\.\w)", text))
