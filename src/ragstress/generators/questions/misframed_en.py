"""Questions whose answer the page does not state as the answer: a name it contrasts with, or the page's title.

Two readings turn a sentence round mechanically and go wrong in the same few ways:

- A code name the corpus never documents (no page is titled by it, no heading names it) is one its prose
  mentions in passing: the framework's own `useMemo` beside the library's hook ("unlike useMemo, …"), a
  variable in a code sample. Asked "Which function do you use to cache a value?", it is the wrong answer to a
  question the page answers with its own hook. A function, hook, class or component answer must be one the
  docs document; options and properties are read from the tables and entries that document them.
- "In Kettle's Sieve guide, what keeps the leaves out?" answered "Sieve component" gives its answer away in
  the frame; answered by a code name, it asks "what" of a name that has a kind, which the code-name readings
  ask better ("Which component …"); with no page named at all ("What passes options to the parser?") it has
  no subject. Such questions are not asked.

| question | answer | kept? |
|---|---|---|
| Which function do you use to cache a value in useSteep? | useMemo (no page, no heading) | no |
| Which function returns the pot's state? | usePot (its own page) | yes |
| In Kettle's Sieve guide, what is used to hold the leaves? | Sieve component | no (the title gives it) |
| What passes options to the selected parser in Kettle? | parserOptions | no (no page named) |
| In Kettle's Links guide, what uses file paths to link pages? | file path format | no (restates the question) |
| Which function is more convenient when the lid is open? | useLid | no (compared with what?) |
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions.techdoc_subjects import document_titles

# Kinds whose names a reference documents under a title or heading of their own.
_DOCUMENTED_KINDS = frozenset({"function", "hook", "class", "component", "method"})
# The readings that ask "what <does …>" of a thing the page names.
_FRAMED_TEMPLATES = frozenset({"doc_named_subject", "doc_used_for"})
_CODE_SHAPED = re.compile(r"[a-z][a-z0-9]*[A-Z]|[\w]\.[\w]|_|\(\)|^[A-Z][a-z0-9]+[A-Z]")
# "Which function is more convenient when …": a comparison whose other side the question lost.
_COMPARED = re.compile(r"\b(?:more|less|better|worse|easier|simpler|faster|slower)\b(?![^?]*\bthan\b)(?! than)")
_KIND_WORDS = frozenset("component components hook function method class option property prop api guide".split())


def _key(name: str) -> str:
    return re.sub(r"[`<>/()\s]", "", name).lower()


class DocumentedNames:
    """The names a corpus documents: its pages' titles and its headings, compared without case or markup."""

    def __init__(self, chunks: list[Chunk]) -> None:
        names = set(document_titles(chunks).values())
        for chunk in chunks:
            lines = chunk.text.split("\n")
            for n, (line, code) in enumerate(zip(lines, code_lines(chunk.text, chunk.code_state))):
                alone = (n == 0 or not lines[n - 1].strip()) and (n + 1 >= len(lines) or not lines[n + 1].strip())
                if alone and not code and 0 < len(line.strip()) <= 60 and not re.search(r"[.!?:]\s*$", line):
                    # A heading names its entries: "usePot", "brew() / steep()", "Pot.fill(options)".
                    names |= {line.strip(), *re.findall(r"[A-Za-z_$][\w$.]*", line)}
        self.names = {_key(n) for n in names if n}

    def documents(self, name: str) -> bool:
        bare = _key(name)
        # A heading's key drops a plural's "s" ("usePots" is headed "usePot" and vice versa).
        return bare in self.names or bare.rstrip("s") in self.names or f"{bare}s" in self.names


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z][\w-]+", text)} - _KIND_WORDS


def misframed(
    question: str, answers: list[str], kind: str, template: str, title: str | None, documented: DocumentedNames
) -> bool:
    """Is the question one whose answer the page mentions without stating it (see the module's table)?"""
    if re.search(r"[\u4e00-\u9fff]", question):
        return False
    answer = answers[0]
    if template == "doc_identifier" and kind in _DOCUMENTED_KINDS and not documented.documents(answer):
        return True
    if _COMPARED.search(question):
        return True
    if template not in _FRAMED_TEMPLATES:
        return False
    if not question.startswith("In ") or " guide, what " not in question:
        return True  # no page named: "What passes options to the selected parser?"
    if _CODE_SHAPED.search(answer):
        return True  # a code name has a kind to be asked by
    said = _words(question.split(" guide, what ", 1)[1])
    # "what uses file paths …" answered "file path format"; "what enables SSG" on the SSG page: the sentence
    # was about the page's subject or restates its answer, and turned round it asks nothing.
    return bool(_words(answer) & (_words(title or "") | said) or said & _words(title or ""))
