"""From a run directory's records to a `Report`: per-dimension estimates with intervals.

The metric names this module reads live in METRIC_NAMES / JUDGE_METRICS below and
nowhere else: if the metrics package renames one, this table is the only fix.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable
from datetime import datetime, timezone

from ragstress.core.types import TESTBEDS, Case, Score
from ragstress.reports.cases import case_details, noise_ratio
from ragstress.reports.errors import error_rates
from ragstress.reports.header import build_header
from ragstress.reports.model import (
    CounterfactualSection, Estimate, IntegrationSection, MetricRow, NegativeSection, NoiseSection, RatioPoint, Report,
)  # fmt: skip
from ragstress.reports.rundir import RunData
from ragstress.reports.clustered import clustered_interval

# Report role -> name registered in ragstress.scoring.metrics (checked against its registry by
# tests/unit/test_report_aggregate.py, so a rename there fails a test here).
METRIC_NAMES: dict[str, str] = {
    "accuracy": "accuracy",  # noise and integration: all facts present, not a refusal
    "answer_match": "answer_match",  # counterfactual: true answer given despite the planted one
    "partial_credit": "answer_match_partial",  # integration: share of required facts found
    "rejection": "rejection",
    "rejection_judged": "rejection_judged",
    "over_refusal": "over_refusal",
    "error_detection": "error_detection",
    "error_detection_judged": "error_detection_judged",
    "error_correction": "error_correction",
    "closed_book_accuracy": "closed_book_accuracy",
}
JUDGE_METRICS: tuple[str, ...] = (
    "faithfulness", "answer_correctness", "context_precision", "context_recall", "answer_accuracy",
    "context_relevance", "response_groundedness", "factual_accuracy",
    "rag_judge", "semantic_similarity",
)  # fmt: skip
"""Judge (and embedding) metrics, in display order. `rag_judge` is one score: relevance AND
truthfulness AND the judge's accuracy verdict (its label carries the three numbers)."""
CLOSED_BOOK_METRICS = frozenset({METRIC_NAMES["closed_book_accuracy"]})
"""Metrics that score the closed-book probe rather than the case's own response."""
PASS_FAIL_METRICS = frozenset(
    METRIC_NAMES[k] for k in METRIC_NAMES if k != "partial_credit"
)  # everything RGB counts as a rate; anything else is a graded mean
MAIN_METRIC: dict[str, str] = {
    "noise": METRIC_NAMES["accuracy"],
    "integration": METRIC_NAMES["accuracy"],
    "negative": METRIC_NAMES["rejection"],
    "counterfactual": METRIC_NAMES["error_detection"],
}
"""The metric that decides whether a case passed, per testbed (drill-down filter)."""
LOWER_IS_BETTER = frozenset({METRIC_NAMES["over_refusal"]})


TARGET_ERROR_LABEL = "target error"
"""Label of the stand-in score for a case the scorer skipped because the target failed on it."""


def estimate(
    metric: str, scores: Iterable[Score | None], clusters: Iterable[str] | None = None, *, errors_as_failures: bool = True
) -> Estimate:
    """Aggregate one metric over a group; None entries are cases with no score at all.

    `clusters` gives each entry's seed question (cases of one seed are resampled together);
    without it every entry is its own cluster. With `errors_as_failures` (the default) a case
    the target failed on counts as not passing (the metric's worst value) instead of leaving
    the rate: a system that errors cannot look better than one that answers wrongly.
    """
    items = list(scores)
    keys = [str(i) for i in range(len(items))] if clusters is None else list(clusters)
    worst = 1.0 if metric in LOWER_IS_BETTER else 0.0
    values, value_keys, target_errors = [], [], 0
    for s, key in zip(items, keys, strict=True):
        if s is not None and s.value is not None:
            values.append(s.value)
            value_keys.append(key)
        elif s is not None and s.label == TARGET_ERROR_LABEL:
            target_errors += 1
            if errors_as_failures:
                values.append(worst)
                value_keys.append(key)
    errored = sum(1 for s in items if s is not None and s.value is None and s.error)
    missing = sum(1 for s in items if s is None)
    n_scored = len(values) - (target_errors if errors_as_failures else 0)
    unscored = len(items) - n_scored - errored - missing
    counts = dict(n=len(items), n_scored=n_scored, n_errored=errored, n_unscored=unscored, n_missing=missing,
                  n_target_errors=target_errors, errors_counted=errors_as_failures)  # fmt: skip
    if not values:
        return Estimate(metric=metric, value=None, low=None, high=None, method="none", **counts)
    interval = clustered_interval(values, value_keys, binary_metric=metric in PASS_FAIL_METRICS)
    return Estimate(metric=metric, value=interval.value, low=interval.low, high=interval.high,
                    method=interval.method, n_clusters=len(set(value_keys)), **counts)  # fmt: skip


class _Scores:
    def __init__(self, data: RunData, errors_as_failures: bool = True):
        self.data = data
        self.errors_as_failures = errors_as_failures

    def get(self, case: Case, metric: str) -> Score | None:
        """The case's score, or a stand-in error when the target failed and the scorer skipped it."""
        score = self.data.scores.get(case.id, {}).get(metric)
        if score is not None:
            return score
        probe = "closed_book" if metric in CLOSED_BOOK_METRICS else "case"
        response = self.data.responses.get((case.id, probe))
        if response is not None and response.error:
            # The scorer writes nothing for a failed response: count it as errored, not as missing.
            return Score(case_id=case.id, metric=metric, value=None, label=TARGET_ERROR_LABEL, error=f"target error: {response.error}")
        return None

    def of(self, cases: Iterable[Case], role: str) -> Estimate:
        metric = METRIC_NAMES.get(role, role)
        return self.estimate(cases, metric)

    def estimate(self, cases: Iterable[Case], metric: str) -> Estimate:
        group = list(cases)
        return estimate(metric, (self.get(c, metric) for c in group), (c.seed_id for c in group),
                        errors_as_failures=self.errors_as_failures)  # fmt: skip

    def applied(self, cases: Iterable[Case], metric: str) -> list[Case]:
        """Cases `metric` scored, plus cases it could not because the target failed on them."""
        return [c for c in cases if self.get(c, metric) is not None]

    def passed(self, case: Case, role: str) -> bool:
        score = self.data.scores.get(case.id, {}).get(METRIC_NAMES[role])
        return score is not None and score.value is not None and score.value >= 0.5


def _points(cases: list[Case], s: _Scores, with_partial: bool) -> list[RatioPoint]:
    ratios = sorted({noise_ratio(c) for c in cases}, key=lambda r: (r is None, r or 0.0))
    points = []
    for ratio in ratios:
        group = [c for c in cases if noise_ratio(c) == ratio]
        langs = sorted({c.lang for c in group})
        points.append(RatioPoint(
            noise_ratio=ratio, n_cases=len(group), accuracy=s.of(group, "accuracy"),
            partial_credit=s.of(group, "partial_credit") if with_partial else None,
            by_lang={lang: s.of([c for c in group if c.lang == lang], "accuracy") for lang in langs} if len(langs) > 1 else {},
        ))  # fmt: skip
    return points


def _counterfactual(cases: list[Case], s: _Scores) -> CounterfactualSection:
    known = [c for c in cases if s.passed(c, "closed_book_accuracy")]
    roles = ("answer_match", "error_detection", "error_detection_judged", "error_correction")
    return CounterfactualSection(
        n_cases=len(cases), n_known=len(known),
        closed_book_accuracy=s.of(cases, "closed_book_accuracy"),
        accuracy_with_counterfactual=s.of(known, "answer_match"),
        error_detection=s.of(known, "error_detection"),
        error_detection_judged=s.of(known, "error_detection_judged"),
        error_correction=s.of(known, "error_correction"),
        all_cases=[s.of(cases, role) for role in roles],
    )  # fmt: skip


def _metric_rows(data: RunData, s: _Scores) -> list[MetricRow]:
    judged = set(JUDGE_METRICS) | {METRIC_NAMES["rejection_judged"], METRIC_NAMES["error_detection_judged"]}
    deterministic = set(METRIC_NAMES.values()) - judged
    found = data.metric_names()
    # Known judge metrics first in their usual order, then anything else in first-seen order.
    ordered = [m for m in METRIC_NAMES.values() if m in found] + [m for m in JUDGE_METRICS if m in found]
    ordered += [m for m in found if m not in ordered]
    rows = []
    for metric in ordered:
        by_testbed, pooled = {}, []
        for testbed in TESTBEDS:
            group = [c for c in data.cases if c.testbed == testbed]
            # A testbed counts only if the metric really scored one of its cases there.
            if any(metric in data.scores.get(c.id, {}) for c in group):
                applied = s.applied(group, metric)
                pooled += applied
                by_testbed[testbed] = s.estimate(applied, metric)
        overall = s.estimate(pooled, metric)
        kind = "deterministic" if metric in deterministic else "judge" if metric in judged else "other"
        rows.append(MetricRow(metric=metric, kind=kind, overall=overall, by_testbed=by_testbed))
    return rows


def _version() -> str:
    try:
        return importlib.metadata.version("ragstress")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def build_report(data: RunData, *, errors_as_failures: bool = True) -> Report:
    """The whole report for one run directory (gating is added by the caller).

    `errors_as_failures=False` leaves cases the target failed on out of every rate (each
    estimate records which rule it used, and the rendered report says so beside it).
    """
    s = _Scores(data, errors_as_failures)
    by_testbed = {t: [c for c in data.cases if c.testbed == t] for t in TESTBEDS}
    answerable = [c for c in by_testbed["noise"] + by_testbed["integration"] if c.expected == "answer"]
    negative = by_testbed["negative"]
    warnings = list(data.warnings)
    for testbed, cases in by_testbed.items():
        if not cases:
            warnings.append(f"no {testbed} cases in this run: that section is empty")
    return Report(
        generated_at=datetime.now(timezone.utc).replace(microsecond=0).isoformat(),
        generator_version=_version(),
        header=build_header(data, data.metric_names()),
        noise=NoiseSection(n_cases=len(by_testbed["noise"]), overall=s.of(by_testbed["noise"], "accuracy"),
                           points=_points(by_testbed["noise"], s, with_partial=False)),
        negative=NegativeSection(
            n_cases=len(negative), rejection=s.of(negative, "rejection"),
            rejection_judged=s.of(negative, "rejection_judged"), over_refusal=s.of(answerable, "over_refusal"),
            by_lang={lang: s.of([c for c in negative if c.lang == lang], "rejection") for lang in sorted({c.lang for c in negative})},
        ),
        integration=IntegrationSection(
            n_cases=len(by_testbed["integration"]), overall=s.of(by_testbed["integration"], "accuracy"),
            partial_credit=s.of(by_testbed["integration"], "partial_credit"),
            points=_points(by_testbed["integration"], s, with_partial=True),
        ),
        counterfactual=_counterfactual(by_testbed["counterfactual"], s),
        metrics=_metric_rows(data, s),
        cases=case_details(data, MAIN_METRIC, LOWER_IS_BETTER),
        warnings=warnings,
        error_rates=error_rates(data),
    )  # fmt: skip
