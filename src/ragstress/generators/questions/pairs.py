"""Two-part questions: two milestones of one subject, asked together.

Integration cases need questions whose answer lies in two passages. Two facts joined only because
one document states both ("How tall is the tower, and in what year was it closed?") read as no
person would ask. Two moments in the life of one thing do: when it was begun and when completed,
founded and renamed, opened and closed. So a pair is made from two chunks of one document whose
in-situ questions both ask a time (a year or a date) of a milestone verb, each from its own chunk;
the second half takes up the subject with "it" (English) rather than naming it again.
"""

from __future__ import annotations

import re

from ragstress.core.types import Chunk, QuestionType
from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.seeds import Candidate, Target, usable_spans
from ragstress.generators.questions.topics import with_topic
from ragstress.values.spans import FactSpan, default_aliases

# Verbs that mark a moment in the life of a thing, person or organisation.
_MILESTONES_EN = frozenset(
    """begin start complete finish open reopen close found establish incorporate launch build construct
    dedicate inaugurate rename name list bear die retire become join leave merge split end
    discover invent introduce release publish""".split()
)
_MILESTONES_ZH = re.compile(
    r"动工|开工|建成|竣工|完工|开通|通车|开放|开幕|闭幕|成立|创办|创建|建立|出生|逝世|去世|开始|结束|更名|改名|上市|发布|推出|列入"
)
_TIMES = ("year", "date")


def _askable(chunk: Chunk, lang: str, title: str | None, topic: str | None) -> list[tuple[FactSpan, str]]:
    """The time spans of `chunk` whose in-situ question asks about a milestone, each with its question."""
    found = []
    for span in usable_spans(chunk, lang):
        if span.kind not in _TIMES:
            continue
        question = insitu_question(span, chunk.text, topic if lang == "en" and topic else title, lang)
        if question is not None and _milestone(question, lang):
            found.append((span, with_topic(question, title, topic) if lang == "zh" else question))
    return found


def _milestone(question: str, lang: str) -> str | None:
    """The milestone a time question asks about (its verb's lemma), or None."""
    if lang == "zh":
        m = _MILESTONES_ZH.search(question)
        return m[0] if m else None
    # The parse of a question is less sure than of a statement ("was ... completed" may read as an adjective).
    verbs = [t.lemma_ for t in parse(question) if t.pos_ in ("VERB", "ADJ") and t.lemma_ in _MILESTONES_EN]
    return verbs[0] if verbs else None


def insitu_pair(target: Target, titles: dict[str, str], topics: dict[str, str]) -> Candidate | None:
    """A two-part candidate for the target's two chunks (two of one document: see `pair_targets`): two
    different milestones of its subject, or None."""
    (a, b), lang = target.chunks, target.lang
    title, topic = titles.get(a.doc_id), topics.get(a.doc_id)
    in_a, in_b = (_askable(c, lang, titles.get(c.doc_id), topics.get(c.doc_id)) for c in (a, b))
    pairs = [
        (x, y)
        for x in in_a
        for y in in_b
        if x[0].text != y[0].text and _milestone(x[1], lang) != _milestone(y[1], lang)
    ]
    if not pairs:
        return None
    (span_a, first), (span_b, second) = min(pairs, key=lambda p: (p[0][0].start, p[1][0].start))
    if lang == "zh":
        question = f"{first[:-1]}；{second}"
    else:
        name = topic or title
        if name and name in second and name in first:
            second = second.replace(name, "it", 1)  # "..., and in what year was it completed?"
        question = f"{first[:-1]}, and {second[:1].lower()}{second[1:]}"
    pair = Target((a, b), (span_a, span_b), lang)
    answers = [default_aliases(s.text, lang) for s in (span_a, span_b)]
    shape = QuestionType(span_kinds=[span_a.kind, span_b.kind], template="insitu", shape="conjunction")
    return Candidate(pair.id, question, answers, [a.id, b.id], lang, None, [a.text, b.text], "insitu", shape)
