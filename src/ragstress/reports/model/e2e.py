"""The schema of the report's e2e section (built by src/ragstress/reports/e2e.py, rendered by src/ragstress/reports/render/e2e_section.py)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class E2ERow(BaseModel):
    """One variant of the index: the labelled noise ratio and the mean shares of what was retrieved."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    variant: str = Field(description="The testbed, or noise@<ratio> for a noise ratio's variant.")
    testbed: str
    labelled_noise: float | None = Field(description="The cases' noise ratio (noise testbed only).")
    n_cases: int
    n_with_contexts: int = Field(description="Cases whose response recorded the passages retrieved.")
    noise: float | None = Field(description="Mean share of retrieved passages holding no answer; None: none recorded.")
    positive: float | None
    counterfactual: float | None


class E2ESection(BaseModel):
    """Every variant a run's cases retrieved from, in testbed then ratio order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rows: list[E2ERow]
