"""The round trip of a fact a guide states more than once: a retrieved chunk that states it again.

Guides repeat themselves: the page that introduces an option and the reference entry that documents it
both say "set `cleanUrls` to true to drop the .html suffix", a tutorial and its overview both say which
function creates the app. A question asked from one of them may retrieve the other first, and the strict
round trip then drops a question whose answer the retriever did find, stated as its source states it.

So a docs question that misses its source chunk passes when a chunk among its top k states the same
fact: a sentence of that chunk holds one of the answer's spellings and as many of the question's words
as the source's own sentence holds, less a small margin (and at least half of them). A chunk that only
names the answer, or names it beside other words, is no restatement, and the question still fails.
Words are compared as lower-cased words in English and as Han character pairs plus code words in
Chinese, without the words every question shares (which, what, the product frame's "in").
"""

from __future__ import annotations

import re

from ragstress.values.spans import answer_sentences

# A restating sentence may hold a little less of the question than the source's own sentence does.
MARGIN = 0.15
# ... but never less than this share of the question's words.
FLOOR = 0.5
# Fewer words than this say too little to tell one fact from another.
MIN_WORDS = 3

_FRAME_EN = frozenset(
    """a an the of in on at to for from by with into is are was were be been do does did you your can
    which what who whom whose where when how why that this and or not it its as set use used called
    value values default""".split()
)
_FRAME_ZH = frozenset("哪个 哪些 什么 哪里 如何 怎么 是否 可以 使用 用于 中的 的是 默认".split())


def code_words(text: str) -> list[str]:
    """The lower-cased words and code names of `text` ("app.config.env" whole), in order, repeats kept."""
    return [w.strip(".") for w in re.findall(r"[a-z_$][\w.$-]*", text.lower())]


def han_pairs(text: str) -> list[str]:
    """The pairs of adjacent Han characters of `text`, in order, repeats kept."""
    return [run[i : i + 2] for run in re.findall(r"[\u4e00-\u9fff]+", text) for i in range(len(run) - 1)]


def question_words(text: str, lang: str) -> set[str]:
    """The words of `text` that say what it is about (see the module docstring for how they are counted)."""
    codes = {w for w in code_words(text) if len(w) > 1 and w not in _FRAME_EN}
    return (set(han_pairs(text)) - _FRAME_ZH) | codes if lang == "zh" else codes


def _coverage(words: set[str], sentence: str, lang: str) -> float:
    return len(words & question_words(sentence, lang)) / len(words)


def best_coverage(words: set[str], text: str, aliases: list[str], lang: str) -> float:
    """The largest share of `words` one sentence of `text` holding an alias states (0.0 when none holds one)."""
    return max((_coverage(words, s, lang) for s in answer_sentences(text, aliases)), default=0.0)


def restated(question: str, aliases: list[str], source_text: str, hit_texts: list[str], lang: str) -> bool:
    """Whether one of `hit_texts` (the retrieved chunks other than the source) states again the fact that
    `question` asks of `source_text`, with `aliases` the answer's spellings."""
    words = question_words(question, lang) - {a.lower() for a in aliases}
    if len(words) < MIN_WORDS:
        return False
    own = best_coverage(words, source_text, aliases, lang)
    if own == 0.0:
        return False
    needed = max(FLOOR, own - MARGIN)
    return any(best_coverage(words, text, aliases, lang) >= needed for text in hit_texts)
