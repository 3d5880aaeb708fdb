"""CI gating: a report's estimates checked against thresholds (parsed by reports.gates.thresholds).

A metric with no scored case fails its threshold: a gate must never pass on nothing.
`error_rate` (overall or `error_rate@testbed`) is the share of cases the target failed on or
never answered.

By default a gate compares the point estimate (`gate_on="point"`). With
`gate_on="lower"` a minimum must be cleared by the interval's lower end and a maximum
by its upper end: the run must show, with 95% confidence, that the rule holds. Every
check carries a power note: how many seed questions would detect a 0.05 drop.

`answer_match`, `error_detection(_judged)` and `error_correction` @counterfactual gate
the known subset the report's headline shows (cases the target answers closed-book).
A gate on a cell (`@testbed:CELL`) reads that cell of the conflict, style or position section.
A lower-is-better metric is checked again against the run's own metric table, which may know a
metric the registry does not.
"""

from __future__ import annotations

import difflib
from typing import Literal

from ragstress.reports.beyond.cells import cell_estimate
from ragstress.reports.errors import ERROR_RATE, OVERALL
from ragstress.reports.gates.thresholds import Threshold, ThresholdError, checked_direction
from ragstress.reports.model import Estimate, Report
from ragstress.reports.model.gate import Gating, ThresholdCheck
from ragstress.reports.power import power_note
from ragstress.reports.reading.scoring import ROLE_METRICS
from ragstress.scoring.metrics import METRICS

KNOWN_SUBSET = {
    ROLE_METRICS["answer_match"]: "accuracy_with_counterfactual",
    ROLE_METRICS["error_detection"]: "error_detection",
    ROLE_METRICS["error_detection_judged"]: "error_detection_judged",
    ROLE_METRICS["error_correction"]: "error_correction",
}
"""metric@counterfactual -> the CounterfactualSection field (known subset) a gate checks."""
GateOn = Literal["point", "lower"]
GATE_ON_CHOICES: tuple[str, ...] = ("point", "lower")


def _lookup(report: Report, threshold: Threshold) -> Estimate | None:
    if threshold.cell is not None:
        return cell_estimate(report, threshold.testbed or "", threshold.cell, threshold.metric)
    if threshold.metric == ERROR_RATE:
        return report.error_rates.get(threshold.testbed or OVERALL)
    if threshold.testbed == "counterfactual" and threshold.metric in KNOWN_SUBSET:
        # The counterfactual headline scores only the cases the target knows closed-book (RGB's
        # rule); a gate on the all-cases row would hold the system to a different number.
        return getattr(report.counterfactual, KNOWN_SUBSET[threshold.metric])
    for row in report.metrics:
        if row.metric == threshold.metric:
            return row.overall if threshold.testbed is None else row.by_testbed.get(threshold.testbed)
    return None


def check_thresholds(report: Report, thresholds: list[Threshold], gate_on: GateOn = "point") -> Gating:
    """Check every threshold, on the point estimate or (gate_on="lower") on the interval's far end.

    A metric this run did not score fails its threshold (exit 1); a name that is no
    metric at all is a usage error (ThresholdError, exit 2) with a "did you mean".
    """
    if gate_on not in GATE_ON_CHOICES:
        raise ThresholdError(f"gate on {gate_on!r}: choose one of {', '.join(GATE_ON_CHOICES)}")
    known = list(
        dict.fromkeys(
            [row.metric for row in report.metrics] + list(report.metric_table) + METRICS.names() + [ERROR_RATE]
        )
    )
    checks = []
    for t in thresholds:
        if report.failure is not None:  # nothing was measured: every gate fails for that one reason
            checks.append(_unmeasured(t, f"{t.describe()}: {report.failure}"))
            continue
        if t.metric not in known:
            close = difflib.get_close_matches(t.metric, known, n=3, cutoff=0.5)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise ThresholdError(
                f"threshold {t.describe()}: unknown metric {t.metric!r}{hint} (known: {', '.join(known)})"
            )
        # The run's own table may know a metric the registry does not (scored by another release).
        where = "@".join(filter(None, [t.metric, (t.testbed or "") + (f":{t.cell}" if t.cell else "")]))
        checked_direction(t, f"threshold {t.describe()}", f"--fail-over {where}={t.value:g}", report.metric_table)
        est = _lookup(report, t)
        if est is None or est.value is None:
            where = f"on {t.testbed}{':' + t.cell if t.cell else ''} cases" if t.testbed else "at all"
            checks.append(_unmeasured(t, f"{t.metric} was not scored {where}"))
            continue
        checks.append(_check(t, est, gate_on))
    return Gating(passed=all(c.passed for c in checks), checks=checks, gate_on=gate_on)


def _unmeasured(t: Threshold, message: str) -> ThresholdCheck:
    """A failed check with no value: the gate had nothing to compare, and `message` says why."""
    return ThresholdCheck(
        metric=t.metric,
        testbed=f"{t.testbed}:{t.cell}" if t.cell else t.testbed,
        direction=t.direction,
        threshold=t.value,
        value=None,
        passed=False,
        message=message,
    )


def _check(t: Threshold, est: Estimate, gate_on: GateOn) -> ThresholdCheck:
    if gate_on == "lower":
        # The end of the interval on the failing side: a minimum needs the lower end above it.
        compared, basis = (est.low, "CI lower end") if t.direction == "min" else (est.high, "CI upper end")
    else:
        compared, basis = est.value, "estimate"
    ok = compared >= t.value if t.direction == "min" else compared <= t.value
    errors = ""
    if est.n_target_errors and t.metric != ERROR_RATE:
        errors = f", target errors {est.n_target_errors} {'counted as fails' if est.errors_counted else 'EXCLUDED'}"
    message = (
        f"{t.describe()} on the {basis}: {est.value:.3f} (n {est.n}, scored {est.n_scored}{errors}, "
        f"CI [{est.low:.3f}, {est.high:.3f}])"
    )
    return ThresholdCheck(
        metric=t.metric,
        testbed=f"{t.testbed}:{t.cell}" if t.cell else t.testbed,
        direction=t.direction,
        threshold=t.value,
        value=est.value,
        passed=ok,
        message=message,
        compared=compared,
        power_note=power_note(est),
    )
