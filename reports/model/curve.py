"""report.json's robustness curves: a metric against noise ratio (or passage position) per language."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CurvePoint(_Model):
    x: float = Field(description="Achieved noise ratio; for a position curve 0 = first, 0.5 = middle, 1 = last.")
    value: float
    low: float
    high: float
    n: int = Field(description="Cases with a value at this point.")


class Curve(_Model):
    """One line: `metric` on `testbed` cases of language `lang` ('all' pools them)."""

    testbed: str
    metric: str
    lang: str
    axis: str = Field(description="noise_ratio or position.")
    points: list[CurvePoint]
    auc: float | None = Field(
        description="Area under the curve over the tested range divided by its width: the mean level across it."
    )
    level: float = Field(description="The level `falls_below_at` refers to.")
    falls_below_at: float | None = Field(
        description="First x where the curve (linearly interpolated) drops below `level`; None if it never does."
    )
