"""A response that names the facts and then concludes that it cannot answer has declined the question.

The refusal rule (refusal.py) reads a refusal phrase beside every required fact as declining a side detail ("Paris.
The passages don't name the architect."), which is right for that shape. Another shape ends the other way: the
response reports what the passages say and then concludes, with "so" or "therefore", that it cannot answer the
question itself ("资料【1】说1948年……我不确定问的是哪一个时间点，所以无法回答", "Passage 2 mentions 1897, but I can't be
sure it is the same observatory, so I can't answer", "none of them names the director, so I can't tell you who
directed it"). A refusal is never correct, so accuracy reads such a response as declining when:

- the last refusal phrase follows a conclusion marker in its sentence (so, therefore, thus, hence, 所以, 因此, 因而,
  于是, 故而), and
- what it declines is the question: nothing follows it but the act of answering ("无法回答", "can't answer this",
  "不能下结论", "无法判断"), or a wh-clause that shares a content word with the question ("can't tell you who directed
  it" for "Who directed ...?"), and
- no required fact is stated after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics.rules import REFUSAL_PATTERNS, SENTENCE_BREAK, mentions, response_hits
from ragstress.scoring.metrics.rules_base import Hit
from ragstress.values.matching import normalise
from ragstress.values.reading import Reading

_MARKER = re.compile(
    r"\b(?:so|therefore|thus|hence|which is why|that's why|for that reason)\b|所以|因此|因而|于是|故而|故此"
)
_CLAUSE_END = re.compile(r"[,;:，；：.!?。！？\n]|\bbut\b|但是?|不过")
_GENERIC_REST = re.compile(
    r"^\s*(?:(?:you|it|this|that|the question|this question|for (?:sure|certain)|with (?:certainty|confidence)|"
    r"definitively|reliably|here|from (?:the|these) \w+)\b\s*)*$"
    r"|^[的地]?(?:回答|作答|答复|判断|确定|断定|下结论|给出(?:肯定的)?答案|这个问题|此问题|该问题|问题|了|啦|呢)*$"
)
_WH = re.compile(r"\b(?:who|whom|which|what|when|where|how many|how much|how)\b(.*)$|(?:谁|哪|什么|几|多少)(.*)$")
# A refusal phrase may carry its own object ("can't give the year"): what follows its verb is read as the rest.
_VERB_OBJECT = re.compile(
    r"\b(?:answer|determine|tell|say|find|confirm|identify|provide|give|verify|know|state|name|locate|see)\b(.*)$"
)
_WORD = re.compile(r"[a-z][a-z'-]{3,}|[\u4e00-\u9fff]{2}")
_STEM = 5


def content_stems(text: str) -> set[str]:
    """The first letters of each longer word (and each pair of Chinese characters): what two texts share when they
    speak of the same thing."""
    return {w[:_STEM] for w in _WORD.findall(text)}


def concluding_refusal(reading: Reading, answers: Sequence[Sequence[str]], question: str = "") -> Hit | None:
    """The refusal phrase by which the response concludes that it cannot answer the question (see the module
    docstring), else None."""
    norm = reading.comparable  # the form `mentions` gives its offsets in
    hits = response_hits(reading, REFUSAL_PATTERNS, norm)
    if not hits:
        return None
    last = hits[-1]
    sentence_start = reading.breaks(SENTENCE_BREAK, norm).start_of(last.start)
    if not _MARKER.search(norm, sentence_start, last.start):
        return None
    after = norm[last.start + len(last.span) :]
    end = _CLAUSE_END.search(after)
    carried = _VERB_OBJECT.search(last.span)
    rest = (carried[1] if carried else "") + after[: end.start() if end else len(after)]
    if not _GENERIC_REST.search(rest):
        wh = _WH.search(rest)
        object_words = content_stems((wh[1] or wh[2] or "") if wh else "")
        if not wh or not object_words & content_stems(normalise(question)):
            return None
    # A fact stated after the phrase answers after all.
    if any(m.role == "asserted" and m.start > last.start for aliases in answers for m in mentions(reading, aliases)):
        return None
    return last
