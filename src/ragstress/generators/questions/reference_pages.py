"""Readings any API reference needs: whose page it is, which answers say nothing, and wording left from the source.

An API reference gives each function, hook or component a page titled by its code name ("useKettle") and
groups its tables under generic headings ("API", "Params", "Result"). So:

| reading | example | question |
|---|---|---|
| a code-name title is the page's subject | page "useKettle", row "timeout" | What is the default value of timeout in useKettle? |
| a generic word is never a subject | "Hook" in every page, heading "API" | (not "in Hook", not "of API") |
| a bare generic type or an empty default says nothing | type `T[]`, default `{}` | (not asked) |
| a negated statement is not its positive | "not compatible with Map" | (not "Which function is used with Map?") |
| wording pasted from the source | "用于用来", "适合的是", ",?", "参数" in English | mended or not asked |
"""

from __future__ import annotations

import re

# Words a reference writes on every page or as a section heading: what kind of thing is documented, never which.
GENERIC_SUBJECTS = frozenset(
    "hook hooks api apis params parameters param result results return returns options option props "
    "properties methods events types component components function functions usage examples "
    "参数 返回值 结果 选项 配置 属性 方法 事件 类型 组件 函数 用法 示例".split()
)

# A code name as a title: camelCase ("useKettle", "createStore"), or called ("brew()").
_CODE_TITLE = re.compile(r"[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Za-z_$][\w$.]*\(\)")

# A type that is only a type parameter (T, T[], Array<T>) or a value that is only an empty literal.
_BARE_GENERIC = re.compile(
    r"`?(?:[A-Z]|[A-Z]\[\]|Array<[A-Z]>|any|any\[\]|object|Object|Record<string,\s*any>|\{\s*\}|\[\s*\]|''|\"\")`?"
)

# A statement that says what a thing does not do. Read as a positive, its question has the wrong answer.
_NEGATION_EN = re.compile(
    r"\b(?:not|never|no longer|cannot|can't|doesn't|don't|isn't|aren't|won't|incompatible|unsupported)\b", re.I
)
_NEGATION_ZH = re.compile(r"不(?:支持|兼容|能|会|可|适用|适合|要|需要|建议|再)|无法|并非|没有|禁止|勿")


def is_generic_subject(name: str | None) -> bool:
    """Whether `name` is a word for a kind of thing ("Hook", "API", "Params") rather than the thing's name."""
    return bool(name) and name.strip().lower() in GENERIC_SUBJECTS


def code_title(title: str | None) -> str | None:
    """The page's title when it is one code name ("useKettle"), else None."""
    title = (title or "").strip()
    return title if _CODE_TITLE.fullmatch(title) else None


# A package as its page is titled: "@kettle/plugin-steam", "kettle-plugin-spout".
_PACKAGE_TITLE = re.compile(r"@[a-z0-9][\w.-]*/[a-z0-9][\w.-]*|[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}")


def owning_title(title: str | None, kinds: dict[str, str] | None = None) -> str | None:
    """The page's title when it names what the page documents: a code name, a package ("@kettle/plugin-steam"),
    or a component its code writes as a tag ("Spout" where the docs write <Spout />); else None.

    An option or prop on such a page belongs to it: "the dir option of @kettle/plugin-steam", never "Kettle's
    dir option", which every plugin of the product may have."""
    title = (title or "").strip()
    if code_title(title) or _PACKAGE_TITLE.fullmatch(title):
        return title
    qualified = _QUALIFIED_ZH.fullmatch(title)  # "内置 swc-loader": the page is the loader's
    if qualified and (code_title(qualified["name"]) or _LOWER_CODE.fullmatch(qualified["name"])):
        return qualified["name"]
    return title if kinds and kinds.get(title) == "component" else None


# A Chinese title of a short qualifier and one code name ("内置 swc-loader", "使用 useKettle").
_QUALIFIED_ZH = re.compile(r"[\u4e00-\u9fff]{1,4}\s*(?P<name>[A-Za-z_@][\w@/.:-]*)")
# A lower-case name a word of prose never is: joined by a hyphen, dot or colon ("swc-loader", "module.hot").
_LOWER_CODE = re.compile(r"[a-z][a-z0-9]*(?:[-.:/][a-z0-9]+)+")


def page_subject(title: str | None, product: str | None, kinds: dict[str, str] | None = None) -> str | None:
    """What a page's questions name: the thing its title names, else the corpus's product unless that is a
    generic word."""
    return owning_title(title, kinds) or (None if is_generic_subject(product) else product)


def bare_generic(value: str) -> bool:
    """Whether a type or default is a bare type parameter, `any`, or an empty literal (`T`, `T[]`, `{}`), or a
    value cut off inside its brackets ("{ x?: number")."""
    value = value.strip()
    bracketed = value.replace("=>", "")  # an arrow type's ">" closes nothing
    opened = sum(bracketed.count(c) for c in "{[(<") != sum(bracketed.count(c) for c in "}])>")
    return opened or bool(_BARE_GENERIC.fullmatch(value))


def negated(sentence: str) -> bool:
    """Whether a sentence states what something does not do ("is not compatible with Map", "不支持 Map")."""
    return bool(_NEGATION_EN.search(sentence) or _NEGATION_ZH.search(sentence))


def misreads_summary(title: str | None, answers: list[str]) -> bool:
    """Whether a question on a code-named page's first sentence answers with another name: "useKettle" opening
    "useEffect that supports async functions" describes useKettle, so "useEffect" is the wrong answer."""
    named = code_title(title)
    return bool(named) and named not in answers


# "哪个函数用于管理 Map 类型状态的 Hook？": a page's one-line summary ("管理……的 Hook") read as a purpose.
_SUMMARY_ZH = re.compile(r"^哪个函数(?:用于|用来)+(.+?)的\s*Hook[？?]$")
# "Which function is used to …": the English form of the same summary is a question already.
_PASTED_ZH = re.compile(r"适合的是|用于用来|用来用于|的是在|哪个[^，。？]{0,4}却")
# "哪个参数表示“……，直接透传给 Table 组件即可”": a quoted description that runs on is pasted whole.
_LONG_QUOTE_ZH = re.compile(r"“[^”]{25,}”")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LONGEST_EN = 22


def mended(question: str) -> str | None:
    """The question with wording pasted from its source mended, or None when it cannot be asked as it stands."""
    question = re.sub(r"\s*[,，;；]\s*([?？])$", r"\1", question)
    summary = _SUMMARY_ZH.match(question)
    if summary:
        return f"哪个 Hook 用于{summary[1]}？"
    if _PASTED_ZH.search(question) or _LONG_QUOTE_ZH.search(question):
        return None
    # A question as long as a paragraph pasted a whole description ("… which is consistent with …, so you …").
    if len(question.split()) > _LONGEST_EN:
        return None
    # An English question holding a Chinese word ("the offsetX 参数 of …") took a table header with it.
    if re.match(r"[A-Z][a-z]+ ", question) and _HAN.search(question):
        return None
    return question
