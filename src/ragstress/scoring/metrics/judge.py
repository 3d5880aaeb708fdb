"""How metrics talk to the judge: prompt rendering, the shared calls, and their schemas.

Two calls are shared between metrics and memoised per case:
- `statement_audit`: the response split into standalone statements, each with a
  verdict against the passages (yes / unclear / no) and, when the case has a
  reference, whether the reference states it, plus the reference facts the response
  misses. Faithfulness, factual accuracy and answer correctness all read it.
- `context_audit`: per passage, is it useful for the reference answer; per reference
  sentence, can it be attributed to the passages. Context precision and recall read it.
Prompts are rendered deterministically (same case, same text), so a re-score hits the cache.

Every judge call has one layout (judge_messages): the system prompt all judge calls share,
then the case's material in one fixed order, then the metric's task.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeVar

from pydantic import BaseModel, Field, conlist, create_model

from ragstress.llm import LLMError, StructuredResult, ask_structured
from ragstress.prompts import load_prompt
from ragstress.scoring.metrics.base import CaseJudging
from ragstress.values.matching import sentences

T = TypeVar("T", bound=BaseModel)

# Output limits per task: what its format needs with room to spare, so a rambling judge is cut
# short (the bundled model's grammars bound the free text much tighter, see REASON_CHARS and
# structured.GRAMMAR_STRING_CHARS).
JSON_MAX_TOKENS = 1200  # statement lists and context audits: one entry per statement or passage
VERDICT_MAX_TOKENS = 200  # a one-sentence reason and a yes/no field
TEXT_MAX_TOKENS = 300  # one or two sentences, then the rating or score tokens
MAX_STATEMENTS = 24  # bounds a runaway decomposition (and the bundled model's grammar)


class Statement(BaseModel):
    statement: str = Field(description="One standalone factual claim of the response, no pronouns.")
    reason: str = Field(description="Why the verdict, citing the passage relied on.")
    supported: Literal["yes", "unclear", "no"] = Field(description="Do the passages back the claim?")


class StatementWithReference(Statement):
    in_reference: Literal["yes", "no"] = Field(description="Does the reference answer state or imply the claim?")


class StatementAudit(BaseModel):
    statements: list[Statement] = Field(max_length=MAX_STATEMENTS)


class StatementAuditWithReference(BaseModel):
    statements: list[StatementWithReference] = Field(max_length=MAX_STATEMENTS)
    missing_from_response: list[str] = Field(max_length=MAX_STATEMENTS)


class PassageVerdict(BaseModel):
    reason: str
    useful: Literal["yes", "no"]


class SentenceVerdict(BaseModel):
    reason: str
    attributed: Literal["yes", "no"]


@lru_cache(maxsize=128)
def context_audit_schema(n_passages: int, n_sentences: int) -> type[BaseModel]:
    """The context audit's schema with exactly one verdict per passage and per reference sentence.

    Cached per shape: building a pydantic model costs milliseconds, and a run has few shapes.
    """
    return create_model(
        "ContextAudit",
        passages=(conlist(PassageVerdict, min_length=n_passages, max_length=n_passages), ...),
        reference_sentences=(conlist(SentenceVerdict, min_length=n_sentences, max_length=n_sentences), ...),
    )


def format_passages(passages: list[str], lang: str) -> str:
    """Numbered, tagged passages; an explicit note when there are none."""
    if not passages:
        return "（没有提供资料）" if lang == "zh" else "(no passages were provided)"
    return "\n".join(f'<passage n="{i}">\n{text}\n</passage>' for i, text in enumerate(passages, start=1))


# The case's material in the order every judge prompt shows it; each call shows the fields its task reads.
MATERIAL = ("passages", "question", "response", "reference")


def judge_messages(lang: str, prompt_id: str, **values: object) -> list[dict[str, str]]:
    """One judge call's messages: the shared system prompt, the material among `values`, then the task.

    The order is what makes a case's judge calls cheap after the first. llama.cpp keeps the
    state of the prompt it evaluated last and evaluates only what follows the longest prefix
    the next prompt shares with it (hosted endpoints' prompt caches work alike). Material
    first, task last, and the calls of one case sent one after another (score_run does so on
    the bundled model), every call after a case's first pays for little more than its task:
    on 2 cores five passages cost seconds, a task's instructions a fraction of that.
    """
    material = [
        load_prompt(f"judging_{field}", lang).render(**{field: values.pop(field)})
        for field in MATERIAL
        if field in values
    ]
    task = load_prompt(prompt_id, lang).render(**values)
    return [
        {"role": "system", "content": load_prompt("judging_system", lang).render()},
        {"role": "user", "content": "\n\n".join([*material, task])},
    ]


def reference_sentences(ctx: CaseJudging) -> list[str]:
    """The reference answer split into sentences: the units context recall counts."""
    return sentences(ctx.reference or "")


async def ask_json(
    ctx: CaseJudging, prompt_id: str, schema: type[T], max_tokens: int = JSON_MAX_TOKENS, **values: object
) -> StructuredResult[T]:
    """One structured judge call (re-asked once on invalid output); counts its requests on the case."""
    messages = judge_messages(ctx.lang, prompt_id, **values)
    result = await ask_structured(ctx.judge, messages, schema, lang=ctx.lang, max_tokens=max_tokens)
    ctx.llm_calls += result.attempts
    return result


@dataclass(frozen=True)
class TextReply:
    """A free-text judge reply, or the transport error that prevented it."""

    text: str
    error: str | None = None


async def ask_text(ctx: CaseJudging, prompt_id: str, grammar: str, **values: object) -> TextReply:
    """One free-text judge call; `grammar` constrains endpoints that take llama.cpp grammars."""
    messages = judge_messages(ctx.lang, prompt_id, **values)
    constraint = {"grammar": grammar} if ctx.judge.endpoint.json_mode == "grammar" else {}
    ctx.llm_calls += 1
    try:
        reply = await ctx.judge.chat(messages, max_tokens=TEXT_MAX_TOKENS, **constraint)
    except LLMError as exc:
        return TextReply("", f"judge call failed: {exc}")
    return TextReply(reply.text)


async def statement_audit(
    ctx: CaseJudging,
) -> StructuredResult[StatementAudit] | StructuredResult[StatementAuditWithReference]:
    """The response's statements with their verdicts (memoised per case)."""

    async def make():
        values = {
            "question": ctx.case.question,
            "passages": format_passages(ctx.contexts, ctx.lang),
            "response": ctx.answer,
        }
        if ctx.reference is None:
            return await ask_json(ctx, "judge_statements", StatementAudit, **values)
        return await ask_json(
            ctx, "judge_statements_reference", StatementAuditWithReference, reference=ctx.reference, **values
        )

    return await ctx.once("statement_audit", make)


async def context_audit(ctx: CaseJudging) -> StructuredResult[BaseModel]:
    """Per-passage usefulness and per-reference-sentence attribution (memoised per case).

    Callers make sure there are passages and a reference before asking.
    """

    async def make():
        ref_sentences = reference_sentences(ctx)
        numbered = "\n".join(f"{i}. {s}" for i, s in enumerate(ref_sentences, start=1))
        schema = context_audit_schema(len(ctx.contexts), len(ref_sentences))
        return await ask_json(
            ctx,
            "judge_context_audit",
            schema,
            question=ctx.case.question,
            passages=format_passages(ctx.contexts, ctx.lang),
            sentences=numbered,
            n_passages=len(ctx.contexts),
            n_sentences=len(ref_sentences),
        )

    return await ctx.once("context_audit", make)
