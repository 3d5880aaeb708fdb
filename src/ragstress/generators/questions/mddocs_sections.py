"""What a section of a guide lists, read from its heading: environment variables, methods, hooks, properties.

Docs list their environment variables under a heading of their own ("Environment Variables", "List of
Environment Variables", "环境变量列表"), each name a heading with a sentence below it:

    List of Environment Variables

    BREW_HOME

    Specifies the folder the kettle keeps its recipes in. The default is `~/.kettle`.

An upper-case name there is an environment variable, not a constant or a type, and is asked as one
("Which Kettle environment variable specifies the folder the kettle keeps its recipes in?"). The section
heading stands in one chunk while most of its entries stand in later ones, so the names are collected over
each whole document, in order.

A section heading may also qualify its kind noun ("Extended Methods", "Lifecycle Hooks", "扩展方法"):
`section_kind` reads the noun at its end.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions.mddocs_fields import HOW_TO_ZH, KIND_NOUNS, KIND_NOUNS_ZH

ENVVAR = "environment variable"

# "Environment Variables", "List of Environment Variables", "Supported environment variables", "环境变量列表".
_ENVVAR_SECTION = re.compile(
    r"^(?:[A-Za-z-]+ ){0,3}environment variables$|^[\u4e00-\u9fff]{0,4}环境变量(?:列表|一览)?$", re.I
)
# An environment variable's name: upper case, digits and underscores ("PORT", "BABEL_CACHE").
_UPPER_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")

# The kinds a qualified section heading may list ("Extended Methods"), by the plural kind nouns the field-list
# reader knows; a Chinese option section (构建选项) is left to that reader, whose entries carry a type or default.
_LISTED = frozenset({"method", "hook", "property", "function", "option", "event"})
_SECTION_NOUNS = {noun: kind for noun, kind in KIND_NOUNS.items() if noun.endswith("s") and kind in _LISTED}
_SECTION_NOUNS_ZH = {noun: kind for noun, kind in KIND_NOUNS_ZH.items() if kind in _LISTED - {"option"}}
_SECTION_ZH = re.compile(rf"[\u4e00-\u9fff]{{0,4}}?({'|'.join(_SECTION_NOUNS_ZH)})")


def is_envvar_section(line: str) -> bool:
    """Whether a heading line opens a list of environment variables."""
    return bool(_ENVVAR_SECTION.match(line.strip()))


def is_envvar_name(name: str) -> bool:
    """An upper-case name of three characters or more, as environment variables are written."""
    return len(name) >= 3 and bool(_UPPER_NAME.fullmatch(name))


def section_kind(line: str) -> str | None:
    """The kind a qualified section heading lists ("Extended Methods" -> method, "扩展方法" -> method), or None.

    The kind noun must be a word of its own at the end: "cssMinifierOptions" is a name, not a section."""
    line = line.strip()
    if is_envvar_section(line):
        return ENVVAR
    words = line.split()
    if 1 <= len(words) <= 4 and all(re.fullmatch(r"[A-Z][A-Za-z-]*|[a-z-]+", w) for w in words):
        return _SECTION_NOUNS.get(words[-1].lower())
    m = _SECTION_ZH.fullmatch(line)
    return _SECTION_NOUNS_ZH[m[1]] if m and not HOW_TO_ZH.search(line) else None


def envvar_names(chunks: list[Chunk]) -> dict[str, str]:
    """The upper-case names a corpus documents under an environment-variable section, each as ENVVAR."""
    return {name: kind for name, kind in section_names(chunks).items() if kind == ENVVAR}


def section_names(chunks: list[Chunk]) -> dict[str, str]:
    """The code names a corpus documents as headings under a section naming their kind: name -> kind.

    Each document is read in order, so a section heading in one chunk covers the entries of the chunks after
    it. A heading that is no name of the section's kind ends the section ("API" after the variables, with
    headings of its own below it), so a type documented after a list is not taken for one of its items."""
    found: dict[str, str] = {}
    docs: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        docs.setdefault(chunk.doc_id, []).append(chunk)
    for parts in docs.values():
        kind: str | None = None
        for chunk in sorted(parts, key=lambda c: c.start):
            lines = chunk.text.split("\n")
            for i, (line, code) in enumerate(zip(lines, code_lines(chunk.text, chunk.code_state))):
                alone = (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())
                text = line.strip()
                if code or not alone or not text or re.search(r"[.。:：,，;；!?！？]$", text):
                    continue
                if section_kind(text):
                    kind = section_kind(text)
                elif kind and _of_kind(text, kind):
                    below = _described_below(lines, i)
                    if below:
                        found[text] = kind
                    elif below is False:
                        kind = None  # "API" opening the next part, its own headings below it
                elif kind and _heading_like(text):
                    kind = None
    return found


def _of_kind(name: str, kind: str) -> bool:
    """A heading that can be an item of the section: an upper-case name for variables, a code name else."""
    if kind == ENVVAR:
        return is_envvar_name(name)
    return bool(re.fullmatch(r"\$?[a-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?", name)) and bool(
        re.search(r"[a-z][A-Z]|[_$.]|\(\)", name)
    )


def _described_below(lines: list[str], i: int) -> bool | None:
    """Whether the next non-blank line after a name is prose (a sentence saying what it is), not a heading;
    None when the chunk ends first (the next chunk, which overlaps it, tells)."""
    rest = [line.strip() for line in lines[i + 1 :] if line.strip()]
    if not rest:
        return None
    return bool(re.search(r"[.。:：!！]$", rest[0])) or not _heading_like(rest[0])


def _heading_like(text: str) -> bool:
    """A short line standing alone that is not a sentence: a heading that may end the section."""
    if re.match(r"[\u4e00-\u9fff]", text):
        return len(text) <= 12 and not re.search(r"[，。、]", text)
    return len(text.split()) <= 6 and "." not in text and text[:1].isupper()
