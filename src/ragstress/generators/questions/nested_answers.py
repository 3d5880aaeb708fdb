"""Answers that name a thing only inside its owner: a nested option, a parameter, a placeholder.

A reference page titled by an option's path (`security.sri`, `dev.client`) documents its sub-options
under their own short names: "enable", "path", "algorithm". Such a name alone identifies nothing, since
many options of one tool have an `enable`; the option is `security.sri.enable`. So where the page's title
is a dotted path and the chunk shows the name as one of its keys (an entry heading of its own, or a key
in the page's type or example, `enable?: boolean`) and the question asks for an option, not a function
(a helper such as `appendRules` the page's function form receives), the answer is the full path, the short name kept as
a further spelling. A plain lowercase word answered as a function ("callback", "handler") is the name of
a parameter or a property, never a function of the API by itself; it is not asked. Nor is an answer
that holds a placeholder a reader fills in (`ONE_OF.[ID]`, `<name>`, `{version}`): no one spells it so.
"""

from __future__ import annotations

import re

# An option's path as a page title: two dotted code words or more ("security.sri", "output.filenameHash").
_DOTTED_PATH = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")
# A bare name: one code word, no dot, call or path of its own.
_BARE_NAME = re.compile(r"[A-Za-z_$][\w$]*")
# A plain lowercase word: what a parameter is called ("callback"), not what a function is named.
_PLAIN_WORD = re.compile(r"[a-z]+")
_FUNCTION_KINDS = frozenset({"function", "hook", "method"})
# `[ID]`, `<name>`, `{version}`: a bracketed word in a name stands for one the reader picks.
_PLACEHOLDER = re.compile(r"\[[A-Za-z_][\w-]*\]|<[A-Za-z_][\w-]*>|\{[A-Za-z_][\w-]*\}")


def nested_key(name: str, chunk: str) -> bool:
    """Whether the chunk shows `name` as a key of its page's option: an entry heading on a line of its
    own, or an object key in its type or example (`name: …`, `name?: …`)."""
    key = re.escape(name)
    return bool(re.search(rf"^\s*{key}\s*$|^\s*{key}\??\s*:", chunk, re.MULTILINE))


def with_full_path(answers: list[str], kind: str, title: str | None, chunk: str) -> list[str] | None:
    """The answer's spellings, led by its full path when it is a nested option's short name; None when a
    bare word or a placeholder cannot be asked as the answer (see the module's docstring)."""
    first = answers[0] if answers else ""
    if any(_PLACEHOLDER.search(a) for a in answers):
        return None
    if not _BARE_NAME.fullmatch(first):
        return answers
    keyed = kind not in _FUNCTION_KINDS and nested_key(first, chunk)  # a helper the page documents is no key
    if title and _DOTTED_PATH.fullmatch(title) and title.split(".")[-1] != first and keyed:
        full = f"{title}.{first}"
        return [full, *(a for a in answers if a != full)]
    if kind in _FUNCTION_KINDS and _PLAIN_WORD.fullmatch(first):
        return None
    return answers
