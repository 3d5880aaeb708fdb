"""Questions on what a guide says a named thing is used for: "Sieve is used to strain the leaves" and
"滤网用来过滤茶叶" ask which thing does that task.

Guides and design prose name their components, patterns and terms as plain words, not code ("Checkbox",
"Alias Token", 数据明细), and state what each is for in a passive "X is used to/for …" or in "X 用来/用于 …".
The named thing is the answer; its purpose is the question, with the product named:

| the sentence | the question |
|---|---|
| "Sieve is used to strain the leaves from the cup, keeping the tea clear." | What is used to strain the leaves from the cup in Kettle? |
| "Steep Timer is mainly used for long infusions." | What is mainly used for long infusions in Kettle? |
| "滤网用来过滤杯中的茶叶。" | 在 Kettle 中，用来过滤杯中的茶叶的是什么？ |
| "保温模式：用于长时间保持水温。" | 在 Kettle 中，用于长时间保持水温的是什么？ |

Only a name is asked (it opens the sentence, and opens with a capital in English): "the prompt" or
"users use it to …" is no name a reader could give. The purpose is read up to its first comma (what
follows adds detail, not what picks the name out); a negated or pointing sentence is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.chinese_parse import tagged
from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_named import framed
from ragstress.generators.questions.mddocs_terms import POINTS_OUT, POINTS_OUT_ZH, Question

_KINDS_EN = {"function", "class", "method", "hook", "option", "property", "component", "module"}


def used_for_questions(
    sentence: str, product: str | None, kinds: dict[str, str], zh: bool, title: str | None = None
) -> list[Question]:
    """The question on what the sentence's named subject is used for, or none (`title`: its page's, see `framed`)."""
    asked = _used_for_zh(sentence, product, title) if zh else _used_for_en(sentence, product, kinds, title)
    return [asked] if asked else []


def _used_for_en(sentence: str, product: str | None, kinds: dict[str, str], title: str | None) -> Question | None:
    sentence = sentence.strip().rstrip(".!;: ")
    if " used " not in sentence or POINTS_OUT.search(sentence.split(" used ", 1)[1].split(",")[0]):
        return None
    doc = parse(sentence)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ != "use" or root.tag_ != "VBN":
        return None
    children = list(root.children)
    if any(c.dep_ == "neg" for c in children) or not any(c.dep_ == "auxpass" for c in children):
        return None
    subjects = [c for c in children if c.dep_ == "nsubjpass"]
    purposes = [c for c in children if _purpose(c)]
    if len(subjects) != 1 or not purposes:
        return None
    name = _name(list(subjects[0].subtree))
    if name is None:
        return None
    # The words between the name and the purpose ("is mainly used to"), then the purpose up to its first comma.
    start = subjects[0].right_edge.i + 1
    end = purposes[0].right_edge.i + 1
    said = doc[start:end].text.split(",")[0].strip()
    if not re.match(r"(?:is|are)\b(?: \w+ly)? used (?:to|for) \S+", said) or len(said.split()) < 5:
        return None
    said = re.sub(r"^are\b", "is", said)
    question = framed(said, product, title, False)
    kind = kinds.get(name.removesuffix("()"))
    if kind in _KINDS_EN:  # a name the corpus documents keeps its kind
        question = re.sub(r"\b[Ww]hat (?=is used)", lambda m: f"{m[0][0]}hich {kind} ", question)
    return question, [name], "name", "doc_used_for", said


def _purpose(token) -> bool:  # noqa: ANN001 - a spaCy token
    """ "to strain …" (an infinitive) or "for long infusions" (a prepositional phrase)."""
    if token.dep_ in ("xcomp", "advcl"):
        return any(c.dep_ == "aux" and c.lower_ == "to" for c in token.children)
    return token.dep_ == "prep" and token.lower_ == "for"


def _name(tokens: list) -> str | None:  # noqa: ANN001 - spaCy tokens
    """The subject as a name a reader could give: at the sentence's start, a capital after an optional "The",
    at most four words, nouns and adjectives only ("Alias Token", "Checkbox"; not "the prompt", not "It")."""
    if not tokens or tokens[0].i != 0:
        return None
    if tokens[0].lower_ == "the":
        tokens = tokens[1:]
    if not tokens or len(tokens) > 4 or not tokens[0].text[:1].isupper():
        return None
    if any(t.pos_ not in ("NOUN", "PROPN", "ADJ") or not re.fullmatch(r"[A-Za-z][\w-]*", t.text) for t in tokens):
        return None
    return " ".join(t.text for t in tokens)


# "滤网用来…", "保温模式：用于…", "滤网主要用于…": a name opening the sentence, then what it is used for.
_USED_FOR_ZH = re.compile(
    r"^(?P<name>[^，。：:；\s（(]{2,12}?|[A-Za-z][\w ]{1,24}?)\s*(?P<sep>[：:]\s*)?"
    r"(?P<how>(?:主要|一般|通常|常)?(?:被)?(?:用来|用于))(?P<rest>[^。；！？]+)"
)
# A person or the reader is no thing a task is done with ("决策层用户用来监控…" elides what they use); a name
# that runs into a copula ("提示信息是用来…的内容": a definition) or a modifier (适合, 广泛) is cut wrongly.
# A name that ends in the first character of 适用于, 可用于, 作用于 … was cut inside that verb ("此设置适用于").
_NOT_A_NAME_ZH = re.compile(
    r"(?:用户|人员|者|人|我们|你|您|大家|的|种|被|为|适|可|作|应|通|专|使|采|运|利|引)$|是|适合|广泛|此|该|本"
)

# Code or quotes left in the purpose (target="_blank"), or the reader it speaks to (使你可以…).
_NOT_ASKABLE_ZH = re.compile(r"[=<>\"“”：:]|你|您")
_KIND_NOUN_ZH = re.compile(r"的(?:工具|方法|组件|插件|函数|配置|配置项|选项|属性|命令|文件|目录|模块|库|钩子|页面)$")
# "一般用于卡片": how often, not what.
_HOW_ZH = re.compile(r"一般|通常|主要|经常|常常|往往|多|也|还|仍|都|只|仅|可|能|默认|同时|另外")


def _used_for_zh(sentence: str, product: str | None, title: str | None) -> Question | None:
    sentence = re.sub(r"\*+", "", sentence.strip()).rstrip("。！；.!; ")
    m = _USED_FOR_ZH.match(sentence)
    if not m:
        return None
    name = m["name"].strip()
    if (
        _NOT_A_NAME_ZH.search(name)
        or _HOW_ZH.fullmatch(name)
        or POINTS_OUT_ZH.search(name)
        or POINTS_OUT_ZH.search(m["rest"])
    ):
        return None
    words = tagged(name)
    # No adverb, preposition, conjunction, pronoun or particle: "常被", "可以", "并" are how a clause goes on,
    # not what it names (the segmenter tags a term such as 推论邀请 as verbs, so verbs may stay).
    if not words or any(tag.startswith(("d", "p", "c", "r", "u", "m", "q")) for _, tag in words):
        return None  # nor a number or measure word ("一个用于…的文件": 用于 inside a modifier)
    if len(words) == 1 and words[0][1] == "v":
        return None  # "构建用于生产环境的站点": a verb is what the sentence tells the reader to do, not a name
    # "用于交互期间，合理推断…": a first piece that only sets the time says too little, and two pieces joined by
    # a comma read as no question a person asks.
    rest = re.split(r"[，;；]", m["rest"])[0].strip()
    if len(rest) < 6 or rest.endswith(("的", "和", "或", "等", "时")) or _NOT_ASKABLE_ZH.search(rest):
        return None
    how = re.sub(r"^(?:主要|一般|通常|常)?被?", "", m["how"])
    said = f"{how}{rest}"
    question = framed(said, product, title, True)
    if _KIND_NOUN_ZH.search(rest):  # "terminal 用于…的工具": what the thing is, "…的工具是什么", not "…的工具的是什么"
        question = question.removesuffix("的是什么？") + "是什么？"
    return question, [name], "name", "doc_used_for", said
