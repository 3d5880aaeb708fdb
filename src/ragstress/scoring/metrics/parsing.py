"""Strict readers for judge verdicts written as text tokens.

A judge reply may quote the response or a passage, and those can carry text made to
look like a verdict. So each reader takes the *final* token of its shape in the
reply — the judge's own conclusion comes last — and refuses anything malformed
rather than falling back to an earlier token or to the first digit in sight.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

RATING_TOKEN = re.compile(r"\[\[([^\[\]]{0,8})\]\]")
_RAG_LABELS = {
    "relevance": "relevance",
    "相关性": "relevance",
    "truthfulness": "truthfulness",
    "真实性": "truthfulness",
    "accuracy": "accuracy",
    "准确性": "accuracy",
}
RAG_DIMENSIONS = ("relevance", "truthfulness", "accuracy")
_SCORE_TOKEN = re.compile(
    r"(relevance|truthfulness|accuracy|相关性|真实性|准确性)\s*[:：]?\s*\{\{([^{}]{0,8})\}\}", re.IGNORECASE
)


# Grammars constrain llama.cpp endpoints only (the bundled model). There the reasoning
# is worth little and every grammar-checked token is slow, and a CJK character can cost
# a small model ~3 tokens: a short cap keeps calls quick and leaves the rating token
# well inside the judge's max_tokens (judge.TEXT_MAX_TOKENS).
REASON_CHARS = 80


class VerdictParseError(ValueError):
    """A judge reply with no usable verdict token; the message says what was wrong."""


def parse_rating(text: str, allowed: Iterable[int]) -> int:
    """The rating in the last `[[N]]` token of `text`; it must be one of `allowed`."""
    allowed = tuple(allowed)
    tokens = RATING_TOKEN.findall(text)
    if not tokens:
        raise VerdictParseError(f"no rating token [[N]] (N in {allowed}) in the reply")
    last = tokens[-1].strip()
    if not last.isdigit() or int(last) not in allowed:
        raise VerdictParseError(f"final rating token [[{last}]] is not one of {allowed}")
    return int(last)


def parse_rag_scores(text: str) -> dict[str, int]:
    """Relevance, truthfulness and accuracy from the last `label: {{0|1}}` of each dimension."""
    found: dict[str, str] = {}
    for label, value in _SCORE_TOKEN.findall(text):
        found[_RAG_LABELS[label.lower()]] = value.strip()  # later tokens overwrite earlier ones
    missing = [d for d in RAG_DIMENSIONS if d not in found]
    if missing:
        raise VerdictParseError(f"no {{{{score}}}} token for {', '.join(missing)}")
    bad = {d: v for d, v in found.items() if v not in ("0", "1")}
    if bad:
        raise VerdictParseError(
            "scores must be {{0}} or {{1}}: " + ", ".join(f"{d} {{{{{v}}}}}" for d, v in bad.items())
        )
    return {d: int(found[d]) for d in RAG_DIMENSIONS}


def rating_grammar(allowed: Iterable[int], max_reason_chars: int = REASON_CHARS) -> str:
    """A llama.cpp grammar: one line of reasoning, then the rating token, nothing after it."""
    choices = " | ".join(f'"{n}"' for n in allowed)
    return f'root ::= reason " [[" ({choices}) "]]"\nreason ::= [^\\[\\]\\n{{}}]{{1,{max_reason_chars}}}\n'


def rag_scores_grammar(lang: str, max_reason_chars: int = REASON_CHARS) -> str:
    """A llama.cpp grammar for the RAG judge's reply: reasoning, then the three labelled scores."""
    labels = ("相关性", "真实性", "准确性") if lang == "zh" else ("relevance", "truthfulness", "accuracy")
    colon = "：" if lang == "zh" else ": "
    lines = " ".join(f'"\\n{label}{colon}{{{{" [01] "}}}}"' for label in labels)
    return f"root ::= reason {lines}\nreason ::= [^\\[\\]\\n{{}}]{{1,{max_reason_chars}}}\n"
