"""Defaults stated in a guide's prose: "`config.proxy.hostHeaders` defaults to `x-forwarded-host`",
"`loginURL` - the login address, defaults to `/login`", "`timeout` 的默认值为 `5000`", "默认为 `medium`".

The value is the answer, the option the question names:

| the sentence | the question |
|---|---|
| config.proxy.hostHeaders defaults to x-forwarded-host | What is the default value of config.proxy.hostHeaders in Kettle? |
| brewTimeout - how long a brew may take, defaults to 300 | What is the default value of brewTimeout, which sets how long a brew may take, in Kettle? |
| config.proxy.ipHeaders 的默认配置为 x-forwarded-for | 在 Kettle 中，config.proxy.ipHeaders 的默认值是什么？ |
| brewTimeout：冲泡的最长时间，默认为 300 | 在 Kettle 中，brewTimeout（冲泡的最长时间）的默认值是什么？ |
| (under the heading "size") Size of each member. Defaults to medium | What is the default value of the size option in Kettle? |

The name must read as code (dotted, camelCase, snake_case, or documented by the corpus), and not as a
parameter of some unnamed call ("options.x", "opts.x": whose options?). The value is one code-shaped token
or a short quoted string, never a sentence ("the same as root"); a value any user would offer (true,
false, null) is left to the `useful` gate, which drops it.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_fields import lines_under_headings
from ragstress.generators.questions.mddocs_roles_zh import READERS_ABILITY_ZH
from ragstress.generators.questions.mddocs_sections import ENVVAR
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question, in_product, value_aliases
from ragstress.values.spans import sentences

_KEY = r"(?P<key>\$?[A-Za-z_][\w$]*(?:\.[A-Za-z_$][\w$]*)*)"
_VALUE = r"(?P<val>'[^']{1,30}'|\"[^\"]{1,30}\"|[\w./${}:-]{1,40}[\w/}]|\d)"
_DESC = r"(?P<desc>[a-zA-Z][^,;:()]{3,60})"
_DESC_ZH = r"(?P<desc>[^，。；：（）()]{2,24})"

_DEFAULTS_EN = (
    re.compile(rf"^(?:The )?{_KEY}(?: option| setting| property| config)? defaults to {_VALUE}$"),
    re.compile(
        rf"^(?:The )?{_KEY}(?: option| setting| property| config)?(?:,| -| —|:) {_DESC}, (?:which )?defaults to {_VALUE}$"
    ),
    re.compile(
        rf"^(?:The )?{_KEY}(?: option| setting| property| config)?(?:,| -| —|:) {_DESC}, (?:the )?default (?:value )?is {_VALUE}$"
    ),
    re.compile(rf"^[Tt]he default value of (?:the )?{_KEY}(?: option| setting| property| config)? is {_VALUE}$"),
)
_DEFAULTS_ZH = (
    re.compile(rf"^{_KEY} ?(?:选项|配置项|配置|属性|参数)? ?(?:的默认值|的默认配置|默认值|默认)(?:为|是) ?{_VALUE}$"),
    re.compile(rf"^{_KEY} ?[：:，,-] ?{_DESC_ZH}，默认(?:值)?(?:为|是) ?{_VALUE}$"),
)
_HEADED = re.compile(rf"^(?:Defaults to|The default is|默认为|默认值为|默认是) ?{_VALUE}$")
# "Specifies the port number, the default is `8000`": the default told in a clause that ends the sentence.
_HEADED_CLAUSE = re.compile(rf"[,，] ?(?:the default (?:value )?is|defaults to|默认为|默认值为|默认是) ?{_VALUE}$")

# What a config example's comment says is a key's default (`mddocs_commented`): "default is false", "defaults to
# ws", "默认为 false", "默认就是 true", "默认值是 5000", each closing the comment or its clause.
DEFAULT_SAID = (
    re.compile(
        r"\b(?:[Dd]efault(?: value)? is|[Dd]efaults? to|[Dd]efault:)\s*(?P<val>[^\s,;，；)）]+)\s*(?:[,;，；)）]|$)"
    ),
    re.compile(r"默认(?:值)?(?:就)?(?:为|是)\s*(?P<val>[^\s,;，；)）]+)\s*(?:[,;，；)）]|$)"),
)

# "options.loginURL", "opts.timeout": a parameter of a call the sentence does not name.
_UNOWNED = re.compile(r"^(?:options|opts|option|params|args|props|obj|data|item|e|ctx\.request\.body)\.")
_CODE_SHAPED = re.compile(r"\.|_|[a-z][A-Z]|^\$")


def _is_key(key: str, kinds: dict[str, str]) -> bool:
    return (key in kinds or bool(_CODE_SHAPED.search(key))) and len(key) >= 3 and not _UNOWNED.match(key)


def _value(value: str) -> str | None:
    # A trailing full stop belongs to the sentence; "e.g" or a version range is no default to ask.
    value = value.rstrip(".")
    return value if value and not re.fullmatch(r"e\.g|i\.e|etc", value) else None


def default_questions(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The default a sentence states for a named option, as a question whose answer is the value."""
    sentence = sentence.rstrip("。!！:：;； ").removesuffix(".")
    zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
    for shape in _DEFAULTS_ZH if zh else _DEFAULTS_EN:
        m = shape.match(sentence)
        if not m or not _is_key(m["key"], kinds):
            continue
        value = _value(m["val"])
        desc = m.groupdict().get("desc")
        if not value or (desc and (POINTS_OUT_ZH.search(desc) if zh else POINTS_OUT.search(desc))):
            return []
        return [_asked(m["key"], value, desc, product, zh)]
    return []


def headed_default_questions(text: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """ "Defaults to medium." under a heading that is one code name: that name's default (`text`: a chunk's
    prose lines, code lines blank)."""
    made: list[Question] = []
    for heading, line in lines_under_headings(text):
        if not _is_key(heading, kinds):
            continue
        for sentence in sentences(line):
            said = sentence.rstrip("。!！;； ").removesuffix(".")
            m = _HEADED.match(said) or _HEADED_CLAUSE.search(said)
            value = _value(m["val"]) if m else None
            if value:
                zh = bool(re.search(r"[\u4e00-\u9fff]", line))
                made.append(_asked(heading, value, None, product, zh, kinds.get(heading)))
    return made


def _asked(key: str, value: str, desc: str | None, product: str | None, zh: bool, kind: str | None = None) -> Question:
    envvar = kind == ENVVAR  # "the PORT environment variable": a bare upper-case name reads as no kind of thing
    if zh:
        desc = desc if desc and not READERS_ABILITY_ZH.match(desc) else None
        where = f"在 {product} 中，" if product else ""
        named = f"{key}（{desc}）" if desc else f"{key} 环境变量" if envvar else f"{key} "
        question = f"{where}{named}的默认值是什么？"
    else:
        desc = desc if desc and not _readers_ability(desc) else None
        said = f"{key}, {_described(desc)}," if desc else f"the {key} environment variable" if envvar else key
        question = f"What is the default value of {said}{in_product(product, key)}?".replace(",?", "?")
    return question, value_aliases(value), "default", "default_value", question


def _readers_ability(desc: str) -> bool:
    """ "cacheDirectory: Can customize the cache directory": a description opening with a modal says what the
    reader can do with the entry, not what it is; as a clause on the name ("cacheDirectory, can customize …")
    it breaks the question, and as "which can customize" it says the entry customizes. Left out, the name asks."""
    first = parse(f"It {desc[0].lower()}{desc[1:]}")[1]
    return first.tag_ == "MD"


def _described(desc: str) -> str:
    """A description as a relative clause: "the login address" -> "the login address"; "sets the port" -> "which
    sets the port"."""
    first = desc.split()[0]
    if first[:1].isupper() and first[1:].islower():  # "Sets how long …" opening an entry line
        first = first.lower()
        desc = first + desc[len(first) :]
    return f"which {desc}" if first.endswith("s") and not first.endswith("ss") and first.islower() else desc
