"""Targets: the RAG system under test, named by one spec string.

    python:pkg.module:callable    a function (sync or async) called with a TargetRequest
    http://host/path              a service that takes POSTed JSON (see http_target)
    langchain:pkg.module:object   a LangChain Runnable, or a factory retriever -> Runnable
    baseline                      our own LangChain RAG on the `target` role's chat model

A target returns `str`, a dict with `answer` (and optional `contexts`, `usage`), or a
`TargetResponse`; `coerce_output` turns any of those into a `TargetOutput` and rejects
anything else with a message that says what was returned.
"""

from __future__ import annotations

from typing import Any

from ragstress.core.registry import UnknownNameError
from ragstress.running.targets.base import (
    TARGET_KINDS,
    Probe,
    RetrievalRef,
    Target,
    TargetError,
    TargetOutput,
    TargetOutputError,
    TargetRequest,
    coerce_output,
    context_texts,
    import_object,
    public_spec,
    target_kind,
)


def load_target(spec: str, *, llm: Any = None, http_config: Any = None) -> Target:
    """Build the target a spec names.

    `llm` (an LLMSession) serves the baseline's chat model; `http_config` (an
    HttpTargetConfig) configures http targets. Unknown kinds get a "did you mean" error.
    """
    # Importing here registers every kind; the kind modules import only .base, never this package.
    from ragstress.running.targets import baseline, http_target, langchain_target, python_target  # noqa: F401

    kind = target_kind(spec)
    try:
        factory = TARGET_KINDS.get(kind)
    except UnknownNameError as exc:
        raise TargetError(f"target {spec!r}: {exc}") from None
    return factory(spec, llm=llm, http_config=http_config)


__all__ = [
    "TARGET_KINDS",
    "Probe",
    "RetrievalRef",
    "Target",
    "TargetError",
    "TargetOutput",
    "TargetOutputError",
    "TargetRequest",
    "coerce_output",
    "context_texts",
    "import_object",
    "load_target",
    "public_spec",
    "target_kind",
]
