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
from ragstress.generators.questions.mddocs_code import KIND_WORD_ZH, CodeName, answer_spellings, code_names
from ragstress.generators.questions.mddocs_terms import POINTS_OUT_ZH, Question

_MEANS = ("使用", "调用", "通过", "借助", "利用", "用")
_READER = re.compile(r"^(?:但是?|而且?|并且|同时|此外|另外|所以|因此|那么|那)?(?:你|您|我们)?(?:也|还|就|只)?")
_CONDITION = re.compile(r"(?:时|后|前|之前|之后|的时候)$|^(?:如果|当|若|在)")
_NEGATED = re.compile(r"不|没有|无法|别|勿")
_JOINING = ("和", "与", "及", "、", "或", "以及", "/")
# Verbs whose subject is not the doer of a task: "X 是……" (a definition), "X 有……".
_NOT_DOING = frozenset("是 有 像 叫 称为".split())
_COPULA = re.compile(r"(?:就|也|都|即|才|正)?(?:是|即|为)(?![用])")


def chinese_roles(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The questions whose answer is a code name of a Chinese sentence, one at most per name."""
    made: list[Question] = []
    sentence = re.sub(r"^:::\s*\w+\s*", "", sentence.rstrip("。！？：；.!?:; "))  # an admonition's fence left on
    clauses = [c for c in re.split(r"(?<=[，；;])", sentence) if c.strip()]
    for n, clause in enumerate(clauses):
        body = clause.rstrip("，；; ")
        for name in code_names(body, kinds, product):
            question = _asked(body, name) or _purpose_asked(clauses[n - 1] if n else "", body, name)
            if question is None:
                continue
            before = clauses[n - 1].rstrip("，,； ") if n else ""
            # The whole condition (the sentence's first clause, or one opening with 如果/当), not the end of one.
            setting = before if n == 1 or re.match(r"(?:如果|当|若|在)", before) else ""
            keep = setting and not question.startswith("要") and _CONDITION.search(setting)
            keep = keep and not POINTS_OUT_ZH.search(setting)
            setting = f"{setting}，" if keep else ""
            question = f"{setting}{question}"
            if product and product not in question:
                question = f"在 {product} 中，{question}"
            content = f"{name.kind}: {question}"
            made.append((f"{question}？", answer_spellings(name.name), name.kind, "doc_identifier", content))
    return made


def _asked(clause: str, name: CodeName) -> str | None:
    """The clause with the code name as 哪个<kind>, or None when it stands where a question cannot ask it."""
    before, after = clause[: name.start], clause[name.end :]
    if before.rstrip().endswith(_JOINING) or after.lstrip().startswith(_JOINING) or "(" in after[:2]:
        return None
    if before.count("(") > before.count(")") or before.count("（") > before.count("）"):
        return None  # a name in an aside: "(包括调用 store.$patch())"
    word = KIND_WORD_ZH.get(name.kind, "")
    if not re.search(r"[\u4e00-\u9fff]", word):
        return None  # a kind Chinese docs write in English (action, getter): no natural 哪个…
    lead = _READER.sub("", before.strip())
    if lead.startswith("除了") or re.search(r"[一这那每][个种](?:在)?(?:使用|调用|通过)", lead):
        return None  # "除了使用 X": not what is asked; "一个在调用 X 后…的方法": X inside a noun's modifier
    rest = after.strip()
    following = tagged(rest)[:2]
    if len(re.findall(r"[\u4e00-\u9fff]", rest)) < 4 or not following:
        return None
    verb = next((w for w, flag in following if flag.startswith(("v", "p", "d"))), None)
    if verb is None or verb in _NOT_DOING or following[0][1].startswith(("n", "eng", "u")) or _COPULA.match(rest):
        return None
    # The subject opens its clause; the means follows 通过 …, or 通过 store 的 … (the owner stays).
    means = lead.endswith(_MEANS) or re.search(r"(?:使用|调用|通过|借助|利用)\s*\S{1,12}?\s*的\s*$", lead)
    if lead and not means:
        return None
    question = f"{lead}{' ' if lead and re.search(r'[A-Za-z0-9]$', lead) else ''}哪个{word}{rest}"
    if POINTS_OUT_ZH.search(question.replace("及其", "")) or _NEGATED.search(rest.split("，")[0][:6]):
        return None
    return question


_PURPOSE = re.compile(r"^(?:为了|要|如果(?:你)?想要?)(?P<task>[^，,]{3,30})[，,]\s*$")
_MEANS_LAST = re.compile(r"^(?:你|您|我们)?(?:就|则)?(?P<verb>(?:需要|必须|应该?|可以)?(?:使用|调用|用))\s*$")


def _purpose_asked(before: str, clause: str, name: CodeName) -> str | None:
    """ "为了……，你需要使用 X": the name ends its clause, the clause before says what it is used for."""
    purpose, means = _PURPOSE.match(before), _MEANS_LAST.match(clause[: name.start])
    word = KIND_WORD_ZH.get(name.kind, "")
    if not purpose or not means or clause[name.end :].strip() or not re.search(r"[\u4e00-\u9fff]", word):
        return None
    question = f"要{purpose['task']}，{means['verb']}哪个{word}"
    return None if POINTS_OUT_ZH.search(question.replace("及其", "")) else question
