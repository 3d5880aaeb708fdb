"""The code names a product doc's sentence mentions, and what kind of thing each one is.

Docs write their API inline, as code: `defineStore()`, `store.$patch()`, `router.push`,
`<RouterLink>`. The Markdown reader keeps the text of inline code and drops its backticks, so a code
name is known again by its shape (called, dotted, `$`-prefixed, camelCase, a component tag) or by
the corpus calling it in its code (see `corpus_names.identifier_kinds`). Its kind comes from the noun
the sentence puts beside it ("the $patch method", "the name option", "<RouterView> 组件"), else
from its spelling: a tag is a component, a dotted or `$` call a method, any other call a function.
A name of another shape is not asked about: "Vue" or "state" are words as much as code.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# A component tag, or a name with dots, `$` and a call's parentheses.
_NAME = re.compile(
    r"<[A-Z][\w-]*>|<[a-z]+(?:-[a-z]+)+>|(?<![\w$./<-])\$?[A-Za-z_][\w$]*(?:\.\$?[A-Za-z_][\w$]*)*(?:\(\))?(?![\w$(/-])"
)

# Nouns a sentence names a code name's kind with, as English and Chinese write them.
KIND_NOUNS_EN = (
    "function method option property hook component class type prop event action getter plugin composable guard "
    "directive helper variable parameter argument attribute module object"
).split()
KIND_NOUNS_ZH = {
    "辅助函数": "helper",
    "组合式函数": "composable",
    "导航守卫": "guard",
    "守卫": "guard",
    "函数": "function",
    "方法": "method",
    "选项": "option",
    "属性": "property",
    "钩子": "hook",
    "组件": "component",
    "类型": "type",
    "类": "class",
    "事件": "event",
    "插件": "plugin",
    "参数": "parameter",
    "全局变量": "variable",  # "$frontmatter 全局变量": before 变量, so that a variable is still asked as 变量
    "变量": "variable",
    "对象": "object",
    "指令": "directive",
    "接口": "interface",
}
KIND_WORD_ZH = {kind: word for word, kind in KIND_NOUNS_ZH.items()} | {
    "prop": "属性",
    "action": "action",
    "getter": "getter",
    "composable": "组合式函数",
    "guard": "守卫",
    "helper": "辅助函数",
    "argument": "参数",
    "attribute": "属性",
    "module": "模块",
}

# "e.g", "i.e" and file names (app.vue) read as dotted names.
_NOT_CODE = re.compile(r"^(?:e\.g|i\.e|etc|vs)$|\.(?:js|ts|mjs|cjs|vue|json|md|html|css|yaml|yml|d\.ts)$", re.I)

# A package named with its web domain (socket.io, day.js is caught above) is a library, not a dotted property.
_PACKAGE = re.compile(r"^[a-z][\w-]*\.(?:io|dev|org|com)$")


# A package's name with hyphens (egg-view, @scope/egg-mock), in a reference link's brackets or not, then its kind.
_PACKAGE_NAMED = re.compile(
    r"(?<![\w/@.$-])\[?(?P<name>(?:@[a-z][\w-]*/)?[a-z][a-z0-9]*(?:-[a-z0-9]+)+)\]? ?"
    r"(?P<noun>plugin|module|插件|模块)(?:s?\b|(?=[\u4e00-\u9fff，。、；：\s]|$))"
)
_PACKAGE_KINDS = {"plugin": "plugin", "module": "module", "插件": "plugin", "模块": "module"}


class CodeName(NamedTuple):
    start: int
    end: int  # the end of the name, or of the kind noun the sentence writes after it
    name: str  # as written: "store.$patch()", "<RouterLink>"
    kind: str
    noun: bool  # the sentence names the kind itself ("the $patch method")


def code_names(sentence: str, kinds: dict[str, str], product: str | None) -> list[CodeName]:
    """The code names of a sentence, in order, with their kinds."""
    found = []
    for m in _NAME.finditer(sentence):
        name = m[0]
        bare = name.removesuffix("()").strip("<>")
        if _NOT_CODE.search(bare) or bare == product or len(bare) < 3:
            continue
        if _PACKAGE.search(bare) and bare not in kinds:
            continue  # "socket.io 支持 websocket": a library named by its site, not a property of "socket"
        after = sentence[m.end() :]
        noun = re.match(rf" ?({'|'.join(KIND_NOUNS_EN)})s?\b", after) or re.match(
            rf" ?({'|'.join(KIND_NOUNS_ZH)})", after
        )
        spelled = _spelled_kind(name, kinds)
        if spelled is None and bare not in kinds:
            continue  # "the component", "the name option": a word, whatever noun follows it
        kind = KIND_NOUNS_ZH.get(noun[1], noun[1]) if noun else spelled
        if kind is None:
            continue
        found.append(CodeName(m.start(), m.end() + (noun.end() if noun else 0), name, kind, bool(noun)))
    # "the egg-view plugin", "[egg-mysql] 插件": a hyphenated package is code only where the sentence names its kind,
    # and writes it as a link's text or in the product's family of names ("a built-in plugin" is an adjective).
    taken = {n.start for n in found}
    family = f"{product.lower()}-" if product else None
    for m in _PACKAGE_NAMED.finditer(sentence):
        linked = m[0].startswith("[")
        if m.start() not in taken and (linked or family and m["name"].startswith(family)):
            kind = _PACKAGE_KINDS[m["noun"]]
            found.append(CodeName(m.start(), m.end(), m["name"], kind, True))
    return sorted(found)


def _spelled_kind(name: str, kinds: dict[str, str]) -> str | None:
    """A code name's kind from its spelling alone, or None when it may as well be a word."""
    bare = name.removesuffix("()")
    if name.startswith("<"):
        return "component"
    documented = kinds.get(bare)
    if documented and documented not in ("function", "method") and "." in bare and not name.endswith("()"):
        return documented  # a dotted name the corpus documents (an option under 选项) is no method
    called = name.endswith("()") or bare in kinds
    method = "." in bare or bare.startswith("$")
    if method and (called or re.search(r"[a-z]\.\$?[a-z]", bare)):
        return "method" if called else "property"
    if re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)+", bare):  # camelCase: defineStore, storeToRefs
        return "function" if called else None
    if re.fullmatch(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+", bare):  # RouterLink, StoreGeneric
        return kinds.get(bare) if called else None
    return "function" if name.endswith("()") else None


def answer_spellings(name: str) -> list[str]:
    """The spellings a reply may name a code name by: as written, without "()", without its owner, the tag's name."""
    if name.startswith("<"):
        return [name, name.strip("<>")]
    bare = name.removesuffix("()")
    short = bare.rsplit(".", 1)[-1]
    if not name.endswith("()") and not short.startswith("$"):
        return [name]  # "currentRoute.value": the property's own name alone ("value") names nothing
    return list(dict.fromkeys([name, bare, short + "()" if name.endswith("()") else short, short]))


# A component used in code: "<HomeBackground />", "<Kettle.Spout size={2}>".
# A "<" straight after a name or a bracket opens a type argument ("ReadonlySet<Module>", "Array<Item>"), not a tag.
_COMPONENT_TAG = re.compile(r"(?<![\w$.\]])<([A-Z][\w]*(?:\.[A-Z]\w*)?)[\s/>]")


def component_tags(code: str) -> dict[str, str]:
    """The capitalised names code writes as tags: components, whatever a capital alone would make them (a class)."""
    # "<YOUR_APP_ID>", "<BLANK>": an upper-case name in angle brackets is a placeholder to fill in, not a tag.
    return {name: "component" for name in _COMPONENT_TAG.findall(code) if name.upper() != name}
