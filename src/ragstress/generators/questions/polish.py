"""The model polishes, never decides: a configured generator may rephrase an in-situ question.

The span (the answer) and the question's content come from the sentence. A rephrased question is kept
when it passes the same gates as the in-situ one (the answers are fixed by the span, so the judge checks
it still asks for them); otherwise the in-situ form stays.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from pydantic import BaseModel, Field

from ragstress.generators.questions.gates import GatePipeline
from ragstress.generators.questions.seeds import Candidate
from ragstress.llm import ChatClient, ask_structured
from ragstress.prompts import load_prompt


class PolishDraft(BaseModel):
    """The generator's rephrasing of an in-situ question."""

    question: str = Field(description="The same question, rephrased to read naturally.")


async def _polish_one(client: ChatClient, candidate: Candidate) -> Candidate:
    answer = " / ".join(aliases[0] for aliases in candidate.answers)
    prompt = load_prompt("seed_polish", candidate.lang).render(
        passage="\n\n".join(candidate.texts), question=candidate.question, answer=answer
    )
    result = await ask_structured(
        client, [{"role": "user", "content": prompt}], PolishDraft, lang=candidate.lang, max_tokens=120
    )
    question = result.value.question.strip() if result.ok else ""
    error = result.error if not result.ok else (None if question else "empty question")
    # A bridge's first probe is the question itself; its second hop keeps the entity-named half.
    probes = (question, *candidate.probes[1:]) if candidate.probes else ()
    return replace(candidate, question=question, error=error, path="polished", probes=probes)


async def polish_or_keep(client: ChatClient, candidates: list[Candidate], checker: GatePipeline) -> list[Candidate]:
    """Each candidate's polished form when it passes `checker`'s gates, else its in-situ form (same order)."""
    polished = list(await asyncio.gather(*(_polish_one(client, c) for c in candidates)))
    changed = [p for p, c in zip(polished, candidates) if p.question != c.question]
    passed = {p.id for p in await checker.run(changed)}
    return [p if p.id in passed else c for p, c in zip(polished, candidates)]
