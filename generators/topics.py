"""Name the topic of a question that does not: "Regarding the Danube, ... since what year?".

An in-situ question keeps its sentence's subject, and in an article that subject is often a
phrase only the article explains: "the crew", "the first tournament", 塔身, 该集团. Replacing
such phrases one by one misses most of them, so a question that does not name its document's
title is opened with it instead (Regarding X, … / 关于X，…). Whether the English title takes
"the" is read from the document itself: the way its text mostly writes the title
("the Danube", "the telephone", but "Apollo 11").
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk

# Openers that are not names, so they lose their capital after "Regarding X, ".
_OPENERS = frozenset(
    "The A An In On At By For From During After Before Since When Where Beginning Construction Work Its Their".split()
)


def topic_phrases(chunks: list[Chunk], titles: dict[str, str]) -> dict[str, str]:
    """Per document with a title: the title as its own text writes it in running prose."""
    texts: dict[str, list[str]] = {}
    for chunk in chunks:
        texts.setdefault(chunk.doc_id, []).append(chunk.text)
    phrases = {}
    for doc_id, title in titles.items():
        body = "\n".join(texts.get(doc_id, []))
        body = body.partition("\n")[2] if body.startswith(title) else body  # not the title line itself
        phrases[doc_id] = _as_written(title, body)
    return phrases


def _as_written(title: str, body: str) -> str:
    if re.search(r"[\u4e00-\u9fff]", title):
        return title
    found = list(re.finditer(rf"(?<![\w-])(\w+\s+)?({re.escape(title)})(?![\w-])", body, re.IGNORECASE))
    if not found:
        return title
    # "White Nile" is another name, not a way of writing "Nile": a capitalised word before it other than "The".
    found = [m for m in found if not (m[1] and m[1][0].isupper() and m[1].strip() != "The")]
    if not found:
        return title
    spelling = Counter(m[2] for m in found).most_common(1)[0][0]
    with_the = sum(bool(m[1]) and m[1].strip().lower() == "the" for m in found)
    # A common noun ("telephone") takes the article on a tie; a name only when the text mostly gives it one.
    needed = with_the * 2 > len(found) or (spelling.islower() and with_the * 2 >= len(found))
    return f"the {spelling}" if needed else spelling


class Vocabulary:
    """Which words a corpus writes in lower case, and which it capitalises inside a sentence (as names)."""

    def __init__(self, text: str):
        self.lower = set(re.findall(r"(?<![\w-])[a-z]+", text))
        self.named = set(re.findall(r"(?<=[a-z,;] )[A-Z][\w'-]*", text))

    def common(self, word: str) -> bool:
        """Is `word`, capitalised at the start of a question, an ordinary word rather than a name?"""
        return word.lower() in self.lower and word not in self.named


def with_topic(question: str, title: str | None, topic: str | None, lang: str, words: Vocabulary | None = None) -> str:
    """The question, opened with its topic when it names neither the title nor the topic phrase.

    An English question's first word loses its capital when it is an opener or a word the corpus
    (`words`) writes in lower case and never as a name ("Each", "Women"; not "Gates")."""
    if not title or not topic:
        return question
    names = {title.lower(), topic.lower(), re.sub(r"^the\s+", "", topic, flags=re.I).lower()}
    if any(name in question.lower() for name in names):
        return question
    if lang == "zh":
        return f"关于{topic}，{question}"
    first, _, rest = question.partition(" ")
    if first in _OPENERS or (words is not None and words.common(first)):
        question = first.lower() + " " + rest
    return f"Regarding {topic}, {question}"
