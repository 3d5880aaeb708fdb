"""What the learned reader sees of a response: hashed character n-grams of the response with its answers masked,
n-grams of the question, and the rules' reading of the response as named marks.

The required facts' aliases become one mask and the planted answer's another, so the reader learns how a
response *treats* the answer ("the documents say ⟦f⟧, but it was ⟦a⟧") rather than which years or names
occur in its training data. Character n-grams read English, Chinese and a third language alike, need no
tokenizer or model, and cost a fraction of a millisecond per response. The question says what kind of value
is asked for (a year, a person, two parts); the marks (`scoring.metrics.reader_marks`: the value concluded,
the role of each mention, refusal, flag and hedge) say what no window of a few characters can.
"""

from __future__ import annotations

import math
import re
import unicodedata
import zlib
from collections.abc import Sequence

DIM = 1 << 16  # hash buckets: collisions cost little at this size, and the weights stay under a megabyte
NGRAMS = (1, 2, 3, 4)
QUESTION_NGRAMS = (1, 2, 3)
# The response's n-grams have norm 1; the question's and each mark's weight is set beside it, so a mark counts
# as much in a long response as in a short one.
QUESTION_WEIGHT = 0.5
MARK_WEIGHT = 0.5
TRUE_MASK = "⟦a⟧"
FAKE_MASK = "⟦f⟧"

_SPACE = re.compile(r"\s+")


def _normalise(text: str) -> str:
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).lower()).strip()


def _mask(text: str, aliases: Sequence[str], mask: str) -> str:
    # Longest first, and aliases of one length in a fixed order: "北京天安门" and "天安门广场" overlap in "北京天安门广场", and
    # an order left to a set's iteration gave a response one reading or the other depending on the process.
    for alias in sorted({_normalise(a) for a in aliases if a.strip()}, key=lambda a: (-len(a), a)):
        text = text.replace(alias, f" {mask} ")
    return text


def reader_text(response: str, answers: Sequence[Sequence[str]], fake_answer: Sequence[str] | None) -> str:
    """The response, normalised, with every alias of the true facts and of the planted answer masked."""
    text = _normalise(response)
    text = _mask(text, [a for aliases in answers for a in aliases], TRUE_MASK)
    text = _mask(text, fake_answer or [], FAKE_MASK)
    return _SPACE.sub(" ", text).strip()


def _markers(text: str) -> list[str]:
    """Whole-response facts a character window cannot see: which masks occur, and which comes first."""
    has_true, has_fake = TRUE_MASK in text, FAKE_MASK in text
    marks = [f"§true={has_true}", f"§fake={has_fake}"]
    if has_true and has_fake:
        marks.append("§first=" + ("true" if text.index(TRUE_MASK) < text.index(FAKE_MASK) else "fake"))
    marks.append(f"§length={min(len(text) // 40, 8)}")
    return marks


def _bucket(feature: str) -> int:
    return zlib.crc32(feature.encode("utf-8")) % DIM


def _ngram_counts(text: str, sizes: Sequence[int], prefix: str = "") -> dict[int, int]:
    counts: dict[int, int] = {}
    padded = f" {text} "
    for n in sizes:
        for i in range(len(padded) - n + 1):
            key = _bucket(prefix + padded[i : i + n])
            counts[key] = counts.get(key, 0) + 1
    return counts


def _scaled(counts: dict[int, int], norm_to: float) -> dict[int, float]:
    """Log-scaled counts with an L2 norm of `norm_to`."""
    weighted = {k: 1.0 + math.log(c) for k, c in counts.items()}
    norm = math.sqrt(sum(v * v for v in weighted.values())) or 1.0
    return {k: norm_to * v / norm for k, v in weighted.items()}


def hashed_features(text: str, question: str = "", marks: Sequence[str] = ()) -> dict[int, float]:
    """Sparse feature vector of a reader text (n-grams and the masks' markers, norm 1), its question's n-grams
    (norm QUESTION_WEIGHT) and the rules' marks (MARK_WEIGHT each)."""
    counts = _ngram_counts(text, NGRAMS)
    for mark in _markers(text):
        key = _bucket(mark)
        counts[key] = counts.get(key, 0) + 1
    features = _scaled(counts, 1.0)
    if question:
        for key, value in _scaled(_ngram_counts(_normalise(question), QUESTION_NGRAMS, "§q:"), QUESTION_WEIGHT).items():
            features[key] = features.get(key, 0.0) + value
    for mark in marks:
        key = _bucket("§rule:" + mark)
        features[key] = features.get(key, 0.0) + MARK_WEIGHT
    return features
