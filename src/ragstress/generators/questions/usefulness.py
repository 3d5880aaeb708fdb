"""Is a question worth asking: could a user guess its answer from the question alone?

A test of a retriever and generator learns nothing from a question whose answer needs no passage.
`guessable` names why a question gives its answer away, for every generator alike (the gate
`useful` in `gates` applies it to every candidate):

- a yes/no question ("Does grep ignore case?"), or an answer that is a generic word ("yes",
  "none", "all", 默认);
- the answer's words already in the question, in any spelling: an option or function whose name
  merely repeats the question's key word ("Which option of grep ignores case distinctions?" ->
  `--ignore-case`; "Which exception is raised when a key is missing?" -> `KeyError`). Words that
  only say what kind of thing the answer is (error, option, function) do not count; a number in
  the answer that the question lacks (`http_error_307` beside `http_error_301`) is not guessed.

English and Chinese questions are both read: identifiers are Latin in either language, and a
Chinese yes/no question ends in 吗 or asks 是否.
"""

from __future__ import annotations

import re

# Answers any user would offer without a passage.
GENERIC_ANSWERS = frozenset(
    """yes no true false none null undefined nothing all both neither either default any it this that
    是 否 不是 对 不对 有 没有 无 全部 所有 默认 都不是""".split()
)
# Words naming the kind of thing an answer is, or binding words: "Key" is KeyError's content, "Error" its kind.
_KIND_WORDS = frozenset(
    """error exception warning option options function method class module command parameter attribute
    variable flag field property setting the a an of and or to in for on by with from at as is py""".split()
)
_YES_NO_EN = re.compile(
    r"^(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|may|must|shall)\b", re.IGNORECASE
)
_YES_NO_ZH = re.compile(r"吗\s*[？?]\s*$|是否|是不是|有没有|能否|可否")
# A wh-word anywhere makes it an open question ("哪个选项决定是否显示…？" asks for an option).
# English "when", "where" and "how" also open clauses of a yes/no question ("Does grep read stdin when ...?").
_WH_EN = re.compile(r"\b(?:what|which|who|whom|whose)\b", re.IGNORECASE)
_WH_ZH = re.compile(r"哪|什么|谁|多少|几|怎么|怎样|如何|为什么|为何|何时|何处")
_SUFFIXES = ("ations", "ation", "ions", "ion", "ings", "ing", "ed", "es", "s")


def guessable(question: str, answers: list[list[str]], lang: str) -> str | None:
    """Why a user could answer `question` without any passage (its `answers`: per fact, the accepted
    aliases), or None when the question needs its passage. `lang` is "en" or "zh"."""
    yes_no, wh = (_YES_NO_ZH, _WH_ZH) if lang == "zh" else (_YES_NO_EN, _WH_EN)
    if yes_no.search(question.strip()) and not wh.search(question):
        return "a yes/no question: either answer is a guess with even odds"
    asked = {_stem(w) for w in _words(question)}
    for aliases in answers:
        for alias in aliases:
            if _plain(alias) in GENERIC_ANSWERS:
                return f"the answer {alias!r} is a generic word any user could offer"
            content = [w for w in _words(alias) if w not in _KIND_WORDS and (len(w) > 1 or w.isdigit())]
            if content and all(_stem(w) in asked for w in content):
                return f"the answer {alias!r} repeats the question's own words"
    return None


def _words(text: str) -> list[str]:
    """Latin words of a text, identifiers split at case changes, underscores, dots and dashes, lower-cased."""
    split = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", text)
    return [w.lower() for w in re.findall(r"[A-Za-z]+|[0-9]+", split)]


def _stem(word: str) -> str:
    """A crude stem, enough to hear "assert" in "AssertionError" and "ignores" in "--ignore-case"."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) > 4 else word  # "ignore" and "ignores" alike


def _plain(alias: str) -> str:
    return alias.strip().strip(".。!！\"'`“”").lower()
