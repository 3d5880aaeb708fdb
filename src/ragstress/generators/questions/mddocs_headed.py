"""Questions on a code name documented under its own heading, by what its first sentence says it does.

An API reference, written by hand or generated from the source, gives each name a heading of its own
("defineKettle()", "Function: brew()", "steepTime %{#steeptime}%"), its signature, then a sentence
saying what it does. The question asks for the name by that sentence, the answer being the heading:

| the entry | English | Chinese |
|---|---|---|
| brew() / Creates a cup of tea from the leaves in the pot | Which function creates a cup of tea from the leaves in the pot in Kettle? | 在 Kettle 中，哪个函数用于创建一杯茶？ |

The kind comes from the heading's label ("Function:", "Interface:"), else from the section heading the
entry stands under ("Type Aliases", "Methods", "类型别名", "方法"), else from the name's spelling.
Signature lines (starting with ">", "Ƭ", "•", or the name followed by "(", "<" or ":") are skipped.
An English sentence is asked when it opens with a verb in the third person ("Creates", "Returns"),
a Chinese one when `mddocs_zh.described` reads it as what the entry does or is. A sentence that
points outside itself, or a name whose entry is a mere pointer ("Alias for …"), is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.entry_noun_en import verb_for_phrase
from ragstress.generators.questions.headed_zh import ask_headed_zh
from ragstress.generators.questions.mddocs_code import KIND_WORD_ZH, answer_spellings
from ragstress.generators.questions.mddocs_sections import ENVVAR, is_envvar_name, section_kind
from ragstress.generators.questions.mddocs_terms import INTERNAL, POINTS_OUT, Question, in_product
from ragstress.generators.questions.techdoc_sentences_en import RETURN_NOUN, third_person

_ANCHOR = re.compile(r"\s*%?\{#[^{}]*\}%?\s*$")
_IDENTIFIER = r"\$?[A-Za-z_][\w$]*(?:\.\$?[A-Za-z_][\w$]*)*(?:\(\))?"
_HEADING = re.compile(
    rf"^(?:(?P<label>[A-Z][a-z]+(?: [A-Z][a-z]+)?|[\u4e00-\u9fff]{{1,4}})[:：] ?)?(?P<name>{_IDENTIFIER})(?:<[\w ,]+>)?$"
)
_SIGNATURE = re.compile(r"^(?:>|Ƭ|•|▸|\*\*\*|---|```)")
_KINDS = {
    "function": "function",
    "函数": "function",
    "method": "method",
    "方法": "method",
    "property": "property",
    "properties": "property",
    "属性": "property",
    "type": "type",
    "type alias": "type",
    "type aliases": "type",
    "类型别名": "type",
    "interface": "interface",
    "接口": "interface",
    "variable": "variable",
    "变量": "variable",
    "class": "class",
    "类": "class",
    "hook": "hook",
    "钩子": "hook",
    "option": "option",
    "选项": "option",
    "environment variable": ENVVAR,
    "环境变量": ENVVAR,
}
_SECTION = re.compile(rf"^(?P<kind>{'|'.join(sorted(_KINDS, key=len, reverse=True))})s?$", re.I)
_DETERMINERS = frozenset("the a an its their each every this that".split())
_KIND_ZH = KIND_WORD_ZH | {"type": "类型", "interface": "接口", ENVVAR: "环境变量"}
# "…, the default is `8000`", "，默认为 8000": a default told after what the entry does is asked on its own
# (`mddocs_defaults`), not as part of what picks the name out.
_DEFAULT_CLAUSE = re.compile(r"\s*[,，]\s*(?:the default (?:value )?is|defaults to|默认(?:值)?(?:为|是)).*$", re.I)
# "separated by , in Kettle": a punctuation mark left alone where the reader dropped the code around it.
_LONE_MARK = re.compile(r"\s[,;:]\s|\s[,;:]$")
# "The default is 0.0.0.0", "设置为 none 会禁用提示": a default or a value to set says what the name holds,
# not what it is for, so it cannot pick the name out.
_NOT_A_TASK = re.compile(r"(?:the default|defaults to|by default|setting (?:it )?to|默认|设置为|设为)", re.I)


def headed_questions(text: str, product: str | None, kinds: dict[str, str] | None = None) -> list[Question]:
    """The questions a chunk's headed entries answer, one per entry (`kinds`: the corpus's code names by kind)."""
    kinds = kinds or {}
    made: list[Question] = []
    lines = [_ANCHOR.sub("", line).strip() for line in text.split("\n")]
    section = None
    for n, line in enumerate(lines):
        if _SECTION.match(line):
            section = _KINDS[_SECTION.match(line)["kind"].lower()]
            continue
        if section_kind(line):  # "Extended Methods", "List of Environment Variables", "扩展方法"
            section = section_kind(line)
            continue
        m = _HEADING.match(line)
        # "Interface: KettleOptions", or a name alone under "Type Aliases": the label or section says it is code.
        labelled = bool(m) and (
            (m["label"] or "").lower() in _KINDS
            or section is not None
            and not m["label"]
            and re.search(r"[a-z][A-Z]|[_$.]|\(\)", m["name"]) is not None
        )
        # "PORT" under "Environment Variables": an upper-case name its section or the corpus lists as a variable.
        envvar = bool(m) and is_envvar_name(m["name"]) and (section == ENVVAR or kinds.get(m["name"]) == ENVVAR)
        if not m or not (labelled or envvar or _code_shaped(m["name"]) and len(line) == len(m["name"])):
            continue
        label = (m["label"] or "").lower()
        listed = section if section != ENVVAR or envvar else None  # the list's section holds variables only
        kind = (
            _KINDS.get(label)
            or (ENVVAR if envvar else None)
            or listed
            or kinds.get(m["name"].removesuffix("()"))
            or _spelled(m["name"])
        )
        if kind in ("property", "type") and _called(m["name"], lines[n + 1 : n + 4]):
            kind = "method"  # "onError" under a chunk that lost its "Methods" heading: its signature is a call
        said = _first_sentence(lines[n + 1 : n + 8], m["name"])
        if said is None or _names_a_parameter(said, lines[n + 1 : n + 12], m["name"]):
            continue
        if any(INTERNAL.search(line) for line in _entry_lines(lines[n + 1 : n + 12])):
            continue  # "仅供内部使用", "Internal use only": no user of the docs asks for it
        question = _ask_zh(said, kind, product) if re.search(r"[\u4e00-\u9fff]", said) else _ask_en(said, kind, product)
        if question:
            made.append((question, answer_spellings(m["name"]), kind, "doc_identifier", f"{kind}: {said}"))
    return made


def _called(name: str, lines: list[str]) -> bool:
    """Whether a call signature ("▸ onError(handler): void") follows the entry's heading."""
    bare = re.escape(name.removesuffix("()"))
    return any(re.match(rf"^▸\s*\**{bare}\**\s*[(<]", line) for line in lines)


def _entry_lines(lines: list[str]) -> list[str]:
    """The entry's own lines: up to its rule ("---") or the next heading."""
    own = []
    for line in lines:
        if line.startswith("---") or (own and _HEADING.match(line)):
            break
        own.append(line)
    return own


def _names_a_parameter(said: str, lines: list[str], name: str) -> bool:
    """Whether the sentence uses a parameter of the entry's signature bare, where English wants a noun phrase
    ("wraps text into lines no longer than length", of word_wrap(str, [length])): asked, the name would read
    as a plain word. After an article or a possessive ("from the leaves") it is the word it spells."""
    bare = re.escape(name.removesuffix("()").rsplit(".", 1)[-1])
    for line in lines:
        call = re.search(rf"(?<![\w.]){bare}\s*\(([^()]*)\)", line)
        if call:
            parameters = set(re.findall(r"[A-Za-z_$][\w$]*", call[1])) - {"options", "true", "false", "null"}
            for parameter in (p for p in parameters if len(p) > 2):
                for m in re.finditer(rf"(?<![\w.]){re.escape(parameter)}(?![\w(])", said):
                    before = said[: m.start()].lower().split()[-2:]  # "the leaves", "the active pinia"
                    if not set(before) & _DETERMINERS:
                        return True
            return False
    return False


def _code_shaped(name: str) -> bool:
    """A heading reads as a code name: called, `$`, snake_case, camelCase or a dotted name of such parts, not a
    plain word nor a product's name (TypeScript, Nuxt.js)."""
    bare = name.removesuffix("()")
    if re.search(r"\.(?:js|ts|vue|json|md)$", bare, re.I) or len(bare) < 3:
        return False
    last = bare.rsplit(".", 1)[-1]
    return name.endswith("()") or bool(re.search(r"[_$]|^[a-z]+[A-Z]|[A-Z][a-z]+[A-Z][a-z]+[A-Z]", last))


# Words that open names as nouns more often than as verbs: "requestTimeout", "exportName", "indexPage".
_NOUN_FIRST = frozenset("request record report process import export index order state result change error".split())


def _spelled(name: str) -> str:
    bare = name.removesuffix("()")
    last = bare.rsplit(".", 1)[-1].lstrip("_$")
    if name.endswith("()"):
        return "method" if "." in bare or bare.startswith("$") else "function"
    # "isPluginEnabled", "registerPresets": a camelCase name opening with a verb is called, not read.
    opening = re.match(r"[a-z]+(?=[A-Z])", last)
    called = opening and opening[0] not in _NOUN_FIRST and (opening[0] in ("is", "has") or third_person(opening[0]))
    if called:
        return "function"
    return "type" if last[:1].isupper() else "property"


def _first_sentence(lines: list[str], name: str) -> str | None:
    """The entry's first sentence of prose after its heading and signature, or None when another heading or
    something other than prose comes first."""
    bare = re.escape(name.removesuffix("()"))
    for line in lines:
        if not line or _SIGNATURE.match(line) or re.match(rf"^{bare}\s*[(<:]", line):
            continue
        if _HEADING.match(line) or " | " in line:
            return None
        # A sentence ends at "。" or at "." before a space ("pinia.use" goes on).
        sentence = re.split(r"(?<=[。!?！？])|(?<=[.])(?:\s|$)", line)[0].rstrip(".。!！:：； ")
        sentence = _DEFAULT_CLAUSE.sub("", sentence)
        if _LONE_MARK.search(sentence) or _NOT_A_TASK.match(sentence):
            return None
        size = len(sentence) + len(re.findall(r"[\u4e00-\u9fff]", sentence))  # a Han character counts as two
        return sentence if 10 <= size <= 160 else None
    return None


def _ask_en(said: str, kind: str, product: str | None) -> str | None:
    """ "Creates a useStore function …" → "Which function creates a useStore function …"; a noun phrase
    ("Unique identifier of the store") → "Which property is the unique identifier of the store"."""
    if RETURN_NOUN.match(said):
        return None  # "Return type of brew()": a noun, though "Return" reads as a verb
    doc = parse(said)
    if len(doc) < 4 or POINTS_OUT.search(said) or re.search(r"[=|{}<>]", said):
        return None
    body = said if said[1:2].isupper() else said[0].lower() + said[1:]
    root = next(t for t in doc if t.dep_ == "ROOT")
    # A capitalised verb opening a fragment is often read as a noun ("Changes the suffix"): read it after a subject.
    if parse(f"It {body}")[1].tag_ == "VBZ":
        return f"Which {kind} {body}{in_product(product, body)}?"
    # "Add a lid to the pot, the fn passed in …": a reference written as imperatives says what the name does
    # in its first clause; the clauses after a comma tell about its arguments.
    verb, _, rest = body.partition(" ")
    if third_person(verb) and rest and parse(f"You {body}")[1].pos_ == "VERB":
        task = re.split(r",|;| \(", rest)[0].strip()
        if len(task.split()) >= 2:
            said = f"{third_person(verb)} {task}"
            return f"Which {kind} {said}{in_product(product, said)}?"
    # "Options passed to …" parses as a sentence in the past; with no auxiliary it is a noun and its participle.
    participle = (
        root.tag_ in ("VBN", "VBD")
        and doc[0].head == root
        and not any(c.dep_ in ("aux", "auxpass") for c in root.children)
    )
    noun = root.pos_ in ("NOUN", "PROPN") or participle
    if not noun or doc[0].pos_ not in ("NOUN", "ADJ", "DET") or "," in said:
        return None  # a sentence, or a phrase of another shape
    if doc[0].pos_ != "DET":
        body = f"the {body}"
    verb = verb_for_phrase(kind, body)
    return f"Which {kind} {verb} {body}{in_product(product, body)}?" if verb else None


def _ask_zh(said: str, kind: str, product: str | None) -> str | None:
    """ "扩展每个 store 的插件" → "哪个类型是扩展每个 store 的插件"; "创建……" → "哪个函数用于创建……" (`headed_zh`)."""
    word = _KIND_ZH.get(kind)
    return ask_headed_zh(said, word, kind, product) if word else None
