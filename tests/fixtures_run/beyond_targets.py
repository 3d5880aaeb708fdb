"""Scripted targets for the conflict and style testbeds, each with one known behaviour.

The facts they may know and the questions they were asked in their own wording come from
the JSON file named by RAGSTRESS_TEST_FACTS: {"facts": {question: year}, "questions": [...]}.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from functools import cache

YEAR = re.compile(r"\b1[5-9]\d\d\b|\b20\d\d\b")
DECLINE = "I cannot answer that from what I was given."


@cache
def _facts() -> dict:
    with open(os.environ["RAGSTRESS_TEST_FACTS"], encoding="utf-8") as handle:
        return json.load(handle)


def _majority(contexts: list[str]) -> str | None:
    years = Counter(found[0] for text in contexts for found in [YEAR.findall(text)] if found)
    return years.most_common(1)[0][0] if years else None


def majority_follower(request):
    """Answers the year most of its passages give; without passages, declines."""
    year = _majority(request.contexts or [])
    return f"It opened in {year}." if year else DECLINE


def _known(question: str) -> str | None:
    """The year of the fact whose question this is, matched by its distinctive name."""
    for asked, year in _facts()["facts"].items():
        name = re.search(r"the (\w+ \w+) station", asked)
        if name and name[1].lower() in question.lower():
            return year
    return None


def context_ignorer(request):
    """Answers from what it knows, whatever the passages say."""
    year = _known(request.question)
    return f"It opened in {year}." if year else DECLINE


def typo_breaker(request):
    """Reads its passages like the majority follower, but gives up on a question with a misspelt word:
    every long word of the closest question it knows must be there (other styles keep them)."""
    words = set(re.findall(r"[a-z]+", request.question.lower()))
    best = max(_facts()["questions"], key=lambda q: len(words & set(re.findall(r"[a-z]+", q.lower()))))
    needed = {w for w in re.findall(r"[a-z]+", best.lower()) if len(w) >= 5}
    if not needed <= words:
        return "Sorry, I do not understand the question."
    return majority_follower(request)
