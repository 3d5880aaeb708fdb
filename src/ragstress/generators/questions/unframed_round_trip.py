"""The round trip without the product's frame: the words that name the corpus are not what finds a chunk in it.

A guide's question names its product to stand alone ("Which file is used to configure URL routing rules in
Egg?", "在 Egg 中，哪个文件用于配置 URL 路由规则？"). In a corpus that is that product's documentation the name
is on every page and tells no chunk from another, yet a small dense retriever reads it as a topic of its own:
on the Egg guides (2026-12-08, multilingual-e5-small, the round trip's rejects of the code before this reading)
the rejected questions without their frame found their chunk in the top 5 for 10 of 32 English and 39 of 61
Chinese ones (median rank of the source 42 → 15 in English, past 50 → 3 in Chinese). It is the same measure of
a name as `page_scope` reads for a page's subject.

So a template question that misses its chunk passes when the same question without the frame retrieves it in
the top k. The frame is the corpus's, read from the questions themselves: the product phrase ("in Egg", "In
Egg, ", "在 Egg 中，") that at least SHARE of the gate's questions carry, and at least MIN_SHARED of them; a
name only some questions carry (a component, a page) stays in the question and in its query.
"""

from __future__ import annotations

import re
from collections import Counter

# The product frames a docs template writes, in English and Chinese (`mddocs_terms.in_product`).
_FRAMES = (
    re.compile(r" in (?P<name>[A-Z][\w.-]*(?: [A-Z][\w.-]*)?)(?=\?$)"),
    re.compile(r"^In (?P<name>[A-Z][\w.-]*(?: [A-Z][\w.-]*)?), (?=[a-z])"),
    re.compile(r"^在 ?(?P<name>[A-Za-z][\w.-]*(?: [A-Z][\w.-]*)?) ?中，"),
)
SHARE = 0.25
MIN_SHARED = 5


def corpus_frame(questions: list[str]) -> str | None:
    """The product name that frames at least SHARE of `questions` (and MIN_SHARED), or None."""
    named: Counter[str] = Counter()
    for question in questions:
        names = {m["name"] for frame in _FRAMES for m in [frame.search(question)] if m}
        named.update(names)
    if not named:
        return None
    name, count = named.most_common(1)[0]
    return name if count >= max(MIN_SHARED, SHARE * len(questions)) else None


def unframed(question: str, name: str) -> str | None:
    """`question` without its frame naming `name` ("Which file … in Egg?" → "Which file …?"; "在 Egg 中，哪个……？" →
    "哪个……？"), or None when it carries no such frame."""
    for frame in _FRAMES:
        m = frame.search(question)
        if m and m["name"] == name:
            bare = question[: m.start()] + question[m.end() :]
            return bare[0].upper() + bare[1:] if bare else None
    return None
