"""An API object's page: its entries are asked as the object's methods and properties, by the object's name.

A JavaScript or Python API reference often gives one page to one object a program is handed
("Compiler", "Logger", "Session"), its entries the object's members: "getAsset — Get the asset object with
the specified name". Asked of the product ("Which function gets the asset object … in Kettle?"), the
question misnames the member (a method, not a function; a property, not a configuration option) and
leaves out what a user would say: they look for the method of that object. So such an entry is asked
"Which Compilation method gets the asset object with the specified name?", which also names the page
the way the round trip's second reading reads it (`page_scope`: a question naming its page's title is
found by that page, then by what it asks among the page's chunks).

A page is an object's page when its title is one name (`Compilation`) and its text calls three members or
more on that name written as a variable (`compilation.getAsset(…)`), and calls make at least a third of
the members it writes: a configuration page ("Output") writes its options as `output.path` and calls
none of them.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ragstress.core.types import Chunk
from ragstress.generators.questions.techdoc_subjects import document_titles

_TITLE = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*")
_MEMBER_KINDS = {"function": "method", "method": "method", "option": "property", "property": "property"}
_MEMBER_KINDS |= {"attribute": "property"}


def object_pages(chunks: list[Chunk]) -> dict[str, str]:
    """doc_id → the object its page documents ("Compilation"), for the pages that document one."""
    texts: dict[str, list[str]] = defaultdict(list)
    for chunk in chunks:
        texts[chunk.doc_id].append(chunk.text)
    found = {}
    for doc_id, title in document_titles(chunks).items():
        if not title or not _TITLE.fullmatch(title.strip()):
            continue
        text = "\n".join(texts.get(doc_id, []))
        variable = re.escape(title[0].lower() + title[1:])
        members = set(re.findall(rf"(?<![\w.$]){variable}\.(\w+)", text))
        calls = set(re.findall(rf"(?<![\w.$]){variable}\.(\w+)\s*\(", text))
        if len(calls) >= 3 and 3 * len(calls) >= len(members):
            found[doc_id] = title.strip()
    return found


def asked_of_object(question: str, answers: list[str], owner: str, product: str | None) -> str:
    """ "Which function gets the asset … in Kettle?" → "Which Compilation method gets the asset …?" when the
    answer is a member of `owner` (a bare name, or one written on the object); else the question as it was."""
    variable = owner[0].lower() + owner[1:]
    name = answers[0].removesuffix("()") if answers else ""
    member = re.fullmatch(rf"(?:{re.escape(variable)}\.)?[A-Za-z_$][\w$]*", name)
    maker = rf"(?:{re.escape(product)} )?" if product else ""
    m = re.match(rf"^Which {maker}(?P<kind>\w+) (?P<rest>.+?)(?: in {re.escape(product or owner)})?\?$", question)
    if not member or not m or m["kind"] not in _MEMBER_KINDS or owner in m["rest"]:
        return question
    return f"Which {owner} {_MEMBER_KINDS[m['kind']]} {m['rest']}?"
