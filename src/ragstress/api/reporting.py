"""The Python API's report: `ragstress.report(run_dir)` and the Report object it returns.

A Report wraps report.json's schema (ragstress.reports.model.Report) with the questions a
test or a notebook asks: a metric's rate, whether the thresholds held, a DataFrame.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ragstress.reports.model import CardRow, Estimate
from ragstress.reports.model import Report as ReportModel


class Report:
    """A run's report: per-metric rates overall and per testbed, and whether its thresholds held."""

    def __init__(self, model: ReportModel, paths: dict[str, Path] | None = None):
        self.model = model
        """The full report (report.json's schema, ragstress.reports.model.Report)."""
        self.paths = paths or {}
        """report.json, report.md, report.html and scores.csv, when written."""
        self.stage_seconds: dict[str, float] = {}
        """Set by bench: the seconds each stage took (0 when its inputs were unchanged and it was skipped)."""

    @property
    def rates(self) -> dict[str, float | None]:
        """Metric -> mean over the scored cases of all testbeds (None: nothing scored)."""
        return {row.metric: row.overall.value for row in self.model.metrics}

    def rate(self, metric: str, testbed: str | None = None) -> float | None:
        """One metric's mean, overall or on one testbed; KeyError names the metrics there are."""
        estimate = self.estimate(metric, testbed)
        return None if estimate is None else estimate.value

    def estimate(self, metric: str, testbed: str | None = None) -> Estimate | None:
        """One metric's estimate with its interval and counts (None: it never applied on `testbed`)."""
        for row in self.model.metrics:
            if row.metric == metric:
                return row.overall if testbed is None else row.by_testbed.get(testbed)
        raise KeyError(f"no metric {metric!r} in this report; it has: {', '.join(self.rates) or 'none'}")

    @property
    def failure(self) -> str | None:
        """`all N cases failed: <first cause>` when the target failed on every case (nothing was measured)."""
        return self.model.failure

    @property
    def passed(self) -> bool:
        """True when every threshold held (or none was given) and not every case failed."""
        return self.failure is None and (self.model.gating is None or self.model.gating.passed)

    @property
    def failed_checks(self) -> list[str]:
        """The thresholds that did not hold, described; a run in which every case failed says so (once at least)."""
        gating = self.model.gating
        missed = [] if gating is None else [c.message for c in gating.checks if not c.passed]
        return missed or ([self.failure] if self.failure is not None else [])

    def to_dataframe(self):
        """One row per metric and testbed ("all" for overall): value, interval and counts. Needs pandas."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError("Report.to_dataframe needs pandas, which is not installed") from exc
        rows = []
        for row in self.model.metrics:
            for testbed, estimate in (("all", row.overall), *row.by_testbed.items()):
                rows.append({"metric": row.metric, "kind": row.kind, "testbed": testbed, **estimate.model_dump()})
        return pd.DataFrame(rows)

    @property
    def card(self) -> list[CardRow]:
        """The results card: each testbed's headline metric per language, with interval, n and rule set."""
        return self.model.card

    def write_pdf(self, path: str | Path | None = None) -> Path:
        """Print report.html to a PDF (default: report.pdf beside it) with a local headless Chromium.

        Raises FileNotFoundError when report.html was not written (`write=False`) and
        ragstress.reports.render.pdf.PdfError when no browser is found or it prints nothing.
        """
        from ragstress.reports.render.pdf import PDF_FILE, PdfError, find_browser, no_browser_message, print_pdf

        html = self.paths.get("report.html")
        if html is None or not Path(html).is_file():
            raise FileNotFoundError("report.html was not written (call ragstress.report with write=True)")
        browser = find_browser()
        if browser is None:
            raise PdfError(no_browser_message())
        return print_pdf(Path(html), Path(path) if path is not None else Path(html).with_name(PDF_FILE), browser)

    def log_to_mlflow(self, uri: str | None = None, experiment: str = "ragstress") -> str:
        """Log this report to MLflow as one run (params, every rate with its interval, the report's files);
        returns the run id. `uri` is a tracking URI (MLFLOW_TRACKING_URI when None). Needs `ragstress[mlflow]`;
        raises TrackingError with the reason when MLflow is missing or refuses."""
        from ragstress.api.tracking import log_report, tracking_uri

        run_dir = Path(self.paths["report.json"]).parent if "report.json" in self.paths else None
        return log_report(self.model, self.paths, run_dir, tracking_uri(uri), experiment)

    def __repr__(self) -> str:
        if self.failure is not None:
            return f"Report(passed=False, failure={self.failure!r})"
        return f"Report(passed={self.passed}, rates={self.rates})"


def report(
    run_dir: str | Path,
    *,
    fail_under: Iterable[str] = (),
    fail_over: Iterable[str] = (),
    thresholds_file: str | Path | None = None,
    max_error_rate: float | None = None,
    gate_on: str = "point",
    exclude_errors: bool = False,
    write: bool = True,
    out_dir: str | Path | None = None,
    labels: str | Path | None = None,
    curve_level: float = 0.5,
) -> Report:
    """Aggregate a scored run directory into a Report, checking thresholds.

    `fail_under` takes the command line's minimums (`"rejection@negative=0.5"`), `fail_over` its
    maximums, the only gate a lower-is-better metric takes (`"asserts_fake@conflict:1=0.2"`);
    `thresholds_file` a JSON or TOML gate file; `max_error_rate` gates the share of cases the
    target failed on. A gate that cannot hold raises ThresholdError (a ValueError) before any work.
    `gate_on="lower"` makes a gate pass only when its interval's end clears it.
    `exclude_errors` leaves target failures out of the rates (by default they count as fails).
    `write` also writes report.json/.md/.html and scores.csv, in `out_dir` (default: `run_dir`).
    `labels`, a filled label file (`ragstress label`), calibrates the judged metrics with PPI
    (LabelFileError when it does not fit the run); `curve_level` is the accuracy level whose
    crossing each robustness curve states. FileNotFoundError or RecordFileError for a missing or
    malformed run file.
    """
    from ragstress.reports.aggregate import build_report
    from ragstress.reports.gates.check import check_thresholds
    from ragstress.reports.gates.thresholds import gates
    from ragstress.reports.reading.rundir import load_run
    from ragstress.reports.render.writer import write_report

    thresholds = gates(fail_under, fail_over, thresholds_file, max_error_rate, _scored_metrics(Path(run_dir)))
    if write:
        result = write_report(
            Path(run_dir),
            thresholds=thresholds or None,
            out_dir=Path(out_dir) if out_dir is not None else None,
            gate_on=gate_on,
            errors_as_failures=not exclude_errors,
            labels=Path(labels) if labels is not None else None,
            curve_level=curve_level,
        )
        return Report(result.report, result.paths)
    model = build_report(load_run(Path(run_dir)), errors_as_failures=not exclude_errors)
    if labels is not None:
        from ragstress.reports.judge.calibration import with_calibration

        model = with_calibration(model, Path(run_dir), Path(labels))
    if thresholds:
        model = model.model_copy(update={"gating": check_thresholds(model, thresholds, gate_on)})
    return Report(model)


def report_html(run_dir: str | Path) -> Path:
    """Where a run directory's report.html is (written by `report`, or by `bench` as its last stage)."""
    from ragstress.core.rundir import RunDir

    return RunDir(Path(run_dir)).report_html


def check_gates(
    fail_under: Iterable[str] = (),
    fail_over: Iterable[str] = (),
    thresholds_file: str | Path | None = None,
    max_error_rate: float | None = None,
) -> None:
    """Check gates before any work: ThresholdError names one that cannot hold (a misspelt metric or
    testbed, a minimum on a lower-is-better metric, a bad gate file)."""
    from ragstress.reports.gates.thresholds import gates

    gates(fail_under, fail_over, Path(thresholds_file) if thresholds_file is not None else None, max_error_rate)


def missing_browser() -> str | None:
    """Why `Report.write_pdf` cannot print (no local headless Chromium found, and where to get one); None when it can."""
    from ragstress.reports.render.pdf import find_browser, no_browser_message

    return no_browser_message() if find_browser() is None else None


def _scored_metrics(run_dir: Path) -> list[str]:
    """The metrics score.json names: a run scored by another release may hold some this one does not register."""
    from ragstress.core.manifests import ScoreManifest, read_manifest
    from ragstress.core.rundir import SCORE_MANIFEST

    path = run_dir / SCORE_MANIFEST
    try:
        return list(read_manifest(path, ScoreManifest).metric_table or {}) if path.is_file() else []
    except (OSError, ValueError):
        return []  # an unreadable score.json is reported by the report itself


__all__ = ["Report", "check_gates", "missing_browser", "report", "report_html"]
