"""`ragstress report` and `ragstress compare`: per-dimension reports, comparisons, CI gating.

Exit codes: 0 everything written and every threshold met; 1 a threshold missed;
2 a usage or input error (bad option, missing or malformed run files).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.markup import escape

from ragstress.api.names import GATE_ON_CHOICES
from ragstress.cli import common as cc
from ragstress.cli.report_options import FailOver, FailUnder, MlflowUri, log_to_mlflow, mlflow_uri, thresholds_or_exit


def report(
    run_dir: Annotated[Path, typer.Argument(help="Run directory with cases.jsonl, responses.jsonl and scores.jsonl.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Where to write the report files (default: RUN_DIR).")
    ] = None,
    fail_under: FailUnder = None,
    fail_over: FailOver = None,
    thresholds_file: Annotated[
        Path | None,
        typer.Option(
            "--thresholds", help='Gate file (JSON or TOML): {"accuracy@noise": 0.8, "over_refusal": {"max": 0.1}}.'
        ),
    ] = None,
    max_errors: Annotated[
        float | None,
        typer.Option("--max-error-rate", help="Gate: at most this share of cases may fail in the target (e.g. 0.05)."),
    ] = None,
    gate_on: Annotated[
        str,
        typer.Option(
            "--gate-on", help="point: the estimate must clear each threshold; lower: the 95% interval's end must."
        ),
    ] = "point",
    exclude_errors: Annotated[
        bool,
        typer.Option(
            "--exclude-errors", help="Leave cases the target failed on out of the rates (default: they count as fails)."
        ),
    ] = False,
    curve_level: Annotated[
        float,
        typer.Option("--curve-level", help="The accuracy level whose crossing each robustness curve states."),
    ] = 0.5,
    labels: Annotated[
        Path | None,
        typer.Option("--labels", help="A filled label file (ragstress label): judged metrics calibrated with PPI."),
    ] = None,
    pdf: Annotated[
        bool,
        typer.Option(
            "--pdf", help="Also print report.html to report.pdf with a local headless Chromium (skipped if none)."
        ),
    ] = False,
    mlflow: MlflowUri = None,
) -> None:
    """Write report.json, report.md, report.html and scores.csv for a scored run; optionally gate on thresholds.

    Each dimension with 95% intervals resampled by seed question, and robustness
    curves: accuracy against noise ratio per language, its AUC and the ratio
    where it falls below --curve-level; adoption against conflicting share and
    deviation; accuracy against passage slot. Exit 1 when a threshold is missed:
    --fail-under accuracy@noise=0.8, one cell of the newer testbeds as
    accuracy@style:typo=0.8; a lower-is-better metric takes a maximum
    (--fail-over asserts_fake@conflict:0.6=0.5) and refuses a minimum. --pdf
    prints the report through a local Chromium. --mlflow logs the report as an
    MLflow run (docs/ci.md#mlflow).
    """
    from ragstress.api.errors import LabelFileError, RecordFileError, ThresholdError
    from ragstress.api.reporting import report as write_report
    from ragstress.api.text import fmt_estimate, headline

    if gate_on not in GATE_ON_CHOICES:
        raise cc.fail(f"--gate-on {gate_on!r}: choose one of {', '.join(GATE_ON_CHOICES)}")
    thresholds_or_exit(fail_under, fail_over, thresholds_file, max_errors)
    mlflow = mlflow_uri(mlflow)
    try:
        result = write_report(
            run_dir,
            fail_under=fail_under or (),
            fail_over=fail_over or (),
            thresholds_file=thresholds_file,
            max_error_rate=max_errors,
            out_dir=out,
            gate_on=gate_on,
            exclude_errors=exclude_errors,
            labels=labels,
            curve_level=curve_level,
        )
    except (FileNotFoundError, RecordFileError, ThresholdError, ValidationError, LabelFileError) as exc:
        raise cc.fail(str(exc)) from None
    rep = result.model
    for path in result.paths.values():
        cc.console.print(f"wrote {escape(str(path))}")
    if pdf:
        _write_pdf(result)
    if mlflow:
        log_to_mlflow(rep, result.paths, Path(run_dir), mlflow)
    cc.console.print(" · ".join(f"{label} {fmt_estimate(est)}" for label, est in headline(rep)))
    errors = rep.error_rates.get("all")
    if rep.failure is not None:  # nothing was measured: that is the whole story, and the exit code is 1
        cc.err_console.print(f"[bold red]{escape(rep.failure)}[/]", soft_wrap=True)
    elif errors is not None and errors.n_target_errors:
        rule = "counted as fails in every rate" if not exclude_errors else "EXCLUDED from the rates (--exclude-errors)"
        cc.err_console.print(
            f"target errors: {errors.n_target_errors} of {errors.n} cases ({errors.value:.1%}), {rule}"
        )
    if rep.header.judge_warning:
        cc.err_console.print(f"warning: {escape(rep.header.judge_warning)}")
    for warning in rep.warnings:
        cc.err_console.print(f"note: {escape(warning)}")
    if rep.gating is not None:
        failed = [c for c in rep.gating.checks if not c.passed]
        for check in failed:
            cc.err_console.print(f"[bold red]threshold missed:[/] {escape(check.message)}")
            if check.power_note:
                cc.err_console.print(f"  {escape(check.power_note)}")
        cc.console.print(f"{len(rep.gating.checks) - len(failed)}/{len(rep.gating.checks)} thresholds met")
    raise typer.Exit(0 if result.passed else 1)


def _write_pdf(result) -> None:
    """report.pdf beside report.html; a missing browser skips it with a note, a failing one is an error."""
    from ragstress.api.errors import PdfError
    from ragstress.api.reporting import missing_browser

    why = missing_browser()
    if why is not None:
        cc.err_console.print(f"note: report.pdf skipped: {escape(why)}", soft_wrap=True)
        return
    try:
        path = result.write_pdf()
    except PdfError as exc:
        raise cc.fail(str(exc)) from None
    cc.console.print(f"wrote {escape(str(path))}")


def compare(
    run_dirs: Annotated[list[Path], typer.Argument(help="Two or more run directories; the first is the baseline (A).")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Output folder (default: 'compare' beside the first run).")
    ] = None,
    strict: Annotated[
        bool, typer.Option("--strict", help="Refuse runs whose case sets differ instead of comparing the shared cases.")
    ] = False,
    fail_on_regression: Annotated[
        bool,
        typer.Option(
            "--fail-on-regression",
            help="Exit 1 when a metric is significantly worse than the baseline (paired by case, "
            "resampled by seed question, Holm-corrected across the metrics compared).",
        ),
    ] = False,
    regression_metric: Annotated[
        list[str] | None,
        typer.Option(
            "--regression-metric",
            help="Limit --fail-on-regression to METRIC@dimension, e.g. accuracy@noise (repeatable).",
        ),
    ] = None,
    exclude_errors: Annotated[
        bool,
        typer.Option(
            "--exclude-errors", help="Drop pairs where a target failed instead of counting the failure against it."
        ),
    ] = False,
    labels: Annotated[
        list[Path] | None,
        typer.Option("--labels", help="One filled label file per run, in the runs' order: calibrated judged metrics."),
    ] = None,
    mlflow: MlflowUri = None,
) -> None:
    """Side-by-side tables, an overlaid accuracy-vs-noise chart and paired differences with CIs.

    Paired differences use the paired bootstrap and McNemar's test, beside the
    runs' results cards and overlaid robustness curves. --fail-on-regression
    exits 1 on a significant drop; --labels (one file per run) adds calibrated
    judged metrics.
    """
    from ragstress.api.comparing import compare as write_comparison
    from ragstress.api.errors import CompareError, LabelFileError, RecordFileError

    if len(run_dirs) < 2:
        raise cc.fail("compare needs at least two run directories")
    mlflow = mlflow_uri(mlflow)
    if labels and len(labels) != len(run_dirs):
        raise cc.fail(f"--labels: give one label file per run ({len(run_dirs)}), not {len(labels)}")
    try:
        result = write_comparison(run_dirs, out, strict=strict, labels=labels)
    except (FileNotFoundError, RecordFileError, CompareError, LabelFileError) as exc:
        raise cc.fail(str(exc)) from None
    comparison, reports, target = result.comparison, result.reports, result.out
    for note in comparison.notes:
        cc.err_console.print(f"note: {escape(note)}")
    for path in result.paths.values():
        cc.console.print(f"wrote {escape(str(path))}")
    if mlflow:  # each run's report as an MLflow run, to read side by side there
        for rep, run_dir in zip(reports, run_dirs, strict=True):
            files = {name: Path(run_dir) / name for name in ("report.json", "report.md", "report.html", "scores.csv")}
            log_to_mlflow(rep, files, Path(run_dir), mlflow)
    for row in comparison.paired:
        if row.verdict in ("B better", "B worse"):
            cc.console.print(
                f"{escape(row.run_b)} vs {escape(row.run_a)}: {row.metric} on {row.scope}: "
                f"{row.difference:+.3f} [{row.low:+.3f}, {row.high:+.3f}] → {row.verdict}"
            )
    if fail_on_regression:
        _regression_gate(run_dirs, target, regression_metric, strict, not exclude_errors)


def _regression_gate(
    run_dirs: list[Path], out: Path, selected: list[str] | None, strict: bool, errors_as_failures: bool
) -> None:
    """Print every regression row, write regression.json, and exit 1 if any row regressed."""
    from ragstress.api.comparing import DEFAULT_ALPHA, describe, regressions
    from ragstress.api.errors import CompareError, RecordFileError

    try:
        result = regressions(run_dirs, out, metrics=selected, strict=strict, errors_as_failures=errors_as_failures)
    except (FileNotFoundError, RecordFileError, CompareError) as exc:
        raise cc.fail(str(exc)) from None
    cc.console.print(f"wrote {escape(str(result.path))}")
    for row in result.rows:
        (cc.err_console if row.regressed else cc.console).print(escape(describe(row)))
    regressed = result.regressed
    cc.console.print(
        f"regression check: {len(regressed)} of {len(result.rows)} rows significantly worse "
        f"(Holm-adjusted p < {DEFAULT_ALPHA})"
    )
    if regressed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add `report` and `compare` to the ragstress command line."""
    app.command()(report)
    app.command()(compare)
