"""The response's own answer line: a fact mentioned only in its reasoning, and not in the answer it concludes with,
is not stated as the answer.

"Passage 3 says the limit was doubled to 280 … so the answer is 140 characters", "资料4说南峰为华山最高峰。不过西峰最险，
所以答案是西峰", "答案：公元219年。（注：这与我掌握的208年有出入）": the true value is named on the way, and the response
then concludes with another. The answer line is the text from the last answer label ("the answer is", "final
answer:", "answer:", "in conclusion", "答案是", "答案：", "最终答案", "综上", "综合来看") to the end of its sentence. It
decides only on a one-fact question (a two-part answer line may restate one part alone), only when the line names
something other than the sources ("结论：资料有误" is a verdict on them), and only when the fact is not in it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragstress.scoring.metrics import role_patterns
from ragstress.scoring.metrics.rules_base import Hit, NamedPattern
from ragstress.values.matching import alias_patterns
from ragstress.values.reading import Reading

ANSWER_LABEL = NamedPattern(
    "answer_line.label",
    r"\b(?:(?:so |thus |therefore |hence )?the (?:final |correct |right )?answer (?:is|would be|:)|final answer\b:?|"
    r"^answer:|\banswer:|in conclusion|to conclude|in short)"
    r"|(?:最终)?答案(?:是|为|应为|应该是|:)|最终答案|综上(?:所述)?|综合来看|总而言之|结论(?:是|:)",
    "Where a response gives its own answer line: 'so the answer is', 'Answer:', '答案是', '综合来看'.",
)
_SENTENCE_END = re.compile(r"(?<=[^\d])[.!?](?=\s|$)|[。！？\n]")
_NAMES_SOMETHING = re.compile(r"[0-9a-z\u4e00-\u9fff]")
_ABOUT_THE_SOURCES = re.compile("|".join(lang.source_words for lang in role_patterns.LANGUAGES))


def answer_line(reading: Reading) -> tuple[int, str] | None:
    """Where the last answer line starts in the response's comparable form, and its text; None when there is none."""
    norm = reading.comparable
    found = list(ANSWER_LABEL.pattern.finditer(norm))
    if not found:
        return None
    start = found[-1].end()
    end = _SENTENCE_END.search(norm, start)
    line = norm[start : end.start() if end else len(norm)]
    # A line about the sources ("结论：资料有误") is a verdict on them, not the value answered with.
    return (start, line) if _NAMES_SOMETHING.search(line) and not _ABOUT_THE_SOURCES.search(line) else None


def concluded_without(reading: Reading, answers: Sequence[Sequence[str]]) -> Hit | None:
    """On a one-fact question, the answer line that leaves out a fact the response names elsewhere, else None."""
    if len(answers) != 1 or (found := answer_line(reading)) is None:
        return None
    start, line = found
    norm = reading.comparable  # the line is part of it, and holds no mention of the fact
    patterns = [p for alias in answers[0] for p in alias_patterns(alias)]
    if any(p.search(line) for p in patterns) or not any(p.search(norm) for p in patterns):
        return None
    return Hit(ANSWER_LABEL.name, line.strip()[:80], start)
