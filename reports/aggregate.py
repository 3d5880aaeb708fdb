"""From a run directory's records to a `Report`: per-dimension estimates with intervals.

Which metric fills which role of a section is ROLE_METRICS below, written with the
metric definitions themselves (no name is spelt here); what a metric is (kind,
direction, pass/fail, labels) comes from the run's metric table (reports/reading/metric_table.py).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from ragstress.core.types import TESTBEDS, Case, Score
from ragstress.reports.card import build_card
from ragstress.reports.e2e import build_e2e_section
from ragstress.reports.errors import error_rates
from ragstress.reports.header import build_header
from ragstress.reports.methods import build_methods
from ragstress.reports.model import (
    CounterfactualSection,
    Estimate,
    IntegrationSection,
    MetricInfo,
    MetricRow,
    NegativeSection,
    NoiseSection,
    RatioPoint,
    Report,
)
from ragstress.reports.reading.cases import case_details, noise_ratio
from ragstress.reports.reading.metric_table import counts_failures, info_for, lower_is_better, run_metric_table
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.stats.clustered import clustered_interval
from ragstress.scoring.metrics import deterministic as rules
from ragstress.scoring.metrics import judged_verdicts as verdicts

ROLE_METRICS: dict[str, str] = {
    "accuracy": rules.accuracy.name,  # noise and integration: all facts present, not a refusal
    "answer_match": rules.answer_match.name,  # counterfactual: true answer given despite the planted one
    "partial_credit": rules.answer_match_partial.name,  # integration: share of required facts found
    "rejection": rules.rejection.name,
    "rejection_judged": verdicts.rejection_judged.name,
    "over_refusal": rules.over_refusal.name,
    "error_detection": rules.error_detection.name,
    "error_detection_judged": verdicts.error_detection_judged.name,
    "error_correction": rules.error_correction.name,
    "closed_book_accuracy": rules.closed_book_accuracy.name,
}
"""Report role (a field of a section) -> the metric that fills it."""
MAIN_METRIC: dict[str, str] = {
    "noise": ROLE_METRICS["accuracy"],
    "integration": ROLE_METRICS["accuracy"],
    "negative": ROLE_METRICS["rejection"],
    "counterfactual": ROLE_METRICS["error_detection"],
}
"""The metric that decides whether a case passed, per testbed (drill-down filter)."""


TARGET_ERROR_LABEL = "target error"
"""Label of the stand-in score for a case the scorer skipped because the target failed on it."""


def estimate(
    metric: str,
    scores: Iterable[Score | None],
    clusters: Iterable[str] | None = None,
    *,
    table: Mapping[str, MetricInfo] | None = None,
    errors_as_failures: bool = True,
) -> Estimate:
    """Aggregate one metric over a group; None entries are cases with no score at all.

    `clusters` gives each entry's seed question (cases of one seed are resampled together);
    without it every entry is its own cluster. What the metric is (pass/fail, direction)
    comes from `table`, else the registry. With `errors_as_failures` (the default) a case
    the target failed on counts as not passing (the metric's worst value) instead of leaving
    the rate: a system that errors cannot look better than one that answers wrongly.
    """
    items = list(scores)
    keys = [str(i) for i in range(len(items))] if clusters is None else list(clusters)
    info = info_for(metric, table or {})
    worst = 0.0 if info.higher_is_better else 1.0
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
    counts = dict(
        n=len(items),
        n_scored=n_scored,
        n_errored=errored,
        n_unscored=unscored,
        n_missing=missing,
        n_target_errors=target_errors,
        errors_counted=errors_as_failures,
        n_uncertain=sum(s is not None and s.value is not None and s.certainty == "uncertain" for s in items),
    )
    if not values:
        return Estimate(metric=metric, value=None, low=None, high=None, method="none", **counts)
    interval = clustered_interval(values, value_keys, binary_metric=info.pass_fail)
    return Estimate(
        metric=metric,
        value=interval.value,
        low=interval.low,
        high=interval.high,
        method=interval.method,
        n_clusters=len(set(value_keys)),
        **counts,
    )


class _Scores:
    def __init__(self, data: RunData, table: Mapping[str, MetricInfo], errors_as_failures: bool = True):
        self.data = data
        self.table = table
        self.errors_as_failures = errors_as_failures
        # Metrics that measured something on this run: only they can hold a target failure against it.
        self.measured = {m for per_case in data.scores.values() for m, s in per_case.items() if s.value is not None}
        self.answered = bool(data.responses)

    def get(self, case: Case, metric: str) -> Score | None:
        """The case's score, or a stand-in error when the target failed (or never answered): only for a
        metric this run measured, on a case it applies to, over every such case (not RGB's correction rate)."""
        score = self.data.scores.get(case.id, {}).get(metric)
        if score is not None:
            return score
        if metric not in self.measured or not self.answered or not counts_failures(metric, case, self.table):
            return None
        response = self.data.responses.get((case.id, info_for(metric, self.table).probe))
        if (response is not None and not response.error) or (response is None and self.data.scores.get(case.id)):
            return None  # answered, or scored on other metrics (so answered, whatever responses.jsonl lost)
        # The scorer writes nothing for a failed or missing response: count it as errored, not as missing.
        cause = f"target error: {response.error}" if response is not None else "no response recorded (run unfinished)"
        return Score(case_id=case.id, metric=metric, value=None, label=TARGET_ERROR_LABEL, error=cause)

    def of(self, cases: Iterable[Case], role: str) -> Estimate:
        return self.estimate(cases, ROLE_METRICS.get(role, role))

    def estimate(self, cases: Iterable[Case], metric: str) -> Estimate:
        group = list(cases)
        return estimate(
            metric,
            (self.get(c, metric) for c in group),
            (c.seed_id for c in group),
            table=self.table,
            errors_as_failures=self.errors_as_failures,
        )

    def applied(self, cases: Iterable[Case], metric: str) -> list[Case]:
        """Cases `metric` scored, plus cases it could not because the target failed on them."""
        return [c for c in cases if self.get(c, metric) is not None]

    def passed(self, case: Case, role: str) -> bool:
        score = self.data.scores.get(case.id, {}).get(ROLE_METRICS[role])
        return score is not None and score.value is not None and score.value >= 0.5


def _points(cases: list[Case], s: _Scores, with_partial: bool) -> list[RatioPoint]:
    ratios = sorted({noise_ratio(c) for c in cases}, key=lambda r: (r is None, r or 0.0))
    points = []
    for ratio in ratios:
        group = [c for c in cases if noise_ratio(c) == ratio]
        langs = sorted({c.lang for c in group})
        points.append(
            RatioPoint(
                noise_ratio=ratio,
                n_cases=len(group),
                accuracy=s.of(group, "accuracy"),
                partial_credit=s.of(group, "partial_credit") if with_partial else None,
                by_lang={lang: s.of([c for c in group if c.lang == lang], "accuracy") for lang in langs}
                if len(langs) > 1
                else {},
            )
        )
    return points


def _counterfactual(cases: list[Case], s: _Scores) -> CounterfactualSection:
    known = [c for c in cases if s.passed(c, "closed_book_accuracy")]
    roles = ("answer_match", "error_detection", "error_detection_judged", "error_correction")
    view = "known"
    if cases and not known:
        # A private corpus: the target cannot know its facts closed-book, so the truth is the corpus's own
        # passages, and every case is scored against them rather than showing nothing.
        known, view = cases, "corpus"
    return CounterfactualSection(
        n_cases=len(cases),
        n_known=0 if view == "corpus" else len(known),
        view=view,
        closed_book_accuracy=s.of(cases, "closed_book_accuracy"),
        accuracy_with_counterfactual=s.of(known, "answer_match"),
        error_detection=s.of(known, "error_detection"),
        error_detection_judged=s.of(known, "error_detection_judged"),
        error_correction=s.of(known, "error_correction"),
        all_cases=[s.of(cases, role) for role in roles],
    )


def _metric_rows(data: RunData, s: _Scores) -> list[MetricRow]:
    found = data.metric_names()
    # Section metrics first, then the rest in metric-table order, then unknown names as first seen.
    ordered = [m for m in ROLE_METRICS.values() if m in found] + [m for m in s.table if m in found]
    ordered = list(dict.fromkeys(ordered + found))
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
        rows.append(
            MetricRow(metric=metric, kind=info_for(metric, s.table).kind, overall=overall, by_testbed=by_testbed)
        )
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
    warnings = list(data.warnings)
    recorded = data.score_manifest.metric_table if data.score_manifest else None
    table = run_metric_table(recorded, data.metric_names(), warnings)
    s = _Scores(data, table, errors_as_failures)
    # Position-sweep copies (generators/position.py) have a curve of their own, not a second vote per ratio.
    by_testbed = {t: [c for c in data.cases if c.testbed == t and "position" not in c.params] for t in TESTBEDS}
    answerable = [c for c in by_testbed["noise"] + by_testbed["integration"] if c.expected == "answer"]
    negative = by_testbed["negative"]
    for testbed, cases in by_testbed.items():
        if not cases:
            warnings.append(f"no {testbed} cases in this run: that section is empty")
    header = build_header(data, data.metric_names(), table)
    counterfactual = _counterfactual(by_testbed["counterfactual"], s)
    report = Report(
        generated_at=datetime.now(UTC).replace(microsecond=0).isoformat(),
        generator_version=_version(),
        header=header,
        noise=NoiseSection(
            n_cases=len(by_testbed["noise"]),
            overall=s.of(by_testbed["noise"], "accuracy"),
            points=_points(by_testbed["noise"], s, with_partial=False),
        ),
        negative=NegativeSection(
            n_cases=len(negative),
            rejection=s.of(negative, "rejection"),
            rejection_judged=s.of(negative, "rejection_judged"),
            over_refusal=s.of(answerable, "over_refusal"),
            by_lang={
                lang: s.of([c for c in negative if c.lang == lang], "rejection")
                for lang in sorted({c.lang for c in negative})
            },
        ),
        integration=IntegrationSection(
            n_cases=len(by_testbed["integration"]),
            overall=s.of(by_testbed["integration"], "accuracy"),
            partial_credit=s.of(by_testbed["integration"], "partial_credit"),
            points=_points(by_testbed["integration"], s, with_partial=True),
        ),
        counterfactual=counterfactual,
        metrics=_metric_rows(data, s),
        metric_table=table,
        cases=case_details(data, MAIN_METRIC, lower_is_better(table)),
        warnings=warnings,
        error_rates=error_rates(data),
        e2e=build_e2e_section(data),
        card=build_card(
            by_testbed,
            MAIN_METRIC,
            s.estimate,
            known=lambda case: s.passed(case, "closed_book_accuracy"),
            scored_metrics=set(data.metric_names()),
            table=table,
            header=header,
            counterfactual_view=counterfactual.view,
        ),
    )
    return report.model_copy(update={"methods": build_methods(data, report, errors_as_failures=errors_as_failures)})
