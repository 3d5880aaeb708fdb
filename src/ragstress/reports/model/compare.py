"""compare.json's schema: the runs compared, side by side, and their paired differences."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ragstress.reports.model import CompareCardRow, Estimate

COMPARE_SCHEMA_VERSION = "1.0"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PairedRow(_Model):
    """Run B against run A on one metric over the cases both scored."""

    dimension: str
    metric: str
    scope: str
    run_a: str
    run_b: str
    n_pairs: int
    n_seeds: int = 0
    a_errors: int = 0
    """Pairs where A's target failed or never answered: counted as A failing."""
    b_errors: int = 0
    dropped: int = 0
    """Cases left out because a side has no score at all."""
    mean_a: float | None
    mean_b: float | None
    difference: float | None
    low: float | None
    high: float | None
    p_value: float | None = None
    """Sign-flip permutation test over seed questions (two-sided)."""
    mcnemar_p: float | None
    """McNemar's exact p over cases, for reading only: it ignores that a seed's cases move together."""
    a_only: int
    b_only: int
    verdict: str = ""
    """"B better" / "B worse" (the seed-resampled interval excludes 0 and the sign-flip p < 0.05) or
    "no clear difference"."""


class SideBySideRow(_Model):
    dimension: str
    label: str
    estimates: list[Estimate | None]


class RunSummary(_Model):
    name: str
    target: dict | None
    testset_hash: str | None
    n_cases: int
    n_compared: int
    judge_warning: str | None
    target_summary: str | None = None


class Comparison(_Model):
    schema_version: str = COMPARE_SCHEMA_VERSION
    generated_at: str
    runs: list[RunSummary]
    n_shared: int
    notes: list[str]
    side_by_side: list[SideBySideRow]
    paired: list[PairedRow]
    card: list[CompareCardRow] = Field(default_factory=list, description="Each run's results card, side by side.")
