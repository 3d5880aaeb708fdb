"""report.json's sections on how far the judge can be trusted: calibration and reliability.

Kept apart from src/ragstress/reports/model/__init__.py (which imports these) so the judge's sections can grow
without touching the rest of the schema. All fields are optional in a Report.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Span(_Model):
    """A value with its 95% interval."""

    value: float
    low: float
    high: float


class CalibratedMetric(_Model):
    """One judged metric: the raw judge rate and its PPI correction from human labels."""

    metric: str
    judge: Span = Field(description="The judge's mean over every case it scored (clustered interval).")
    calibrated: Span | None = Field(description="PPI estimate; None when too few labels pair with a judge value.")
    labels_only: Span | None = Field(description="The labels' own mean with its interval, for reference.")
    weight: float = Field(description="The judge's share lambda in the PPI estimate (1 = classic PPI).")
    n_judged: int = Field(description="Cases the judge gave a value (labelled ones included).")
    n_labels: int = Field(description="Labels paired with a judge value on the same case.")
    effective_n: float | None = Field(
        description="How many labels alone would give the calibrated interval's precision."
    )
    agreement: float | None = Field(description="Share of labelled cases where judge and label agree (cut at 0.5).")
    kappa: float | None = Field(description="Cohen's kappa between judge and labels; None when undefined.")
    note: str | None = None


class Calibration(_Model):
    """What a label file did to the judged metrics (`ragstress calibrate`, `report --labels`)."""

    label_file: str = Field(description="The label file's name (its sha256 identifies the content).")
    label_sha256: str
    n_rows: int
    n_labelled: int
    n_blank: int
    method: str
    metrics: list[CalibratedMetric]
    notes: list[str] = Field(default_factory=list)


class MetricReliability(_Model):
    """How steady one judged metric's verdicts are on the sampled cases."""

    metric: str
    n_cases: int = Field(description="Sampled cases with at least two usable repeated verdicts.")
    repeats: int
    self_consistency: float | None = Field(
        description="Mean share of agreeing pairs (values within 0.125) among each case's repeated verdicts."
    )
    flip_share: float | None = Field(
        description="Share of cases whose verdict changes across the repeats and the scored verdict."
    )
    low: bool = Field(description="Self-consistency below the report's threshold: the metric's verdicts are unsteady.")
    n_errors: int = Field(description="Repeated judgments that failed or had nothing to judge.")
    judge2_n: int = 0
    judge2_agreement: float | None = Field(default=None, description="Share of cases where the two judges agree.")
    judge2_kappa: float | None = None


class Reliability(_Model):
    """Judge reliability from judge_repeats.jsonl (`ragstress reliability`)."""

    judge_models: list[str]
    judge2_models: list[str]
    threshold: float = Field(description="Self-consistency below this marks a metric as low.")
    metrics: list[MetricReliability]
