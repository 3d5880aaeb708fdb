"""The round trip of a question that names its page: the page is found, and on it the asked thing leads to its chunk.

A man page's option question names its command ("Which option of gcloud beta sql instances patch
sets the number of days for audit log retention on disk?"), as a person must for it to be
standalone. The command's words are then the most distinctive part of the question, and a dense
retriever answers them with the page's NAME and SYNOPSIS chunks (a NAME chunk of one line is little
else), while the chunk that describes the option, which never repeats the command, falls below the
top k. On development data (70 English man pages, 2026-12-06) all 82 option questions the round trip
dropped had found their page in the top 5; without the command's name, the option's own chunk came
first on its page for about half of them. That is the retriever's measure of a name, not an
ambiguous question.

So a question that misses its chunk gets a second reading when it names its page's subject (a man
page's command, a reference page's module, `techdoc_subjects.document_subjects`, or else a guide page's
title, `document_titles`, which a question on guide prose names: see `mddocs_named`; or the first part of a
configuration option's path, `output.dir` on the page "Output"): it passes when (1) one of
its top k hits is a chunk of its page, and (2) among that page's chunks the question without the
subject's name ranks its source chunk first, or a chunk that overlaps it where the answer stands (chunks
overlap, and an entry at the end of one is whole at the start of the next). Both halves keep the gate's purpose: the question finds
the page by the name it gives, and what it asks finds its evidence on that page ahead of every other
chunk of it, so two options of one page described alike still fail.
"""

from __future__ import annotations

import re

import numpy as np

from ragstress.core.types import Chunk
from ragstress.generators.questions.techdoc_subjects import document_subjects, document_titles
from ragstress.values.spans import contains_alias

# How a question names its page's subject, in either language; the whole phrase leaves the probe.
_NAMED_EN = r"(?:\s+(?:of|in|for|by)\s+(?:the\s+)?)?{name}(?:\s+(?:module|command|manual page))?"
_NAMED_ZH = r"{name}\s*(?:命令的|模块中的?|使用的|手册页中的?|的)?"


def without_subject(question: str, name: str) -> str | None:
    """`question` with the phrase naming `name` taken out ("Which option of grep ignores case?" → "Which option
    ignores case?"), or None when the question does not name it as a whole word."""
    escaped = re.escape(name)
    bounded = rf"(?<![\w.-]){escaped}(?![\w-])"
    chinese = re.search(r"[\u4e00-\u9fff]", question)
    if not chinese:
        # "the type of Hearth's port option" → "the type of the port option": the possessive goes with the name.
        owned = re.sub(rf"{bounded}'s\s+", "the ", question, count=1)
        # "the type of output.scriptType" on the page "Output": a configuration group's page is named by the
        # first part of its options' paths, and the option is asked on it by the rest ("scriptType").
        grouped = re.sub(rf"(?<![\w.-]){escaped}\.(?=[A-Za-z_])", "", owned, count=1, flags=re.I)
        if grouped != question:
            return grouped
    if not re.search(bounded, question):
        return None
    pattern = (_NAMED_ZH if chinese else _NAMED_EN).format(name=bounded)
    probe = re.sub(r"\s{2,}", " ", re.sub(pattern, "", question, count=1)).strip()
    return probe if probe and probe != question else None


class PageScope:
    """Reads a store's pages (their chunks, subject and embeddings) once each, for the second reading above."""

    def __init__(self, store):
        self.store = store
        self._pages: dict[str, tuple[list[str], list[Chunk], np.ndarray]] = {}

    def available(self) -> bool:
        """Whether the store can list a page's chunks (a store that only ranks, as in some tests, cannot)."""
        return hasattr(self.store, "collection")

    def _page(self, doc_id: str) -> tuple[list[str], list[Chunk], np.ndarray]:
        if doc_id not in self._pages:
            got = self.store.collection.get(where={"doc_id": doc_id}, include=["documents", "metadatas", "embeddings"])
            rows = sorted(
                zip(got["ids"], got["documents"], got["metadatas"], got["embeddings"]), key=lambda r: int(r[2]["start"])
            )
            chunks = [
                Chunk(id=cid, doc_id=doc_id, text=text or "", start=int(meta["start"]), end=int(meta["end"]))
                for cid, text, meta, _ in rows
            ]
            subject = document_subjects(chunks).get(doc_id)
            # A guide page has no command or module: its title is what a question on its prose names it by
            # ("In Kettle's Brewing Tools guide, …", see mddocs_named). A docs page may have both, its title and
            # a subject read from its text; a question naming either names the page, the title tried first: a
            # subject read from a docs page's text may be a plain word ("type") any question holds.
            title = document_titles(chunks).get(doc_id)
            names = [n for n in dict.fromkeys([title, subject.name if subject else None]) if n]
            vectors = np.array([r[3] for r in rows], dtype=np.float32)
            self._pages[doc_id] = (names, chunks, vectors)
        return self._pages[doc_id]

    def found_on_page(self, question: str, answers: list[str], chunk_id: str, doc_id: str, hit_docs: list[str]) -> bool:
        """Whether `question` (with the accepted `answers`), which missed `chunk_id` in the top k (`hit_docs`: the
        documents of its hits), finds that chunk by the page it names (see the module docstring)."""
        if doc_id not in hit_docs:
            return False
        names, chunks, vectors = self._page(doc_id)
        probe = next((p for p in (without_subject(question, name) for name in names) if p), None)
        source = next((c for c in chunks if c.id == chunk_id), None)
        if probe is None or source is None:
            return False
        query = self.store.embedder.embed_queries([probe])[0]
        norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(query) or 1.0)
        similarity = (vectors @ query) / np.where(norms == 0, 1.0, norms)
        best = chunks[int(np.argmax(similarity))]
        return best.id == chunk_id or shares_answer(source, best, answers)


def shares_answer(source: Chunk, other: Chunk, answers: list[str]) -> bool:
    """Whether `other` overlaps `source` in the document and an answer stands in the text they share."""
    if other.doc_id != source.doc_id:
        return False
    begin, end = max(source.start, other.start), min(source.end, other.end)
    if begin >= end:
        return False
    return contains_alias(source.text[begin - source.start : end - source.start], answers)
