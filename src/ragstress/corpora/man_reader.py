"""man pages (roff sources `.1`–`.9`, gzipped or not): the page as `man` shows it, section by section.

Rendered by groff (`-man`, UTF-8 in and out, no hyphenation, no justification, no bold or underline)
when it is installed, else by mandoc, in a sandbox (see `ragstress.corpora.roff_render`); the page's
running header and footer are dropped and the common indentation removed, so section names (NAME,
SYNOPSIS, 名称, 描述) stand as heading lines. A page reads no file but its own and the ones its `.so`
lines name inside the corpus folder (a man hierarchy's `.so man1/other.1` resolves from the folder
above `man1/`); a `.so` of anything else (outside the folder, hidden, missing) skips the page with
the reason. Chinese lines joined in the source join in the text without a space, as a reader of
Chinese expects; a space the source has between two Chinese words stays.
Without groff or mandoc, `man_macros_to_text` reads the man macros in use itself: .TH (title),
.SH/.SS (headings), .PP/.LP/.P/.sp/.br (breaks), .TP/.IP/.HP (tagged paragraphs), the font
macros (.B .I .BR .IR .RB .RI .BI .IB .SM .SB), .nf/.fi and .EX/.EE (fenced code), with font
and special-character escapes removed and any other request dropped. Both languages: the
Chinese pages of manpages-zh read the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

from ragstress.corpora.formats import FormatError, ParsedFile
from ragstress.corpora.limits import ReadScope, gunzip_bounded, inside, over_limit
from ragstress.corpora.roff_render import render_roff
from ragstress.corpora.structured import fenced, inline, join_blocks
from ragstress.corpora.textdecode import UndecodableText, decode_text, normalise_newlines

MAN_SUFFIX = re.compile(r"\.[1-9][a-z]*(?:\.gz)?$", re.IGNORECASE)
_MACRO_LINE = re.compile(r"^\.(?:TH|SH|Dd|Dt|Sh)\b", re.MULTILINE)
_MDOC = re.compile(r"^\.Dd\b", re.MULTILINE)
_RUNNING_HEAD = re.compile(r"^\S+\(\w+\)\s.*\S+\(\w+\)\s*$")
# The footer: source, date and name(section) apart, or name(section) alone far to the right.
_RUNNING_FOOT = re.compile(r"^(?:\S.*\s{3,}\S.*\s{3,}| {100,}.*)\S+\(\w+\)$")
_SO = re.compile(r"^[.'][ \t]*(?:do[ \t]+)?so[ \t]+(.*?)[ \t]*$", re.MULTILINE)
_MSO = re.compile(r"^[.'][ \t]*(?:do[ \t]+)?mso[ \t]+(\S+)", re.MULTILINE)
_MAX_INCLUDE_DEPTH = 8
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_ENDS_CJK = re.compile(rf"[{_CJK}](?:\\f(?:\[[^\]]*\]|\(..|.)|\\&)*$")
_STARTS_CJK = re.compile(rf"^(?:\\f(?:\[[^\]]*\]|\(..|.)|\\&)*[{_CJK}]")


def is_man_page(name: str) -> bool:
    return bool(MAN_SUFFIX.search(name))


def man_source(path: Path, max_bytes: int | None = None) -> bytes:
    """The page's bytes, gunzipped (never past `max_bytes`) when its name ends in .gz."""
    data = path.read_bytes()
    return gunzip_bounded(data, max_bytes, "gzipped man page") if path.name.lower().endswith(".gz") else data


def looks_like_roff(text: str) -> bool:
    return bool(_MACRO_LINE.search(text))


def man_title(source: str, fallback: str) -> str:
    """`name(section)` from .TH (or mdoc's .Dt), else the file's name."""
    match = re.search(r'^\.(?:TH|Dt)\s+"?([^\s"]+)"?\s+"?([^\s"]+)"?', source, re.MULTILINE)
    return f"{match[1].lower() if match[1].isupper() else match[1]}({match[2]})" if match else fallback


def read_man_page(path: Path, scope: ReadScope) -> ParsedFile:
    """A man page (roff, gzipped or not), rendered; a file named like one that holds no roff is read as text."""
    source = _decoded(path, scope.max_bytes)
    if not source.strip():
        raise FormatError("empty file")
    source = inline_includes(source, path, scope)
    if not looks_like_roff(source):
        return ParsedFile(title="", text=normalise_newlines(source))
    text = render_man(source, scope)
    if text is None:
        marker = _marker(source)
        text = _unmark(man_macros_to_text(_mark_cjk_joins(source, marker)), marker)
    if not text.strip():
        raise FormatError("no text in man page")
    return ParsedFile(title=man_title(source, path.name), text=normalise_newlines(text))


def _decoded(path: Path, max_bytes: int | None) -> str:
    try:
        return decode_text(man_source(path, max_bytes))
    except FormatError:
        raise
    except (OSError, EOFError, UndecodableText, ValueError) as exc:
        raise FormatError(f"unreadable man page: {exc}") from exc


def inline_includes(source: str, page: Path, scope: ReadScope) -> str:
    """`source` with each `.so FILE` line replaced by FILE's text, FILE read only inside the corpus.

    FILE is looked up from the man hierarchy's root (the folder above `man1/`), the page's folder,
    then the corpus folder, with or without `.gz`. FormatError when FILE is not a visible file inside
    the corpus folder, includes nest deeper than 8, or the whole passes the per-document limit.
    """
    budget = [scope.max_bytes]

    def expand(text: str, at: Path, depth: int) -> str:
        def replace(match: re.Match) -> str:
            target = match[1].split('\\"')[0].strip()
            if depth >= _MAX_INCLUDE_DEPTH:
                raise FormatError(f".so {target}: includes nested deeper than {_MAX_INCLUDE_DEPTH} (a loop?)")
            found = _include(target, at, scope.root)
            if found is None:
                raise FormatError(f".so {target}: not a file inside the corpus folder (only those are read)")
            included = _decoded(found, budget[0])
            if budget[0] is not None:
                budget[0] -= len(included.encode("utf-8"))
                if budget[0] < 0:
                    raise over_limit("the page with its .so includes", scope.max_bytes or 0)
            return expand(included, found, depth + 1).rstrip("\n")

        return _SO.sub(replace, text)

    return expand(source, page, 0)


def _include(target: str, page: Path, root: Path | None) -> Path | None:
    if not target:
        return None
    bases = [page.parent.parent, page.parent] + ([root] if root is not None and root.is_dir() else [])
    for base in dict.fromkeys(bases):
        for name in (target, target + ".gz"):
            found = inside(root, base / name)
            if found is not None:
                return found
    return None


def render_man(source: str, scope: ReadScope = ReadScope()) -> str | None:
    """The page as groff (else mandoc) renders it, tidied, or None when neither is installed or both fail.

    FormatError when rendering runs past `scope.render_seconds` or its output past `scope.max_bytes`.
    """
    marker = _marker(source)
    rendered = render_roff(
        _mark_cjk_joins(source, marker),  # groff reads the mark as \\[uE000]: a glyph it passes through
        mdoc=bool(_MDOC.search(source)),
        packages=tuple(dict.fromkeys(_MSO.findall(source))),
        seconds=scope.render_seconds,
        max_bytes=scope.max_bytes,
    )
    return _tidy(_unmark(rendered, marker)) if rendered is not None else None


def _marker(source: str) -> str:
    """A private-use character the page does not hold, to mark where two Chinese lines join."""
    return next(chr(code) for code in range(0xE000, 0xF8FF) if chr(code) not in source)


def _mark_cjk_joins(source: str, marker: str) -> str:
    """Text lines ending in a CJK character whose next text line starts with one, marked at the end.

    roff turns the line break into a space; the mark lets `_unmark` take that one space out again,
    and only that one (a tag set off by several spaces, or a line break, is left as it is). Lines
    of no-fill blocks and tables are left alone.
    """
    lines = source.split("\n")
    literal = False
    for i, line in enumerate(lines[:-1]):
        request = re.match(r"[.'][ \t]*(\w+)", line)
        if request:
            if request[1] in ("nf", "EX", "TS"):
                literal = True
            elif request[1] in ("fi", "EE", "TE"):
                literal = False
            continue
        following = lines[i + 1]
        if not literal and _ENDS_CJK.search(line) and not following.startswith((".", "'")):
            if _STARTS_CJK.search(following):
                lines[i] = line + marker
    return "\n".join(lines)


def _unmark(text: str, marker: str) -> str:
    return re.sub(f"{marker}(?: (?=\\S))?", "", text)


def _tidy(rendered: str) -> str:
    """Running header and footer dropped, the body's indentation removed, headings apart."""
    lines = [line.rstrip() for line in rendered.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if lines and _RUNNING_HEAD.match(lines[0]):
        lines.pop(0)
    if lines and (_RUNNING_HEAD.match(lines[-1]) or _RUNNING_FOOT.match(lines[-1])):
        lines.pop()
    body = [line for line in lines if line.startswith(" ")]
    indent = min((len(line) - len(line.lstrip()) for line in body if line.strip()), default=0)
    out = [line[indent:] if line.startswith(" " * indent) else line for line in lines]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


_ESCAPES = {
    "(em": "—",
    "(en": "–",
    "(aq": "'",
    "(dq": '"',
    "(lq": "“",
    "(rq": "”",
    "(oq": "‘",
    "(cq": "’",
    "(bu": "•",
    "(co": "©",
    "(rg": "®",
    "(tm": "™",
    "(mu": "×",
    "(de": "°",
    "(hy": "-",
    "(ti": "~",
    "(ha": "^",
    "(ga": "`",
    "(rs": "\\",
    "(lh": "☜",
    "(rh": "☞",
}
_ESCAPE = re.compile(
    r"\\(\([a-z]{2}|\[[^\]]*\]|f(?:\(..|\[[^\]]*\]|.)|s[+-]?\d|\*(?:\(..|\[[^\]]*\]|.)|[-e&|^ .'`\"%c0~]|n(?:\(..|.))"
)


def _unescape(text: str) -> str:
    def replace(match: re.Match) -> str:
        code = match[1]
        if code in _ESCAPES:
            return _ESCAPES[code]
        if code.startswith("[") and code[1:-1] in {k[1:] for k in _ESCAPES}:
            return _ESCAPES["(" + code[1:-1]]
        return {"-": "-", "e": "\\", " ": " ", "~": " ", "0": " ", ".": ".", "'": "'", "`": "`"}.get(code, "")

    return _ESCAPE.sub(replace, text)


def _arguments(rest: str) -> list[str]:
    return [a[1:-1] if a.startswith('"') else a for a in re.findall(r'"[^"]*"|\S+', rest)]


def man_macros_to_text(source: str) -> str:
    """The man macros' text (see the module docstring), for machines without groff or mandoc."""
    blocks, paragraph, code, in_code = [], [], [], False

    def flush() -> None:
        if paragraph:
            blocks.append(inline(_unescape(" ".join(paragraph))))
            paragraph.clear()

    for line in source.replace("\r\n", "\n").split("\n"):
        if line.startswith(('.\\"', "'\\\"", '.\\"')) or line.strip() == ".":
            continue
        macro, _, rest = line[1:].partition(" ") if line.startswith((".", "'")) else ("", "", line)
        if in_code:
            if macro in ("fi", "EE"):
                blocks.append(fenced("\n".join(code)))
                code, in_code = [], False
            elif not macro:
                code.append(_unescape(line))
            continue
        args = _arguments(rest)
        if macro in ("SH", "SS"):
            flush()
            blocks.append(inline(_unescape(" ".join(args))))
        elif macro in ("PP", "LP", "P", "sp", "br", "TP", "HP", "RS", "RE"):
            flush()
        elif macro == "IP":
            flush()
            if args:
                paragraph.append(args[0])
        elif macro in ("nf", "EX"):
            flush()
            in_code = True
        elif macro in ("B", "I", "SM", "SB"):
            paragraph.append(" ".join(args))
        elif macro in ("BR", "IR", "RB", "RI", "BI", "IB"):
            paragraph.append("".join(args))
        elif not macro:
            paragraph.append(line)
    flush()
    if code:
        blocks.append(fenced("\n".join(code)))
    return join_blocks(blocks)
