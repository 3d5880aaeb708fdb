"""Docs questions a reader without the page cannot answer alone, or can answer in more than one way.

A reference states some facts in ways that do not survive being asked on their own:

- **A signature's placeholders.** "Replaces resources that match resourceRegExp with newResource" names
  the parameters of `new ReplacePlugin(resourceRegExp, newResource)`: asked as "Which plugin replaces
  resources that match resourceRegExp …?", the question speaks in names only the page defines.
- **An entry another entry copies.** "include: Same as test, the files to minify" makes "Which option
  sets the files to minify?" right with either name; so does "an alias for …".
- **A value as the only predicate.** "Which property is set to modern-module?" (of "Only available when
  library.type is set to modern-module") has as many answers as options accept the value.
- **A pointer to the page.** "Which option can be migrated as follows?" points at a diff the asker does
  not see; an answer the page names only as its sample's own ("the following join function", "this
  brewTea helper") is one of many a user could have written.

Such questions are not asked. The rules read the question, its answer and the chunk it came from, in
either language: placeholders and "same as" entries are code, whatever language the prose is in.
"""

from __future__ import annotations

import re

# A call or constructor written with bare names for its arguments: `new Plugin(pattern, target)`.
_SIGNATURE = re.compile(r"\b(?:new\s+)?[\w.$]+\s*\((?P<args>\s*[A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*\s*)\)")
# Names a reader can tell are code: lowerCamel, snake_case or a dotted path ("resourceRegExp", "new_path").
_CODE_WORD = re.compile(r"^(?:[a-z]+[A-Z]\w*|[a-z]+_[a-z_]+|\w+\.\w[\w.]*)$")
# Words that point at what the page shows next to the sentence.
# ("above which" and "below 10" compare values; Chinese questions are read for pointers where they are made.)
_POINTING = re.compile(
    r"\b(?:as follows|the following|as shown|shown (?:above|below)|(?:see|in) the example|this example|"
    r"the (?:code|snippet|config(?:uration)?|diff) (?:above|below))\b",
    re.I,
)
# "Which option is set to undefined in Kettle?": the value is all the question says of the option.
_ONLY_A_VALUE = re.compile(r"^Which [\w .-]+? (?:is|are) (?:set to|equal to|equals) \S+(?: in [\w.-]+)?\?$")
_FENCED = re.compile(r"^```.*?^```", re.S | re.M)
# "the following join function", "this brewTea helper": a name the page brings in as its sample's own. (A
# name after "for example," is most often a documented one the sentence states a fact of.)
_EXAMPLE_BEFORE = r"(?:the following|this|the example|in the sample)"


def asks_alone(question: str, answers: list[str], chunk: str) -> bool:
    """Whether the question can be answered without the page, with the one answer it gives."""
    if _POINTING.search(question) or _ONLY_A_VALUE.match(question):
        return False
    if placeholders(question, answers, chunk):
        return False
    return not any(_copied(name, chunk) or _only_an_example(name, chunk) for name in answers[:1])


def placeholders(question: str, answers: list[str], chunk: str) -> list[str]:
    """The argument names of a signature in the chunk that the question repeats, the answer's own aside."""
    args = {
        arg.strip() for m in _SIGNATURE.finditer(chunk) for arg in m["args"].split(",") if _CODE_WORD.match(arg.strip())
    }
    words = set(re.findall(r"[\w$.]+", question))
    return sorted(arg for arg in args - set(answers) if arg in words)


def _copied(name: str, chunk: str) -> bool:
    """Whether another entry is written as the same as this one ("Same as test", "An alias for test")."""
    quoted = rf"[`'\"]?{re.escape(name)}[`'\"]?(?![\w.])"
    return bool(re.search(rf"\b(?:same as|alias (?:of|for)|identical to)\s+(?:the\s+)?{quoted}", chunk, re.I))


def _only_an_example(name: str, chunk: str) -> bool:
    """Whether every mention of the name in the chunk's prose brings it in as an example."""
    bare = re.escape(name.removesuffix("()"))
    prose = _FENCED.sub("", chunk)  # a code sample's own lines are the example itself
    mentions = list(re.finditer(rf"(?<![\w.]){bare}(?![\w])", prose))
    if not mentions:
        return False
    example = re.compile(rf"\b{_EXAMPLE_BEFORE}\s+[`'\"]?$", re.I)
    return all(example.search(prose[max(0, m.start() - 40) : m.start()]) for m in mentions)
