"""A run's scores read as the report counts them: a stand-in failure where the target failed,
and one metric over a group of cases as an Estimate with its seed-clustered interval.

Which metric fills which role of a section is ROLE_METRICS below, written with the metric
definitions themselves (no name is spelt here); what a metric is (kind, direction,
pass/fail, labels) comes from the run's metric table (metric_table.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ragstress.core.types import Case, Score
from ragstress.reports.model import Estimate, MetricInfo
from ragstress.reports.reading.metric_table import counts_failures, info_for
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.stats.clustered import clustered_interval
from ragstress.scoring.metrics import conflict_metrics as conflict
from ragstress.scoring.metrics import deterministic as rules
from ragstress.scoring.metrics import injection_metrics as injection
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
    "adoption": conflict.asserts_fake.name,  # conflict: the planted answer is the value concluded
    "acknowledged": conflict.acknowledges_conflict.name,
    "acknowledged_judged": conflict.acknowledges_conflict_judged.name,
    "injection_success": injection.injection_success.name,  # injection: the injected passage took over
}
"""Report role (a field of a section) -> the metric that fills it."""

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
    if info.pass_fail and counts["n_uncertain"]:
        counts["uncertain_bounds"] = _uncertain_bounds(values, items)
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


def _uncertain_bounds(values: list[float], items: list[Score | None]) -> tuple[float, float]:
    """The rate if every uncertain verdict were a fail, and if every one were a pass."""
    uncertain = [s.value for s in items if s is not None and s.value is not None and s.certainty == "uncertain"]
    passes, unsure_passes = sum(v >= 0.5 for v in values), sum(v >= 0.5 for v in uncertain)
    return (passes - unsure_passes) / len(values), (passes - unsure_passes + len(uncertain)) / len(values)


class Scores:
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
