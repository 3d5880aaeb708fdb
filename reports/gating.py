"""CI gating: thresholds on report metrics, as `METRIC[@testbed]=VALUE` or a JSON/TOML file.

A threshold is a minimum unless stated otherwise. In a file, each entry maps
"metric" or "metric@testbed" to a number (a minimum) or to {"min": x} / {"max": y}:

    {"accuracy@noise": 0.8, "over_refusal": {"max": 0.1}}

or in TOML, optionally under a [thresholds] table:

    "accuracy@noise" = 0.8
    over_refusal = { max = 0.1 }

A metric with no scored case fails its threshold: a gate must never pass on nothing.
"""

from __future__ import annotations

import difflib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ragstress.core.types import TESTBEDS
from ragstress.reports.model import Estimate, Gating, Report, ThresholdCheck
from ragstress.scoring.metrics import METRICS


class ThresholdError(ValueError):
    """A threshold that cannot be parsed or names nothing in the report (a usage error, exit 2)."""


@dataclass(frozen=True)
class Threshold:
    metric: str
    testbed: str | None
    direction: Literal["min", "max"]
    value: float

    def describe(self) -> str:
        where = f"@{self.testbed}" if self.testbed else ""
        return f"{self.metric}{where} {'>=' if self.direction == 'min' else '<='} {self.value:g}"


def _parse_key(key: str) -> tuple[str, str | None]:
    metric, _, testbed = key.strip().partition("@")
    if not metric:
        raise ThresholdError(f"threshold {key!r} names no metric")
    if testbed and testbed not in TESTBEDS:
        raise ThresholdError(f"threshold {key!r}: unknown testbed {testbed!r} (known: {', '.join(TESTBEDS)})")
    return metric.strip(), testbed or None


def _number(key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ThresholdError(f"threshold {key!r}: value must be a number in [0, 1], not {value!r}")
    return float(value)


def parse_fail_under(option: str) -> Threshold:
    """One `--fail-under METRIC[@testbed]=VALUE` option."""
    key, sep, raw = option.partition("=")
    if not sep:
        raise ThresholdError(f"--fail-under {option!r}: expected METRIC[@testbed]=VALUE")
    try:
        number = float(raw)
    except ValueError:
        raise ThresholdError(f"--fail-under {option!r}: {raw!r} is not a number") from None
    metric, testbed = _parse_key(key)
    return Threshold(metric, testbed, "min", _number(key, number))


def load_thresholds(path: Path) -> list[Threshold]:
    """Thresholds from a .json or .toml file (see the module docstring for the shape)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    except OSError as exc:
        raise ThresholdError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise ThresholdError(f"{path}: not valid {'TOML' if path.suffix.lower() == '.toml' else 'JSON'}: {exc}") from exc
    if isinstance(data, dict) and isinstance(data.get("thresholds"), dict):
        data = data["thresholds"]
    if not isinstance(data, dict):
        raise ThresholdError(f"{path}: expected a mapping of metric[@testbed] to a threshold")
    thresholds = []
    for key, value in data.items():
        metric, testbed = _parse_key(key)
        if isinstance(value, dict):
            unknown = set(value) - {"min", "max"}
            if unknown or not value:
                raise ThresholdError(f"{path}: threshold {key!r}: use {{\"min\": x}} and/or {{\"max\": y}}")
            thresholds += [Threshold(metric, testbed, d, _number(key, value[d])) for d in ("min", "max") if d in value]
        else:
            thresholds.append(Threshold(metric, testbed, "min", _number(key, value)))
    return thresholds


def _lookup(report: Report, threshold: Threshold) -> Estimate | None:
    for row in report.metrics:
        if row.metric == threshold.metric:
            return row.overall if threshold.testbed is None else row.by_testbed.get(threshold.testbed)
    return None


def check_thresholds(report: Report, thresholds: list[Threshold]) -> Gating:
    """Check every threshold.

    A metric this run did not score fails its threshold (exit 1); a name that is no
    metric at all is a usage error (ThresholdError, exit 2) with a "did you mean".
    """
    known = list(dict.fromkeys([row.metric for row in report.metrics] + list(report.metric_table) + METRICS.names()))
    checks = []
    for t in thresholds:
        if t.metric not in known:
            close = difflib.get_close_matches(t.metric, known, n=3, cutoff=0.5)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise ThresholdError(f"threshold {t.describe()}: unknown metric {t.metric!r}{hint} (known: {', '.join(known)})")
        est = _lookup(report, t)
        if est is None or est.value is None:
            where = f"on {t.testbed} cases" if t.testbed else "at all"
            checks.append(ThresholdCheck(metric=t.metric, testbed=t.testbed, direction=t.direction, threshold=t.value,
                                         value=None, passed=False, message=f"{t.metric} was not scored {where}"))  # fmt: skip
            continue
        ok = est.value >= t.value if t.direction == "min" else est.value <= t.value
        message = f"{t.describe()}: {est.value:.3f} (n scored {est.n_scored}, CI [{est.low:.3f}, {est.high:.3f}])"
        checks.append(ThresholdCheck(metric=t.metric, testbed=t.testbed, direction=t.direction, threshold=t.value,
                                     value=est.value, passed=ok, message=message))  # fmt: skip
    return Gating(passed=all(c.passed for c in checks), checks=checks)
