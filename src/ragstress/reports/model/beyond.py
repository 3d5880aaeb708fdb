"""report.json's sections for the testbeds past RGB's four: knowledge conflict, query style, position.

Their curves (adoption against conflicting share and against deviation, accuracy against
slot) are in the report's `curves` with the others, so `compare` overlays them alike.
"""

from __future__ import annotations

from pydantic import Field

from ragstress.reports.model.estimate import Estimate, _Model


class ConflictCell(_Model):
    """One cell of the conflict testbed: a conflicting share (dose axis) or a deviation (plausibility axis)."""

    axis: str = Field(description="share (k of n passages planted) or deviation (every passage planted).")
    x: float = Field(description="The conflicting share k/n, or the deviation's rank (1 small, 2 medium, 3 large).")
    label: str = Field(description="How the report names the cell: '2/5' style shares, or small/medium/large.")
    n_cases: int
    truth_kept: Estimate = Field(description="accuracy: the true answer stated.")
    adoption: Estimate = Field(description="asserts_fake: the planted answer is the value the response concludes with.")
    acknowledged: Estimate = Field(description="acknowledges_conflict: the response says the sources disagree.")
    acknowledged_judged: Estimate = Field(description="The judged variant (unscored unless asked for).")
    declined: Estimate = Field(description="over_refusal: the response declines to answer.")
    adoption_known: Estimate = Field(description="Adoption on the seeds whose fact the target knows closed-book.")
    adoption_unknown: Estimate = Field(description="Adoption on the seeds whose fact it does not know.")


class ConflictSection(_Model):
    n_cases: int
    n_known: int = Field(description="Seeds whose closed-book probe answered correctly.")
    adoption: Estimate = Field(description="Adoption over every case with at least one planted passage.")
    cells: list[ConflictCell]


class StyleRow(_Model):
    """One question style against the original wording, over the seeds asked both ways."""

    style: str
    n_pairs: int = Field(description="Seeds with both an original and a styled case.")
    original: Estimate = Field(description="Accuracy on the original wording of those seeds.")
    styled: Estimate = Field(description="Accuracy in this style.")
    difference: float | None = Field(description="Styled minus original accuracy (paired by seed).")
    low: float | None = Field(description="95% interval of the difference, resampled by seed.")
    high: float | None
    retrieval_styled: float | None = Field(
        default=None, description="e2e: share of cases whose answer-bearing chunk the target retrieved, styled."
    )
    retrieval_original: float | None = Field(default=None, description="The same for the original wording.")


class StyleSection(_Model):
    n_cases: int
    original: Estimate = Field(description="Accuracy on every original-wording case.")
    rows: list[StyleRow]


class PositionSection(_Model):
    n_cases: int
    n_slots: int
    by_slot: list[Estimate] = Field(description="Accuracy with the answer passage in slot 1…n.")
    by_lang: dict[str, list[Estimate]] = Field(default_factory=dict, description="The same per language.")
