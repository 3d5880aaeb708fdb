"""Gate thresholds as written: `METRIC[@testbed[:CELL]]=VALUE` options and JSON/TOML files, parsed and checked.

`--fail-under METRIC=VALUE` is a minimum, `--fail-over METRIC=VALUE` a maximum. In a file,
each entry maps "metric" or "metric@testbed" to a number (a minimum) or to {"min": x} / {"max": y}:

    {"accuracy@noise": 0.8, "over_refusal": {"max": 0.1}}

or in TOML, optionally under a [thresholds] table:

    "accuracy@noise" = 0.8
    over_refusal = { max = 0.1 }

`error_rate` can only be held to a maximum (`--max-error-rate 0.05`, {"error_rate": {"max": 0.05}}),
and so can any lower-is-better metric (asserts_fake, over_refusal): a minimum on it would pass the
worse system and fail the better one, so it is refused as a usage error. A report role may stand
for its metric (`adoption` for asserts_fake).

The testbeds past RGB's four gate one cell with `@testbed:CELL`: a conflicting share or a
deviation (`asserts_fake@conflict:0.6`, `accuracy@conflict:large`), a style
(`accuracy@style:typo`), a slot (`accuracy@position:3`).

Everything here is checked before any work, without a report: a gate that cannot hold stops the
command at once. Comparing thresholds with a report's estimates is reports.gates.check.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ragstress.core.registry import unknown_name
from ragstress.core.types import TESTBEDS
from ragstress.reports.beyond.cells import CELL_TESTBEDS, ROLE_ALIASES
from ragstress.reports.errors import ERROR_RATE
from ragstress.reports.model import MetricInfo
from ragstress.scoring.metrics import METRICS


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
    return checked_direction(
        threshold, f"{flag} {option}", f"--fail-over {key.strip()}={raw.strip()} (fail_over= in Python)"
    )


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


def checked_direction(
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
            thresholds.append(checked_direction(t, f"{path}: threshold {key!r}", f"{limit} in the file"))
    return thresholds
