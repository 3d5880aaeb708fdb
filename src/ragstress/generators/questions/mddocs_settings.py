"""Questions on the settings product docs state in prose: environment variables, command-line options,
defaults written as "by default", and status codes named in quotes, in English and Chinese.

| shape | English | Chinese |
|---|---|---|
| an environment variable's value | To which value must KETTLE_MODE be set for Kettle to skip the warm-up? | 当 KETTLE_MODE 环境变量设置为什么值时，Kettle 会跳过预热？ |
| what an environment variable does | Which environment variable sets the brewing temperature in Kettle? | 在 Kettle 中，哪个环境变量用于设置冲泡温度？ |
| a command-line option | Which option of the kettle brew command keeps the pot warm? | kettle brew 命令的哪个选项用于保温？ |
| where something is by default | Where is the brewing log written by default in Kettle? | 在 Kettle 中，冲泡日志默认写入哪里？ |
| a default in prose | What is the default value of the fallback parameter in Kettle? | 在 Kettle 中，fallback 的默认值是什么？ |
| a status code named in quotes | Which HTTP status code means No Content? | 哪个 HTTP 状态码表示“已创建”？ |
| a code name and its noun | Which parameter receives the brewing time in Kettle? | 在 Kettle 中，哪个参数用于指定冲泡时间？ |
| what to install | Which package do you install to use TeaClient in Kettle? | 要使用 TeaClient，需要先安装哪个包？ |
| the version a feature needs | Which version of Kettle do you need at least to use Annotated? | 使用 Annotated 至少需要哪个版本的 Kettle？ |
| where a page is served | Where is the brewing dashboard served in Kettle? | |

Each shape is one sentence's own statement; a sentence pointing outside itself is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_terms import (
    NOT_REASONS,
    POINTS_OUT,
    POINTS_OUT_ZH,
    REASONS,
    VERSION,
    Question,
    in_product,
    value_aliases,
)

_ENV = r"(?P<var>[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{3,}[0-9]*)"
_VALUE = r"(?P<val>[\w.:/-]+|\"[^\"]{1,30}\")"
_ADVERB = r"(?P<adv>(?:only|always|also|never|still|then|now) )?"

_ENV_VALUE = re.compile(
    rf"^(?:When|If|Once) (?:the )?{_ENV} (?:environment variable )?is set to {_VALUE}, "
    rf"(?P<subj>[A-Z]\w+|the [a-z]+) {_ADVERB}(?P<verb>[a-z]+s) (?P<rest>[^;:]{{5,100}})$"
)
_ENV_DOES = re.compile(
    rf"\b[Tt]he {_ENV} environment variable (?P<verb>sets|controls|specifies|defines|determines|configures|selects|"
    r"overrides|enables|disables|holds|points to) (?P<what>[^,;:()]{5,80})"
)
_ENV_DOES_ZH = re.compile(rf"{_ENV} ?环境变量(?:用于|用来|可以|可用于)(?P<what>[^，。；：（）()]{{4,30}})")
_ENV_VALUE_ZH = re.compile(rf"^(?:当|如果) ?{_ENV} ?环境变量(?:被)?设置为 ?{_VALUE} ?时，(?P<rest>[^。；：]{{6,60}})$")

_FLAG = r"(?P<flag>--[a-z][\w-]+)"
_CLI = re.compile(
    rf"\b(?:[Uu]se|[Pp]ass|[Aa]dd) (?:the )?{_FLAG} (?:option|flag|switch)? ?(?:to|with) (?:the )?"
    rf"(?P<cmd>[a-z][\w-]*(?: [a-z][\w-]*){{0,2}}) command to (?P<task>[a-z][^,;:()]{{5,80}})"
    rf"|\b[Tt]he {_FLAG.replace('flag', 'flag2')} (?:option|flag) of (?:the )?(?P<cmd2>[a-z][\w-]*(?: [a-z][\w-]*){{0,2}}) "
    r"command (?P<verb>[a-z]+s) (?P<what>[^,;:()]{5,80})"
)
_CLI_ZH = re.compile(
    rf"(?P<cmd>[a-z][\w-]*(?: [a-z][\w-]*){{0,2}}) ?命令的 ?{_FLAG} ?(?:选项|参数)(?:用于|用来|可以)(?P<task>[^，。；：（）()]{{4,30}})"
)

_WHERE = re.compile(
    r"^By default, (?P<np>(?:the |all )?[a-z][\w -]{2,40}?) (?P<be>is|are) (?P<pp>[a-z]+(?:ed|en|wn|nt|pt)) (?P<prep>at|in|to|under|into) "
    r"(?P<val>/[\w./{}-]*|[a-z][\w.-]*/[\w./-]*|https?://\S+)$"
)
_WHERE_ZH = re.compile(
    r"^默认情况下，(?P<np>[^，。；]{2,20}?)(?:会)?(?P<verb>写入|保存在|存储在|位于|提供在|放在)(?: ?)(?P<val>/[\w./{}-]*|[a-z][\w.-]*/[\w./-]*)"
)

_HAS_VALUE = re.compile(
    r"^(?:By default, )?(?P<p>[a-z_]\w*) (?:has a value of|is set to) (?:(?P=p)=)?"
    r"(?P<val>\"[^\"]{1,30}\"|'[^']{1,30}'|[\w.-]+)(?: by default)?$"
)
_HAS_VALUE_ZH = re.compile(
    r"^默认情况下，(?P<p>[a-z_]\w*) ?的值(?:为|是) ?(?:(?P=p)=)?(?P<val>\"[^\"]{1,30}\"|[\w.-]+)$"
)

_QUOTED_STATUS = re.compile(
    r"(?<!PEP )(?<!RFC )(?<!ISO )(?<!#)\b(?P<code>[1-5]\d\d),? [\"“](?P<name>[A-Z][A-Za-z]+(?: [A-Za-z]+){0,3})[\"”]"
    r"|[\"“](?P<name2>[A-Z][A-Za-z]+(?: [A-Za-z]+){0,3})[\"”] \(HTTP (?P<code2>[1-5]\d\d)\)"
)
_QUOTED_STATUS_ZH = re.compile(r"(?P<code>[1-5]\d\d) ?(?:表示)?[“\"](?P<name>[\u4e00-\u9fff]{2,6})[”\"]")


_NOUNS_EN = (
    r"parameter|argument|option|setting|attribute|field|flag|key|property|method|function|class|decorator|module|"
    r"variable|header"
)
_NAMED = re.compile(
    rf"^(?:The |An? )?(?P<term>[a-z_][\w.]*) (?P<noun>{_NOUNS_EN}) (?P<verb>[a-z]+s) (?P<rest>[^;:]{{5,100}})$"
)
_NAMED_ZH = re.compile(
    r"^(?P<term>[a-z_][\w.]*) ?(?P<noun>参数|选项|属性|字段|方法|函数|装饰器|模块|请求头)"
    r"(?P<verb>用于|用来|表示|控制|指定|决定|设置|接收|接受|定义)(?P<rest>[^。；：]{4,40})$"
)
_INSTALL = re.compile(
    r"^To use (?P<x>[A-Za-z_][\w.]*(?:\(\))?), (?:you (?:need to|must|have to) )?(?:first )?install "
    r"(?:the )?(?P<pkg>[\w.\[\]-]+)(?: package)?$"
)
_INSTALL_ZH = re.compile(
    r"^要使用 ?(?P<x>[A-Za-z_][\w.]*(?:\(\))?) ?，(?:你)?(?:请|需要|必须)?(?:先|首先)?安装 ?(?P<pkg>[\w.\[\]-]+)$"
)
_AT_LEAST = re.compile(
    rf"\b[Uu]pgrade (?:the )?(?P<prod>[A-Z]\w+)(?: version)? to at least (?:version )?{VERSION} before using "
    rf"(?P<x>[A-Za-z_][\w.]*(?:\(\))?)$"
    rf"|^(?P<x2>[A-Z][\w.]*(?:\(\))?) requires (?P<prod2>[A-Z]\w+) (?:version )?{VERSION.replace('v', 'v2')}"
    r" or (?:later|newer|higher|above)$"
)
_AT_LEAST_ZH = re.compile(
    rf"^在使用 ?(?P<x>[A-Za-z_][\w.]*(?:\(\))?) ?之前，(?:请)?(?:确保)?(?:将 ?)?(?:升级|更新)? ?(?P<prod>[A-Z]\w+) ?(?:的)?版本"
    rf"(?:升级|更新)?(?:到|至)(?:至少)? ?{VERSION}$"
)
_SERVED = re.compile(
    r"^(?P<x>[A-Z][\w]*(?: [A-Z]?[\w]+){0,3}): (?:served|available|hosted) (?:at|on|under) (?P<val>/\S*)$"
)
_NOT_ACTIONS = frozenset("is has was does needs".split())


def _base(verb: str) -> str:
    """The base form of a third-person verb: shows -> show, passes -> pass, applies -> apply."""
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z)es$", verb):
        return verb[:-2]
    return verb[:-1]


def english_settings(sentence: str, product: str | None) -> list[Question]:
    """The questions one English sentence states about a setting (see the table above)."""
    made: list[Question] = []
    m = _ENV_VALUE.search(sentence)
    if m and not POINTS_OUT.search(m["rest"]) and m["verb"] not in ("is", "has", "was"):
        subj = m["subj"]
        question = (
            f"To which value must {m['var']} be set for {subj} to {m['adv'] or ''}{_base(m['verb'])} {m['rest']}?"
        )
        made.append((question, value_aliases(m["val"]), "name", "doc_setting", question))
    for m in _ENV_DOES.finditer(sentence):
        if not POINTS_OUT.search(m["what"]):
            question = f"Which environment variable {m['verb']} {m['what']}{in_product(product, m['what'])}?"
            made.append((question, [m["var"]], "name", "doc_setting", question))
    m = _CLI.search(sentence)
    if m and m["flag"] and not POINTS_OUT.search(m["task"]):
        question = f"Which option do you pass to the {m['cmd']} command to {m['task']}?"
        made.append((question, [m["flag"]], "name", "doc_setting", question))
    elif m and m["flag2"] and not POINTS_OUT.search(m["what"]):
        question = f"Which option of the {m['cmd2']} command {m['verb']} {m['what']}?"
        made.append((question, [m["flag2"]], "name", "doc_setting", question))
    m = _WHERE.search(sentence)
    if m and not POINTS_OUT.search(m["np"]):
        np = m["np"] if m["np"].startswith(("the ", "all ")) else f"the {m['np']}"
        question = f"Where {m['be']} {np} {m['pp']} by default{in_product(product, np)}?"
        made.append((question, [m["val"].rstrip(".")], "path", "doc_setting", question))
    m = _HAS_VALUE.search(sentence)
    # A code name: "pour_rate", or one the sentence writes as code ("fallback has a value of fallback=...").
    if m and ("_" in m["p"] or f"{m['p']}=" in sentence) and not POINTS_OUT.fullmatch(m["p"]):
        question = f"What is the default value of the {m['p']} parameter{in_product(product, m['p'])}?"
        made.append((question, value_aliases(m["val"]), "default", "default_value", question))
    m = _NAMED.search(sentence)
    rest = re.split(r", (?:and|but|so|which) ", m["rest"])[0] if m else ""
    if m and m["verb"] not in _NOT_ACTIONS and not POINTS_OUT.search(rest) and m["term"] not in rest:
        question = f"Which {m['noun']} {m['verb']} {rest}{in_product(product, rest)}?"
        made.append((question, [m["term"]], "parameter", "doc_identifier", f"{m['noun']}: {rest}"))
    m = _INSTALL.search(sentence)
    if m:
        question = f"Which package do you install to use {m['x']}{in_product(product, m['x'])}?"
        made.append((question, [m["pkg"]], "name", "doc_identifier", question))
    m = _AT_LEAST.search(sentence)
    if m:
        x, prod, version = (m["x"], m["prod"], m["v"]) if m["x"] else (m["x2"], m["prod2"], m["v2"])
        question = f"Which version of {prod} do you need at least to use {x}?"
        made.append((question, [version], "version", "version_added", question))
    m = _SERVED.search(sentence)
    if m and not POINTS_OUT.search(m["x"]):
        question = f"Where is {m['x']} served{in_product(product, m['x'])}?"
        made.append((question, [m["val"].rstrip(".")], "path", "doc_setting", question))
    for m in _QUOTED_STATUS.finditer(sentence):
        name, code = (m["name"], m["code"]) if m["name"] else (m["name2"], m["code2"])
        if (len(name.split()) >= 2 or name in REASONS) and name.split()[0] not in NOT_REASONS:
            question = f"Which HTTP status code means {name}?"
            made.append((question, [code], "error_code", "doc_status", question))
    return made


def chinese_settings(sentence: str, product: str | None) -> list[Question]:
    """The questions one Chinese sentence states about a setting (see the table above)."""
    made: list[Question] = []
    where = f"在 {product} 中，" if product else ""
    m = _ENV_VALUE_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["rest"]):
        question = f"当 {m['var']} 环境变量设置为什么值时，{m['rest'].rstrip('。')}？"
        made.append((question, value_aliases(m["val"]), "name", "doc_setting", question))
    for m in _ENV_DOES_ZH.finditer(sentence):
        if not POINTS_OUT_ZH.search(m["what"]):
            question = f"{where}哪个环境变量用于{m['what']}？"
            made.append((question, [m["var"]], "name", "doc_setting", question))
    m = _CLI_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["task"]):
        question = f"{m['cmd']} 命令的哪个选项用于{m['task']}？"
        made.append((question, [m["flag"]], "name", "doc_setting", question))
    m = _WHERE_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["np"]):
        verb = {"写入": "默认写入哪里", "位于": "默认位于哪里", "提供在": "默认在哪里提供"}.get(
            m["verb"], "默认保存在哪里"
        )
        question = f"{where}{m['np']}{verb}？"
        made.append((question, [m["val"]], "path", "doc_setting", question))
    m = _HAS_VALUE_ZH.search(sentence)
    if m:
        question = f"{where}{m['p']} 的默认值是什么？"
        made.append((question, value_aliases(m["val"]), "default", "default_value", question))
    m = _NAMED_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["rest"]) and m["term"] not in m["rest"]:
        question = f"{where}哪个{m['noun']}{m['verb']}{m['rest']}？"
        made.append((question, [m["term"]], "parameter", "doc_identifier", f"{m['noun']}: {m['rest']}"))
    m = _INSTALL_ZH.search(sentence)
    if m:
        question = f"要使用 {m['x']}，需要先安装哪个包？"
        made.append((question, [m["pkg"]], "name", "doc_identifier", question))
    m = _AT_LEAST_ZH.search(sentence)
    if m:
        question = f"使用 {m['x']} 至少需要哪个版本的 {m['prod']}？"
        made.append((question, [m["v"]], "version", "version_added", question))
    for m in _QUOTED_STATUS_ZH.finditer(sentence):
        question = f"哪个 HTTP 状态码表示“{m['name']}”？"
        made.append((question, [m["code"]], "error_code", "doc_status", question))
    return made
