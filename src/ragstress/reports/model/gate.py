"""The report's gate: each threshold a run is held to, and whether it passed."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ThresholdCheck(_Model):
    metric: str
    testbed: str | None
    direction: Literal["min", "max"]
    threshold: float
    value: float | None
    passed: bool
    message: str
    compared: float | None = Field(
        default=None, description="The number held against the threshold (value, or an interval end)."
    )
    power_note: str | None = Field(
        default=None, description="How many seed questions would detect a drop at this variance."
    )


class Gating(_Model):
    passed: bool
    checks: list[ThresholdCheck]
    gate_on: Literal["point", "lower"] = Field(
        default="point", description="point: the estimate must clear the threshold; lower: its whole 95% interval must."
    )
