"""In-situ question synthesis: turn the sentence holding an answer span into a question about it.

No model is involved, so the same sentence and span always give the same question. English
questions are built from a dependency parse (`questions_en`): the wh-phrase fronted, the subject
inverted. Chinese keeps its wh-word where the answer stood, as Chinese questions do (`insitu_zh`).
A question must make sense without its passage, so an implicit subject is named by the
document's title; when that is impossible the sentence is not asked (`None`).
"""

from __future__ import annotations

import re

from ragstress.values.spans import FactSpan, sentences

# "$ gcloud … delete MEMBERSHIP_NAME": a line typed at a shell prompt is an example to run, not a statement.
_PROMPT_LINE = re.compile(r"^[ \t]*[$%][ \t]+\S", re.MULTILINE)
# "MEMBERSHIP_NAME", "<FILE>": a placeholder stands for what the reader supplies; it answers nothing.
_PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|<[^<>\s]+>")
# "more than 50 plugins", "up to 8 workers", "20 MB or more": a bound, not a count. Asked as "how many",
# the bare number would be a wrong answer, so the sentence is not asked of it.
_BOUND_BEFORE_EN = re.compile(
    r"\b(?:(?:more|fewer|less|greater|higher|lower)\s+than|over|under|up\s+to|at\s+(?:least|most)|upwards\s+of"
    r"|beyond)\s*$",
    re.IGNORECASE,
)
_BOUND_AFTER_EN = re.compile(r"^\s*(?:\+|or\s+(?:more|fewer|less|greater|higher|lower|above|below)\b)", re.IGNORECASE)
# Chinese keeps a bound in its question (不超过多少米, 多少公里以上) but drops one it reads as a hedge
# (`insitu_zh`): "超过 50 个" asked as "多少个" would take 50 for the count.
_BOUND_BEFORE_ZH = re.compile(r"(?<![不最])(?:超过|逾|多达|高达|不到)\s*$")
# A Chinese sentence on a page read as mixed ("关于 req 和 res 的 API 可参考 Express@4 官方文档"): the English
# parse cannot read it, and an English frame around Chinese words is no question anyone asks.
_HAN = re.compile(r"[\u4e00-\u9fff]")


def insitu_question(span: FactSpan, text: str, title: str | None, lang: str, document: str = "") -> str | None:
    """A standalone question whose answer is `span` (found in `text`, a chunk of `document` when given, whose
    first mentions name people in full), or None when the sentence will not do."""
    if _PLACEHOLDER.fullmatch(span.text.strip()) or _on_prompt_line(span, text) or bounded(span, text, lang):
        return None
    if lang == "zh":
        from ragstress.generators.questions.insitu_zh import insitu_question_zh
        from ragstress.generators.questions.questions_zh import with_full_name

        question = insitu_question_zh(span, text, title)
        return with_full_name(question, document or text) if question else None
    from ragstress.generators.questions.questions_en import english_question

    found = sentence_with(span, text)
    if found is None or _HAN.search(found[0]):
        return None
    return english_question(span, *found, title, text, document)


def sentence_with(span: FactSpan, text: str) -> tuple[str, int] | None:
    """The sentence of `text` holding the span's first occurrence, and the span's offset in it."""
    for sentence in sentences(text):
        at = sentence.find(span.text)
        if at >= 0:
            return sentence, at
    return None


def bounded(span: FactSpan, text: str, lang: str) -> bool:
    """Whether a number's first occurrence in `text` is a bound ("more than 50") its question would lose."""
    at = text.find(span.text)
    if at < 0 or not re.match(r"\s*\d", span.text):
        return False
    if lang == "zh":
        return bool(_BOUND_BEFORE_ZH.search(text[:at]))
    return bool(_BOUND_BEFORE_EN.search(text[:at]) or _BOUND_AFTER_EN.match(text[at + len(span.text) :]))


def _on_prompt_line(span: FactSpan, text: str) -> bool:
    """Whether the span's first occurrence in `text` stands on a line typed at a shell prompt."""
    at = text.find(span.text)
    if at < 0:
        return False
    start = text.rfind("\n", 0, at) + 1
    return bool(_PROMPT_LINE.match(text, start))
