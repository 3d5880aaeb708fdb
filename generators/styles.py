"""Question styles beyond the plain factoid: the same question asked differently.

Each style is a pure function of (question, lang, rng) returning the restyled
question; the rng comes from the case id, so a styled case never changes when other
cases are added. A styled case is a copy of a noise-free case with the new wording and
`params["style"]` set, so a report can show whether a target breaks on how a question
is asked rather than on what it retrieves. The answer-bearing words are never touched:
typos go only into words that are not an alias of the answer.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from ragstress.core.types import Case
from ragstress.generators.pool import case_rng
from ragstress.generators.spans import contains_alias

StyleFn = Callable[[str, str, random.Random], str]

_DISTRACTIONS = {
    "en": (
        "I read somewhere that it was repainted recently, but that is beside the point:",
        "My friend insists the weather there is always awful, which I doubt; anyway,",
        "Setting aside the question of ticket prices for a moment,",
    ),
    "zh": ("听朋友说那里最近在修缮，不过这不重要：", "我一直觉得那边的天气不太好，先不说这个，", "先不管门票贵不贵，"),
}
_PREAMBLES = {
    "en": (
        "I'm planning a trip next spring and want to get my facts straight.",
        "I'm helping my daughter with a school project.",
        "I'm writing a short quiz for my colleagues.",
    ),
    "zh": ("我打算明年春天去旅行，想先把情况弄清楚。", "我在帮孩子准备学校的小报告。", "我正在给同事们出一份小测验。"),
}
# Keys that sit next to each other: a typo swaps in a neighbour, as a hurried typist would.
_NEIGHBOURS = {
    row[i]: row[i + 1] if i + 1 < len(row) else row[i - 1]
    for row in ("qwertyuiop", "asdfghjkl", "zxcvbnm")
    for i in range(len(row))
}
# Chinese typos are homophone slips of common characters.
_ZH_HOMOPHONES = {
    "的": "得",
    "在": "再",
    "哪": "那",
    "是": "事",
    "建": "见",
    "成": "城",
    "年": "念",
    "于": "与",
    "多": "夺",
    "少": "绍",
}


def typo(question: str, lang: str, rng: random.Random, answers: list[list[str]] | None = None) -> str:
    """One or two slips of the keyboard (en) or homophone characters (zh), away from the answer's words."""
    if lang == "zh":
        spots = [i for i, ch in enumerate(question) if ch in _ZH_HOMOPHONES]
        chars = list(question)
        for i in sorted(rng.sample(spots, min(len(spots), 2))):
            chars[i] = _ZH_HOMOPHONES[chars[i]]
        return "".join(chars)
    words = question.split(" ")
    spots = [
        i
        for i, w in enumerate(words)
        if len(w) >= 5 and w.isalpha() and not (answers and contains_alias(w, [a for f in answers for a in f]))
    ]
    for i in sorted(rng.sample(spots, min(len(spots), 2))):
        word = words[i]
        j = rng.randrange(1, len(word) - 1)
        letter = word[j].lower()
        swap = rng.random() < 0.5 and word[j] != word[j + 1]
        words[i] = (
            word[:j] + word[j + 1] + word[j] + word[j + 2 :]
            if swap
            else word[:j] + _NEIGHBOURS.get(letter, letter) + word[j + 1 :]
        )
    return " ".join(words)


def distracting(question: str, lang: str, rng: random.Random) -> str:
    """An irrelevant aside before the question."""
    aside = rng.choice(_DISTRACTIONS[lang])
    if lang == "zh":
        return aside + question
    return f"{aside} {question[:1].lower() + question[1:] if question.split(' ', 1)[0] in ('In', 'The', 'On') else question}"


def preamble(question: str, lang: str, rng: random.Random) -> str:
    """A situational sentence about the asker before the question."""
    return rng.choice(_PREAMBLES[lang]) + ("" if lang == "zh" else " ") + question


STYLES: dict[str, StyleFn] = {"typo": typo, "distracting": distracting, "preamble": preamble}


def styled_cases(cases: list[Case], styles: tuple[str, ...], base_seed: int) -> list[Case]:
    """For each noise-free noise case, one copy per style with the restyled question and `params["style"]`."""
    unknown = [s for s in styles if s not in STYLES]
    if unknown:
        raise ValueError(f"unknown question style {unknown[0]!r}; known: {', '.join(STYLES)}")
    out = []
    for case in cases:
        if case.testbed != "noise" or case.params.get("noise_ratio") != 0.0:
            continue
        for style in styles:
            case_id = f"{case.id}:{style}"
            rng, _ = case_rng(case_id, base_seed)
            lang = "zh" if case.lang == "zh" else "en"
            question = (
                typo(case.question, lang, rng, case.answers)
                if style == "typo"
                else STYLES[style](case.question, lang, rng)
            )
            if question != case.question and re.search(r"\S", question):
                out.append(
                    case.model_copy(
                        update={"id": case_id, "question": question, "params": {**case.params, "style": style}}
                    )
                )
    return out
