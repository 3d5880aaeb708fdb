"""Writing a run's report files: report.json, report.md, report.html and scores.csv."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from ragstress.core.csvcells import spreadsheet_safe
from ragstress.core.jsonl import write_text
from ragstress.core.rundir import REPORT_FILES
from ragstress.reports.aggregate import build_report
from ragstress.reports.curves import DEFAULT_LEVEL, build_curves
from ragstress.reports.gates.check import GateOn, check_thresholds
from ragstress.reports.gates.thresholds import Threshold
from ragstress.reports.judge.calibration import calibrate
from ragstress.reports.judge.labelfile import read_run_labels
from ragstress.reports.judge.reliability import with_reliability
from ragstress.reports.model import Report
from ragstress.reports.reading.cases import noise_ratio
from ragstress.reports.reading.rundir import RunData, load_run
from ragstress.reports.render.curve_render import figures
from ragstress.reports.render.html import render_html
from ragstress.reports.render.markdown import render_markdown

CSV_COLUMNS = (
    "case_id",
    "testbed",
    "lang",
    "expected",
    "noise_ratio",
    "metric",
    "value",
    "label",
    "explanation",
    "error",
)


@dataclass(frozen=True)
class ReportResult:
    """What write_report produced. `exit_code`: 0 all thresholds met (or none), 1 one missed or every case failed."""

    report: Report
    paths: dict[str, Path] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.report.failure is None and (self.report.gating is None or self.report.gating.passed)

    @property
    def exit_code(self) -> int:
        return 0 if self.passed else 1


def write_report(
    run_dir: Path,
    *,
    thresholds: list[Threshold] | None = None,
    out_dir: Path | None = None,
    gate_on: GateOn = "point",
    errors_as_failures: bool = True,
    labels: Path | None = None,
    curve_level: float = DEFAULT_LEVEL,
) -> ReportResult:
    """Aggregate `run_dir` and write report.json, report.md, report.html and scores.csv.

        Files go to `out_dir` (default: the run directory itself), each written atomically.
        `thresholds` (see ragstress.reports.gates.thresholds) are checked and recorded in the report; a missed
        one shows in `ReportResult.exit_code`. `gate_on="lower"` gates on the interval's end;
        `errors_as_failures=False` leaves target errors out of the rates. `labels`, a filled
    label file (`ragstress label`), adds the judged metrics calibrated against it;
    `curve_level` is the level whose crossing each robustness curve states. Raises FileNotFoundError without cases.jsonl,
        ragstress.core.jsonl.RecordFileError for a malformed record file, and
        ragstress.reports.gates.thresholds.ThresholdError for a threshold naming a metric the run lacks,
        ragstress.reports.judge.labelfile.LabelFileError for a bad label file.
    """
    data = load_run(Path(run_dir))
    report = build_report(data, errors_as_failures=errors_as_failures)
    report = with_reliability(report, data)
    curves = build_curves(data, report.metric_table, level=curve_level, errors_as_failures=errors_as_failures)
    report = report.model_copy(update={"curves": curves})
    if labels is not None:
        label_set = read_run_labels(labels, data)
        report = report.model_copy(update={"calibration": calibrate(data, label_set, report.metric_table)})
    if thresholds:
        report = report.model_copy(update={"gating": check_thresholds(report, thresholds, gate_on)})
    out = Path(out_dir) if out_dir is not None else Path(run_dir)
    paths = {name: out / name for name in REPORT_FILES}
    # pydantic's own serializer: json.dumps with indent takes seconds on a run of thousands of cases.
    write_text(paths["report.json"], report_json(report))
    write_text(paths["report.md"], render_markdown(report))
    write_text(paths["report.html"], render_html(report))
    write_text(paths["scores.csv"], scores_csv(data))
    # report.md shows the curves as SVG files beside it, the same drawings report.html holds inline.
    for name, _, svg in figures(report):
        paths[name] = out / name
        write_text(paths[name], svg + "\n")
    return ReportResult(report=report, paths=paths)


def report_json(report: Report) -> str:
    """report.json's exact text: `load_report` then `report_json` gives the same bytes back."""
    return report.model_dump_json(indent=1) + "\n"


def scores_csv(data: RunData) -> str:
    """One row per score, with the case's testbed, language and noise ratio; empty value = unscored."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for case in data.cases:
        for score in data.scores.get(case.id, {}).values():
            ratio = noise_ratio(case)
            writer.writerow(
                [
                    spreadsheet_safe(case.id),
                    case.testbed,
                    case.lang,
                    case.expected,
                    "" if ratio is None else f"{ratio:g}",
                    score.metric,
                    "" if score.value is None else repr(score.value),
                    spreadsheet_safe(score.label),
                    spreadsheet_safe(score.explanation),
                    spreadsheet_safe(score.error or ""),
                ]
            )
    return buffer.getvalue()


def load_report(path: Path) -> Report:
    """Read a report.json back into the schema (raises pydantic.ValidationError if it does not fit)."""
    return Report.model_validate_json(Path(path).read_text(encoding="utf-8"))
