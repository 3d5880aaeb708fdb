"""Options that report, compare and bench share: the gates (`--fail-under`, `--fail-over`) and MLflow logging.

Each command takes them with the same names and help, and checks them the same way before any
work: a gate that cannot hold, or an MLflow URI that cannot be used, exits 2 with the reason.
Kept apart from the commands so bench need not import the report command to offer them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.cli import common as cc

FailUnder = Annotated[
    list[str] | None,
    typer.Option("--fail-under", help="Gate, a minimum: METRIC[@testbed]=VALUE, e.g. accuracy@noise=0.8 (repeatable)."),
]
FailOver = Annotated[
    list[str] | None,
    typer.Option(
        "--fail-over",
        help="Gate, a maximum (lower-is-better metrics): METRIC[@testbed]=VALUE, e.g. asserts_fake@conflict:1=0.2.",
    ),
]


def thresholds_or_exit(
    fail_under: list[str] | None,
    fail_over: list[str] | None,
    thresholds_file: Path | None,
    max_errors: float | None,
) -> None:
    """Check the command's gates, or exit 2 naming the one that cannot hold (before any work)."""
    from ragstress.api.errors import ThresholdError
    from ragstress.api.reporting import check_gates

    try:
        check_gates(fail_under or (), fail_over or (), thresholds_file, max_errors)
    except ThresholdError as exc:
        raise cc.fail(str(exc)) from None


MLFLOW_FROM_ENV = "env"  # what a bare --mlflow stands for (cli.with_optional_values)
MlflowUri = Annotated[
    str | None,
    typer.Option(
        "--mlflow",
        help="Log the report to MLflow at this tracking URI (file:, sqlite:, http:), or alone at "
        "MLFLOW_TRACKING_URI (--mlflow alone, or --mlflow env); needs ragstress\\[mlflow].",
    ),
]


def mlflow_uri(value: str | None) -> str | None:
    """The tracking URI `--mlflow` asks for, checked before any work (exit 2 with the reason)."""
    from ragstress.api.errors import TrackingError
    from ragstress.api.tracking import tracking_uri

    if value is None:
        return None
    try:
        return tracking_uri(None if value == MLFLOW_FROM_ENV else value)
    except TrackingError as exc:
        raise cc.fail(str(exc)) from None


def log_to_mlflow(rep, files: dict[str, Path], run_dir: Path, uri: str) -> None:
    """Log one report as an MLflow run, or fail with the reason (exit 2); the report files stay written."""
    from ragstress.api.errors import TrackingError
    from ragstress.api.tracking import log_report

    try:
        run_id = log_report(rep, {k: v for k, v in files.items() if Path(v).is_file()}, run_dir, uri)
    except TrackingError as exc:
        raise cc.fail(str(exc)) from None
    cc.console.print(f"logged to MLflow at {escape(uri)}: run {run_id}")
