"""Chinese questions on a code name, from its place in its clause (the Chinese side of `mddocs_roles_en`).

Chinese asks in place: the code name (with the kind noun written after it) becomes 哪个<kind> and
the clause stays as it stood. The clause is the one of the sentence (split at ，；) that holds the
name; a clause before it that sets a time or condition (……时、……后、如果……) stays with it. Two places
are asked, each told by the segmenter's words:

| the code name is | the sentence | the question |
|---|---|---|
| the subject: it opens its clause and a verb follows | brew() 会返回已装满的杯子。 | 在 Kettle 中，哪个函数会返回已装满的杯子？ |
| the means: after 使用、调用、通过、用、借助、利用, a verb phrase following | 你可以通过 kettle.$warm() 方法预热水壶。 | 在 Kettle 中，可以通过哪个方法预热水壶？ |

The reader addressed (你、我们) is dropped from the front of the clause. A clause that points outside
itself (它、这个、上面) or is negated (不、没有) is not asked, nor a name that is one of a list (和、与、、).
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.conditions_zh import OPENS_CONDITION, OPENS_SETTING, is_setting
from ragstress.generators.questions.entry_predicates_zh import called_when, value_held, when_kind
from ragstress.generators.questions.mddocs_code import KIND_WORD_ZH, CodeName, answer_spellings, code_names
from ragstress.generators.questions.mddocs_terms import POINTS_OUT_ZH, Question

_MEANS = ("使用", "调用", "通过", "借助", "利用", "用")
_READER = re.compile(r"^(?:但是?|而且?|并且|同时|此外|另外|所以|因此|那么|那)?(?:你|您|我们)?(?:也|还|就|只)?")
# "Kettle 提供了 X 方法来……" (`mddocs_provided`): the verb that gives a named thing, the subjects that stand for
# the product (its writers speak for it), and what says the thing is for a task after its name.
PROVIDING_ZH = re.compile(r"(?:还|也|专门)?(?:提供了?|内置了?|封装了?|暴露了?)(?:一个|一些)?\s*$")
PROVIDERS_ZH = frozenset({"框架", "本框架", "我们"})
# "cacheDirectory：可以自定义缓存目录": a description opening with what the reader can do, not what the entry is.
READERS_ABILITY_ZH = re.compile(r"^\s*(?:你|您|我们)?(?:可以|可|能够|能|允许)(?!以外|能性|选)")
# "app/router.js 用于配置……" (`mddocs_paths`): what a project's path is said to be for.
USED_FOR_ZH = re.compile(r"(?:主要|通常|一般)?(?P<how>用于|用来)\s*")
PROVIDED_FOR_ZH = re.compile(r"^\s*(?:来|用来|用于|以|以便)(?P<task>[^。；！？]+)$")
_NEGATED = re.compile(r"不|没有|无法|别|勿")
_JOINING = ("和", "与", "及", "、", "或", "以及", "/")
# Verbs whose subject is not the doer of a task: "X 是……" (a definition), "X 有……".
_NOT_DOING = frozenset("是 有 像 叫 称为".split())
_COPULA = re.compile(r"(?:就|也|都|即|才|正)?(?:是|即|为)(?![用])")
# A step of a sequence the page walks through ("然后通过 X 注册即可"), the second of two ways ("或者通过 X …"), or a name the passage picks out ("该方法",
# "这种情况下"): the question would not stand alone.
_STEP = re.compile(r"^(?:然后|接着|最后|随后|再|于是|这时|此时|也就|或者|或是|而且|并且|另外)")
_PICKED_OUT = re.compile(r"这种|该|此(?!外)|也就")  # "也就提前被触发了": a consequence of what came before
# "在 Koa 中，……": a sentence about another product, whatever frame the question would get.
_OTHER_PRODUCT = re.compile(r"^(?:在|对于) ?(?P<name>[A-Z][\w.]*) ?(?:中|里)")


def chinese_roles(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The questions whose answer is a code name of a Chinese sentence, one at most per name."""
    made: list[Question] = []
    sentence = re.sub(r"^:::\s*\w+\s*", "", sentence.rstrip("。！？：；.!?:; "))  # an admonition's fence left on
    clauses = [c for c in re.split(r"(?<=[，；;])", sentence) if c.strip()]
    for n, clause in enumerate(clauses):
        body = clause.rstrip("，；; ")
        for name in code_names(body, kinds, product):
            following = clauses[n + 1].rstrip("，；; ") if n + 1 < len(clauses) else ""
            question = (
                _asked(body, name)
                or _purpose_asked(clauses[n - 1] if n else "", body, name)
                or _means_then_task(body, following, name)
            )
            if question is None:
                continue
            before = clauses[n - 1].rstrip("，,； ") if n else ""
            # The whole condition (the sentence's first clause, or one opening with 如果/当), not the end of one.
            setting = before if n == 1 or OPENS_SETTING.match(before) else ""
            keep = setting and not question.startswith("要") and is_setting(setting)
            if keep and POINTS_OUT_ZH.search(setting):
                continue  # "当满足以下条件时，X 被认为是……": without its condition the fact is another one
            if not keep and _HOLDS_CONDITION.search(before):
                continue  # "……默认 ecma 如果未指定 ecma，X 将推断出默认值": a condition the question would lose
            if _HEDGED.match(question.split("哪个", 1)[-1][len(_kind_word(name, question)) :]):
                continue  # "哪个组件可能会……": what something may do has no one answer
            if _REMOVED.match(question.split("哪个", 1)[-1][len(_kind_word(name, question)) :]):
                continue  # "哪个方法现在被删除": a migration guide removes many; the question has no one answer
            if re.search(r"[：:]", question.split("哪个", 1)[-1]):
                continue  # "……与 ScrollToOptions 类似：x 改名为 left": two statements joined by a colon
            setting = f"{setting}，" if keep else ""
            question = f"{setting}{question}"
            other = _OTHER_PRODUCT.match(question)
            if _STEP.match(question) or _PICKED_OUT.search(question) or (other and other["name"] != product):
                continue
            if re.search(r"(?:[.．]\s*(?:比如|例如|譬如)?|比如|例如|譬如)$", question):
                continue  # "……按钮. 比如": the sentence went on into an example the question cannot hold
            if re.match(r"在 ?(?:某些|某种|某个|一些|有些|特定的?)", question):
                continue  # "在某些场景中，需要……": a background the page sets, not a fact of a named place
            if product and product not in question:
                question = _in_product(question, product)
            content = f"{name.kind}: {question}"
            made.append((f"{question}？", answer_spellings(name.name), name.kind, "doc_identifier", content))
    return made


def _in_product(question: str, product: str) -> str:
    """The product's frame: 在 Rspress 中，…; a question opening with a place of its own (在组件中，…) takes the
    product as that place's owner (在 Rspress 的组件中，…), not a second 在……中 before it."""
    own = re.match(r"在 ?(?P<place>[^，,在]{1,12}?) ?(?P<end>中|里|内)[，,]\s*", question)
    if own:
        space = " " if re.match(r"[A-Za-z0-9`]", own["place"]) else ""  # 的 docs 目录: Latin keeps its space
        return f"在 {product} 的{space}{own['place']}{own['end']}，{question[own.end() :]}"
    return f"在 {product} 中，{question}"


def _kind_word(name: CodeName, said: str) -> str:
    """哪个<kind>: a class that renders or displays something is a component to a reader of UI docs."""
    word = KIND_WORD_ZH.get(name.kind, "")
    return "组件" if word == "类" and re.search(r"渲染|显示|展示", said) else word


def _asked(clause: str, name: CodeName) -> str | None:
    """The clause with the code name as 哪个<kind>, or None when it stands where a question cannot ask it."""
    before, after = clause[: name.start], clause[name.end :]
    if before.rstrip().endswith(_JOINING) or after.lstrip().startswith(_JOINING) or "(" in after[:2]:
        return None
    if before.count("(") > before.count(")") or before.count("（") > before.count("）"):
        return None  # a name in an aside: "(包括调用 store.$patch())"
    word = _kind_word(name, after)
    if not re.search(r"[\u4e00-\u9fff]", word):
        return None  # a kind Chinese docs write in English (action, getter): no natural 哪个…
    lead = _READER.sub("", before.strip())
    if re.search(r"请勿|不要|切勿|避免|而不是", lead):
        return None  # "请勿使用 path.join() 构造 glob 模式": what not to use for the task
    if lead.startswith("除了") or re.search(r"[一这那每][个种](?:在)?(?:使用|调用|通过)", lead):
        return None  # "除了使用 X": not what is asked; "一个在调用 X 后…的方法": X inside a noun's modifier
    rest = re.sub(r"^则\s*", "", after.strip())  # "而 RegExp 则会匹配……": the contrast goes with the other half
    if re.match(r"[：:-]", rest):  # an entry line, "ctx.user：当前已登录的用户信息": what the name is
        return _entry_asked(lead, rest.lstrip("：:- "), word)
    following = tagged(rest)[:2]
    topic = _topic_means(lead)
    said = (topic or "") + rest  # "路由记录可以通过 X 来创建": the topic says what the short rest is about
    if len(re.findall(r"[\u4e00-\u9fff]", said)) < 4 or not following:
        return None
    verb = next((w for w, flag in following if flag.startswith(("v", "p", "d"))), None)
    if verb is None or verb in _NOT_DOING or following[0][1].startswith(("n", "eng", "u")) or _COPULA.match(rest):
        return None
    if re.fullmatch(r"(?:还|也)?(?:提供了?|内置了?)", lead) and rest.startswith(("用于", "用来")):
        lead = ""  # "提供了 ctx.session 用于访问 Session": what the name is for, whoever provides it
    # The subject opens its clause; the means follows 通过 …, or 通过 store 的 … (the owner stays).
    means = lead.endswith(_MEANS) or re.search(r"(?:使用|调用|通过|借助|利用)\s*\S{1,12}?\s*的\s*$", lead)
    if topic:
        lead = topic  # "frontmatter 数据可以通过哪个全局变量来访问": the topic stays, the means is asked
    elif lead and not means:
        return None
    if re.match(_KIND_NOUN, rest) and not _CONFIGURES.match(rest):
        word = ""  # "使用 html.appIcon 配置项来设置": the sentence's own kind noun, not 哪个属性配置项
    question = f"{lead}{' ' if lead and re.search(r'[A-Za-z0-9]$', lead) else ''}哪个{word}{rest}"
    if POINTS_OUT_ZH.search(question.replace("及其", "")) or _NEGATED.search(rest.split("，")[0][:6]):
        return None
    return question


# "frontmatter 数据可以通过（特殊的）X 来访问": a topic the clause is about, then a modal and the means.
_TOPIC_MEANS = re.compile(
    r"^(?P<topic>[^，,：:]{2,20}?)\s*(?P<modal>可以|可|能够|能|需要|应该|应|必须)(?P<means>通过|使用|用|借助|利用|调用)"
    r"\s*(?:[\u4e00-\u9fff]{1,4}的)?\s*$"
)


def _topic_means(lead: str) -> str | None:
    """ "<topic>可以通过" with the modifier before the name dropped, or None when the lead is not a topic: a
    noun phrase (ending on a noun or a Latin word) that names no reader and points nowhere."""
    m = _TOPIC_MEANS.match(lead)
    if not m or POINTS_OUT_ZH.search(m["topic"]) or re.search(r"你|您|我们|用户", m["topic"]):
        return None
    words = tagged(m["topic"])
    if not words or not words[-1][1].startswith(("n", "eng")) or any(f.startswith(("p", "d", "r")) for _, f in words):
        return None
    return f"{m['topic'].strip()}{m['modal']}{m['means']}"


# A conjunction of condition inside a clause not kept as the question's setting (a heading glued before it).
_HOLDS_CONDITION = re.compile(r"如果|假如|倘若|一旦|除非")
# "可能会", "也许", "或许": a statement of what something may do, which any other thing may do as well.
_HEDGED = re.compile(r"^\s*(?:可能|也许|或许|有时)")
_REMOVED = re.compile(r"^\s*(?:现在|现已|已经?|将)?(?:被)?(?:删除|移除|弃用|废弃|去掉)")


# "配置最小拆分体积为 0": 配置 as the verb the name does, not the kind noun 配置(项).
_CONFIGURES = re.compile(r"配置(?!项|[，,。的来以]|进行|可以|$)")
_KIND_NOUN = r"(?:配置项|选项|属性|参数|方法|函数|钩子|字段|配置)"


def _entry_asked(lead: str, said: str, word: str) -> str | None:
    """An entry line's description as the question, as entries are asked elsewhere: a verb phrase after 用于
    (哪个属性用于获取当前用户), a noun phrase after 是 (哪个属性是应用运行时的配置项); a condition is not pasted in."""
    if lead or len(re.findall(r"[\u4e00-\u9fff]", said)) < 4 or POINTS_OUT_ZH.search(said):
        return None
    when = called_when(said)
    if when:
        return f"哪个{when_kind(word)}{when}"  # "在……后调用": a hook, asked by when it runs
    if OPENS_CONDITION.match(said):
        return None
    first = tagged(said)[:1]
    # A verb, or a preposition or adverb opening a verb phrase (在 Vue 表达式中直接访问…): what the name is for.
    verb = first and first[0][1].startswith(("v", "p", "d")) and first[0][0] not in _NOT_DOING
    held = value_held(said) if word in ("属性", "选项", "配置项") else None
    if held:
        return f"哪个{word}{held}"  # "……的最长时间": the value the entry holds
    if said.startswith(("用于", "用来")):
        return f"哪个{word}{said}"
    return f"哪个{word}用于{said}" if verb else f"哪个{word}是{said}"


_TASK_AFTER = re.compile(r"^(?:你|您|我们)?(?P<can>可以|可|就能|能够|即可|便可|就可以)(?P<task>[^，；]{4,40})$")


def _means_then_task(clause: str, following: str, name: CodeName) -> str | None:
    """ "通过 ctx.cookies，可在 Controller 中读取 Cookie": the name ends a clause of means, the next one says
    what it does."""
    lead = _READER.sub("", clause[: name.start].strip())
    task = _TASK_AFTER.match(following)
    word = _kind_word(name, following)
    if not task or clause[name.end :].strip() or lead not in _MEANS or not re.search(r"[\u4e00-\u9fff]", word):
        return None
    question = f"{lead}哪个{word}{task['can']}{task['task']}"
    return None if POINTS_OUT_ZH.search(question) or _NEGATED.search(task["task"][:4]) else question


_PURPOSE = re.compile(r"^(?:为了|要|如果(?:你)?想要?)(?P<task>[^，,]{3,30})[，,]\s*$")
_MEANS_LAST = re.compile(r"^(?:你|您|我们)?(?:就|则)?(?P<verb>(?:需要|必须|应该?|可以)?(?:使用|调用|用))\s*$")


def _purpose_asked(before: str, clause: str, name: CodeName) -> str | None:
    """ "为了……，你需要使用 X": the name ends its clause, the clause before says what it is used for."""
    purpose, means = _PURPOSE.match(before), _MEANS_LAST.match(clause[: name.start])
    word = _kind_word(name, before)
    if not purpose or not means or clause[name.end :].strip() or not re.search(r"[\u4e00-\u9fff]", word):
        return None
    question = f"要{purpose['task']}，{means['verb']}哪个{word}"
    return None if POINTS_OUT_ZH.search(question.replace("及其", "")) else question
