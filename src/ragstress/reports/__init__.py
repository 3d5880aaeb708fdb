"""Reports: per-dimension aggregation with confidence intervals, renderers and comparisons.

Public API:

- `write_report(run_dir, *, thresholds=None, out_dir=None, gate_on="point", errors_as_failures=True)
  -> ReportResult` writes report.json (schema `ragstress.reports.model.Report`, version
  SCHEMA_VERSION), report.md, report.html and scores.csv; `ReportResult.exit_code` is 0, or 1
  when a threshold was missed.
- `parse_fail_under("accuracy@noise=0.8")` (a minimum), `parse_fail_over("asserts_fake=0.2")`
  (a maximum), `max_error_rate(0.05)` and `load_thresholds(path)` build the thresholds, `gates(...)`
  all of a command's at once; `check_thresholds(report, thresholds, gate_on)` checks them on any Report.
- `check_regressions(run_dirs)` tests later runs against the first, paired and resampled by
  seed question, Holm-corrected (`compare --fail-on-regression`).
- `compare_runs(run_dirs, strict=False)` and `write_comparison(...)` compare runs on
  their shared cases, paired differences resampled and tested by seed question.
- `load_report(path)` reads a report.json back into the schema.
"""

from ragstress.reports.compare import CompareError, compare_runs
from ragstress.reports.gates.check import check_thresholds
from ragstress.reports.gates.thresholds import (
    Threshold,
    ThresholdError,
    gates,
    load_thresholds,
    max_error_rate,
    parse_fail_over,
    parse_fail_under,
)
from ragstress.reports.model import SCHEMA_VERSION, Report
from ragstress.reports.regression import check_regressions
from ragstress.reports.render.compare_render import write_comparison
from ragstress.reports.render.writer import ReportResult, load_report, write_report

__all__ = [
    "SCHEMA_VERSION",
    "CompareError",
    "Report",
    "ReportResult",
    "Threshold",
    "ThresholdError",
    "check_thresholds",
    "check_regressions",
    "compare_runs",
    "gates",
    "load_report",
    "load_thresholds",
    "max_error_rate",
    "parse_fail_over",
    "parse_fail_under",
    "write_comparison",
    "write_report",
]
