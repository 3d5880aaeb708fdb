"""`ragstress label` (a label file and page to fill) and `ragstress calibrate` (judged metrics with PPI).

Exit codes: 0 written; 2 a usage or input error (missing run, bad label file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ragstress.cli import common as cc


def label(
    run_dir: Annotated[
        Path, typer.Argument(help="A scored run directory (cases.jsonl, responses.jsonl, scores.jsonl).")
    ],
    sample: Annotated[
        int, typer.Option("--sample", help="How many cases to label (each gets a row per judged metric).")
    ] = 50,
    metrics: Annotated[
        str | None, typer.Option("--metrics", help="Comma-separated judged metrics (default: every judged metric).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random draw within each stratum.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="Label file to write (default: RUN_DIR/labels.csv).")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing label file.")] = False,
) -> None:
    """Draw a stratified sample of judged cases and write a label file to fill, plus a labelling page.

    The labels (RUN/labels.csv, filled with 1/0; RUN/labels.html works offline)
    feed calibrate and report --labels (docs/calibration.md).
    """
    from ragstress.api.calibrating import LABEL_FILE
    from ragstress.api.calibrating import label as write_label_file
    from ragstress.api.errors import LabelFileError, RecordFileError

    target = out if out is not None else Path(run_dir) / LABEL_FILE
    if target.exists() and not force:
        raise cc.fail(f"{target} exists (it may hold labels already): pass --force to overwrite it")
    wanted = [m.strip() for m in metrics.split(",") if m.strip()] if metrics else None
    try:
        written = write_label_file(run_dir, target, sample=sample, metrics=wanted, seed=seed, force=force)
    except (FileNotFoundError, RecordFileError, LabelFileError) as exc:
        raise cc.fail(str(exc)) from None
    cc.console.print(
        f"wrote {escape(str(written.csv))} ({written.rows} rows over {written.cases} cases) "
        f"and {escape(str(written.page))}"
    )
    cc.console.print(
        f"fill the label column (1/0), then: ragstress calibrate {escape(str(run_dir))} --labels {escape(str(target))}"
    )


def calibrate(
    run_dir: Annotated[Path, typer.Argument(help="The scored run the labels belong to.")],
    labels: Annotated[Path, typer.Option("--labels", help="The filled label file (from `ragstress label`).")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Where to write calibration.json (default: RUN_DIR/calibration.json).")
    ] = None,
) -> None:
    """Judged metrics corrected with human labels (prediction-powered inference), beside the raw judge rate.

    report --labels FILE shows the same in the report (docs/calibration.md).
    """
    from ragstress.api.calibrating import calibrate as calibrate_run
    from ragstress.api.errors import LabelFileError, RecordFileError
    from ragstress.api.text import fmt_span

    try:
        result, target = calibrate_run(run_dir, labels, out)
    except (FileNotFoundError, RecordFileError, LabelFileError) as exc:
        raise cc.fail(str(exc)) from None
    cc.console.print(f"{result.n_labelled} labels ({result.n_blank} blank) from {escape(result.label_file)}")
    for row in result.metrics:
        agreement = "—" if row.agreement is None else f"{row.agreement:.2f}"
        kappa = "—" if row.kappa is None else f"{row.kappa:.2f}"
        effective = "—" if row.effective_n is None else f"{row.effective_n:.0f}"
        cc.console.print(
            f"{row.metric}: judge {fmt_span(row.judge)} → calibrated {fmt_span(row.calibrated)} "
            f"(labels {row.n_labels}, agreement {agreement}, κ {kappa}, effective n {effective})"
        )
        if row.note:
            cc.err_console.print(f"  note: {escape(row.note)}")
    for note in result.notes:
        cc.err_console.print(f"note: {escape(note)}")
    cc.console.print(f"wrote {escape(str(target))}")


def register(app: typer.Typer) -> None:
    """Add `label` and `calibrate` to the ragstress command line."""
    app.command()(label)
    app.command()(calibrate)
