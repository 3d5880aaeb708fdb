"""An estimate: one metric over a group of cases, with its interval and what went into it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Estimate(_Model):
    """One metric over a group of cases, with the bookkeeping that shows what was left out.

    `n` cases were in the group; `n_scored` have a value; `n_errored` have a score that
    records an error; `n_unscored` have a score without a value or error (nothing to
    judge); `n_missing` have no score at all. Only scored values enter `value`.
    """

    metric: str
    value: float | None = Field(
        description="Mean over scored cases (a proportion for pass/fail metrics); None if none scored."
    )
    low: float | None = Field(description="Lower end of the 95% interval.")
    high: float | None = Field(description="Upper end of the 95% interval.")
    method: Literal["wilson", "bootstrap", "cluster_bootstrap", "hoeffding", "none"] = Field(
        description="How the interval was computed: wilson (one case per seed question), a bootstrap over seed "
        "questions, or hoeffding (graded values resampling cannot vary: as wide as the number of seeds allows)."
    )
    n: int
    n_scored: int
    n_errored: int
    n_unscored: int
    n_missing: int
    n_target_errors: int = Field(default=0, description="Cases the target failed on (part of n_errored).")
    n_uncertain: int = Field(
        default=0, description="Scored cases whose rule verdict is marked uncertain (a careful reader may differ)."
    )
    uncertain_bounds: tuple[float, float] | None = Field(
        default=None,
        description="The value if every uncertain verdict went the other way to its lowest and to its highest "
        "(pass/fail metrics with uncertain verdicts only).",
    )
    n_clusters: int | None = Field(default=None, description="Seed questions behind the values (the resampling unit).")
    errors_counted: bool = Field(
        default=False, description="True: target errors count as not passing (in `value`); False: they are left out."
    )
