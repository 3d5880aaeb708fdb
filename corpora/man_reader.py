"""man pages (roff sources `.1`–`.9`, gzipped or not): the page as `man` shows it, section by section.

Rendered by groff (`-man`, UTF-8 in and out, no hyphenation, no bold or underline) when it is
installed, else by mandoc; the page's running header and footer are dropped and the common
indentation removed, so section names (NAME, SYNOPSIS, 名称, 描述) stand as heading lines.
Without either program, `man_macros_to_text` reads the man macros in use itself: .TH (title),
.SH/.SS (headings), .PP/.LP/.P/.sp/.br (breaks), .TP/.IP/.HP (tagged paragraphs), the font
macros (.B .I .BR .IR .RB .RI .BI .IB .SM .SB), .nf/.fi and .EX/.EE (fenced code), with font
and special-character escapes removed and any other request dropped. Both languages: the
Chinese pages of manpages-zh read the same way.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from pathlib import Path

from ragstress.corpora.structured import fenced, inline, join_blocks

MAN_SUFFIX = re.compile(r"\.[1-9][a-z]*(?:\.gz)?$", re.IGNORECASE)
_MACRO_LINE = re.compile(r"^\.(?:TH|SH|Dd|Dt|Sh)\b", re.MULTILINE)
_RUNNING_HEAD = re.compile(r"^\S+\(\w+\)\s.*\S+\(\w+\)\s*$")
_RENDER_SECONDS = 30


def is_man_page(name: str) -> bool:
    return bool(MAN_SUFFIX.search(name))


def man_source(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.name.lower().endswith(".gz") else data


def looks_like_roff(text: str) -> bool:
    return bool(_MACRO_LINE.search(text))


def man_title(source: str, fallback: str) -> str:
    """`name(section)` from .TH (or mdoc's .Dt), else the file's name."""
    match = re.search(r'^\.(?:TH|Dt)\s+"?([^\s"]+)"?\s+"?([^\s"]+)"?', source, re.MULTILINE)
    return f"{match[1].lower() if match[1].isupper() else match[1]}({match[2]})" if match else fallback


def render_man(source: str) -> str | None:
    """The page as groff (else mandoc) renders it, or None when neither is installed or both fail."""
    commands = []
    if shutil.which("groff"):
        commands.append(["groff", "-k", "-t", "-man", "-Tutf8", "-rHY=0", "-dAD=l", "-rLL=200n", "-P-cbou"])
    if shutil.which("mandoc"):
        commands.append(["mandoc", "-T", "utf8", "-O", "width=200"])
    for command in commands:
        try:
            done = subprocess.run(
                command, input=source.encode("utf-8"), capture_output=True, timeout=_RENDER_SECONDS, check=False
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        text = done.stdout.decode("utf-8", errors="replace")
        if done.returncode == 0 and text.strip():
            return _tidy(re.sub(r".\x08", "", text))
    return None


def _tidy(rendered: str) -> str:
    """Running header and footer dropped, the body's indentation removed, headings apart."""
    lines = [line.rstrip() for line in rendered.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if lines and _RUNNING_HEAD.match(lines[0]):
        lines.pop(0)
    if lines and _RUNNING_HEAD.match(lines[-1]) or lines and re.match(r"^\S.*\s{3,}\S.*\s{3,}\S+\(\w+\)$", lines[-1]):
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
