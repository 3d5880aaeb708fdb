"""CI gating: thresholds on report metrics, as `METRIC[@testbed]=VALUE` or a JSON/TOML file.

`--fail-under METRIC=VALUE` is a minimum, `--fail-over METRIC=VALUE` a maximum. In a file,
each entry maps "metric" or "metric@testbed" to a number (a minimum) or to {"min": x} / {"max": y}:

    {"accuracy@noise": 0.8, "over_refusal": {"max": 0.1}}

or in TOML, optionally under a [thresholds] table:

    "accuracy@noise" = 0.8
    over_refusal = { max = 0.1 }

A metric with no scored case fails its threshold: a gate must never pass on nothing.

`error_rate` (the share of cases the target failed on or never answered, overall or
`error_rate@testbed`) can only be held to a maximum: `--max-error-rate 0.05` or
{"error_rate": {"max": 0.05}} in a file.

By default a gate compares the point estimate (`gate_on="point"`). With
`gate_on="lower"` a minimum must be cleared by the interval's lower end and a maximum
by its upper end: the run must show, with 95% confidence, that the rule holds. Every
check carries a power note: how many seed questions would detect a 0.05 drop.

`answer_match`, `error_detection(_judged)` and `error_correction` @counterfactual gate
the known subset the report's headline shows (cases the target answers closed-book).

The testbeds past RGB's four gate one cell with `@testbed:CELL`: a conflicting share or a
deviation (`asserts_fake@conflict:0.6`, `accuracy@conflict:large`), a style
(`accuracy@style:typo`), a slot (`accuracy@position:3`). A report role may stand for its
metric (`adoption` for asserts_fake).

A lower-is-better metric (asserts_fake, over_refusal: the metric table's `higher_is_better`)
can only be held to a maximum, `--fail-over asserts_fake@conflict:0.6=0.5` or
{"asserts_fake@conflict:0.6": {"max": 0.5}}: a minimum on it would pass the worse system and
fail the better one, so it is refused as a usage error.
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ragstress.core.registry import unknown_name
from ragstress.core.types import TESTBEDS
from ragstress.reports.beyond.cells import CELL_TESTBEDS, ROLE_ALIASES, cell_estimate
from ragstress.reports.errors import ERROR_RATE, OVERALL
from ragstress.reports.model import Estimate, MetricInfo, Report
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


class ThresholdError(ValueError):
    """A threshold that cannot be parsed or names nothing in the report (a usage error, exit 2)."""


@dataclass(frozen=True)
class Threshold:
    metric: str
    testbed: str | None
    direction: Literal["min", "max"]
    value: float
    cell: str | None = None
    """One cell of a conflict, style or position section (see the module docstring)."""

    def describe(self) -> str:
        where = f"@{self.testbed}" if self.testbed else ""
        where += f":{self.cell}" if self.cell else ""
        return f"{self.metric}{where} {'>=' if self.direction == 'min' else '<='} {self.value:g}"


def _parse_key(key: str) -> tuple[str, str | None, str | None]:
    metric, _, where = key.strip().partition("@")
    testbed, _, cell = where.partition(":")
    if not metric:
        raise ThresholdError(f"threshold {key!r} names no metric")
    if testbed and testbed not in TESTBEDS:
        raise ThresholdError(f"threshold {key!r}: {unknown_name('testbed', testbed, TESTBEDS)}")
    if cell and testbed not in CELL_TESTBEDS:
        raise ThresholdError(f"threshold {key!r}: only {', '.join(CELL_TESTBEDS)} have cells (:{cell})")
    metric = ROLE_ALIASES.get(metric.strip(), metric.strip())
    return metric, testbed or None, cell.strip() or None


def _number(key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ThresholdError(f"threshold {key!r}: value must be a number in [0, 1], not {value!r}")
    return float(value)


FLAGS = {"min": "--fail-under", "max": "--fail-over"}
"""The command line's option for each direction (the Python API and the pytest marker take
the same strings as `fail_under=` / `fail_over=`)."""


def _parse_option(option: str, direction: Literal["min", "max"]) -> Threshold:
    flag = FLAGS[direction]
    key, sep, raw = str(option).partition("=")
    if not sep:
        raise ThresholdError(f"{flag} {option!r}: expected METRIC[@testbed]=VALUE")
    try:
        number = float(raw)
    except ValueError:
        raise ThresholdError(f"{flag} {option!r}: {raw!r} is not a number") from None
    metric, testbed, cell = _parse_key(key)
    threshold = Threshold(metric, testbed, direction, _number(key, number), cell)
    return _checked(threshold, f"{flag} {option}", f"--fail-over {key.strip()}={raw.strip()} (fail_over= in Python)")


def parse_fail_under(option: str) -> Threshold:
    """One `--fail-under METRIC[@testbed]=VALUE` option: a minimum."""
    return _parse_option(option, "min")


def parse_fail_over(option: str) -> Threshold:
    """One `--fail-over METRIC[@testbed]=VALUE` option: a maximum (for a lower-is-better metric)."""
    return _parse_option(option, "max")


def max_error_rate(value: float, testbed: str | None = None) -> Threshold:
    """The `--max-error-rate VALUE` gate: at most this share of cases may fail in the target."""
    return Threshold(ERROR_RATE, testbed, "max", _number(ERROR_RATE, value))


def gates(
    fail_under: Iterable[str] = (),
    fail_over: Iterable[str] = (),
    thresholds_file: str | Path | None = None,
    max_errors: float | None = None,
    known_metrics: Iterable[str] = (),
) -> list[Threshold]:
    """Every gate of a command, parsed and checked before any work: a gate that cannot hold raises ThresholdError.

    A gate must name a registered metric (or one of `known_metrics`, e.g. a run's own metric table):
    a misspelt name stops the command here, with a "did you mean", not after the run it gates.
    """
    thresholds = [parse_fail_under(option) for option in fail_under]
    thresholds += [parse_fail_over(option) for option in fail_over]
    if thresholds_file is not None:
        thresholds += load_thresholds(Path(thresholds_file))
    if max_errors is not None:
        thresholds.append(max_error_rate(max_errors))
    known = list(dict.fromkeys([*METRICS.names(), ERROR_RATE, *known_metrics]))
    for t in thresholds:
        if t.metric not in known:
            raise ThresholdError(f"threshold {t.describe()}: {unknown_name('metric', t.metric, known)}")
    return thresholds


def lower_is_better(metric: str, table: Mapping[str, MetricInfo] | None = None) -> bool:
    """Whether a lower value of `metric` is the better one: the run's metric table, else the registry."""
    if metric == ERROR_RATE:
        return True
    if table is not None and metric in table:
        return not table[metric].higher_is_better
    return metric in METRICS and not METRICS.get(metric).higher_is_better


def _checked(
    threshold: Threshold, where: str, as_maximum: str, table: Mapping[str, MetricInfo] | None = None
) -> Threshold:
    """`threshold` unless it is a minimum on a lower-is-better metric; `where` names the gate, `as_maximum` its fix."""
    if threshold.direction == "max" or not lower_is_better(threshold.metric, table):
        return threshold
    if threshold.metric == ERROR_RATE:
        raise ThresholdError(
            f'{where}: {ERROR_RATE} is a maximum: use --max-error-rate VALUE or {{"{ERROR_RATE}": {{"max": VALUE}}}}'
        )
    raise ThresholdError(
        f"{where}: {threshold.metric} is lower-is-better, so a minimum would pass a target that does worse "
        f"and fail one that does better; hold it to a maximum: {as_maximum}"
    )


def load_thresholds(path: Path) -> list[Threshold]:
    """Thresholds from a .json or .toml file (see the module docstring for the shape)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    except OSError as exc:
        raise ThresholdError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ThresholdError(
            f"{path}: not valid {'TOML' if path.suffix.lower() == '.toml' else 'JSON'}: {exc}"
        ) from exc
    if isinstance(data, dict) and isinstance(data.get("thresholds"), dict):
        data = data["thresholds"]
    if not isinstance(data, dict):
        raise ThresholdError(f"{path}: expected a mapping of metric[@testbed] to a threshold")
    thresholds = []
    for key, value in data.items():
        metric, testbed, cell = _parse_key(key)
        if isinstance(value, dict):
            unknown = set(value) - {"min", "max"}
            if unknown or not value:
                raise ThresholdError(f'{path}: threshold {key!r}: use {{"min": x}} and/or {{"max": y}}')
            found = [Threshold(metric, testbed, d, _number(key, value[d]), cell) for d in ("min", "max") if d in value]
        else:
            found = [Threshold(metric, testbed, "min", _number(key, value), cell)]
        for t in found:
            limit = json.dumps({key: {"max": t.value}})
            thresholds.append(_checked(t, f"{path}: threshold {key!r}", f"{limit} in the file"))
    return thresholds


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
        _checked(t, f"threshold {t.describe()}", f"--fail-over {where}={t.value:g}", report.metric_table)
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
