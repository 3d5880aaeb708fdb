"""The style testbed: the same question asked differently, over the same passages.

"Out of Style" (EACL 2026) finds RAG answers up to 38.9% less often correct for queries with
grammatical errors and retrieval 40.4% worse for informal ones. Each style is a pure function
of (question, lang, rng) returning the restyled question, written natively for en and zh:
typo (keyboard slips / homophone characters, 错别字), informal (chatty register, 口语化),
grammar (dropped articles, broken agreement, words out of order / 语序错误), distracting (an
irrelevant aside first) and preamble (a sentence about the asker first). The rng comes from
the case id, so a case never changes when other cases are added; the answer-bearing words
are never touched.

For a single-fact seed the testbed makes one case in the original wording (`style`
"original") and one per style whose wording differs, all over the seed's answer-bearing
passages in one fixed order, so the only difference between a seed's cases is the question.
The report pairs each style with the original by seed. In e2e mode the styled question also
drives the target's own retrieval.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.testbeds.case_build import TESTBEDS, TestbedSettings, assemble, positive_ids
from ragstress.generators.testbeds.pool import ChunkPool, case_rng
from ragstress.values.spans import contains_alias

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


_INFORMAL_OPENERS = {
    "en": ("hey quick question,", "so um,", "ok random thing but", "hi! just wondering,"),
    "zh": ("诶，问一下，", "话说，", "那个，请教下，", "哈喽，想问问，"),
}
_EN_INFORMAL_WORDS = {"you": "u", "are": "r", "what is": "what's", "please": "pls", "because": "cuz", "do not": "don't"}
_ZH_INFORMAL_WORDS = {
    "什么": "啥",
    "哪一年": "哪年",
    "是否": "是不是",
    "如何": "咋",
    "为何": "为啥",
    "多少": "多少来着",
}


def informal(question: str, lang: str, rng: random.Random) -> str:
    """A chatty register: an opener, casual words, loose punctuation (en lower case)."""
    opener = rng.choice(_INFORMAL_OPENERS[lang])
    if lang == "zh":
        body = question.rstrip("？?")
        for formal, casual in _ZH_INFORMAL_WORDS.items():
            body = body.replace(formal, casual, 1)
        return opener + body + rng.choice(("啊？", "呀？", "来着？", "？？"))
    body = question.rstrip("?").strip()
    body = body[:1].lower() + body[1:]
    for formal, casual in _EN_INFORMAL_WORDS.items():
        body = re.sub(rf"\b{formal}\b", casual, body, count=1, flags=re.IGNORECASE)
    return f"{opener} {body}{rng.choice(('??', ' ?', '', '?? thx'))}"


_EN_AGREEMENT = {"was": "were", "is": "are", "does": "do", "has": "have", "were": "was", "did": "done"}
_ZH_QUESTION_WORDS = re.compile(r"哪一年|哪年|什么时候|何时|多少|几[个座层人次天年岁]?|谁|哪里|哪个|什么")


def grammar(question: str, lang: str, rng: random.Random, answers: list[list[str]] | None = None) -> str:
    """Grammatical errors: articles dropped, agreement broken, two words out of order (zh: 语序错误, 的/了 dropped)."""
    aliases = [a for fact in answers or [] for a in fact]
    if lang == "zh":
        body, end = question.rstrip("？?"), question[len(question.rstrip("？?")) :]
        asked = _ZH_QUESTION_WORDS.search(body)
        if asked and asked.start() > 0:  # the question word pulled to the front, as a learner might
            body = asked[0] + body[: asked.start()] + body[asked.end() :]
        elif len(body) >= 6:
            cut = rng.randrange(2, len(body) - 2)
            body = body[cut:] + body[:cut]
        if not any("的" in alias for alias in aliases):
            body = body.replace("的", "", 1)
        return body + end
    words = question.rstrip("?").split(" ")
    out = [w for w in words if w.lower() not in ("the", "a", "an")] or words
    verbs = [i for i, w in enumerate(out) if w.lower() in _EN_AGREEMENT]
    if verbs:
        i = verbs[0]
        out[i] = _EN_AGREEMENT[out[i].lower()] if out[i].islower() else _EN_AGREEMENT[out[i].lower()].capitalize()
    movable = [
        i for i in range(1, len(out) - 1) if not contains_alias(out[i] + " " + out[i + 1], aliases) and out[i].isalpha()
    ]
    if movable:
        i = rng.choice(movable)
        out[i], out[i + 1] = out[i + 1], out[i]
    return " ".join(out) + "?"


STYLES: dict[str, StyleFn] = {
    "typo": typo,
    "informal": informal,
    "grammar": grammar,
    "distracting": distracting,
    "preamble": preamble,
}
_WITH_ANSWERS = ("typo", "grammar")  # styles that must keep away from the answer's words


def restyle(question: str, style: str, lang: str, rng: random.Random, answers: list[list[str]]) -> str:
    """`question` in `style` (a name of STYLES)."""
    if style in _WITH_ANSWERS:
        return STYLES[style](question, lang, rng, answers)  # type: ignore[call-arg]
    return STYLES[style](question, lang, rng)


def check_styles(styles: tuple[str, ...]) -> tuple[str, ...]:
    """The styles asked for (every style when none), each checked; ValueError names an unknown one."""
    unknown = [s for s in styles if s not in STYLES]
    if unknown:
        raise ValueError(f"unknown question style {unknown[0]!r}; known: {', '.join(STYLES)}")
    return styles or tuple(STYLES)


@TESTBEDS.register("style")
def query_style(seed: SeedQuestion, pool: ChunkPool, settings: TestbedSettings) -> list[Case]:
    """The seed's question in its own wording and in each style, over its answer-bearing passages."""
    if len(seed.answers) != 1:
        return []
    positives = positive_ids(pool.positives_per_fact(seed), settings.n_passages)
    contexts = [Context(text=pool.chunk(cid).text, role="positive", chunk_id=cid) for cid in positives]
    lang = "zh" if seed.lang == "zh" else "en"

    def case(style: str, question: str) -> Case:
        def build(rng: random.Random) -> tuple[list[Context], dict]:
            return list(contexts), {"style": style}

        return assemble(
            seed, "style", 0.0, pool, settings, build, "answer", label=style, question=question, shuffle=False
        )

    cases = [case("original", seed.question)]
    for style in check_styles(settings.styles):
        rng, _ = case_rng(f"{seed.id}:style:{style}", settings.base_seed)
        question = restyle(seed.question, style, lang, rng, seed.answers)
        if question != seed.question and re.search(r"\S", question):
            cases.append(case(style, question))
    return cases
