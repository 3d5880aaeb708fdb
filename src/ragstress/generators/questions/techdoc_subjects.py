"""What each document of a corpus documents: a man page's command, or a reference page's module.

A man page names its command in its file name (`ls.1.gz`) and, as typed, on its NAME line ("gcloud
builds list - list builds"); a reference page names its module on its first line ("os — Miscellaneous
operating system interfaces"). Later chunks of a long page know it too.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk
from ragstress.generators.questions.techdoc import Subject

_MODULE_TITLE = re.compile(r"^\s*((?:[a-z_]\w*\.)*[a-z_]\w*)(?:\s+[—–-]{1,3}|:)\s+\S")
_MAN_FILE = re.compile(r"([^/]+?)\.[1-9][a-z]*(?:\.gz)?$")
# A command is named as typed, of one word or several ("gcloud builds list - list builds").
_MAN_NAME = re.compile(
    r"^(?:NAME|名称|名字)\s*\n\s*([\w.+-]+(?: [a-z0-9][\w.+-]*){0,6}?)(?:\s*,\s*[\w.+-]+)*\s+[-—–]+\s", re.MULTILINE
)


def document_subjects(chunks: list[Chunk]) -> dict[str, Subject]:
    """Each document's subject: a man page's command (from its file name), or a reference page's module
    (from a first line such as "os — Miscellaneous operating system interfaces")."""
    subjects: dict[str, str] = {}
    for chunk in chunks:
        if chunk.doc_id in subjects:
            continue
        man = _MAN_FILE.search(chunk.doc_id)
        if man:
            # swapoff.8 documents swapon: the NAME line's first command is the page's own.
            named = _MAN_NAME.search(chunk.text)
            command = named[1] if named else man[1]
            if command.isupper() and man[1].lower().endswith(command.lower()):
                command = command.lower()  # "AS - the portable GNU assembler" (x86_64-linux-gnu-as.1) is typed "as"
            subjects[chunk.doc_id] = Subject(command, "command")
            continue
        first = chunk.text.strip().split("\n", 1)[0]
        module = _MODULE_TITLE.match(first)
        if module:
            subjects[chunk.doc_id] = Subject(module[1], "module")
    return subjects


def document_titles(chunks: list[Chunk]) -> dict[str, str]:
    """Each document's title: the first line of its first chunk when it reads like a heading.

    A reference page's "json --- JSON encoder and decoder" is titled by its module, `json`; a man
    page, whose first line is its NAME heading, by its command."""
    titles = {doc: s.name for doc, s in document_subjects(chunks).items() if s.kind == "command"}
    for chunk in chunks:
        if chunk.doc_id in titles:
            continue
        first = chunk.text.strip().split("\n", 1)[0].strip()
        first = re.sub(r"^([a-z_][\w.]*)(?:\s+[—–-]{1,3}|:)\s+\S.*$", r"\1", first)
        if first and len(first) <= 40 and not re.search(r"[.。!?！？,，]$", first):
            titles[chunk.doc_id] = first
    return titles
