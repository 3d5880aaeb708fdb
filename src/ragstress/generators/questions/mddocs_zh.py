"""Chinese questions on what product docs state (see `ragstress.generators.questions.mddocs` for the shapes)."""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.entry_predicates_zh import called_when, when_kind
from ragstress.generators.questions.mddocs_terms import (
    BY_DEFAULT,
    EXCEPTION,
    IDENT,
    KIND_ZH,
    NOT_REASONS,
    POINTS_OUT_ZH,
    REASONS,
    STATUS_NAME,
    VERSION,
    Question,
    code_kind,
    value_aliases,
)
from ragstress.generators.questions.techdoc import term_spellings

_ID_ZH = r"[A-Za-z_][\w.]*(?:\(\))?"

_USE_ZH = re.compile(rf"(?:使用|用|通过) ?(?P<term>{_ID_ZH}) ?(?:来|以)(?P<task>[^，。；：！？、（）()]{{4,30}})")

_DEFAULT_ZH = re.compile(
    r"默认值?(?:为|是) ?(?P<val>-?\d+(?:\.\d+)? ?(?:秒|毫秒|分钟|字节|KB|MB|个字符|个|次)?|None|True|False)"
)

_PARAM_ZH = re.compile(rf"(?:(?P<owner>{_ID_ZH}) ?的 ?)?(?P<param>[a-z_]\w*) ?参数")

_STATUS_ZH = re.compile(r"^(?P<head>[^。；]*?(?:会|将)?返回) ?(?P<code>[1-5]\d\d) ?(?:状态码|错误|响应)")

_RAISE_ZH = re.compile(rf"^(?P<head>[^。；]*?抛出) ?(?P<exc>{EXCEPTION})")

_ADDED_ZH = re.compile(
    rf"^(?P<subj>[^，。；]{{2,30}}?)(?:是)?在 ?{VERSION} ?版本中?(?P<verb>添加|引入|加入|新增|弃用|移除)(?=的|$)"
)

_SUPPORT_ZH = re.compile(rf"^(?P<prod>[A-Z]\w+) ?在 ?{VERSION} ?版本中添加了对 ?(?P<thing>[^，。（(]{{2,30}}?) ?的支持")

_IMPORT_ZH = re.compile(rf"从 ?(?P<m>[a-z_][\w.]*) ?(?:中)?导入 ?(?P<x>{_ID_ZH})")

_INHERITS_ZH = re.compile(
    rf"^(?P<a>{_ID_ZH}(?: ?[、,，和] ?{_ID_ZH})*) ?(?:是[^，。]{{0,8}}?，)?都?(?:是(?:一个)?)?(?:直接)?继承自(?:共用的|共同的|同一个)? ?"
    # The parent named alone ("继承自 Body 的类"), not the first word of a phrase ("继承自 Oxc 转换选项").
    rf"(?P<b>{_ID_ZH})(?=$| ?类| ?的|[，,。；])"
)
_DEFAULT_STATUS_ZH = re.compile(r"^(?P<code>[1-5]\d\d) ?是默认的?状态码")
_EXAMPLE_PARAM_ZH = re.compile(r"^(?P<p>[a-z_]\w*)，默认值为 ?(?P<v>[\w.\"']+) ?的 ?(?P<t>[A-Za-z]\w*) ?类型参数")

_LIMIT_ZH = re.compile(
    r"^(?P<head>[^，。；]*?(?:最多|最大|不能超过|不超过|至多|上限为|最长|最少|至少)(?:为|是)?) ?(?P<n>\d+) ?"
    r"(?P<unit>个字符|字符|字节|KB|MB|秒|毫秒|分钟|个|次|项)"
)

_ENTRY_ZH = re.compile(rf"^(?P<term>{IDENT}) ?(?:-|—|–|:|：) ?(?P<desc>[\u4e00-\u9fff][^：:]{{3,60}})$")

_SAYS_ZH = re.compile(
    rf"^(?P<term>{_ID_ZH}) ?(?P<pred>(?:也|还|会|可以|将|只)?(?:是一个|有|返回|接收|接受|提供|用于|负责|声明|处理|生成|读取|"
    rf"继承自|包含)[^，。；：]{{3,40}})$"
)

_CALLED_ZH = re.compile(r"^(?P<x>[^，。；：“”\"]{4,30}?)(?:被|也)?(?:称为|叫做|称作)[“\"](?P<y>[^”\"，。]{2,20})[”\"]$")

_NEED_TO_ZH = re.compile(
    rf"^(?:要|如果(?:你)?(?:需要|想要?|要))(?P<task>[^，,（(]{{2,30}})(?:（[^）]*）)?，(?:你)?(?:需要|必须|可以|请|应)?(?:显式地)?"
    rf"(?:改用|使用) ?(?P<term>{_ID_ZH})"
)


def chinese_questions(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The questions one Chinese sentence states."""
    made: list[Question] = []
    sentence = sentence.rstrip("。！；：: ")
    lead = f"在 {product} 中，" if product and product not in sentence else ""
    for m in _USE_ZH.finditer(sentence):
        term, task = m["term"], m["task"].strip()
        kind = code_kind(term, kinds)
        if kind is None or term.removesuffix("()") == product or POINTS_OUT_ZH.search(task):
            continue
        word = KIND_ZH[kind]
        question = f"{lead}使用哪个{word}来{task}？"
        made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    m = _DEFAULT_ZH.search(sentence)
    named = _PARAM_ZH.search(sentence[: m.start()]) if m else None
    if m and named:
        owner = f"{named['owner']} 的 " if named["owner"] else lead
        question = f"{owner}{named['param']} 参数的默认值是什么？"
        made.append((question, value_aliases(m["val"].strip()), "default", "default_value", question))
    for pattern, word, kind, template in (
        (_STATUS_ZH, "哪个状态码", "error_code", "doc_status"),
        (_RAISE_ZH, "哪个异常", "exception", "doc_status"),
    ):
        m = pattern.search(sentence)
        if m and not POINTS_OUT_ZH.search(m["head"]) and re.search(r"[A-Za-z]", m["head"]):
            head = m["head"] if (product and product in m["head"]) or not lead else lead + m["head"]
            question = f"{head}{word}？"
            answers = [m["code"]] if kind == "error_code" else list(term_spellings(m["exc"]))
            made.append((question, answers, kind, template, question))
    m = _ADDED_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["subj"]):
        question = f"{m['subj']}是在哪个版本中{m['verb']}的？"
        if product and product not in question:
            question = f"{m['subj']}是在 {product} 的哪个版本中{m['verb']}的？"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _SUPPORT_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["thing"]):
        question = f"{m['prod']} 在哪个版本中添加了对 {m['thing']} 的支持？"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _LIMIT_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["head"]) and len(m["head"]) >= 4:
        unit = f" {m['unit']}" if re.match(r"[A-Za-z]", m["unit"]) else m["unit"]
        question = f"{lead}{m['head']}多少{unit}？"
        made.append(
            (question, [f"{m['n']} {m['unit']}", f"{m['n']}{m['unit']}", m["n"]], "number", "doc_limit", question)
        )
    return made + _zh_more(sentence, product, kinds, lead)


def _zh_more(sentence: str, product: str | None, kinds: dict[str, str], lead: str) -> list[Question]:
    """Imports, inheritance, status code names, terms, entries ("max_age - 设置……") and sentences about a code name."""
    made: list[Question] = []
    m = _CALLED_ZH.search(sentence)
    if m and not POINTS_OUT_ZH.search(m["x"]):
        question = f"{lead}{m['x']}被称为什么？"
        made.append((question, [m["y"]], "name", "doc_term", question))
    m = BY_DEFAULT.search(sentence)
    if m and m["owner2"]:
        question = f"{m['owner2']} 的 {m['p']} 参数默认值是什么？"
        made.append((question, value_aliases(m["v"]), "default", "default_value", question))
    m = _NEED_TO_ZH.search(sentence)
    kind = code_kind(m["term"], kinds) if m else None
    if m and kind and m["term"] != product and not POINTS_OUT_ZH.search(m["task"]):
        question = f"{lead}要{m['task']}，需要使用哪个{KIND_ZH[kind]}？"
        made.append((question, list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {m['task']}"))
    m = _IMPORT_ZH.search(sentence)
    if m and code_kind(m["x"], kinds) and m["x"] != product:
        own = product and product.lower() == m["m"].split(".")[0]  # "在 FastAPI 中" would name the answer
        question = f"{'' if own else lead}应从哪个模块导入 {m['x']}？"
        made.append((question, [m["m"]], "path", "doc_identifier", question))
    m = _DEFAULT_STATUS_ZH.search(sentence)
    if m and product:
        question = f"{product} 的默认状态码是哪个？"
        made.append((question, [m["code"]], "error_code", "doc_status", question))
    m = _EXAMPLE_PARAM_ZH.search(sentence)
    if m and product:
        question = f"{product} 示例中 {m['p']} 参数的默认值是什么？"
        made.append((question, value_aliases(m["v"]), "default", "default_value", question))
        question = f"{product} 示例中 {m['p']} 参数是什么类型？"
        made.append((question, [m["t"]], "name", "doc_type", question))
    m = _INHERITS_ZH.search(sentence)
    if m and m["a"] != product:
        every = "都" if re.search(r"[、,，和]", m["a"]) else ""
        question = f"{lead}{re.sub(r' ?([、,，]) ?', '、', m['a'])} {every}继承自哪个类？"
        made.append((question, list(term_spellings(m["b"])), "class", "doc_identifier", question))
    for m in STATUS_NAME.finditer(sentence):
        if (len(m["name"].split()) >= 2 or m["name"] in REASONS) and m["name"].split()[0] not in NOT_REASONS:
            question = f"哪个 HTTP 状态码表示 {m['name']}？"
            made.append((question, [m["code"]], "error_code", "doc_status", question))
    for pattern in (_ENTRY_ZH, _SAYS_ZH):
        m = pattern.search(re.sub(r"^(?:[A-Z]\w+ 的 ?|而|但|所以，?|因此，?)(?=[A-Za-z_])", "", sentence))
        kind = code_kind(m["term"], kinds) if m else None
        if m and kind and m["term"] != product:
            said = m["desc"] if pattern is _ENTRY_ZH else m["pred"]
            if POINTS_OUT_ZH.search(said) or m["term"].removesuffix("()") in said:
                continue
            named = described(said) if pattern is _ENTRY_ZH else said
            when = called_when(said) if pattern is _ENTRY_ZH else None
            if named is None and when is None:
                continue
            ask = f"哪个{KIND_ZH[kind]}{named}" if named else f"哪个{when_kind(KIND_ZH[kind])}{when}"
            made.append((f"{lead}{ask}？", list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {said}"))
            break
    return made


# A description that names what the entry is: "等待下一次 DOM 更新刷新的工具方法" is asked with 是.
_WHAT_IT_IS = re.compile(r"的[^，,的]*(?:方法|函数|形式|别名|工具|变体|简写)$")
# Openings a description of what an entry does starts with besides a verb: 将/把 an object, 按/根据/通过 a means.
# (当 opens a time: "用于当……时" is no Chinese; an entry said to run then is asked by `called_when`.)
_DOING_OPENERS = frozenset("将 把 按 根据 通过 在 以 从 对 向 为 使 让".split())


def described(said: str) -> str | None:
    """How a question names an entry by its description: "是<what it is>" or "用于<what it does>"; None when the
    description is neither (a condition, "如果参数是 ref，则…"; a phrase of another shape), which a question
    quoting it would only paste in."""
    if "，" not in said and "," not in said and _WHAT_IT_IS.search(said):
        return f"是 {said}" if re.match(r"[A-Za-z_]", said) else f"是{said}"  # a space before a Latin word
    words = tagged(said)
    if not words or called_when(said):
        return None  # "在……后调用" says when the entry runs, not what it is for
    first, flag = words[0]
    if first in _DOING_OPENERS or (flag.startswith("v") and first not in ("如果", "若")):
        return f"用于{said}"
    return None
