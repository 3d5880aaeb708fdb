"""report.json's robustness curves: a metric against noise ratio, passage slot, conflicting share or
deviation, per language."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CurvePoint(_Model):
    x: float = Field(
        description="Achieved noise ratio; conflicting share k/n; the answer passage's slot (1 = first); "
        "or the deviation's rank (1 small, 2 medium, 3 large)."
    )
    value: float
    low: float
    high: float
    n: int = Field(description="Cases with a value at this point.")


class Curve(_Model):
    """One line: `metric` on `testbed` cases of language `lang` ('all' pools them)."""

    testbed: str
    metric: str
    lang: str
    axis: str = Field(description="noise_ratio, position, conflict_share or deviation.")
    points: list[CurvePoint]
    auc: float | None = Field(
        description="Area under the curve over the tested range divided by its width: the mean level across it."
    )
    level: float = Field(description="The level `falls_below_at` refers to.")
    falls_below_at: float | None = Field(
        description="First x where the curve (linearly interpolated) drops below `level`; None if it never does."
    )
    rises_above_at: float | None = Field(
        default=None,
        description="For a lower-is-better metric (adoption): the first x where the curve rises above `level`.",
    )
