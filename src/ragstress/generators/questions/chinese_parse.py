"""The Chinese dependency parse that question syntax is built from.

Words come from jieba's dictionary segmenter, and their tags and heads from UDPipe with the
Universal Dependencies Chinese model that the `udchinese` package ships (nothing is downloaded at
run time). The model's own tokenizer splits modern words it does not know into characters
(世/界), so the parser is given jieba's words instead. Both are loaded once, on first use, and
each sentence is parsed once: a corpus asks about the same sentence for several spans.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

MODEL_FILE = "ud-chinese.udpipe"


class ChineseParserMissing(RuntimeError):
    """The Chinese segmenter, parser or model package is not installed."""


@dataclass(frozen=True)
class Word:
    """One word of a parsed sentence: its text, where it stands, its tag and its head (-1: the root)."""

    i: int
    text: str
    start: int
    end: int
    upos: str
    head: int
    rel: str
    flag: str  # the segmenter's dictionary tag (nr person, ns place, nt organisation, nz other name; x unknown)

    @property
    def is_name(self) -> bool:
        """A proper name by the tagger or by the segmenter's dictionary."""
        # The dictionary's tag, not the parser's: the model reads many words it does not know as names
        # (建成, or 主拱净 cut wrongly from 主拱净跨).
        if self.flag == "j":
            return len(self.text) > 1  # an abbreviation (京沪); a single character so tagged (塔) is a common noun
        return self.flag in ("nr", "nrt", "nrfg", "ns", "nt", "nz")

    @property
    def base_rel(self) -> str:
        """The relation without its subtype (obl for obl:tmod)."""
        return self.rel.split(":")[0]


@dataclass(frozen=True)
class Parse:
    """A parsed sentence: its text and its words in order."""

    text: str
    words: tuple[Word, ...]

    def children(self, word: Word) -> list[Word]:
        return [w for w in self.words if w.head == word.i]

    def subtree(self, word: Word) -> list[Word]:
        """The word and all it governs, in sentence order."""
        inside = {word.i}
        grew = True
        while grew:
            grew = False
            for w in self.words:
                if w.head in inside and w.i not in inside:
                    inside.add(w.i)
                    grew = True
        return [w for w in self.words if w.i in inside]

    def covering(self, start: int, end: int) -> list[Word]:
        """The words that overlap the characters start..end."""
        return [w for w in self.words if w.start < end and w.end > start]


@functools.cache
def _tools():  # noqa: ANN202 - the types live in optional modules
    try:
        import jieba
        import udchinese
        from ufal.udpipe import Model, Pipeline
    except ImportError as exc:
        raise ChineseParserMissing(
            "Chinese question syntax needs the packages jieba, ufal.udpipe and udchinese "
            f"(pip install -e . installs them): {exc}"
        ) from exc
    import os

    path = os.path.join(udchinese.PACKAGE_DIR, MODEL_FILE)
    model = Model.load(path) if os.path.isfile(path) else None
    if model is None:
        raise ChineseParserMissing(f"the udchinese package holds no readable {MODEL_FILE}")
    import jieba.posseg

    jieba.setLogLevel(60)  # its dictionary-loading notes go to stderr on every first use
    segmenter = jieba.posseg.POSTokenizer(jieba.Tokenizer())
    pipeline = Pipeline(model, "horizontal", Pipeline.DEFAULT, Pipeline.DEFAULT, "conllu")
    # The pipeline points into the model without owning it: the model must live as long as it does.
    return segmenter, pipeline, model


def _segment(segmenter, sentence: str) -> list[str]:  # noqa: ANN001
    # Digits split from their unit (1889 | 年) so that a span ends on a word boundary; no spaces inside words.
    words = []
    # Dictionary words only: the HMM's guesses join words across a preposition (新塔于 as one word).
    for word in segmenter.tokenizer.lcut(sentence, HMM=False):
        if not word.strip():
            continue
        words.extend(_split_number(word))
    return words


def _split_number(word: str) -> list[str]:
    parts: list[str] = []
    for ch in word:
        kind = ch.isdigit() or ch in ".,"
        if parts and (parts[-1][-1].isdigit() or parts[-1][-1] in ".,") == kind:
            parts[-1] += ch
        else:
            parts.append(ch)
    return parts if len(parts) > 1 and any(p[0].isdigit() for p in parts) else [word]


@functools.lru_cache(maxsize=8192)
def parse(sentence: str) -> Parse:
    """The parse of one sentence (cached: the same sentence gives the same, shared Parse)."""
    segmenter, pipeline, _model = _tools()
    tokens = _segment(segmenter, sentence)
    conllu = pipeline.process(" ".join(tokens))
    words: list[Word] = []
    at = 0
    for line in conllu.splitlines():
        cols = line.split("\t")
        if len(cols) != 10 or not cols[0].isdigit():
            continue
        text = tokens[len(words)] if len(words) < len(tokens) else cols[1]
        start = sentence.find(text, at)
        start = at if start < 0 else start
        at = start + len(text)
        flag = segmenter.word_tag_tab.get(text, "x")
        words.append(Word(len(words), text, start, at, cols[3], int(cols[6]) - 1, cols[7], flag))
    return Parse(sentence, tuple(words))


def tagged(text: str) -> list[tuple[str, str]]:
    """The segmenter's words of `text` with their dictionary tags (v verb, p preposition, n… noun, eng Latin)."""
    segmenter, _pipeline, _model = _tools()
    return [(pair.word, pair.flag) for pair in segmenter.lcut(text, HMM=False) if pair.word.strip()]
