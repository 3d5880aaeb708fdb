"""report.json's sections for RGB's four testbeds: noise, negative, integration, counterfactual."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ragstress.reports.model.estimate import Estimate, _Model


class RatioPoint(_Model):
    """Metrics at one noise ratio (None: the cases did not record one)."""

    noise_ratio: float | None
    n_cases: int
    accuracy: Estimate
    partial_credit: Estimate | None = None
    by_lang: dict[str, Estimate] = Field(default_factory=dict, description="Accuracy per language.")


class NoiseSection(_Model):
    n_cases: int
    overall: Estimate
    points: list[RatioPoint]


class NegativeSection(_Model):
    n_cases: int
    rejection: Estimate
    rejection_judged: Estimate
    over_refusal: Estimate = Field(description="Refusals on answerable (noise and integration) cases; lower is better.")
    by_lang: dict[str, Estimate] = Field(default_factory=dict, description="Phrase-based rejection per language.")


class IntegrationSection(_Model):
    n_cases: int
    overall: Estimate
    partial_credit: Estimate
    points: list[RatioPoint]


class CounterfactualSection(_Model):
    """RGB's counterfactual scores, restricted to the cases the target knows closed-book.

    On a private corpus the target knows no fact closed-book; the scores are then taken
    over every case against the corpus's own truth (its unperturbed passages), and
    `view` says so.
    """

    n_cases: int
    n_known: int = Field(description="Cases whose closed-book probe answered correctly: the subset scored below.")
    view: Literal["known", "corpus"] = Field(
        default="known",
        description="known: scored on the cases the target knows closed-book (RGB); corpus: no case is known, so "
        "every case is scored against the corpus's unperturbed passages.",
    )
    closed_book_accuracy: Estimate
    accuracy_with_counterfactual: Estimate
    error_detection: Estimate
    error_detection_judged: Estimate
    error_correction: Estimate
    all_cases: list[Estimate] = Field(description="The same metrics over every counterfactual case, for reference.")
