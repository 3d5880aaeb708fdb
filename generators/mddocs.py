"""Questions on what product docs and tutorials state, in English and Chinese.

A framework's tutorial states its facts in running prose, not in definition entries: "use
Query to declare extra validation", "the default value is 30 seconds", "Kettle returns a 418
status code when the pot is empty", "added in version 2.4.0", "at most 64 kilobytes". Each
shape here becomes a question naming the product (or the function it is about), with the
stated term, value, code or version as the answer:

| kind | English | Chinese |
|---|---|---|
| identifier | Which class do you use to declare a brewing step in Kettle? | 在 Kettle 中，使用哪个类来声明路由上的冲泡步骤？ |
| default | What is the default value of the timeout parameter of Kettle()? | Kettle() 的 timeout 参数的默认值是什么？ |
| error_code | Which status code does Kettle return when the pot is empty? | 当壶为空时，Kettle 会返回哪个状态码？ |
| exception | Which exception does Kettle raise when the pot is empty? | 当壶为空时，Kettle 会抛出哪个异常？ |
| version | In which version of Kettle was the steep() function added? | steep() 函数是在哪个版本中添加的？ |
| limit | In Kettle, a request body may be at most how many kilobytes? | 在 Kettle 中，请求体最多为多少 KB？ |

Sentences are read from the prose of a chunk only (code, tables and notices are skipped, list
bullets dropped), and a sentence that points outside itself ("it", "this", "above") is not asked.
The product is the name a corpus writes most often inside its sentences (see `product_name`).
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.spans import sentences
from ragstress.generators.techdoc import Entry, term_spellings
from ragstress.generators.techdoc_en import predicate, third_person

Question = tuple[str, list[str], str, str, str]  # as in techdoc_en: question, answers, kind, template, content

_IDENT = r"[A-Za-z_][\w.]*(?:\(\))?"
_EXCEPTION = r"[A-Z]\w*(?:Error|Exception)"
_UNITS_EN = (
    r"(?:milliseconds|seconds|minutes|hours|days|bytes|kilobytes|megabytes|gigabytes|KB|MB|GB|characters|"
    r"items|requests|connections|workers|retries|times|lines|digits|files|entries|levels)"
)
_VALUE_EN = (
    rf"(?P<val>-?\d+(?:\.\d+)?(?: {_UNITS_EN})?|None|True|False|null|true|false|\"[^\"\s]{{1,20}}\"|'[^'\s]{{1,20}}')"
)
_VERSION = r"(?P<v>\d+\.\d+(?:\.\d+)?)"
_POINTS_OUT = re.compile(
    r"\b(?:it|its|it's|them|they|this|that|these|those|here|above|below|previous|following|same|example|"
    r"we|our|I|you'll|above)\b",
    re.I,
)
_POINTS_OUT_ZH = re.compile(r"[它其]|这[个些里样]|上面|下面|前面|上述|以下|如下|我们|示例|例子|本例")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_MARKUP = re.compile(r"[`*#{}<>|\\]|///|\]\(|__")

# English shapes ---------------------------------------------------------------------------------------
_USE = re.compile(
    rf"\b[Uu]se (?:the |[A-Z]\w+'s )?(?P<term>{_IDENT}) (?P<prep>to|for) (?P<task>[a-z][^.;:!?,()]*)"
    rf"|(?P<term2>{_IDENT}) (?:is used to|is used for|lets you|allows you to|can be used to) (?P<task2>[a-z][^.;:!?,()]*)"
)
_DEFAULT_NAMED = re.compile(
    rf"\b(?:the )?(?P<param>[a-z_]\w*)(?: parameter| argument| option| setting)? defaults to {_VALUE_EN}"
    rf"|\b[Tt]he default(?: value)? (?:of|for) (?:the )?(?P<param2>[a-z_]\w*)(?: parameter| argument| option| setting)? is {_VALUE_EN.replace('val', 'val2')}"
)
_DEFAULT_BARE = re.compile(rf"\b[Tt]he default(?: value)? is {_VALUE_EN}")
_PARAMETER = re.compile(rf"\b(?:[Tt]he )?(?P<param>[a-z_]\w*) (?:parameter|argument)(?: of (?P<owner>{_IDENT}))?")
_WHEN = r"(?:[Ww]hen|[Ii]f) (?P<cond>[^,]{5,80})"
_SUBJ = r"(?P<subj>[A-Z][\w.()]*|[Tt]he [a-z]+)"
_STATUS_AFTER = re.compile(
    rf"{_WHEN}, {_SUBJ} (?:will )?(?:returns?|responds? with|sends?) (?:back )?(?:an? |the )?(?:HTTP )?"
    rf"(?:status code |status )?(?P<code>[1-5]\d\d)\b"
)
_STATUS_BEFORE = re.compile(
    rf"^{_SUBJ} (?:will )?(?:returns?|responds? with|sends?) (?:back )?(?:an? |the )?(?:HTTP )?(?:status code |status )?"
    rf"(?P<code>[1-5]\d\d)\b(?: status code| status| error| response)? (?:when|if) (?P<cond>[^,]{{5,80}})$"
)
_RAISE_AFTER = re.compile(rf"{_WHEN}, {_SUBJ} (?:will )?(?:[^,]*? and )?raises? (?:an? |the )?(?P<exc>{_EXCEPTION})\b")
_RAISED = re.compile(rf"^(?:An? |The )?(?P<exc>{_EXCEPTION}) (?:is|will be) raised (?:when|if) (?P<cond>[^,]{{5,80}})$")
_ADDED = re.compile(
    rf"^(?P<subj>[A-Z][^,;]{{2,60}}?) (?:was|were) (?P<verb>added|introduced|deprecated|removed) in "
    rf"(?:version |[A-Z]\w+ )?{_VERSION}"
)
_SUPPORT = re.compile(
    rf"^(?P<prod>[A-Z]\w+) added support for (?P<thing>[^(,]{{2,40}}?)(?: \([^)]*\))? in version {_VERSION}"
)
_LIMIT = re.compile(
    rf"^(?P<head>[A-Z][^,;:]*?\b(?:may|can|must|should|will) (?:be|have|contain|hold|take|accept|use) "
    rf"(?:at most|up to|no more than|a maximum of|at least|a minimum of)) (?P<n>\d+) (?P<unit>{_UNITS_EN})$"
)
_KIND_EN = {"class": "class", "function": "function", "exception": "exception", "parameter": "parameter"}

# Chinese shapes ----------------------------------------------------------------------------------------
_ID_ZH = r"[A-Za-z_][\w.]*(?:\(\))?"
_USE_ZH = re.compile(rf"(?:使用|用|通过) ?(?P<term>{_ID_ZH}) ?(?:来|以)(?P<task>[^，。；：！？、（）()]{{4,30}})")
_DEFAULT_ZH = re.compile(
    r"默认值?(?:为|是) ?(?P<val>-?\d+(?:\.\d+)? ?(?:秒|毫秒|分钟|字节|KB|MB|个字符|个|次)?|None|True|False)"
)
_PARAM_ZH = re.compile(rf"(?:(?P<owner>{_ID_ZH}) ?的 ?)?(?P<param>[a-z_]\w*) ?参数")
_STATUS_ZH = re.compile(r"^(?P<head>[^。；]*?(?:会|将)?返回) ?(?P<code>[1-5]\d\d) ?(?:状态码|错误|响应)")
_RAISE_ZH = re.compile(rf"^(?P<head>[^。；]*?抛出) ?(?P<exc>{_EXCEPTION})")
_ADDED_ZH = re.compile(
    rf"^(?P<subj>[^，。；]{{2,30}}?)(?:是)?在 ?{_VERSION} ?版本中?(?P<verb>添加|引入|加入|新增|弃用|移除)(?=的|$)"
)
_SUPPORT_ZH = re.compile(
    rf"^(?P<prod>[A-Z]\w+) ?在 ?{_VERSION} ?版本中添加了对 ?(?P<thing>[^，。（(]{{2,30}}?) ?的支持"
)
_IMPORT_ZH = re.compile(rf"从 ?(?P<m>[a-z_][\w.]*) ?(?:中)?导入 ?(?P<x>{_ID_ZH})")
_INHERITS_ZH = re.compile(rf"^(?P<a>{_ID_ZH}) ?(?:是(?:一个)?)?(?:直接)?继承自 ?(?P<b>{_ID_ZH})")
_LIMIT_ZH = re.compile(
    r"^(?P<head>[^，。；]*?(?:最多|最大|不能超过|不超过|至多|上限为|最长|最少|至少)(?:为|是)?) ?(?P<n>\d+) ?"
    r"(?P<unit>个字符|字符|字节|KB|MB|秒|毫秒|分钟|个|次|项)"
)


# Names written in every page of a reference that are values or formats, not what the pages document.
_NOT_PRODUCTS = frozenset("None True False NULL NaN JSON HTML HTTP URL API CPU".split())
# Words before "parameter" that say what kind of parameter it is, not its name.
_PARAMETER_KINDS = frozenset(
    "query path body header cookie form file optional required default keyword positional extra additional "
    "first second last same other new function type given a an the this that each any".split()
)
_TYPES = r"(?:int|str|float|bool|bytes|list|dict|set|tuple|datetime|date|time|UUID|Decimal|[A-Z]\w+)"
_WHERE = r"(?P<where>query |path |body |header |cookie |form )?"
_INHERITS = re.compile(
    rf"^(?P<a>{_IDENT}) (?:is an? (?:class|subclass)(?: that)? inherits(?: directly)? from|is a subclass of|"
    rf"inherits(?: directly)? from) (?P<b>{_IDENT})$"
)
_IMPORT = re.compile(
    rf"\bimport (?P<x>{_IDENT})(?: and {_IDENT})? from (?P<m>[a-z_][\w.]*)|\bfrom (?P<m2>[a-z_][\w.]*) import (?P<x2>{_IDENT})"
)
_REASONS = frozenset("OK Created Accepted Unauthorized Forbidden Conflict Gone".split())
_NOT_REASONS = frozenset("Error Status In The If When Page Response".split())
_STATUS_NAME = re.compile(r"\b(?P<code>[1-5]\d\d) (?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+){0,3})\b")
_STATUS_FOR = re.compile(r"^(?P<code>[1-5]\d\d) is the status code for \"?(?P<name>[A-Z][\w ]{2,30}?)\"?$")
_IS_A = re.compile(
    rf"^(?P<term>{_IDENT}) is an? (?P<noun>(?:[a-z]+ )?(?:class|function|exception|decorator|dependency|subclass|"
    rf"method|attribute|model|type)) (?:that|which) (?P<rest>[a-z][^.;:]{{5,100}})$"
)
_WITH = re.compile(
    rf"^With (?P<term>{_IDENT}),? you can (?P<task>[a-z][^.;:]{{5,80}})$"
    rf"|^[Yy]ou can (?P<task2>[a-z][^.;:,]{{5,80}}?) (?:using|with|by using) (?P<term2>{_IDENT})$"
)
_TYPE = re.compile(
    rf"\b{_WHERE}(?:parameter|field|argument) (?P<param>[a-z_]\w*) (?:is|will be|must be) (?:a required |an optional )?"
    rf"(?:[a-z]+ parameter )?(?:of type|an?) (?P<type>{_TYPES})\b"
    rf"|\b(?:[Aa]n? |[Tt]he )?(?:optional |required )?(?P<param2>[a-z_]\w*) (?P<where2>query |path |body )?"
    rf"(?:parameter|field|argument) (?:that is|of type) (?:an? )?(?P<type2>{_TYPES})\b"
    rf"|\b(?:[Aa]n? )?(?:optional |required )?(?P<where3>query |path |body )?parameter (?P<param3>[a-z_]\w*) "
    rf"that is (?:an? )?(?P<type3>{_TYPES})\b"
)
_EXAMPLE_DEFAULT = re.compile(
    rf"\b(?P<param>[a-z_]\w*) {_WHERE}parameter [^.]*?(?:with a default(?: value)? of|and by default is|"
    rf"defaults to) {_VALUE_EN}"
    rf"|\bparameter (?P<param2>[a-z_]\w*) that is [^.]*?(?:with a default(?: value)? of|and by default is) "
    + _VALUE_EN.replace("val", "val2")
)


_ENTRY = re.compile(rf"^(?P<term>{_IDENT}) (?:-|—|–|:) (?P<desc>[A-Z][^:]{{8,200}})$")
_ENTRY_ZH = re.compile(rf"^(?P<term>{_IDENT}) ?(?:-|—|–|:|：) ?(?P<desc>[\u4e00-\u9fff][^：:]{{3,60}})$")
_SAYS = re.compile(
    rf"^(?P<term>{_IDENT}) (?P<pred>(?:also |actually |automatically |only |still )?(?P<verb>[a-z]+) [^;:]{{5,120}})$"
)
_SAYS_ZH = re.compile(
    rf"^(?P<term>{_ID_ZH}) ?(?P<pred>(?:也|还|会|可以|将|只)?(?:是一个|有|返回|接收|接受|提供|用于|负责|声明|处理|生成|读取|"
    rf"继承自|包含)[^，。；：]{{3,40}})$"
)
_CALLED = re.compile(
    r"^(?P<x>(?:That |This |The |Each |An? )?[^,;:\"“]{4,60}?) (?:is|are) (?:also |often |usually )?(?:called|known as) "
    r"(?:an? )?[\"“](?P<y>[^\"”]{2,30})[\"”]$"
)
_CALLED_ZH = re.compile(r"^(?P<x>[^，。；：“”\"]{4,30}?)(?:被|也)?(?:称为|叫做|称作)[“\"](?P<y>[^”\"，。]{2,20})[”\"]$")
_FROM_LINE = re.compile(rf"^(?P<x>{_IDENT}) from (?P<m>[a-z_][\w.]*)$")
_NEED_TO = re.compile(
    rf"^(?:To (?P<task>[a-z][^,]{{3,60}}), you (?:need to|have to|can|should|must) use (?:the )?(?P<term>{_IDENT})"
    rf"|If you (?:need|want) to (?P<task2>[a-z][^,]{{3,60}}), use (?:the )?(?P<term2>{_IDENT}))"
    r"(?: parameter| class| function)?\b"
)
_NEED_TO_ZH = re.compile(
    rf"^(?:要|如果(?:你)?(?:需要|想要?|要))(?P<task>[^，,（(]{{2,30}})(?:（[^）]*）)?，(?:你)?(?:需要|必须|可以|请|应)?(?:显式地)?"
    rf"(?:改用|使用) ?(?P<term>{_ID_ZH})"
)
_BY_DEFAULT = re.compile(
    rf"^(?:By default, (?P<owner>{_IDENT}) uses|默认情况下，(?P<owner2>{_ID_ZH}) ?使用) ?(?P<p>[a-z_]\w*)=(?P<v>[\w\"'.]+)"
)
_OPENERS = re.compile(r"^(?:So, |And |Then |Also, |Now, |By default, |So, by default, )+")
_SET_TO = re.compile(
    r"\b[Yy]ou can (?:also )?(?:set|pass|use) (?P<p>[a-z_]\w*)=(?P<v>[\w\"']+) to (?P<task>[a-z][^.;:,]{5,80})$"
)
_AUXILIARY_VERBS = frozenset("is has can will does may must should".split())


def product_name(chunks: list[Chunk]) -> str | None:
    """The name a corpus writes inside most of its documents' sentences (FastAPI in FastAPI's tutorial), or None.

    Only names inside a sentence count (after a lower-case word or a Han character), so the words
    that open sentences never win; the name must occur in at least half the documents."""
    seen: dict[str, set[str]] = {}
    counts: Counter[str] = Counter()
    for chunk in chunks:
        for name in re.findall(
            r"(?:(?<=[a-z,] )|(?<=[\u4e00-\u9fff] )|(?<=[\u4e00-\u9fff]))([A-Z][A-Za-z0-9]+)\b", chunk.text
        ):
            seen.setdefault(name, set()).add(chunk.doc_id)
            counts[name] += 1
    docs = len({c.doc_id for c in chunks})
    ranked = [
        n
        for n, _ in counts.most_common()
        if len(seen[n]) * 2 >= docs and len(seen[n]) >= 2 and len(n) >= 3 and n not in _NOT_PRODUCTS
    ]
    return ranked[0] if ranked else None


def identifier_kinds(chunks: list[Chunk]) -> dict[str, str]:
    """The code names a corpus uses, by kind: written with "()" or called or imported in its code."""
    kinds: dict[str, str] = {}
    for chunk in chunks:
        for name in re.findall(r"\b([A-Za-z_][\w.]*)\(", chunk.text):
            kinds.setdefault(name, _kind_of(name))
        for names in re.findall(r"^\s*from [\w.]+ import ([\w, ]+)$", chunk.text, re.MULTILINE):
            for name in names.split(","):
                if name.strip():
                    kinds.setdefault(name.strip(), _kind_of(name.strip()))
    return kinds


_NOT_VERBS = frozenset("the a an this that these those its their his her be is are was all any some".split())


def _code_kind(term: str, kinds: dict[str, str]) -> str | None:
    """The kind of a name that reads as code (written with "()", a capital, "_" or "."), or None."""
    name = term.removesuffix("()")
    looks_like_code = term.endswith("()") or name[:1].isupper() or "_" in name or "." in name
    if not looks_like_code:
        return None  # "use type to ...": an English word, whatever the corpus calls
    if name in kinds or term.endswith("()"):
        return kinds.get(name) or _kind_of(name)
    return "parameter" if re.fullmatch(r"[a-z]+(?:_[a-z0-9]+)+", name) else None


def _kind_of(name: str) -> str:
    last = name.rsplit(".", 1)[-1]
    if re.fullmatch(_EXCEPTION, last):
        return "exception"
    return "class" if last[:1].isupper() else "function"


def prose_sentences(chunk: Chunk) -> list[str]:
    """The sentences of a chunk's prose: code, table rows and headings left out, list bullets dropped."""
    lines = chunk.text.split("\n")
    kept = []
    for line, code in zip(lines, code_lines(chunk.text, chunk.code_state)):
        if code or " | " in line or not line.strip():
            kept.append("")
            continue
        kept.append(_BULLET.sub("", line).strip())
    return [s for s in sentences("\n".join(kept)) if len(s) >= 12]


def doc_questions(chunk: Chunk, lang: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The chunk's questions of every shape above, in the order its sentences state them."""
    found: list[Question] = []
    before = ""  # the sentence before: a bare "The default value is 30." names its parameter there
    for sentence in prose_sentences(chunk):
        zh = bool(re.search(r"[\u4e00-\u9fff]", sentence))
        made = _zh(sentence, product, kinds) if zh else _en(sentence, product, kinds, before)
        in_place = _about_product(sentence.rstrip(".。!！:：; "), product, kinds, zh) if not made else None
        made += [in_place] if in_place else []
        before = sentence
        found += [q for q in made if _clean(q[0]) and not any(_names(q[0], a) for a in q[1])]
    asked = Counter(q[0] for q in found)
    return [q for q in found if asked[q[0]] == 1]


def has_markup(question: str) -> bool:
    """Does a question hold markup (backticks, emphasis, fences, tags, a list bullet)?"""
    return bool(_MARKUP.search(question) or _BULLET.match(question))


def _clean(question: str) -> bool:
    return not has_markup(question) and 5 <= len(question.split()) + len(re.findall(r"[\u4e00-\u9fff]", question)) // 2


def _names(question: str, answer: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(answer)}(?![\w(])", question) is not None


def _in(product: str | None, text: str) -> str:
    """ " in FastAPI" unless the text names the product already."""
    return f" in {product}" if product and product not in text else ""


def _value_aliases(value: str) -> list[str]:
    bare = value.strip("'\"")
    number = re.match(r"-?\d+(?:\.\d+)?", value)
    return list(dict.fromkeys([value, bare, *([number[0]] if number and number[0] != value else [])]))


def _en(sentence: str, product: str | None, kinds: dict[str, str], before: str = "") -> list[Question]:
    made: list[Question] = []
    sentence = sentence.rstrip(".!:; ")
    for m in _USE.finditer(sentence):
        term, task = (m["term"], m["task"]) if m["term"] else (m["term2"], m["task2"])
        kind = _code_kind(term, kinds)
        task = re.split(r" (?:and|but|so|because|which|that is|as) ", task)[0].strip()
        if kind is None or term.removesuffix("()") == product or not 3 <= len(task.split()) <= 14:
            continue
        if _POINTS_OUT.search(task) or task.split()[0] in _NOT_VERBS:
            continue
        prep = m["prep"] or "to"
        question = f"Which {_KIND_EN[kind]} do you use {prep} {task}{_in(product, task)}?"
        made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    for m in _DEFAULT_NAMED.finditer(sentence):
        param, value = (m["param"], m["val"]) if m["param"] else (m["param2"], m["val2"])
        if param in _PARAMETER_KINDS or (
            "_" not in param and param not in kinds and not re.search(rf"\b{param} (?:parameter|argument)", sentence)
        ):
            continue
        question = f"What is the default value of the {param} parameter{_in(product, param)}?"
        made.append((question, _value_aliases(value), "default", "default_value", question))
    bare = _DEFAULT_BARE.search(sentence)
    named = _PARAMETER.search(sentence) or (_PARAMETER.search(before) if bare and bare.start() == 0 else None)
    if bare and named and named["param"] not in _PARAMETER_KINDS and not _DEFAULT_NAMED.search(sentence):
        owner = f" of {named['owner']}" if named["owner"] else _in(product, named["param"])
        question = f"What is the default value of the {named['param']} parameter{owner}?"
        made.append((question, _value_aliases(bare["val"]), "default", "default_value", question))
    for pattern in (_STATUS_AFTER, _STATUS_BEFORE):
        m = pattern.search(sentence)
        if m and not _POINTS_OUT.search(m["cond"]):
            subj = m["subj"] if not re.match(r"(?:It|This|That|They)\b", m["subj"]) else product
            if subj:
                question = f"Which status code does {subj} return when {m['cond']}?"
                made.append((question, [m["code"]], "error_code", "doc_status", question))
    m = _RAISE_AFTER.search(sentence)
    if m and not _POINTS_OUT.search(m["cond"]):
        question = f"Which exception does {m['subj']} raise when {m['cond']}?"
        made.append((question, list(term_spellings(m["exc"])), "exception", "doc_status", question))
    m = _RAISED.search(sentence)
    if m and not _POINTS_OUT.search(m["cond"]):
        question = f"Which exception is raised{_in(product, m['cond'])} when {m['cond']}?"
        made.append((question, list(term_spellings(m["exc"])), "exception", "doc_status", question))
    m = _ADDED.search(sentence)
    if m and not _POINTS_OUT.search(m["subj"]):
        subj = m["subj"][0].lower() + m["subj"][1:] if re.match(r"(?:The|A|An|Support)\b", m["subj"]) else m["subj"]
        of = f" of {product}" if product and product not in subj else ""
        question = f"In which version{of} was {subj} {m['verb']}?"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _SUPPORT.search(sentence)
    if m and not _POINTS_OUT.search(m["thing"]):
        question = f"In which version did {m['prod']} add support for {m['thing']}?"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _LIMIT.search(sentence)
    if m and not _POINTS_OUT.search(m["head"]) and len(m["head"].split()) <= 16:
        head = m["head"]
        head = head[0].lower() + head[1:] if re.match(r"(?:The|A|An|Each|Every)\b", head) else head
        lead = f"In {product}, " if product and product not in head else ""
        question = f"{lead}{head} how many {m['unit']}?"
        question = question[0].upper() + question[1:]
        made.append((question, [f"{m['n']} {m['unit']}", m["n"]], "number", "doc_limit", question))
    return made + _en_more(sentence, product, kinds) + _en_says(sentence, product, kinds)


_CODE_TOKEN = re.compile(r"(?:\b[Tt]he )?(?<![\w.])([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*(?:\(\))?)(?![\w(])")


def _about_product(sentence: str, product: str | None, kinds: dict[str, str], zh: bool) -> Question | None:
    """A sentence whose subject is the product asks in place for the code name it states:
    "FastAPI provides several middlewares in fastapi.middleware" -> "FastAPI provides several middlewares in
    which module?"; "FastAPI 在 fastapi.middleware 中提供了中间件" -> "FastAPI 在哪个模块中提供了中间件？"."""
    if not product:
        return None
    opener = re.match(rf"^(?:So, |Then |By default, |And )?{re.escape(product)} ", sentence)
    if not opener:
        return None
    for m in _CODE_TOKEN.finditer(sentence, opener.end()):
        name = m[1]
        module = re.fullmatch(r"[a-z_]+(?:\.[a-z_]+)+", name) is not None
        kind = "module" if module else _code_kind(name, kinds)
        if kind is None or name == product or name.lower() == product.lower():
            continue
        before, after = sentence[: m.start()], sentence[m.end() :]
        after = re.split(r",|;| \(| - | — |，|；|（", after)[0].rstrip(" .:")
        if zh:
            word = {"module": "模块", **_KIND_ZH}[kind]
            word = "" if after.lstrip().startswith(word) else word  # "fastapi.security 模块中": the noun is there
            question = f"{before.rstrip()}哪个{word}{after.lstrip()}？"
            pointing = _POINTS_OUT_ZH.search(before + after)
        else:
            question = (
                f"{before}which {kind}{after}?" if not re.match(rf" {kind}\b", after) else f"{before}which{after}?"
            )
            pointing = _POINTS_OUT.search(before + after)
        if pointing or len(question.split()) < 5 and not zh:
            return None
        names = [name] if module else list(term_spellings(name))
        return question, names, "path" if module else kind, "doc_identifier", question
    return None


def _en_says(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """A sentence about a code name: "max_age - Sets a maximum time ...", "jsonable_encoder is used by ... to ..."."""
    made: list[Question] = []
    m = _ENTRY.search(sentence)
    kind = _code_kind(m["term"], kinds) if m else None
    if m and kind and m["term"] != product:
        said = predicate(Entry(m["term"], term_spellings(m["term"]), "attribute", m["desc"], m["desc"]))
        if said and not _POINTS_OUT.search(said):
            question = f"Which {_KIND_EN[kind]} {said}{_in(product, said)}?"
            made.append((question, list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {said}"))
        return made
    m = _CALLED.search(sentence)
    if m:
        x = re.sub(r"^(?:That|This) ", "The ", m["x"])
        x = x[0].lower() + x[1:] if re.match(r"(?:The|Each|An?)\b", x) else x
        if not _POINTS_OUT.search(x) and len(x.split()) >= 2:
            question = f"What is {x} called{_in(product, x)}?"
            made.append((question, [m["y"]], "name", "doc_term", question))
    m = _SET_TO.search(sentence)
    if m and not _POINTS_OUT.search(m["task"]):
        question = f"Which parameter do you set to {m['v']} to {m['task']}{_in(product, m['task'])}?"
        made.append((question, [m["p"]], "parameter", "doc_identifier", question))
    m = _FROM_LINE.search(sentence)
    if m and _code_kind(m["x"], kinds) and m["x"] != product:
        lead = f"In a {product} app, which" if product and product.lower() != m["m"].split(".")[0] else "Which"
        question = f"{lead} module do you import {m['x']} from?"
        made.append((question, [m["m"]], "path", "doc_identifier", question))
    m = _BY_DEFAULT.search(sentence)
    if m and m["owner"]:
        question = f"What is the default value of the {m['p']} parameter of {m['owner']}?"
        made.append((question, _value_aliases(m["v"]), "default", "default_value", question))
    m = _NEED_TO.search(sentence)
    if m:
        term, task = (m["term"], m["task"]) if m["term"] else (m["term2"], m["task2"])
        kind = _code_kind(term, kinds)
        if kind and term != product and not _POINTS_OUT.search(task):
            question = f"Which {_KIND_EN[kind]} do you use to {task}{_in(product, task)}?"
            made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    m = _SAYS.search(_OPENERS.sub("", re.sub(r"^(?:And |So, )?[A-Z]\w+'s (?=[A-Z])", "", sentence)))
    kind = _code_kind(m["term"], kinds) if m else None
    if not m or not kind or m["term"] == product or _POINTS_OUT.search(m["pred"]) or re.match(r"is an? ", m["pred"]):
        return made
    verb = m["verb"]
    if verb not in _AUXILIARY_VERBS and not any(
        third_person(b) == verb for b in (verb[:-1], verb[:-2], verb[:-3] + "y")
    ):
        return made  # "Path parameters with types": a heading, not a statement
    if re.search(rf"(?<![\w.]){re.escape(m['term'].removesuffix('()'))}(?![\w(])", m["pred"]):
        return made
    question = f"Which {_KIND_EN[kind]} {m['pred']}{_in(product, m['pred'])}?"
    made.append((question, list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {m['pred']}"))
    return made


def _en_more(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """Inheritance, imports, status code names, "X is a class that ...", "with X you can ...", example types."""
    made: list[Question] = []
    m = _INHERITS.search(sentence)
    if m and m["a"] != product:
        question = f"Which class does {m['a']} inherit from{_in(product, m['a'])}?"
        made.append((question, list(term_spellings(m["b"])), "class", "doc_identifier", question))
    for m in _IMPORT.finditer(sentence):
        name, module = (m["x"], m["m"]) if m["x"] else (m["x2"], m["m2"])
        if name.removesuffix("()") != module and name != product and _code_kind(name, kinds):
            lead = f"In a {product} app, which" if product and product.lower() != module.split(".")[0] else "Which"
            question = f"{lead} module do you import {name} from?"
            made.append((question, [module], "path", "doc_identifier", question))
    for m in [_STATUS_FOR.search(sentence), *_STATUS_NAME.finditer(sentence)]:
        if m and (len(m["name"].split()) >= 2 or m["name"] in _REASONS) and m["name"].split()[0] not in _NOT_REASONS:
            question = f"Which HTTP status code means {m['name']}?"
            made.append((question, [m["code"]], "error_code", "doc_status", question))
    m = _IS_A.search(sentence)
    if m and _code_kind(m["term"], kinds) and m["term"] != product and not _POINTS_OUT.search(m["rest"]):
        question = f"Which {m['noun']} {m['rest']}{_in(product, m['rest'])}?"
        made.append(
            (question, list(term_spellings(m["term"])), _code_kind(m["term"], kinds), "doc_identifier", question)
        )
    m = _WITH.search(sentence)
    if m:
        term, task = (m["term"], m["task"]) if m["term"] else (m["term2"], m["task2"])
        kind = _code_kind(term, kinds)
        if kind and term != product and not _POINTS_OUT.search(task) and task.split()[0] not in _NOT_VERBS:
            question = f"Which {_KIND_EN[kind]} lets you {task}{_in(product, task)}?"
            made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    example = f"the {product} example" if product else "the example"
    for m in _TYPE.finditer(sentence):
        param = m["param"] or m["param2"] or m["param3"]
        where = (m["where"] or m["where2"] or m["where3"] or "").strip()
        kind = m["type"] or m["type2"] or m["type3"]
        if param not in _PARAMETER_KINDS:
            question = f"What type does {example} declare for the {param} {where + ' ' if where else ''}parameter?"
            made.append((question, [kind], "name", "doc_type", question))
    m = _EXAMPLE_DEFAULT.search(sentence)
    if m:
        param, value = (m["param"], m["val"]) if m["param"] else (m["param2"], m["val2"])
        if param not in _PARAMETER_KINDS:
            question = f"What default value does {example} give the {param} parameter?"
            made.append((question, _value_aliases(value), "default", "default_value", question))
    return made


def _zh(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    made: list[Question] = []
    sentence = sentence.rstrip("。！；：: ")
    lead = f"在 {product} 中，" if product and product not in sentence else ""
    for m in _USE_ZH.finditer(sentence):
        term, task = m["term"], m["task"].strip()
        kind = _code_kind(term, kinds)
        if kind is None or term.removesuffix("()") == product or _POINTS_OUT_ZH.search(task):
            continue
        word = _KIND_ZH[kind]
        question = f"{lead}使用哪个{word}来{task}？"
        made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    m = _DEFAULT_ZH.search(sentence)
    named = _PARAM_ZH.search(sentence[: m.start()]) if m else None
    if m and named:
        owner = f"{named['owner']} 的 " if named["owner"] else lead
        question = f"{owner}{named['param']} 参数的默认值是什么？"
        made.append((question, _value_aliases(m["val"].strip()), "default", "default_value", question))
    for pattern, word, kind, template in (
        (_STATUS_ZH, "哪个状态码", "error_code", "doc_status"),
        (_RAISE_ZH, "哪个异常", "exception", "doc_status"),
    ):
        m = pattern.search(sentence)
        if m and not _POINTS_OUT_ZH.search(m["head"]) and re.search(r"[A-Za-z]", m["head"]):
            head = m["head"] if (product and product in m["head"]) or not lead else lead + m["head"]
            question = f"{head}{word}？"
            answers = [m["code"]] if kind == "error_code" else list(term_spellings(m["exc"]))
            made.append((question, answers, kind, template, question))
    m = _ADDED_ZH.search(sentence)
    if m and not _POINTS_OUT_ZH.search(m["subj"]):
        question = f"{m['subj']}是在哪个版本中{m['verb']}的？"
        if product and product not in question:
            question = f"{m['subj']}是在 {product} 的哪个版本中{m['verb']}的？"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _SUPPORT_ZH.search(sentence)
    if m and not _POINTS_OUT_ZH.search(m["thing"]):
        question = f"{m['prod']} 在哪个版本中添加了对 {m['thing']} 的支持？"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _LIMIT_ZH.search(sentence)
    if m and not _POINTS_OUT_ZH.search(m["head"]) and len(m["head"]) >= 4:
        unit = f" {m['unit']}" if re.match(r"[A-Za-z]", m["unit"]) else m["unit"]
        question = f"{lead}{m['head']}多少{unit}？"
        made.append(
            (question, [f"{m['n']} {m['unit']}", f"{m['n']}{m['unit']}", m["n"]], "number", "doc_limit", question)
        )
    return made + _zh_more(sentence, product, kinds, lead)


_KIND_ZH = {"class": "类", "function": "函数", "exception": "异常", "parameter": "参数"}


def _zh_more(sentence: str, product: str | None, kinds: dict[str, str], lead: str) -> list[Question]:
    """Imports, inheritance, status code names, terms, entries ("max_age - 设置……") and sentences about a code name."""
    made: list[Question] = []
    m = _CALLED_ZH.search(sentence)
    if m and not _POINTS_OUT_ZH.search(m["x"]):
        question = f"{lead}{m['x']}被称为什么？"
        made.append((question, [m["y"]], "name", "doc_term", question))
    m = _BY_DEFAULT.search(sentence)
    if m and m["owner2"]:
        question = f"{m['owner2']} 的 {m['p']} 参数默认值是什么？"
        made.append((question, _value_aliases(m["v"]), "default", "default_value", question))
    m = _NEED_TO_ZH.search(sentence)
    kind = _code_kind(m["term"], kinds) if m else None
    if m and kind and m["term"] != product and not _POINTS_OUT_ZH.search(m["task"]):
        question = f"{lead}要{m['task']}，需要使用哪个{_KIND_ZH[kind]}？"
        made.append((question, list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {m['task']}"))
    m = _IMPORT_ZH.search(sentence)
    if m and _code_kind(m["x"], kinds) and m["x"] != product:
        own = product and product.lower() == m["m"].split(".")[0]  # "在 FastAPI 中" would name the answer
        question = f"{'' if own else lead}应从哪个模块导入 {m['x']}？"
        made.append((question, [m["m"]], "path", "doc_identifier", question))
    m = _INHERITS_ZH.search(sentence)
    if m and m["a"] != product:
        question = f"{lead}{m['a']} 继承自哪个类？"
        made.append((question, list(term_spellings(m["b"])), "class", "doc_identifier", question))
    for m in _STATUS_NAME.finditer(sentence):
        if (len(m["name"].split()) >= 2 or m["name"] in _REASONS) and m["name"].split()[0] not in _NOT_REASONS:
            question = f"哪个 HTTP 状态码表示 {m['name']}？"
            made.append((question, [m["code"]], "error_code", "doc_status", question))
    for pattern in (_ENTRY_ZH, _SAYS_ZH):
        m = pattern.search(re.sub(r"^(?:[A-Z]\w+ 的 ?|而|但|所以，?|因此，?)(?=[A-Za-z_])", "", sentence))
        kind = _code_kind(m["term"], kinds) if m else None
        if m and kind and m["term"] != product:
            said = m["desc"] if pattern is _ENTRY_ZH else m["pred"]
            if _POINTS_OUT_ZH.search(said) or m["term"].removesuffix("()") in said:
                continue
            ask = f"哪个{_KIND_ZH[kind]}表示“{said}”" if pattern is _ENTRY_ZH else f"哪个{_KIND_ZH[kind]}{said}"
            made.append((f"{lead}{ask}？", list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {said}"))
            break
    return made
