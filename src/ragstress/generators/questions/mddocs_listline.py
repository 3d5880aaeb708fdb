"""What a list line or a page leaves in a question read off it, mended where the fix is plain, else refused.

A reference list line is "name — what it does (v2)" or "`name`: type"; a page's prose points at its own parts
("passed to the hook later", 上述配置) and writes placeholders (`meta.xxx`, `<name>`). Read into "Which <kind> …",
each leaves the question unlike one a person asks:

| question read | fault | result |
|---|---|---|
| Which hook brews the tea (beta) in Kettle? | the line's annotation | Which hook brews the tea in Kettle? |
| 在 Kettle 中，哪个函数— 在水烧开后调用？ | the dash between a name and its description | 哪个函数在水烧开后调用？ |
| 哪个函数用于水烧开时调用？ | 用于 before a "when" clause | 哪个函数在水烧开时调用？ |
| Which property is read later in Kettle? | a word pointing at the page | refused |
| Which option sets brew.xxx? | a placeholder | refused |
| Which attribute of pot sets the size? | a config key as the frame, no product | In Kettle, which option under pot sets the size? |
| Which function sets the pot size? (`size: number` on the page) | an option named a function | Which option sets the pot size? |

The words are per language (`_POINTING`, `_KIND_WORDS`); the engine below holds none of its own.
"""

from __future__ import annotations

import re

# Words that point at a place on the page or a time in its story: the question has no page to point at.
# "or later" / "or above" ("Node 18 or later") is a version range, and 以下 after a number is one too.
_POINTING = {
    "en": re.compile(
        r"\b(?<!or )(?:later|above|below|aforementioned|previously|the following|as follows|the former|the latter)\b",
        re.IGNORECASE,
    ),
    # 下文 is also the second half of 上下文 (context), and 后面 of 最后面 (at the very end).
    "zh": re.compile(r"稍后|上述|上面|下面|如下|下述|(?<![\d.\s])以下|前面提到|前述|上文|(?<!上)下文|之后再"),
}
# A page's stand-ins for a name the reader chooses: never a thing a user asks about.
_PLACEHOLDER = re.compile(
    r"(?<![A-Za-z])x{3,}(?![A-Za-z])|\b(?:foo|baz|qux)\b|<[A-Za-z][\w-]*>|\$\{|\{\{|\byour-[\w-]+", re.IGNORECASE
)
# The separator between a list line's name and its description, left after the question's kind.
_SEPARATOR_AFTER_KIND = {
    "en": re.compile(r"^((?:\w+ )?[Ww]hich (?:\w+ )?\w+)\s*[—–]+\s*"),
    "zh": re.compile(r"(哪(?:个|些)[\u4e00-\u9fff]{1,3})\s*[—–]+\s*"),
}
# Any separator still inside a question after mending: markup, not wording.
_SEPARATOR = re.compile(r"[—–]| - |——")
# A status tag closing the line ("(v2)", "(beta)", "(since 3.1)", "（实验性）"): two Latin words or four Han
# characters at most, right before the product frame or the question mark (or the end of a question's content). A longer note ("（import 最后面）",
# "（单位是毫秒）") says what tells the entry from its neighbours, and stays.
_ANNOTATION = {
    "en": re.compile(r"\s+\((?:[^()\s]+(?: [^()\s]+)?)\)(?=(?: (?:in|for) [^?]+)?\??$)"),
    "zh": re.compile(r"\s*[（(](?:[A-Za-z0-9.+-]+(?: [A-Za-z0-9.+-]+)?|[\u4e00-\u9fff]{1,4})[)）](?=？?$)"),
}
# "哪个函数用于水烧开时调用？": 用于 names a purpose, and a "when" clause is no purpose: it is 在……时.
_USED_FOR_WHEN_ZH = re.compile(r"(哪(?:个|些)[\u4e00-\u9fff]{1,3})用于([^？，。]{1,40}?)时(被)?调用")
# "哪个函数将缓存写入磁盘时调用？" (the dash gone): a "when" clause with no 在 to open it.
_WHEN_UNOPENED_ZH = re.compile(
    r"(哪(?:个|些)(?:函数|方法|钩子|接口|事件|回调))(?![^？，。]*在)([^？，。]{1,40}?时(?:被)?调用)"
)
# The kinds a config key's entry is misnamed by, and the word for an option, per language.
_KIND_WORDS = {
    "en": (re.compile(r"\b([Ww]hich) (?:function|method)\b"), r"\1 option"),
    "zh": (re.compile(r"哪个(?:函数|方法)"), "哪个选项"),
}
# A list introduced as hooks ("Build hooks:", "生命周期钩子：") names hooks, whatever kind a reading guessed.
_HOOK_WORDS = {
    "en": (
        re.compile(r"\bhooks?\b", re.IGNORECASE),
        re.compile(r"\b([Ww]hich) (?:function|method|parameter|property)\b"),
        r"\1 hook",
    ),
    "zh": (re.compile(r"钩子|\bhooks?\b", re.IGNORECASE), re.compile(r"哪个(?:函数|方法|参数|属性)"), "哪个钩子"),
}
# "Which attribute of css …", "css 的哪个属性……": a lowercase config key standing where the product belongs.
# "Which option of pgs …" is a command's option, named by its command already: not a config key.
_BARE_KEY = {
    "en": re.compile(r"^Which (?:attribute|property|setting|field) of ([a-z][\w.]*) (.+\?)$"),
    "zh": re.compile(r"^([a-z][\w.]*) ?的哪个(?:属性|配置项|字段)(.+？)$"),
}


def mended(question: str, product: str | None, lang: str) -> str | None:
    """The question with a list line's annotation and separator gone, 用于……时调用 said as 在……时调用, and a bare
    config key framed by the product; None when a bare key has no product to be framed by."""
    zh = lang == "zh"
    question = _ANNOTATION["zh" if zh else "en"].sub("", question)
    question = _SEPARATOR_AFTER_KIND["zh" if zh else "en"].sub(r"\1 " if not zh else r"\1", question)
    if zh:
        question = _USED_FOR_WHEN_ZH.sub(r"\1在\2时\3调用", question)
        question = _WHEN_UNOPENED_ZH.sub(r"\1在\2", question)
    bare = _BARE_KEY["zh" if zh else "en"].match(question)
    if bare:
        if not product:
            return None
        key, rest = bare.groups()
        return f"在 {product} 中，{key} 下的哪个选项{rest}" if zh else f"In {product}, which option under {key} {rest}"
    return question


def fault(question: str, lang: str) -> str | None:
    """Why the question cannot be asked as it stands (a separator, a pointing word, a placeholder), or None."""
    if _SEPARATOR.search(question):
        return "a list line's separator is left in the question"
    if _POINTING["zh" if lang == "zh" else "en"].search(question):
        return "the question points at its page"
    if _PLACEHOLDER.search(question):
        return "the question holds a placeholder"
    return None


def kind_of_list(question: str, answer: str, chunk_text: str, lang: str) -> str:
    """A question about a list item whose list is introduced as hooks asks for a hook."""
    intro, kind, hook = _HOOK_WORDS["zh" if lang == "zh" else "en"]
    if not kind.search(question):
        return question
    lines = chunk_text.splitlines()
    item = re.compile(rf"^\s*[-*+]\s+`?{re.escape(answer)}(?:\(\))?`?(?![\w.])")
    for n, line in enumerate(lines):
        if not item.match(line):
            continue
        above = [x for x in lines[:n] if x.strip() and not re.match(r"\s*[-*+]\s", x)]
        if above and intro.search(above[-1]):
            return kind.sub(hook, question, count=1)
    return question


def _config_entry(name: str) -> re.Pattern[str]:
    """`name: type` or `name?: …` as an entry of a config page or a key of a config object."""
    return re.compile(
        rf"(?<![\w.(]){re.escape(name)}`?\??\s*:\s*`?(?:string|boolean|number|object|Array|Record|true|false|"
        rf"null|undefined|['\"\[{{]|-?\d)"
    )


def kind_of_entry(question: str, answer: str, chunk_text: str, lang: str) -> str:
    """A question asking for a function or method whose answer its chunk writes as a config entry (`name:
    type`, a key in an object) and never calls: the answer is an option."""
    pattern, option = _KIND_WORDS["zh" if lang == "zh" else "en"]
    if not pattern.search(question) or not re.fullmatch(r"[A-Za-z_][\w.]*", answer):
        return question
    if re.search(rf"(?<![\w.]){re.escape(answer)}\s*\(", chunk_text) or not _config_entry(answer).search(chunk_text):
        return question
    return pattern.sub(option, question, count=1)
