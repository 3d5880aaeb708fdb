"""A component library's pages: whose page it is, and what kind of entry each API section's table lists.

A component page is titled by its component ("# Stepper", "# Stepper 步进器") and documents it in
sections named by a kind word: "Props", "Events", "Slots", "Methods", "CSS Variables" (属性, 事件,
插槽, 方法, 样式变量). The title is the subject of every table row on the page ("Which event does the
Stepper component emit when …?"); the section headings are never subjects, only the kind of their rows.

A one-word title names a component only when the page uses it as one: written in the page's code
(`import { Stepper } from …`, `app.use(Stepper)`) or called a component in its prose ("Stepper
component", "Stepper 组件"). "Variables" or "Theming" is a page's topic, not a thing to ask about.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ragstress.core.types import Chunk
from ragstress.generators.questions.reference_pages import is_generic_subject

# "Stepper", "ActionSheet", "Stepper 步进器": a capitalised code name, with its Chinese name after it.
# An acronym ("CLI", "API") names a tool or a topic, not a component.
_TITLE = re.compile(r"([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:\s+[\u4e00-\u9fff][\u4e00-\u9fff\s]*)?")
_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|$)", re.S)

# The kind of the rows a section heading lists, as English and Chinese questions call them.
_SECTION_KINDS = {
    "props": ("prop", "属性"),
    "attributes": ("prop", "属性"),
    "属性": ("prop", "属性"),
    "events": ("event", "事件"),
    "事件": ("event", "事件"),
    "slots": ("slot", "插槽"),
    "插槽": ("slot", "插槽"),
    "methods": ("method", "方法"),
    "方法": ("method", "方法"),
    "instance methods": ("method", "方法"),
    "实例方法": ("method", "方法"),
    "css variables": ("CSS variable", "样式变量"),
    "样式变量": ("CSS variable", "样式变量"),
}
# "Props (Stepper)", "Events 事件", "StepperProps": the kind word opens or ends the heading.
_SUFFIXED = re.compile(r"^(?:[A-Z]\w*?)?(Props|Events|Slots|Methods)$")


def component_title(title: str, doc_chunks: list[Chunk]) -> str:
    """The component a page's title names ("Stepper" of "Stepper 步进器"), or "" when the title names none."""
    m = _TITLE.fullmatch(title.strip())
    if not m or is_generic_subject(m[1]) or m[1].lower() in _SECTION_KINDS:
        return ""
    name = m[1]
    text = "\n".join(c.text for c in sorted(doc_chunks, key=lambda c: c.start))
    code = "\n".join(_FENCE.findall(text))
    # Used as code, not written in a string or a comment ("'Request failed'"): imported, registered or a tag.
    used = rf"import\s*(?:type\s*)?\{{[^}}]*\b{name}\b|\.use\(\s*{name}\s*\)|<{name}[\s/>]|\bcomponents:\s*\{{[^}}]*\b{name}\b"
    in_code = re.search(used, code) is not None
    # "a React component library", "Svelte components", "Svelte 组件库": things written with a framework, not
    # one component the page is named for; a page that builds such libraries calls no component by that name.
    library = re.search(rf"(?<![\w-]){name} ?(?:component\s+librar|组件库)", text) is not None
    called = not library and re.search(rf"(?<![\w-]){name} ?(?:component(?!s)|组件)", text) is not None
    return name if in_code or called else ""


def component_subject(name: str, doc_chunks: list[Chunk]) -> tuple[str, str]:
    """("the Stepper component", "Stepper 组件") when the page calls it a component, else the name alone."""
    text = "\n".join(c.text for c in doc_chunks)
    # A page that calls anything a component ("Register component globally") is a component library's.
    english = f"the {name} component" if re.search(r"\bcomponents?\b", text, re.I) or _zh(text) else name
    chinese = f"{name} 组件" if "组件" in text or not _zh(text) else name
    return english, chinese


def _zh(text: str) -> bool:
    return len(re.findall(r"[\u4e00-\u9fff]", text)) >= 20


def section_kind(headings: tuple[list[int], list[str]], at: int) -> tuple[str, str] | None:
    """(English, Chinese) kind of the rows under the nearest heading above offset `at` ("Events" → ("event",
    "事件")), or None when that heading names no API section."""
    offsets, texts = headings
    above = bisect_right(offsets, at) - 1
    if above < 0:
        return None
    heading = re.sub(r"\s*[(（][^()（）]*[)）]$", "", texts[above]).strip()
    kind = _SECTION_KINDS.get(heading.lower())
    if kind is None:
        m = _SUFFIXED.match(heading)
        kind = _SECTION_KINDS.get(m[1].lower()) if m else None
    return kind


def is_release_note(text: str) -> bool:
    """A line that cites an issue or pull request ("fix scrolling #11897", "(#204)") is a changelog entry, not
    what an API does."""
    return re.search(r"(?<![\w&])#\d{2,}\b|/(?:issues|pull)/\d+", text) is not None


# Defaults a user guesses without the docs: a flag's true or false, nothing, an empty value.
_GUESSED = frozenset("true false null undefined none nil '' \"\" [] {} () 0 0px default auto".split())


# A value's function name left alone where its arguments were cut ("rgba" of rgba(0, 0, 0, 0.1)) is no value.
CSS_FUNCTIONS = frozenset("rgb rgba hsl hsla var calc min max clamp linear-gradient radial-gradient url".split())


def telling_default(name: str, value: str) -> bool:
    """Is a row's default worth asking for: not a guess ("false", "[]", "default"), nor a value its name
    spells ("Cancel" for cancel-text)?"""
    bare = value.strip().strip("`_*").strip("'\"").lower()
    if not bare or bare in _GUESSED or f"'{bare}'" in _GUESSED or bare in CSS_FUNCTIONS:
        return False
    words = set(re.split(r"[-_.:\s]+|(?<=[a-z])(?=[A-Z])", name.lower())) | {name.lower()}
    return not set(re.split(r"[\s:,.]+", bare.rstrip(":."))) <= words


def component_names(chunks: list[Chunk]) -> set[str]:
    """Names the docs call a component ("ConfigProvider component", "Stepper 组件") in two documents or more:
    parts of a product, never the product itself."""
    seen: dict[str, set[str]] = {}
    kinds_of: set[str] = set()
    for chunk in chunks:
        for name, plural in re.findall(r"(?<![\w-])([A-Z][A-Za-z0-9]+) ?(?:component|组件)(s?)", chunk.text):
            seen.setdefault(name, set()).add(chunk.doc_id)
            if plural:  # "core Kettle components", "Vue components": a name qualifying the kind, no one part
                kinds_of.add(name)
    return {name for name, docs in seen.items() if len(docs) >= 2 and name not in kinds_of}
