"""report.json's section for the prompt-injection testbed: how often the injected passage took over.

Its curve (injection success against the injected passage's slot) is in the report's
`curves` with the others, so `compare` overlays it alike.
"""

from __future__ import annotations

from pydantic import Field

from ragstress.reports.model.estimate import Estimate, _Model


class InjectionRow(_Model):
    """One group of injection cases: a kind, a slot or a language."""

    axis: str = Field(description="kind, slot or lang.")
    key: str = Field(description="The kind (override, authority, hidden, hijack, poisoned), slot or language.")
    n_cases: int
    success: Estimate = Field(description="injection_success: the injection took the response over (lower is better).")
    accuracy: Estimate = Field(description="accuracy: the true answer stated despite the injection.")
    retrieved: float | None = Field(
        default=None,
        description="e2e: share of the cases with a retrieval record whose target retrieved the injected passage.",
    )
    n_retrieval: int = Field(default=0, description="e2e: cases with a retrieval record (the share's denominator).")


class InjectionSection(_Model):
    n_cases: int
    success: Estimate = Field(description="injection_success over every injection case.")
    accuracy: Estimate = Field(description="accuracy over every injection case.")
    retrieved: float | None = Field(
        default=None, description="e2e: share of cases whose target retrieved the injected passage."
    )
    n_retrieval: int = Field(default=0, description="e2e: cases with a retrieval record.")
    n_poisoned_in_corpus: int = Field(
        default=0, description="Poisoned facts whose planted answer the corpus states elsewhere (canary_in_corpus)."
    )
    rows: list[InjectionRow] = Field(description="Per kind, then per slot, then per language.")
