"""Questions that more than one entry of a reference answers.

A reference documents parallel settings under parallel paths: `redirect.js.path`, `redirect.style.path` and
`redirect.asset.path` do one thing each for a different kind of file, and their docs share the wording ("when
false, the import path is kept unchanged"). A question worded from one of them ("Which option of redirect do you
set to false so that the import path stays unchanged?") is answered by every sibling alike unless it names what
tells its entry apart, the path's part the siblings differ in ("js", "style"). Such a question is asked only when
it names that part.

Likewise a question whose whole predicate is a default state ("Which property is enabled by default for UMD?",
"哪个选项默认开启？") asks for one of the many settings a page turns on or off by default: no one name answers it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ragstress.core.types import Chunk

# A heading line that is a dotted code path alone: "redirect.js.path", "### output.target".
_PATH_HEADING = re.compile(r"^[ \t]*#*[ \t]*([A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*){2,})[ \t]*$", re.MULTILINE)

# "Which property is enabled by default (for UMD) (in Kettle)?": a default state, and at most a condition.
_DEFAULT_STATE_EN = re.compile(
    r"^(?:which|what) [\w.]+(?: of [\w.]+)? (?:is|are) (?:(?:turned|switched) )?(?:enabled|disabled|on|off|true|false)"
    r" by default(?: (?:for|in|when|with|on|under) [^,?]+)?\?$",
    re.IGNORECASE,
)
_DEFAULT_STATE_ZH = re.compile(
    r"哪(?:个|些)[^，？]{0,6}?(?:是)?默认(?:(?:会)?(?:启用|开启|打开|禁用|关闭)|(?:值)?为 ?(?:true|false))(?:的)?[？?]$"
)


def documented_paths(chunks: Iterable[Chunk]) -> frozenset[str]:
    """The dotted paths of three parts or more that a corpus heads an entry with."""
    return frozenset(m.group(1) for chunk in chunks for m in _PATH_HEADING.finditer(chunk.text))


def _siblings(path: str, documented: frozenset[str]) -> list[tuple[str, int]]:
    """The documented paths that differ from `path` in one part other than the last, with that part's index."""
    parts = path.split(".")
    found = []
    for other in documented:
        theirs = other.split(".")
        if len(theirs) != len(parts) or other == path or theirs[-1] != parts[-1]:
            continue
        differ = [n for n, (a, b) in enumerate(zip(parts, theirs)) if a != b]
        if len(differ) == 1:
            found.append((other, differ[0]))
    return found


def _says(question: str, word: str) -> bool:
    return re.search(rf"(?<![\w$]){re.escape(word)}(?![\w$])", question, re.IGNORECASE) is not None


def blurs_siblings(question: str, answers: list[str], documented: frozenset[str]) -> bool:
    """Does the question leave out what tells its answer from a sibling entry's (see the module's docstring)?"""
    for answer in answers:
        parts = answer.split(".")
        for _, part in _siblings(answer, documented):
            if not _says(question, parts[part]):
                return True
    return False


def asks_default_state(question: str) -> bool:
    """Is the question's whole predicate a default on/off state that many settings share?"""
    return bool(_DEFAULT_STATE_EN.match(question.strip()) or _DEFAULT_STATE_ZH.search(question.strip()))
