"""Judged metrics checked against people: `label` draws the cases to label, `calibrate` corrects the judge.

`label` draws a stratified sample of a scored run's judged cases and writes a label file to
fill (CSV, one row per case and judged metric) with a page that shows each case offline.
`calibrate` reads the filled file and corrects each judged metric with prediction-powered
inference (PPI), beside the judge's raw rate, its agreement with the labels and Cohen's kappa
(docs/calibration.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ragstress.reports.model.judge import Calibration

LABEL_FILE = "labels.csv"
CALIBRATION_FILE = "calibration.json"


@dataclass(frozen=True)
class LabelFiles:
    """A written label file and its page: how many rows, over how many cases."""

    csv: Path
    page: Path
    rows: int
    cases: int


def label(
    run_dir: str | Path,
    out: str | Path | None = None,
    *,
    sample: int = 50,
    metrics: Sequence[str] | None = None,
    seed: int = 0,
    force: bool = False,
) -> LabelFiles:
    """Write a label file (`out`, default RUN_DIR/labels.csv) and its page (.html beside it) for `sample` cases.

    `metrics` limits the rows to these judged metrics (default: every judged metric the run
    scored); `seed` draws within each stratum. FileExistsError when the file exists and not
    `force` (it may hold labels already); LabelFileError for a metric the run did not score;
    FileNotFoundError or RecordFileError for a missing or malformed run file.
    """
    from ragstress.core.jsonl import write_text
    from ragstress.reports.judge.labelfile import LabelFileError, label_csv, sample_rows
    from ragstress.reports.reading.metric_table import run_metric_table
    from ragstress.reports.reading.rundir import load_run
    from ragstress.reports.render.labelpage import label_page

    target = Path(out) if out is not None else Path(run_dir) / LABEL_FILE
    if target.exists() and not force:
        raise FileExistsError(f"{target} exists (it may hold labels already)")
    data = load_run(Path(run_dir))
    recorded = data.score_manifest.metric_table if data.score_manifest else None
    table = run_metric_table(recorded, data.metric_names())
    wanted = list(metrics) if metrics else None
    unknown = [m for m in wanted or [] if m not in data.metric_names()]
    if unknown:
        raise LabelFileError(f"--metrics: {', '.join(unknown)} not scored in this run")
    rows = sample_rows(data, table, sample, metrics=wanted, seed=seed)
    page = target.with_suffix(".html")
    write_text(target, label_csv(rows))
    write_text(page, label_page(rows, target.name))
    return LabelFiles(target, page, len(rows), len({r.case_id for r in rows}))


def calibrate(run_dir: str | Path, labels: str | Path, out: str | Path | None = None) -> tuple[Calibration, Path]:
    """Calibrate the run's judged metrics with the filled label file; writes calibration.json (default: in the run).

    Returns the calibration and the file written. LabelFileError for a label file that does
    not fit the run; FileNotFoundError or RecordFileError for a missing or malformed run file.
    """
    from ragstress.core.jsonl import write_json
    from ragstress.reports.judge.calibration import calibrate_run

    result = calibrate_run(Path(run_dir), Path(labels))
    target = Path(out) if out is not None else Path(run_dir) / CALIBRATION_FILE
    write_json(target, result.model_dump(mode="json"))
    return result, target


__all__ = ["CALIBRATION_FILE", "LABEL_FILE", "LabelFiles", "calibrate", "label"]
