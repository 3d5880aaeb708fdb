"""A document's topic as its text names it, and the Chinese frame for questions that do not name it.

A Chinese in-situ question keeps its sentence's subject, and in an article that subject is often
a phrase only the article explains: 塔身, 该集团. A short such subject is made the topic's part
(广州塔的塔身主体…); a question with no subject of its own is opened with the topic (关于X，…). English questions name their subject inside the question instead (questions_en),
and read how: whether a title takes "the" comes from the document itself, the way its text mostly
writes the title ("the Danube", "the telephone", but "Apollo 11").
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.generators.questions.clause_zh import subject_text
from ragstress.generators.questions.questions_zh import needs_topic

# A subject this short that does not name itself (塔身主体, 新塔) is a part of the passage's topic; a longer
# one describes itself (由……带领的研发团队, 土星五号运载火箭).
_PART_NOUN_LENGTH = 6


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


def with_topic(question: str, title: str | None, topic: str | None) -> str:
    """A Chinese question opened with its topic (关于X，…) when it names neither the title nor the topic phrase.

    English questions name their subject inside the question (see questions_en) and never take this frame."""
    if not needs_topic(question, title, topic):
        return question  # it names the title (or its short form), or a subject of its own (屠呦呦获得……)
    subject = subject_text(question)
    if subject and question.startswith(subject) and "的" not in subject:
        if len(subject) <= _PART_NOUN_LENGTH:
            return f"{topic}的{question}"  # 塔身主体高多少米: a part the passage names is its topic's part
        return question  # 土星五号运载火箭是在……: a long phrase says what it is; a frame would only stack on it
    return f"关于{topic}，{question}"
