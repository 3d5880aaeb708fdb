"""Options a family of commands shares, each asked on one page only.

git's or gcloud's pages repeat their common flags, and a corpus of a hundred "Which option of gcloud
x y … sets the project?" tests one fact. An option is the family's when:

- another page documents it with the same spellings and the same first sentence; or
- it is a multi-word command's (`gcloud compute disks list`) and pages of the same family (`gcloud`)
  document it with the same spellings on `FAMILY_PAGES` pages or more: `--region`, `--location` or
  `--async` say the same thing of a different resource on every page, and one page asks it.

Each is asked on the first page that documents it, in the order of document ids.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ragstress.core.types import Chunk
from ragstress.generators.questions.techdoc import Entry, Subject, entries

# On this many pages of one family an option is the family's, whatever each page says of it.
FAMILY_PAGES = 3


class SharedOptions:
    """Which page asks each option a family of commands shares (see the module docstring)."""

    def __init__(self, chunks: list[Chunk], subjects: dict[str, Subject]):
        self._owner: dict[tuple, str] = {}
        pages: dict[tuple, set[str]] = defaultdict(set)
        for chunk in sorted(chunks, key=lambda c: (c.doc_id, c.start)):
            subject = subjects.get(chunk.doc_id)
            if subject is None or subject.kind != "command":
                continue
            for entry in entries(chunk.text, subject, chunk.code_state):
                if entry.kind != "option":
                    continue
                self._owner.setdefault(_said_alike(entry), chunk.doc_id)
                family = _family_key(entry, subject)
                if family is not None:
                    self._owner.setdefault(family, chunk.doc_id)
                    pages[family].add(chunk.doc_id)
        self._family_wide = {key for key, docs in pages.items() if len(docs) >= FAMILY_PAGES}
        self._subjects = subjects

    def asked_elsewhere(self, entry: Entry, doc_id: str) -> bool:
        """Whether `entry` is a shared option whose question belongs to another page."""
        if entry.kind != "option":
            return False
        family = _family_key(entry, self._subjects.get(doc_id))
        if family in self._family_wide:
            return self._owner[family] != doc_id
        owner = self._owner.get(_said_alike(entry))
        return owner is not None and owner != doc_id


def _said_alike(entry: Entry) -> tuple:
    first = re.split(r"(?<=[.。])\s", entry.description.strip(), maxsplit=1)[0]
    return entry.names, re.sub(r"\W+", " ", first.lower()).strip()


def _family_key(entry: Entry, subject: Subject | None) -> tuple | None:
    """(family, spellings) of a multi-word command's option, or None for a one-word command's."""
    if subject is None or " " not in subject.name:
        return None
    return subject.name.split()[0], entry.names
