"""What the docs templates share: how a code name, a version, a value and a pointing word are written.

`src/ragstress/generators/questions/mddocs.py` reads a chunk's sentences; `mddocs_en` and `mddocs_zh` ask about them. The
patterns and helpers both languages use live here.
"""

from __future__ import annotations

import re

Question = tuple[str, list[str], str, str, str]  # as in techdoc_en: question, answers, kind, template, content

IDENT = r"[A-Za-z_][\w.]*(?:\(\))?"

EXCEPTION = r"[A-Z]\w*(?:Error|Exception)"

VERSION = r"(?P<v>\d+\.\d+(?:\.\d+)?)"

POINTS_OUT = re.compile(
    r"\b(?:it|its|it's|them|they|this|that|these|those|here|above|below|previous|following|same|example|"
    r"we|our|I|you'll|above)\b",
    re.I,
)

POINTS_OUT_ZH = re.compile(r"[它其]|这[个些里样]|上面|下面|前面|上述|以下|如下|我们|示例|例子|本例")
# A short purpose or description in a list line or a comment leans on its passage with a bare demonstrative as well
# (该字段, 此时, 这): those readings ask nothing of such words.
_DEMONSTRATIVE_ZH = re.compile(r"[该此这]")


def points_out_zh(text: str) -> bool:
    """Whether a short Chinese purpose or description points outside itself: a word of POINTS_OUT_ZH or a bare
    demonstrative (该, 此, 这)."""
    return bool(POINTS_OUT_ZH.search(text) or _DEMONSTRATIVE_ZH.search(text))


# An entry the docs mark as internal, in either language ("仅供内部使用", "Internal use only", "@internal"): no user
# of the docs is meant to reach it, so it is not asked. In English only a mark counts: "(internal)" or "[internal]"
# after a name, "@internal", "Internal:" or a line saying just "Internal", and "for internal use (only)" or
# "internal use only" - never the word in prose ("the internal module graph", "internally"), which describes
# what a public entry does.
INTERNAL = re.compile(
    r"仅供内部使用|仅限内部使用|内部类型|内部使用"
    r"|@internal\b|[(\[]internal[)\]]|^\W*internal\W*$|^\W*internal:"
    r"|\b(?:for )?internal use(?: only)?\b(?!\s+of\b)",
    re.I,
)

BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")

# Markup a reader may have left: backticks, emphasis opening on a word (*Translations, **bold**, __x__),
# an HTML tag, a heading's # or anchor, an include or admonition fence, link syntax, an escape. A star
# between words (N * 2, char*, get* methods), an index (css.preprocessorOptions[extension]) and a comparison (low <= N) are text; so is a pipe or two
# (str | None), where three separate a table's cells (Name | Type | Default | ...).
MARKUP = re.compile(
    r"`|(?<![\w*])\*{1,2}(?=[A-Za-z])|\b__\w|</?[A-Za-z][\w-]*(?:\s[^<>]*)?>|(?:^|\s)#{1,6}\s|\{\s*[*#]|\*\}|"
    r"///|!!!|\]\(|\\[*_`#\[\]]|(?: \| [^|]*){3}"
    # An HTML entity (&lt;, &#39;) and a link's brackets ("[MPA Mode]", "[text][ref]") a reader left.
    r"|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);|\[[^\]]*\s[^\]]*\]|\]\[[A-Za-z]"
)

# A lone primitive names a kind of value, not the option's own type: "string" answers the type question of
# every label option alike, and a reader guesses it without the passage. A union or a named type tells.
_GENERIC_TYPES = frozenset(
    "string str boolean bool number int integer float double any object unknown array void null undefined".split()
)


def telling_type(value: str) -> bool:
    """Is a stated type worth asking for (string | false, RouteLocationRaw), not a lone primitive (string)
    or a plain list of one (string[], Array<string>), which a reader would rarely need to ask?"""
    bare = value.strip().strip("`'\"").lower()
    listed = re.fullmatch(r"(?P<item>\w+)\[\]|array<(?P<inner>\w+)>", bare)
    item = listed and (listed["item"] or listed["inner"])
    return bare not in _GENERIC_TYPES and item not in _GENERIC_TYPES


REASONS = frozenset("OK Created Accepted Unauthorized Forbidden Conflict Gone".split())

NOT_REASONS = frozenset("Error Status In The If When Page Response".split())

STATUS_NAME = re.compile(r"\b(?P<code>[1-5]\d\d) (?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})\b")

BY_DEFAULT = re.compile(
    rf"^(?:By default, (?P<owner>{IDENT}) uses|默认情况下，(?P<owner2>{IDENT}) ?使用) ?(?P<p>[a-z_]\w*)=(?P<v>[\w\"'.]+)"
)

NOT_VERBS = frozenset("the a an this that these those its their his her be is are was all any some".split())


def code_kind(term: str, kinds: dict[str, str]) -> str | None:
    """The kind of a name that reads as code (written with "()", a capital, "_" or "."), or None."""
    name = term.removesuffix("()")
    looks_like_code = term.endswith("()") or name[:1].isupper() or "_" in name or "." in name
    if not looks_like_code:
        return None  # "use type to ...": an English word, whatever the corpus calls
    if name in kinds or term.endswith("()"):
        return kinds.get(name) or kind_of(name)
    return "parameter" if re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", name) else None


def kind_of(name: str) -> str:
    last = name.rsplit(".", 1)[-1]
    if re.fullmatch(EXCEPTION, last):
        return "exception"
    return "class" if last[:1].isupper() else "function"


def in_product(product: str | None, text: str) -> str:
    """ " in FastAPI" unless the text names the product already."""
    return f" in {product}" if product and product not in text else ""


def value_aliases(value: str) -> list[str]:
    bare = value.strip("'\"")
    # "30s" may be answered "30"; "0.0.0.0" or "1.2.3" is one value, not the number it opens with, and
    # "60_000" or "60,000" is sixty thousand: the digits before a separator are not the value.
    number = re.match(r"-?\d+(?:\.\d+)?(?![.\d_])(?!,\d{3})", value)
    grouped = re.fullmatch(r"-?\d{1,3}(?:_\d{3})+", bare)
    plain = [bare.replace("_", "")] if grouped else []
    return list(dict.fromkeys([value, bare, *([number[0]] if number and number[0] != value else []), *plain]))


KIND_ZH = {
    "class": "类",
    "function": "函数",
    "exception": "异常",
    "parameter": "参数",
    "option": "选项",
    "setting": "设置",
}
KIND_ZH |= {"hook": "钩子", "method": "方法", "property": "属性", "prop": "属性", "event": "事件", "attribute": "属性"}
KIND_ZH |= {"component": "组件"}
KIND_ZH |= {"environment variable": "环境变量"}  # an upper-case name a guide lists under "Environment Variables"
