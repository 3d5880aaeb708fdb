"""The round trip read by the question's own words: a lexical search of the corpus finds its chunk first.

A small dense retriever (multilingual-e5-small) ranks a guide's chunks by what they are about, and a guide's
question is long and specific: "Which file is used to configure URL routing rules in Egg?" is near every chunk
about routing, and the layout list whose line states it ("app/router.js used to configure URL routing rules")
reads as a list of files, so it falls below the top k while no retrieved chunk holds the answer. On the Egg
guides (2026-12-07) that was the fate of most round-trip rejects, good questions among them. A keyword search,
which every RAG stack a user might run offers beside the dense one (BM25 in Elasticsearch, SQLite FTS,
hybrid retrievers), finds such a chunk by the words the question shares with it.

So a template question that misses its one chunk passes when, ranking every chunk of the corpus by BM25 over
the question's distinctive words (`repeated_fact.question_words`: without the frame every question shares and
without the answer's own words), and with at least MIN_TERMS of them:

1. the first chunk is its source, or a chunk that overlaps it where the answer stands (`page_scope.shares_answer`),
   and it leads every other chunk by LEAD: a question whose words fit two chunks nearly alike ("Via which
   property can you access the Application object?", answered ctx.app on one page and this.app on another)
   does not single out its answer;
2. the source states at least FLOOR of those words where it states the answer (`answer_passages`: a sentence
   holding one of its spellings, or the body of an entry whose heading is the answer, an option's description
   under its name): the question asks what the source says of its answer, not what the chunk is about elsewhere;
3. no other chunk among the LEADERS best ranked states a different answer to it: none has a sentence holding
   all but MARGIN of those asked words without one of the answer's spellings. The same purpose given to another
   file ("app/routes.js is used to configure URL routing rules" in a plugin's page) makes the question
   ambiguous, and it still fails.

Words are those of `repeated_fact` (lower-cased English words, code names whole; Han character pairs and code
words in Chinese), with an English plural folded to its singular so that "rules" meets "rule".
"""

from __future__ import annotations

import math
import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.generators.questions.page_scope import shares_answer
from ragstress.generators.questions.repeated_fact import code_words, han_pairs, question_words
from ragstress.values.spans import contains_alias, sentences

# BM25's usual constants (term-frequency saturation, length normalisation).
K1, B = 1.2, 0.75
# A question of fewer distinctive words than this says too little to single out one chunk by its words.
MIN_TERMS = 3
# The first chunk's score over the best score of a chunk that does not share its answer.
LEAD = 1.25
# The share of the question's words the source's answer sentence must state.
FLOOR = 0.5
# A sentence elsewhere that states this much less of the question is not a rival statement of its fact.
MARGIN = 0.15
# How many of the best-ranked chunks are read for a rival statement.
LEADERS = 5
_PAGE = 1000


def _fold(word: str) -> str:
    """An English plural's singular ("rules" → "rule"); code names (with a dot or underscore) and "-ss" stay."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and re.fullmatch(r"[a-z]+", word):
        return word[:-1]
    return word


def terms(text: str, lang: str) -> set[str]:
    """The distinctive words of `text` in `lang`, as the lexical reading compares them."""
    return {_fold(w) for w in question_words(text, lang)}


def _counts(text: str) -> Counter[str]:
    """How often each word of a chunk occurs: English words and code names, and Han character pairs."""
    return Counter([*map(_fold, code_words(text)), *han_pairs(text)])


class LexicalScope:
    """A BM25 index of a store's chunks, read once on first use, for the second reading above."""

    def __init__(self, store):
        self.store = store
        self._chunks: list[Chunk] | None = None
        self._postings: dict[str, list[tuple[int, int]]] = {}
        self._lengths: list[int] = []

    def available(self) -> bool:
        """Whether the store can list its chunks (a store that only ranks, as in some tests, cannot)."""
        return hasattr(self.store, "collection")

    def _load(self) -> list[Chunk]:
        if self._chunks is None:
            chunks: list[Chunk] = []
            offset = 0
            while True:
                got = self.store.collection.get(include=["documents", "metadatas"], limit=_PAGE, offset=offset)
                for cid, text, meta in zip(got["ids"], got["documents"], got["metadatas"]):
                    chunks.append(
                        Chunk(
                            id=cid,
                            doc_id=str(meta["doc_id"]),
                            text=text or "",
                            start=int(meta["start"]),
                            end=int(meta["end"]),
                        )
                    )
                if len(got["ids"]) < _PAGE:
                    break
                offset += _PAGE
            for row, chunk in enumerate(chunks):
                counts = _counts(chunk.text)
                self._lengths.append(sum(counts.values()))
                for word, n in counts.items():
                    self._postings.setdefault(word, []).append((row, n))
            self._chunks = chunks
        return self._chunks

    def ranked(self, words: set[str]) -> list[tuple[Chunk, float]]:
        """The chunks holding any of `words`, best BM25 score first (ties in the store's order)."""
        chunks = self._load()
        total = len(chunks)
        average = (sum(self._lengths) / total) if total else 1.0
        scores: Counter[int] = Counter()
        for word in words:
            postings = self._postings.get(word, [])
            if not postings:
                continue
            idf = math.log(1 + (total - len(postings) + 0.5) / (len(postings) + 0.5))
            for row, n in postings:
                norm = K1 * (1 - B + B * self._lengths[row] / (average or 1.0))
                scores[row] += idf * n * (K1 + 1) / (n + norm)
        return [(chunks[row], score) for row, score in sorted(scores.items(), key=lambda rs: (-rs[1], rs[0]))]

    def found(self, question: str, aliases: list[str], source_id: str, lang: str) -> bool:
        """Whether `question` (answered by `aliases` in chunk `source_id`) passes the lexical reading."""
        words = terms(question, lang) - {_fold(a.lower()) for a in aliases}
        if len(words) < MIN_TERMS:
            return False
        ranking = self.ranked(words)
        source = next((c for c in self._load() if c.id == source_id), None)
        if not ranking or source is None:
            return False
        first = ranking[0][0]
        if first.id != source.id and not shares_answer(source, first, aliases):
            return False
        asked = max((words & terms(p, lang) for p in answer_passages(source.text, aliases)), key=len, default=set())
        if len(asked) < max(2, FLOOR * len(words)):
            return False
        others = [(c, score) for c, score in ranking if c.id != source.id and not shares_answer(source, c, aliases)]
        if others and ranking[0][1] < LEAD * others[0][1]:
            return False
        return not any(_rival(asked, c.text, aliases, lang) for c, _ in others[:LEADERS])


# A line naming one entry and nothing else: an option's or a method's heading, its description below it.
_ENTRY_LINE = re.compile(r"[#\s`*]*([\w$.@/-]+(?:\(\))?)[`*\s]*")


def answer_passages(text: str, aliases: list[str]) -> list[str]:
    """Where `text` states its answer: each sentence holding an alias, and the body of an entry whose heading
    line is the answer itself (an option's name, its description on the lines below, up to the next entry)."""
    passages = [s for s in sentences(text) if contains_alias(s, aliases)]
    lines = text.split("\n")
    for i, line in enumerate(lines):
        named = _ENTRY_LINE.fullmatch(line)
        if not named or not line.strip() or not contains_alias(named.group(1), aliases):
            continue
        body = []
        for following in lines[i + 1 :]:
            if following.strip() and _ENTRY_LINE.fullmatch(following):
                break
            body.append(following)
        passages.append("\n".join(body))
    return passages


def _rival(asked: set[str], text: str, aliases: list[str], lang: str) -> bool:
    """Whether a sentence of `text` states what the question asks (all but MARGIN of `asked`) with no spelling
    of its answer: the same description given to something else."""
    return any(
        len(asked & terms(s, lang)) >= (1 - MARGIN) * len(asked)
        for s in sentences(text)
        if not contains_alias(s, aliases)
    )
