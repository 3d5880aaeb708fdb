"""Comparing runs: `compare` writes side-by-side tables, overlaid curves and paired differences; `regressions`
tests whether a run is significantly worse than the baseline.

The first run is the baseline (A). Differences are paired by case and resampled by seed
question (paired bootstrap, McNemar's test); the regression check corrects across the
metrics compared (Holm). Both refuse runs that share no case (CompareError); with `strict`,
runs whose case sets differ at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragstress.reports.regression import DEFAULT_ALPHA, describe

if TYPE_CHECKING:
    from ragstress.reports.model import Report as ReportModel
    from ragstress.reports.model.compare import Comparison
    from ragstress.reports.regression import RegressionRow

REGRESSION_FILE = "regression.json"


@dataclass(frozen=True)
class ComparisonResult:
    """A written comparison: its content, each run's report (calibrated when labels were given), the files."""

    comparison: Comparison
    reports: list[ReportModel]
    paths: dict[str, Path]
    out: Path


@dataclass(frozen=True)
class RegressionResult:
    """The regression check: one row per metric and dimension compared, and the file they were written to."""

    rows: list[RegressionRow]
    path: Path
    alpha: float = DEFAULT_ALPHA

    @property
    def regressed(self) -> list[RegressionRow]:
        """The rows significantly worse than the baseline."""
        return [row for row in self.rows if row.regressed]


def default_out(run_dirs: Sequence[str | Path]) -> Path:
    """Where a comparison goes unless told: 'compare' beside the first run."""
    return Path(run_dirs[0]).resolve().parent / "compare"


def compare(
    run_dirs: Sequence[str | Path],
    out: str | Path | None = None,
    *,
    strict: bool = False,
    labels: Sequence[str | Path] | None = None,
) -> ComparisonResult:
    """Compare two or more runs into compare.json/.md/.html in `out` (default: 'compare' beside the first run).

    `labels`, one filled label file per run in the runs' order, adds calibrated judged metrics.
    CompareError when the runs cannot be compared, RecordFileError for a bad run file,
    LabelFileError for a bad label file, ValueError when the label files do not match the runs.
    """
    from ragstress.reports.compare import compare_runs
    from ragstress.reports.judge.calibration import with_calibration
    from ragstress.reports.render.compare_render import write_comparison

    dirs = [Path(d) for d in run_dirs]
    comparison, reports = compare_runs(dirs, strict=strict)
    if labels:
        if len(labels) != len(dirs):
            raise ValueError(f"give one label file per run ({len(dirs)}), not {len(labels)}")
        reports = [with_calibration(rep, d, Path(f)) for rep, d, f in zip(reports, dirs, labels, strict=True)]
    target = Path(out) if out is not None else default_out(dirs)
    return ComparisonResult(comparison, reports, write_comparison(comparison, reports, target), target)


def regressions(
    run_dirs: Sequence[str | Path],
    out: str | Path,
    *,
    metrics: Sequence[str] | None = None,
    strict: bool = False,
    errors_as_failures: bool = True,
) -> RegressionResult:
    """Test every later run against the first for a significant drop; writes regression.json in `out`.

    `metrics` limits the check to METRIC@dimension entries (e.g. accuracy@noise).
    `errors_as_failures=False` drops the pairs where a target failed instead of counting the failure.
    """
    from ragstress.core.jsonl import write_json
    from ragstress.reports.regression import check_regressions

    rows = check_regressions(
        [Path(d) for d in run_dirs],
        selected=list(metrics) if metrics else None,
        strict=strict,
        errors_as_failures=errors_as_failures,
    )
    path = Path(out) / REGRESSION_FILE
    content: dict[str, Any] = {
        "alpha": DEFAULT_ALPHA,
        "errors_counted": errors_as_failures,
        "rows": [r.model_dump(mode="json") for r in rows],
    }
    write_json(path, content)
    return RegressionResult(rows, path)


__all__ = [
    "DEFAULT_ALPHA",
    "ComparisonResult",
    "RegressionResult",
    "compare",
    "default_out",
    "describe",
    "regressions",
]
