"""Chinese questions on definition entries (the term is the answer), and on the defaults they state.

ls 的手册页 "-a, --all / 不要忽略以点号起始的条目" gives "ls 命令的哪个选项表示“不要忽略以点号起始的
条目”？" (answer `-a`, or `--all`). The description is quoted, so any clause reads as what the option
means, whether it opens with a verb (列出、显示) or not (与 -l 同时使用时……). A function or variable
whose description opens with a verb is asked without quotes: "os 模块中哪个函数返回当前工作目录？".
An option's description that states its default (默认为 10, 默认值为……, 缺省为……) gives
"<命令> 命令的 <选项> 选项默认值是什么？" when the value occurs once in the chunk.

A quoted clause must stand alone as what the option means. It is not asked when it is cut off ("当与 halt"),
holds fewer than four Chinese characters ("返回true" fits many options), quotes inside itself, says 表示
again, leaves an argument in its page spelling ("max-lines") or one put into words before a measure
("指定的数目分钟之前"), or is an entry of the FILES section ("/proc/meminfo-- 内存信息"). An option
described as "等效于 …" is asked as "哪个选项等效于 …？".
"""

from __future__ import annotations

import re

from ragstress.generators.questions.conditions_zh import OPENS_CONDITION
from ragstress.generators.questions.entry_predicates_zh import called_when, set_predicate, when_kind
from ragstress.generators.questions.headed_zh import which_is
from ragstress.generators.questions.mddocs_terms import INTERNAL
from ragstress.generators.questions.techdoc import Entry, Subject, kind_named, occurrences, typed_spellings
from ragstress.generators.questions.techdoc_placeholders import placeholders
from ragstress.generators.questions.techdoc_useful import guessable, restates_default, short_spellings

_KIND_WORD = {
    "option": "选项",
    "function": "函数",
    "cfunction": "C 函数",
    "method": "方法",
    "class": "类",
    "exception": "异常",
    "type": "类型",
    "attribute": "属性",
    "constant": "常量",
    "envvar": "环境变量",
    "error_code": "错误码",
    "path": "文件",
}
_VERB_OPENING = re.compile(
    r"(?:返回|用于|指定|设置|设定|控制|决定|定义|包含|给出|获取|创建|删除|打开|关闭|读取|写入|显示|打印|列出)"
)
_SKIP_OPENING = re.compile(r"(?:参见|参考|参看|看下|见|同|类似|通常|这些|等同于|等价于|与.*相同|这是|注意|已废弃|废弃)")
# "对于 C++ 以外的程序，这个选项等同于 -r": an option described as another says nothing of its own.
_SAME_AS = re.compile(r"等同于|等价于|相当于|同义|等于 ?-|^和.{0,8}一样")
# What an option's placeholder stands for ("查找 STRING" → "查找指定的字符串"); one not listed leaves the option unasked.
_NOUNS = {
    "file": "文件", "files": "文件", "filename": "文件", "dir": "目录", "directory": "目录", "num": "数目",
    "n": "数目", "number": "数目", "count": "数目", "k": "数目", "int": "数目", "size": "大小", "mode": "模式",
    "style": "样式", "format": "格式", "string": "字符串", "str": "字符串", "text": "文本", "user": "用户",
    "group": "组", "role": "角色", "type": "类型", "range": "范围", "level": "级别", "context": "上下文",
    "pattern": "模式", "regex": "正则表达式", "re": "正则表达式", "expression": "表达式", "expr": "表达式",
    "command": "命令", "cmd": "命令", "name": "名称", "value": "值", "key": "键", "list": "列表", "path": "路径",
    "prog": "程序", "program": "程序", "seconds": "秒数", "secs": "秒数", "delim": "分隔符", "sep": "分隔符",
    "suffix": "后缀", "prefix": "前缀", "width": "宽度", "limit": "上限", "interval": "间隔", "device": "设备",
    "signal": "信号", "charset": "字符集", "encoding": "编码", "template": "模板", "dest": "目标", "source": "源",
    "target": "目标", "cols": "列数", "host": "主机", "port": "端口", "address": "地址", "owner": "所有者",
}  # fmt: skip
# "不要忽略……" → "让它不忽略……"; "禁止……", "不允许……" say what the option prevents as they stand.
_NEGATED = re.compile(r"(?:不要|请勿|勿|不(?![同是能会要]))(?=\S)|(禁止|不允许|不再)(?=\S)")
# "有了这个选项，", "使用此选项时，", "如果指定了该选项，": the option being given, before what it does.
_GIVEN = re.compile(
    r"(?:有了|使用|用了|指定|给出|设置|加上)(?:这个|此|该)选项(?:时|后|以后)?[，,]\s*"
    r"|(?:如果|若|当)(?:调用|指定|使用|给出|设置)了?(?:这个|此|该)选项(?:时|后)?[，,]\s*"
)
# A clause ending on its verb or copula ("通常格式是", "取值为", "包括") leads into what the page lists after it.
_LEADS_IN = re.compile(r"(?:是|为|包括|包含|分别为|如下所示)$")
# "若网站开启了 CSP 安全头": a condition without the clause it conditions says nothing the term is; one that
# goes on after 时, 后 or 则 ("当与 halt 命令一起使用时关闭页面") has its consequence.
_ONLY_CONDITION = re.compile(r"(?:若|如果|假如|倘若|当|一旦)[^，,时后则]+")
_DEFAULT = re.compile(r"(?:默认值?(?:为|是)|缺省值?(?:为|是)|默认使用)\s*[“\"]?([^，。；：、（）()\s“”\"]{1,16})")

# "当与 halt", "与 --root= 一起": a clause ending on a preposition and its object, its verb cut away.
_CUT = re.compile(
    r"^(?:当|如果|若)(?![^，,]*[，,])(?!.*(?:时|后))|(?:与|和|同|跟|对|在|当)\s*[A-Za-z0-9_=-]+$|(?:与|和|跟)$"
)
# "max-lines", "指定的数目分钟之前", "/proc/meminfo-- 内存信息", nested quotes: see the module's docstring.
_MALFORMED = re.compile(r"指定的数目(?=[*\u4e00-\u9fff])(?![的个])|/[\w./-]*\w--|[“”「」『』]")
_MIN_HANZI = 4

Question = tuple[str, list[str], str, str, str]  # as in techdoc_en


def _clause(description: str) -> str | None:
    """The description's first sentence, trimmed; None when too short, too long or only a pointer elsewhere."""
    # "（从 1.18.5 版起）", "(参见下文)": asides in parentheses are no part of what the option does.
    description = re.sub(r"\s*(?:（[^（）]*）|\([^()]*\))", "", description.strip())
    # "即 -t o2，指定……": the option restated as another comes before what it does.
    description = re.sub(r"^即\s*-\S+(?:\s+[^\s，,]+)?\s*[，,]\s*", "", description)
    # ", 然后从终端读入一行", "，而不是默认的 8": only the first clause says what the option does.
    clause = re.split(
        r"[。；;．]|：|:(?=\s|$)|\.+(?=\s|$|[\u4e00-\u9fff])|，?例如|，?比如|,\s|，(?:然后|而不是|并且|但)",
        description,
        maxsplit=1,
    )
    clause = clause[0].strip(" ，,")
    # Older translations put spaces between words; a question reads better without them.
    clause = re.sub(r"(?<=[\u4e00-\u9fff，、）)])\s+(?=[\u4e00-\u9fff（(])", "", clause)
    clause = re.sub(r"\s{2,}", " ", clause)
    if not 4 <= len(clause) <= 40 or _SKIP_OPENING.match(clause) or _SAME_AS.search(clause):
        return None
    if clause.count("(") + clause.count("（") != clause.count(")") + clause.count("）"):
        return None  # "重试次数.(默认情况": cut inside a parenthesis
    # "列出每个压缩文件的如下项目：", "输出时间戳的可用精度 例如：": a clause that leads into what follows it.
    if re.search(r"(?:如下|以下|下列)\w{0,4}$|例如$", clause) or re.search(r"[\u4e00-\u9fff]:[\u4e00-\u9fff]", clause):
        return None
    # "……的头，通常格式是": a clause cut before the colon ends on its verb, and says nothing the term is.
    if _LEADS_IN.search(clause) or _ONLY_CONDITION.fullmatch(clause):
        return None
    return clause


def _worded(clause: str, names: set[str]) -> str | None:
    """The clause with each placeholder put into words ("将 DIR 添加到 INFOPATH" → "将指定的目录添加到 INFOPATH"),
    or None when one cannot be. A lower-case word is a placeholder only when it is the option's own argument."""

    def word(m: re.Match) -> str:
        if m[2].islower() and re.search(r"[A-Za-z]\s*$", clause[: m.start()]):
            return m[0]  # "加密的 key file": an English phrase, not a placeholder
        if clause[m.end() :].startswith(("参数", "选项")):
            return m[0]  # "由 name 参数提供": the argument named as such
        if clause[m.end() :].startswith(("指定", "所指定", "给出")) or re.match(r"\.\w", clause[m.end() :]):
            # "比 filename 指定文件更新": the placeholder is the subject of its own clause; "name.tmac": part of a name
            raise LookupError(m[2])
        noun = _NOUNS.get(m[2].lower())
        if noun is None:
            raise LookupError(m[2])
        return m[1] + noun if m[1] else "指定的" + noun

    ascii_names = sorted((n for n in names if n.isascii()), key=len, reverse=True)
    if not ascii_names:
        return clause
    for name in ascii_names:  # "在目录 dir 中": the noun the placeholder stands for is already there
        noun = _NOUNS.get(name.lower())
        if noun:
            clause = re.sub(
                rf"(?<!指定的){noun}\s*(?<![A-Za-z0-9_-]){re.escape(name)}(?![A-Za-z0-9_-])\s*", f"指定的{noun}", clause
            )
    alternatives = "|".join(map(re.escape, ascii_names))
    pattern = rf"((?:指定的|该|此|这个|每个)?)\s*(?<![A-Za-z0-9_-])({alternatives})(?:\.\.\.)?(?![A-Za-z0-9_-])\s*"
    # "跳过前 N 个域": a count before its measure word reads "跳过前指定数目的域".
    clause = re.sub(
        rf"\s*(?<![A-Za-z0-9_-])({alternatives})\s*个",
        lambda m: "指定数目的" if _NOUNS.get(m[1].lower()) == "数目" else m[0],
        clause,
    )
    try:
        worded = re.sub(pattern, word, clause)
    except LookupError:
        return None
    return re.sub(r"指定的(\S{1,4}?)\1", r"指定的\1", worded)  # "附加在 filename 文件上": the noun once


def definition_question(entry: Entry, about: Subject | None) -> Question | None:
    """The question whose answer is the entry's term, or None."""
    if entry.kind == "option" and restates_default(entry.description):
        return None
    clause = _clause(entry.description)
    if clause is not None and not re.search(r"[\u4e00-\u9fff]", clause):
        return None  # "use STYLE for numbering footer lines": a clause left in English is no Chinese question
    if clause is not None and entry.kind == "option":
        clause = _worded(clause, placeholders(entry.term, clause, entry.names))
    if clause is None or not re.search(r"[\u4e00-\u9fff]", clause):
        return None
    # "返回true" fits many options; "等效于 '-a'" names its equivalent in the option's own spelling.
    if len(re.findall(r"[\u4e00-\u9fff]", clause)) < _MIN_HANZI and not clause.startswith("等效于"):
        return None
    if entry.kind == "option" and (_CUT.search(clause) or _MALFORMED.search(clause)):
        return None
    # "max-lines": the option's own argument left in its page spelling; "copy-in 模式" is a name and stays.
    if entry.kind == "option" and any(
        word in entry.term for word in re.findall(r"(?<![\w/-])[a-z]+-[a-z]+(?![\w-])", clause)
    ):
        return None
    kind = _KIND_WORD[kind_named(entry)]
    subject = about.name if about else None
    if entry.kind == "option":
        if not subject:
            return None
        given = _GIVEN.match(clause)
        if given:  # "有了这个选项，会发一个关闭托盘的命令": the condition is the option being given
            clause = clause[given.end() :]
        negated = _NEGATED.match(clause)
        # "这个选项指定主机和显示器": what the option does, said of it; not "这个选项已经过时", a state.
        itself = re.match(r"(?:这个|该|此)选项(?=[使让阻允禁用会将把指要显设告可])", clause)
        # "（则）会…", "eject 会…": what follows the option being given, said of the command or of nothing.
        consequence = given and re.match(rf"(?:则|就|它|{re.escape(subject)}\s*)?(?=[会将])", clause)
        if itself:  # "这个选项阻止 dumpkeys 把……": the clause already says what the option does
            question = f"{subject} 命令的哪个选项{clause[itself.end() :]}？"
        elif re.match(r"(?:这个|该|此)选项", clause):
            return None  # "这个选项已经过时": a state of the option, not what it does
        elif consequence:
            question = f"{subject} 命令的哪个选项{clause[consequence.end() :]}？"
        elif negated and re.search(r"[此这该]", clause):
            return None  # "不支持此操作": what it turns off is named on the page, not in the question
        elif clause.startswith("等效于"):  # "等效于 '--apparent-size --block-size=1'": an equivalent, not a meaning
            question = f"{subject} 命令的哪个选项{clause}？"
        elif negated:
            # "哪个选项表示“不要……”" reads as any option that leaves it alone: ask what the option turns off.
            said = clause if negated[1] else "让它不" + clause[negated.end() :]
            question = f"{subject} 命令的哪个选项{said}？"
        elif "表示" in clause.removeprefix("表示"):
            return None  # "在列出单元时，表示列出……": a second 表示 inside the quote says it twice
        else:
            # "表示以只读方式挂载": the clause's own verb of meaning is the question's, said once.
            question = f"{subject} 命令的哪个选项表示“{clause.removeprefix('表示')}”？"
    else:
        # "若壶开启了保温功能，此值加倍": a description opening on a condition tells what happens then, not what
        # the term is ("哪个属性表示“若……”" has no one answer).
        if (OPENS_CONDITION.match(clause) and not called_when(clause)) or INTERNAL.search(entry.description):
            return None  # "当……时，……" tells when, not what (unless what runs then); an internal entry no user reaches
        main = entry.names[0].removesuffix("()")
        owner = main.rsplit(".", 1)[0] if "." in main else subject
        # A module's page ("os — …") owns its names: "os 模块中"; any other owner is an object or a config
        # group (stats.cachedAssets): "stats 的", never called a module.
        in_module = about is not None and about.kind == "module" and f"{owner}.".startswith(f"{about.name}.")
        scope = f"{owner} {'模块中' if in_module else '的'}" if owner else ""
        scope = "" if entry.kind in ("method", "envvar", "cfunction") else scope
        if about is not None and about.kind == "command":
            scope = f"{about.name} 使用的" if entry.kind in ("envvar", "path") else f"{about.name} 手册页中"
        if entry.kind == "method" and owner:
            scope = f"{owner} 的"
        ask = f"哪个{kind}{clause}" if _VERB_OPENING.match(clause) else f"哪个{kind}表示“{clause}”"
        if kind_named(entry) in ("type", "class", "interface"):
            # "创建插件时可用的 options": a type's description names what it is, whatever it opens with.
            ask = which_is(clause, kind, kind_named(entry)) or ask
        if kind in _CODE_MEMBER_WORDS and not _VERB_OPENING.match(clause):
            ask = _member_asked(kind, clause)
            if ask is None:
                return None
        question = f"{scope}{ask}？"
    if any(occurrences(question, name) for name in entry.names):
        return None
    answers = typed_spellings(entry) if entry.kind == "option" else list(entry.names)
    if entry.kind == "option" and guessable(answers, clause):
        # "设置 region" gives --region away; a short spelling beside it is asked for alone ("哪个短选项").
        answers = short_spellings(answers, clause)
        if not answers:
            return None
        question = question.replace("的哪个选项", "的哪个短选项", 1)
    return question, answers, entry.kind, "definition", f"{subject or ''} {clause}"


def value_questions(entry: Entry, about: Subject | None, chunk_text: str) -> list[Question]:
    """Questions on the defaults an option's description states."""
    if entry.kind != "option" or not about:
        return []
    subject = about.name
    questions: list[Question] = []
    for m in _DEFAULT.finditer(entry.description):
        value = m[1].rstrip("的")
        if len(value) < 1 or occurrences(chunk_text, value) != 1 and chunk_text.count(value) != 1:
            continue
        question = f"{subject} 命令的 {entry.names[0]} 选项默认值是什么？"
        questions.append((question, [value], "default", "default_value", question))
    return questions


# A property or function is asked by what its description says, not by the description quoted whole ("哪个属性
# 表示“移除一个或多个插件，可以被多次调用”" reads as a template): a verb phrase is what it does, a noun phrase
# naming a thing (…的实例) what it is, a state or value what it sets (`entry_predicates_zh`); more than one
# clause is a description pasted whole, and is not asked.
_CODE_MEMBER_WORDS = ("属性", "方法", "函数")
_MEMBER_VERB = re.compile(r"(?:移除|添加|注册|修改|更新|调用|执行|启动|停止|生成|加载|监听|合并|检查|判断|转换|输出)")


def _member_asked(kind: str, clause: str) -> str | None:
    when = called_when(clause)
    if when:  # "当……时触发": a hook, asked by when it runs
        return f"哪个{when_kind(kind)}{when}"
    if re.search(r"[，,；;：:]", clause):
        return None
    if _MEMBER_VERB.match(clause):
        return f"哪个{kind}{clause}"
    if clause.startswith("是否"):  # "是否展示……的信息": what it controls, never "是是否……"
        return f"哪个{kind}控制{clause}" if kind == "属性" else None
    if re.search(r"的(?:实例|对象|方法|函数|属性|路径|信息|配置|名称|列表|集合)$", clause):
        return f"哪个{kind}是{clause}"
    # A state or a quantity (是否……, ……的数量) is what a property sets; a call is asked only by what it does.
    said = set_predicate(clause) if kind == "属性" else None
    return f"哪个{kind}{said}" if said else None
