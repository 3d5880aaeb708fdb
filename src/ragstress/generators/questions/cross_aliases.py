"""Answers in the other language: a capable generator names a seed's answer as the other language writes it.

A response may give the answer in the other language or script: "the Danube" to a question
about 多瑙河, 毕加索 for Picasso. Numbers and dates are read across scripts by the scorer's
numeral reader; names are not. So for each generated seed whose answer is a name, a
configured generator (never the bundled model, too small to know) is asked how the other
language usually writes it, with the sentence it came from (a quantity is no name, with its
unit after it or in words: "2.5 million rivets", "six million"; see value_fakes.answer_kind).
The model proposes; a gate decides: the alias must be in the other script, short (at most 40
characters and 6 words), new (not already an alias), and not a word of the question. Kept aliases join the fact's
alias list, so every later gate, noise check and score reads them. testset.json records
what was asked, kept and rejected, and why.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter

from pydantic import BaseModel, Field

from ragstress.core.types import SeedQuestion
from ragstress.generators.testbeds.value_fakes import answer_kind
from ragstress.llm import ChatClient, ask_structured
from ragstress.prompts import load_prompt
from ragstress.values.spans import answer_sentences, contains_alias, unique

MAX_CHARS, MAX_WORDS = 40, 6
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")


class CrossAlias(BaseModel):
    """The generator's proposal: the answer as the other language writes it, or empty."""

    alias: str = Field(description="The usual form in the other language; empty when there is none.")


def answer_sentence(texts: list[str], aliases: list[str]) -> str:
    """The first sentence of `texts` that holds one of `aliases` ('' when none does)."""
    return next((s for text in texts for s in answer_sentences(text, aliases)), "")


def alias_problem(alias: str, seed: SeedQuestion, aliases: list[str]) -> str | None:
    """Why a proposed alias is not kept, or None when it passes the gate."""
    alias = alias.strip()
    if not alias:
        return "no usual form given"
    other_script = _LATIN if seed.lang == "zh" else _HAN
    own_script = _HAN if seed.lang == "zh" else _LATIN
    if not other_script.search(alias) or own_script.search(alias):
        return "not written in the other language's script"
    if len(alias) > MAX_CHARS or len(alias.split()) > MAX_WORDS:
        return "too long to be a name"
    if any(a.casefold() == alias.casefold() for a in aliases):
        return "already an alias"
    if contains_alias(seed.question, [alias]):
        return "appears in the question"
    return None


async def _propose(client: ChatClient, seed: SeedQuestion, sentence: str) -> str | tuple[None, str]:
    prompt = load_prompt("seed_cross_alias", seed.lang).render(answer=seed.answers[0][0], sentence=sentence)
    result = await ask_structured(client, [{"role": "user", "content": prompt}], CrossAlias, lang=seed.lang)
    return result.value.alias if result.ok else (None, result.error or "no reply")


async def add_cross_aliases(
    client: ChatClient, seeds: list[SeedQuestion], sentences: dict[str, str]
) -> tuple[list[SeedQuestion], dict]:
    """`seeds` with a gated other-language alias on each single-fact name answer, and the counts."""
    asked = [s for s in seeds if len(s.answers) == 1 and answer_kind(s.answers[0][0], s.lang) == "name"]
    proposals = await asyncio.gather(*(_propose(client, s, sentences.get(s.id, "")) for s in asked))
    rejected: Counter[str] = Counter()
    extra: dict[str, str] = {}
    for seed, proposal in zip(asked, proposals, strict=True):
        problem = f"generator failed: {proposal[1]}" if isinstance(proposal, tuple) else None
        problem = problem or alias_problem(str(proposal), seed, seed.answers[0])
        if problem:
            rejected[problem] += 1
        else:
            extra[seed.id] = str(proposal).strip()
    updated = [
        s.model_copy(update={"answers": [unique([*s.answers[0], extra[s.id]])]}) if s.id in extra else s for s in seeds
    ]
    return updated, {"asked": len(asked), "kept": len(extra), "rejected": dict(sorted(rejected.items()))}
