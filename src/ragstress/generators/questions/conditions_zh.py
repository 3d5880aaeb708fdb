"""How a Chinese clause says when, not what: the condition words every Chinese docs reader shares.

A reference entry's first clause, a sentence's clause before the one holding a code name, and a
definition's description are each told apart from a statement of what the thing is or does by
the same marks:

| the mark | an example | what it says |
|---|---|---|
| a conjunction of condition at the start | 如果壶是空的、若未指定、一旦开始、除非关闭 | under which case |
| 当 at the start (not 当前, "current") | 当水烧开时 | at which time |
| a frame of place or topic at the start | 在插件中、对于大文件 | where, or about what |
| a time word at the end | ……时、……后、……之前、……的时候、……的话 | when, the clause after says what |

Defined once here so that every reader of Chinese entries and sentences agrees on them.
"""

from __future__ import annotations

import re

# A conjunction of condition, or 当 of time (当前 is "current", no condition).
_CONDITION_WORDS = r"如果|若|假如|倘若|一旦|除非|当(?!前)"
# "在……中", "对于……": a place or topic framing the clause.
_FRAME_WORDS = r"在|对于"

# A clause that opens on a condition: it says under which case, not what something is or does.
OPENS_CONDITION = re.compile(rf"^(?:{_CONDITION_WORDS})")
# A clause that opens on a condition or a frame of place or topic.
OPENS_SETTING = re.compile(rf"^(?:{_CONDITION_WORDS}|{_FRAME_WORDS})")
# A clause closed by a time word: the clause after it completes it.
CLOSES_SETTING = re.compile(r"(?:时|后|前|之前|之后|的时候|的话)$")


def is_setting(clause: str) -> bool:
    """Whether a clause sets a time, condition or frame for the next one rather than stating a fact."""
    clause = clause.strip()
    return bool(OPENS_SETTING.match(clause) or CLOSES_SETTING.search(clause))
