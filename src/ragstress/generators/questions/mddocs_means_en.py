"""English guide sentences that say by what means a task is done, or since which version it can be.

Guides state much of their API as a task and its means, the code name last: "You can keep the lid warm by
passing a number to warmFor", "It's possible to pour twice by setting refill to true", "Since Kettle 3.3, you
can brew cold tea". The name (or the version) is what a user with the task asks for:

| the sentence | the question |
|---|---|
| … keep the lid warm by passing a number to warmFor | To which Kettle option do you pass a number to keep the lid warm? |
| … pour twice by setting refill to true | Which Kettle option do you set to true to pour twice? |
| … read the pot's state by calling usePot() | Which Kettle function do you call to read the pot's state? |
| Since Kettle 3.3, it is possible to brew cold tea | Since which version of Kettle is it possible to brew cold tea? |

The task is read to its clause's end and must say what it does in three words or more; a task or means that
points outside the sentence ("this", "it", "the example") is not asked.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_terms import IDENT, POINTS_OUT, VERSION, Question, code_kind
from ragstress.generators.questions.techdoc import term_spellings

_TASK = r"(?P<task>[a-z][^,;:()]{8,90}?)"
_OPENING = r"^(?:(?:Also|Alternatively|Additionally|Instead|Optionally),? )?(?:[Yy]ou can|[Ii]t(?:'s| is) possible to) "
_MEANS = re.compile(
    rf"{_OPENING}{_TASK} by (?:"
    rf"passing (?P<passed>[a-z][\w ]{{1,30}}?) to (?:the )?(?P<to>{IDENT})"
    rf"|setting (?:the )?(?P<set>{IDENT})(?: option)? to (?P<value>[\w'\"-]{{1,20}})"
    rf"|(?P<verb>using|calling) (?:the )?(?P<used>{IDENT})"
    r")(?: (?:option|function|method|prop|hook|composable|property|component))?$"
)
# "Since Kettle 3.3, it is possible to …", "Starting with v4.1, you can …", "As of version 2, …"
_SINCE = re.compile(
    rf"^(?:Since|As of|Starting (?:with|from|in)) (?:(?P<prod>[A-Z][\w.]*(?: [A-Z]\w*)?) )?(?:version |v)?{VERSION},? "
    rf"(?:(?P<possible>it(?:'s| is) possible to)|(?P<can>you can)) (?P<task>[a-z][^,;:]{{8,90}})$"
)
_BASE = {"using": "use", "calling": "call"}
_MIN_TASK_WORDS = 3


def means_questions(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The question the sentence's task-and-means or since-version statement answers, if any."""
    sentence = sentence.rstrip(".!:; ")
    return _means(sentence, product, kinds) + _since(sentence, product)


def _means(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    m = _MEANS.search(sentence)
    if not m or len(m["task"].split()) < _MIN_TASK_WORDS or POINTS_OUT.search(m["task"]):
        return []
    term = m["to"] or m["set"] or m["used"]
    kind = _kind(term, kinds, "function" if m["used"] else "option")
    if not kind or term.removesuffix("()") == product:
        return []
    whose = f"{product} {kind}" if product else kind
    if m["to"]:
        if POINTS_OUT.search(m["passed"]):
            return []
        question = f"To which {whose} do you pass {m['passed']} to {m['task']}?"
    elif m["set"]:
        question = f"Which {whose} do you set to {m['value']} to {m['task']}?"
    else:
        question = f"Which {whose} do you {_BASE[m['verb']]} to {m['task']}?"
    return [(question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {m['task']}")]


def _kind(term: str, kinds: dict[str, str], means: str) -> str | None:
    """The name's kind: the corpus's, else its spelling's; a camelCase name something is passed to or set is an
    option ("passing an array to routesFolder"), one used or called a function."""
    kind = kinds.get(term.removesuffix("()")) or code_kind(term, kinds)
    return kind or (means if re.fullmatch(r"[a-z]+[A-Z]\w*(?:\(\))?", term) else None)


def _since(sentence: str, product: str | None) -> list[Question]:
    m = _SINCE.search(sentence)
    of = m["prod"] if m else None
    of = of or product
    if not m or not of or POINTS_OUT.search(m["task"]) or len(m["task"].split()) < _MIN_TASK_WORDS:
        return []
    ask = "is it possible to" if m["possible"] else "can you"
    question = f"Since which version of {of} {ask} {m['task']}?"
    version = m["v"]
    return [(question, [version, f"{of} {version}", f"v{version}"], "version", "version_added", question)]
