"""Questions that name their subject: the page's entity, or the code name heading the section they are read in.

A reference page documents one thing and names it once, in its title: an option's path ("dev.watch"), a
hook or a component ("onBeforeBrew"), or an API object's page ("Plugin API", "Kettle instance"). Its
sentences leave it unsaid ("Use `timeout` to bound the wait", "Called after the pot is boiled"), since the
page says it at the top. A question read from such a sentence must say it, or it asks what many options,
hooks or pages answer alike: "Which property bounds the wait?" has as many answers as the docs have options
with a timeout; "Which option of dev.watch bounds the wait?" has one, and, naming its page, finds its own
chunk there (`page_scope`). So, for a question that names none of them:

| the page (or the section's heading) | the question read | the question asked |
|---|---|---|
| dev.watch, answer `dev.watch.timeout` | Which property bounds the wait? | Which property of dev.watch bounds the wait? |
| dev.watch, asking of its `timeout` key | What is the default of the timeout option? | What is the default of the dev.watch.timeout option? |
| heading onBeforeBrew (a hooks page), answer `pot` | Which parameter gives the pot? | Which parameter of onBeforeBrew gives the pot? |
| Plugin API, answer `api.brew` | Which method brews the tea? | Which method of the Plugin API brews the tea? |
| 插件 API，answer `api.brew` | 哪个方法用于冲泡茶叶？ | 插件 API 的哪个方法用于冲泡茶叶？ |

A question that names a code name of its own besides its answer ("Which option takes priority over
dev.open?") already says what it is about and stays as it is, as does one whose answer is the subject itself.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions.nested_answers import nested_key

# An option's path as a page title: two dotted code words or more ("security.sri", "output.filenameHash").
_DOTTED = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")
# A code name as a heading: camelCase, dotted, or called ("onBeforeBrew", "api.brew", "brew()").
_CODE_HEADING = re.compile(r"[a-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[\w$.]+\(\)")
# A page titled by an API object: "Plugin API", "Kettle instance", "SVGR plugin", "插件 API", "Kettle 实例".
# (A page of hooks or types lists things of its own kind: "Which hook …" asks for one of them already.)
_API_TITLE = re.compile(r"^[\w@/.-]+(?:\s+[\w@/.-]+)?\s*(?:API|[Ii]nstance|[Pp]lugin|[Cc]ontext|插件|实例|上下文)$")
# What a question asks for, by the kind of name: "Which option", "哪个属性".
_ASKED_EN = re.compile(
    r"\b(?P<which>[Ww]hich)(?P<adj> [A-Z]\w*)? (?P<kind>option|property|parameter|attribute|method|function|hook|"
    r"field|setting|key|flag|type|variable)\b(?! of\b)"
)
_ASKED_ZH = re.compile(r"(?<![A-Za-z0-9_.的])哪(?:个|些)(?:选项|属性|参数|配置项|方法|函数|钩子|字段|类型|变量)")
# A code name of the question's own: dotted, camelCase, called or hyphenated ("dev.open", "css-loader").
_CODE_NAME = re.compile(
    r"(?<![\w$.-])(?:(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z][a-z0-9]*[A-Z]\w*|[\w$]+)\(\)"
    r"|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z][a-z0-9]*[A-Z]\w*|[a-z]+(?:-[a-z0-9]+)+)"
)
# A code name as a page's title, and an option's "Default:" entry ("- Default: 3000", "默认值：3000").
_CODE_TITLE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*")
_DEFAULT_ENTRY = re.compile(r"^\s*[-*]?\s*(?:\*\*)?(?:Default|默认值)(?:\*\*)?\s*[:：]", re.MULTILINE)
_FUNCTION_EN = re.compile(r"\b([Ww]hich (?:[A-Z]\w* )?)function\b")
_FUNCTION_ZH = re.compile(r"(哪个)函数")
# What a hook or a function's section documents as its own: its parameters and the fields it is given.
_PARTS = re.compile(r"parameter|property|attribute|option|field|key|参数|属性|选项|字段")
# A hook's docs open with when it is called, subjectless ("Called after the pot boils, …", "在水烧开后调用，…"):
# once the question names the hook, that clause says no more and leaves no subject.
_CALLED_EN = re.compile(r"^Called (?:before|after|when|once|while) [^,?]+, (\w)")
_CALLED_ZH = re.compile(r"(?:(?<=^)|(?<=，))在[^，？]{2,30}(?:前|后|时)(?:被)?(?:调用|触发|执行)，")
# A short option name asked of as such: "the timeout option", "Kettle's timeout option", "timeout 选项的默认值".
_KEY_EN = re.compile(r"(?<![\w$.])(?P<name>[A-Za-z_$][\w$.]*) (?:option|property|parameter)\b")
_KEY_ZH = re.compile(r"(?<![\w$.])(?P<name>[A-Za-z_$][\w$.]*)\s*(?:选项|属性|参数|配置项|的默认值|的类型)")


class SectionHeadings:
    """Each document's headings in order, with their offsets in the document: short lines standing alone
    between blank lines, outside code. A question's section is the last heading before its sentence."""

    def __init__(self, chunks: list[Chunk]):
        self._headings: dict[str, dict[int, str]] = {}
        for chunk in chunks:
            found = self._headings.setdefault(chunk.doc_id, {})
            lines = chunk.text.split("\n")
            offset = chunk.start
            for n, (line, code) in enumerate(zip(lines, code_lines(chunk.text, chunk.code_state))):
                alone = (n == 0 or not lines[n - 1].strip()) and (n + 1 >= len(lines) or not lines[n + 1].strip())
                text = line.strip()
                if alone and not code and text and len(text) <= 48 and not re.search(r"[.。:：,，!?！？|`]$", text):
                    found[offset] = text
                offset += len(line) + 1

    def names(self, doc_id: str) -> frozenset[str]:
        """A document's headings, lower-cased, a call's "()" left out."""
        return frozenset(t.lower().removesuffix("()") for t in self._headings.get(doc_id, {}).values())

    def code_heading(self, chunk: Chunk, content: str) -> str | None:
        """The code name heading the section `content` is read in ("onBeforeBrew"), or None when that section's
        heading is no code name."""
        at = chunk.text.find(content[:40]) if content else -1
        headings = self._headings.get(chunk.doc_id, {})
        if at < 0 and any(chunk.start < o < chunk.end for o in headings):
            return None  # a sentence reworded past finding, in a chunk of several sections: no one heading
        position = chunk.start + max(at, 0)
        before = [(o, t) for o, t in headings.items() if o <= position]
        # A fragment of one entity's docs, untitled, is named by its file ("shared/onBoil.mdx").
        heading = max(before)[1] if before else re.sub(r"\.\w+$", "", chunk.doc_id.rsplit("/", 1)[-1])
        return heading if _CODE_HEADING.fullmatch(heading) else None


def sub_path(name: str, owner: str) -> str | None:
    """`name`'s full path as a key of the option `owner` ("timeout" or "watch.timeout" of "dev.watch" →
    "dev.watch.timeout"); `name` itself when it is already one; None when it is `owner` or no key of it."""
    if name in (owner, owner.split(".")[-1]) or not _DOTTED.fullmatch(owner):
        return None  # the option itself, by its path or its last part ("emitAssets" of output.emitAssets)
    if name.startswith(owner + "."):
        return name
    parts = owner.split(".")
    if name.split(".")[0] == parts[-1] and "." in name:
        return ".".join(parts[:-1] + [name])
    return f"{owner}.{name}" if re.fullmatch(r"[A-Za-z_$][\w$]*", name) else None


def option_pages(chunks: list[Chunk], titles: dict[str, str]) -> set[str]:
    """The documents that document one option: titled by a code name, with a "Default:" entry of their own
    (an option has a default; a function has a signature instead)."""
    found = set()
    for chunk in chunks:
        if _CODE_TITLE.fullmatch(titles.get(chunk.doc_id, "")) and _DEFAULT_ENTRY.search(chunk.text):
            found.add(chunk.doc_id)
    return found


def with_subject(
    question: str,
    answers: list[str],
    title: str | None,
    heading: str | None,
    chunk: str,
    option_page: bool = False,
    other_pages: frozenset[str] = frozenset(),
    headed: frozenset[str] = frozenset(),
) -> tuple[str, list[str]]:
    """`question` naming its subject and its answers, a key's short path led by its full one, as the module's
    docstring says; or both as they were. On an option's page (`option_pages`) the option and its keys are
    asked as options, whatever call its function form is written with: "Which function sets the port?" of
    `server.port` asks for an option. An answer titling a page of its own (`other_pages`) belongs to that page,
    not to the API object of the page it is mentioned on; and an API object's page documents its own names under
    headings of their own (`headed`, lower-cased) or as keys of its types: a name it only mentions is another's."""
    zh = bool(re.search(r"[\u4e00-\u9fff]", question))
    first = answers[0] if answers else ""
    if option_page and title and (first in (title, title.split(".")[-1]) or key_path(first, title, chunk)):
        question = _FUNCTION_ZH.sub(r"\1选项", question) if zh else _FUNCTION_EN.sub(r"\1option", question)
    if title and _DOTTED.fullmatch(title):
        full = key_path(first, title, chunk)
        if full and full != first:  # "watch.timeout" on the page dev.watch is dev.watch.timeout
            answers = [full, *(a for a in answers if a != full)]
        if _names(question, title):
            return question, answers
        last = title.split(".")[-1]
        if (
            first != title and re.search(r"[a-z][A-Z]", last) and _names(question, last)
        ):  # "cssModules 的哪个属性": the page's option
            return re.sub(rf"(?<![\w$.-]){re.escape(last)}(?![\w$.-])", title, question, count=1), answers
        keyed = _full_keys(question, title, chunk, zh)
        if keyed != question:
            return keyed, answers
        return (_asked_of(question, title, zh) if full else question), answers
    if any(_names(question, o) for o in (title, heading) if o) or _own_code_names(question, answers):
        return question, answers
    bare = re.fullmatch(r"[A-Za-z_$][\w$]*", first)
    if heading and bare and first != heading.rstrip("()"):  # "port", a parameter of the hook its section heads
        full = key_path(first, heading, chunk)  # "force" under the heading output.banner is output.banner.force
        bare_clause = _CALLED_ZH.sub("", question) if zh else _CALLED_EN.sub(lambda m: m[1].upper(), question)
        asked = _asked_of(bare_clause, heading, zh, _PARTS)
        return (asked if asked != bare_clause else question), [full, *answers] if full else answers
    documented = first.lower().removesuffix("()") in headed or nested_key(first.split(".")[-1], chunk)
    if title and _API_TITLE.match(title) and _CODE_NAME.fullmatch(first) and first not in other_pages and documented:
        return _asked_of(question, title if zh else f"the {title}", zh), answers
    return question, answers


def key_path(name: str, owner: str, chunk: str) -> str | None:
    """`name`'s full path when it is a key of the option `owner` (a bare name only when the chunk shows it as
    one, see `nested_answers.nested_key`), else None."""
    path = sub_path(name, owner)
    return path if path and (path != f"{owner}.{name}" or nested_key(name, chunk)) else None


def _names(question: str, owner: str) -> bool:
    """Whether the question names `owner` as a whole word (case aside: a title may be capitalised)."""
    return bool(re.search(rf"(?<![\w$.-]){re.escape(owner.rstrip('()'))}(?![\w$-])", question, re.IGNORECASE))


def _own_code_names(question: str, answers: list[str]) -> bool:
    return any(n not in answers for n in _CODE_NAME.findall(question))


def _full_keys(question: str, owner: str, chunk: str, zh: bool) -> str:
    """The question with a short key of `owner` it asks of by name spelt as its full path."""

    def full(match: re.Match) -> str:
        name = match["name"]
        path = key_path(name, owner, chunk)
        return match[0].replace(name, path, 1) if path else match[0]

    return (_KEY_ZH if zh else _KEY_EN).sub(full, question)


def _asked_of(question: str, owner: str, zh: bool, kinds: re.Pattern | None = None) -> str:
    """ "Which property …" → "Which property of <owner> …"; "哪个属性" → "<owner> 的哪个属性" (only for the
    kinds of name `kinds` matches, when given)."""

    def of(match: re.Match) -> str:
        if kinds and not kinds.search(match[0]):
            return match[0]
        if zh:
            joint = " 的" if re.search(r"[\w)]$", owner, re.ASCII) else "的"  # "dev.watch 的", "插件 API 的", "实例的"
            before = match.string[: match.start()]
            lead = " " if re.search(r"[\u4e00-\u9fff]$", before) and re.match(r"[\w@]", owner, re.ASCII) else ""
            return f"{lead}{owner}{joint}{match[0]}"
        return f"{match['which']} {match['kind']} of {owner}"

    return (_ASKED_ZH if zh else _ASKED_EN).sub(of, question, count=1)
