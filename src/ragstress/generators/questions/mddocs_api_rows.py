"""Questions on the rows of a component's Events, Methods and CSS Variables tables, in English and Chinese.

Each kind of row states one fact a user looks up, and is asked by it with its component named:

| row | English | Chinese |
|---|---|---|
| event "Emitted when the value is reset" | Which event does the Stepper component emit when the value is reset? | Stepper 组件在数值重置时触发哪个事件？ |
| method "Reset the value" | Which method of the Stepper component resets the value? | 调用 Stepper 组件的哪个方法可以重置数值？ |
| CSS variable `--x-stepper-height`, default 28px | What is the default value of the --x-stepper-height CSS variable of the Stepper component? | Stepper 组件的样式变量 --x-stepper-height 的默认值是什么？ |

A description that points elsewhere ("it", 其, 该) or whose clause is too short to tell rows apart is not
asked; a CSS variable whose default is another variable (`var(--x-gray)`) says nothing a user would look up.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.mddocs_components import CSS_FUNCTIONS
from ragstress.generators.questions.mddocs_table_subjects import spaced
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question
from ragstress.generators.questions.techdoc_parse import conjugate, opening

# "Emitted when …", "Triggered after …": an event row's description says when the event fires.
_EMITTED_EN = re.compile(
    r"^(?:Emitted|Triggered|Fired|Dispatched|Raised)\s+(when|after|before|while|once)\s+(.+)$", re.I
)
_EMITTED_ZH = re.compile(r"^(.{3,30}?)(时|后|之后)触发$")
_CLAUSE_EN = re.compile(r"[,;:.(]|\s[-—]\s")
_CLAUSE_ZH = re.compile(r"[，；。：（,;(]")
_NOT_VALUES = frozenset({"inherit", "initial", "none", "unset"})
_LITERAL = re.compile(r"-?\d*\.?\d+(?:px|em|rem|%|vh|vw|s|ms)?|#[0-9a-fA-F]{3,8}|[a-z]+(?:-[a-z]+)*")


def spelled_out(name: str, said: str) -> bool:
    """Does the description spell the name ("focus" when "input is focused", setAreaCode for "sets area code")?
    Such an answer is guessed from the question. Words are compared by their first four letters."""
    parts = [p.lower() for p in re.split(r"[-_:.]+|(?<=[a-z])(?=[A-Z])", name) if p]
    stems = {w[:4] for w in re.findall(r"[a-z]+", said.lower())}
    return bool(parts) and all(p[:4] in stems or p in ("update", "v", "model", "value") for p in parts)


def event_question(name: str, description: str, subject: str, zh: bool) -> Question | None:
    """Which event the component emits at the moment its row's description names."""
    if zh:
        first = _CLAUSE_ZH.split(description.strip(), maxsplit=1)[0].strip()
        m = _EMITTED_ZH.match(first)
        if not m or POINTS_OUT_ZH.search(first):
            return None
        question = spaced(subject, f"在{m[1]}{m[2]}触发哪个事件？")
    else:
        m = _EMITTED_EN.match(_CLAUSE_EN.split(description.strip(), maxsplit=1)[0].strip())
        if not m or POINTS_OUT.search(m[2]) or len(m[2].split()) < 2 or spelled_out(name, m[2]):
            return None
        question = f"Which event does {subject} emit {m[1].lower()} {m[2]}?"
    # What two questions share to be duplicates is what they ask, not the template's words around it.
    return question, [name], "event", "doc_identifier", f"event: {m[1] if zh else m[2]}"


def method_question(name: str, description: str, subject: str, zh: bool) -> Question | None:
    """Which of the component's methods does what its row's description says, when that opens with a verb."""
    if zh:
        first = _CLAUSE_ZH.split(description.strip(), maxsplit=1)[0].strip()
        words = tagged(first)
        if not 4 <= len(first) <= 24 or not words or not words[0][1].startswith("v") or POINTS_OUT_ZH.search(first):
            return None
        question = spaced("调用", subject, f"的哪个方法可以{first}？")
    else:
        first = _CLAUSE_EN.split(description.strip(), maxsplit=1)[0].strip()
        words = first.split()
        if not 2 <= len(words) <= 12 or POINTS_OUT.search(first) or spelled_out(name, first):
            return None
        opened = opening(first, set())
        if opened is None or opened[0] != "verb":
            return None
        # "Show a dialog with confirm and cancel buttons": a later verb agrees only where it opens a task ("and
        # closes the popup"), not where the parse took a modifier of a noun for one.
        verbs = [i for i in opened[1] if i == 0 or i + 1 == len(words) or words[i + 1] in ("the", "a", "an")]
        said = [conjugate(w) if i in verbs else w for i, w in enumerate(words)]
        said[0] = said[0].lower()
        question = f"Which method of {subject} {' '.join(said)}?"
    return question, [name, f"{name}()"], "method", "doc_identifier", f"method: {first}"


def css_variable_question(name: str, default: str, subject: str, zh: bool) -> Question | None:
    """The default of a component's CSS variable, when it is a value of its own (28px, #fff, bold)."""
    value = default.strip().strip("_`*")
    if not name.startswith("--") or not _LITERAL.fullmatch(value) or value in _NOT_VALUES | CSS_FUNCTIONS:
        return None
    if zh:
        question = f"{spaced(subject, '的样式变量')} {name} 的默认值是什么？"
    else:
        question = f"What is the default value of the {name} CSS variable of {subject}?"
    return question, [value], "default", "default_value", f"{name}: {value}"
