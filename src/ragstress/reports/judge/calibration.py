"""Calibrating a run's judged metrics with a human label file (prediction-powered inference).

For each judged metric the judge's values on every scored case and the labels of the
cases people labelled give a PPI estimate (src/ragstress/reports/stats/ppi.py), shown beside the raw judge
rate, with the judge's agreement with the labels and the effective sample size.
Variances are clustered by seed question, like every other interval in the report.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from ragstress.reports.judge.labelfile import LabelSet, judged_metrics, read_run_labels
from ragstress.reports.model import MetricInfo, Report
from ragstress.reports.model.judge import CalibratedMetric, Calibration, Span
from ragstress.reports.reading.metric_table import info_for, run_metric_table
from ragstress.reports.reading.rundir import RunData, load_run
from ragstress.reports.stats.clustered import clustered_interval
from ragstress.reports.stats.intervals import wilson_interval
from ragstress.reports.stats.ppi import agreement, ppi_mean

MIN_LABELS = 10
"""Below this many paired labels a metric is reported uncalibrated: the interval would mean little."""
FEW_LABELS = 30
"""Below this many paired labels a calibrated metric is marked a demonstration: its interval is too wide to report."""
METHOD = (
    "prediction-powered inference (Angelopoulos et al. 2023): judge mean over unlabelled cases plus the mean "
    "label-minus-judge correction on labelled ones; Student-t 95% interval, clustered by seed question"
)


def calibrate_metric(
    metric: str, data: RunData, labels: Mapping[tuple[str, str], float], table: Mapping[str, MetricInfo]
) -> CalibratedMetric:
    """The PPI calibration of one judged metric over every case the judge scored."""
    seeds = {c.id: c.seed_id for c in data.cases}
    judged = [
        (case_id, per_case[metric].value)
        for case_id, per_case in data.scores.items()
        if case_id in seeds and metric in per_case and per_case[metric].value is not None
    ]
    if not judged:
        raise ValueError(f"metric {metric!r} has no scored value in this run")
    values = [v for _, v in judged]
    raw = clustered_interval(values, [seeds[c] for c, _ in judged], binary_metric=info_for(metric, table).pass_fail)
    paired = [(c, labels[(c, metric)], v) for c, v in judged if (c, metric) in labels]
    unlabelled = [(c, v) for c, v in judged if (c, metric) not in labels]
    fields = dict(
        metric=metric,
        judge=Span(value=raw.value, low=raw.low, high=raw.high),
        n_judged=len(judged),
        n_labels=len(paired),
    )
    if len(paired) < MIN_LABELS or not unlabelled:
        why = (
            f"{len(paired)} label(s) pair with a judge value; at least {MIN_LABELS} are needed"
            if len(paired) < MIN_LABELS
            else "every judged case is labelled: the labels' mean is the estimate"
        )
        labels_only = _labels_only(paired, seeds) if len(paired) >= 2 else None
        return CalibratedMetric(
            **fields,
            calibrated=None,
            labels_only=labels_only,
            weight=0.0,
            effective_n=None,
            agreement=None,
            kappa=None,
            note=why,
        )
    y = [label for _, label, _ in paired]
    f_l = [value for _, _, value in paired]
    estimate = ppi_mean(
        y,
        f_l,
        [v for _, v in unlabelled],
        label_clusters=[seeds[c] for c, _, _ in paired],
        unlabelled_clusters=[seeds[c] for c, _ in unlabelled],
    )
    agree = agreement(y, f_l)
    note = None
    if estimate.effective_n is not None and estimate.effective_n < len(paired):
        note = "the judge adds noise here: the labels alone give a narrower interval"
    return CalibratedMetric(
        **fields,
        calibrated=Span(value=estimate.value, low=estimate.low, high=estimate.high),
        labels_only=_labels_only(paired, seeds),
        weight=estimate.weight,
        effective_n=estimate.effective_n,
        agreement=agree.accuracy,
        kappa=agree.kappa,
        note=note,
    )


def _labels_only(paired: list[tuple[str, float, float]], seeds: Mapping[str, str]) -> Span:
    """The labels' mean with the same t interval (PPI with the judge's weight at zero).

    Pass/fail labels that are all alike get Wilson's interval instead: a t interval
    would have no width at 0/n or n/n.
    """
    y = [label for _, label, _ in paired]
    if len(set(y)) == 1 and y[0] in (0.0, 1.0):
        w = wilson_interval(int(sum(y)), len(y))
        return Span(value=w.value, low=w.low, high=w.high)
    est = ppi_mean(y, [0.0] * len(y), [0.0], label_clusters=[seeds[c] for c, _, _ in paired], weight=0.0)
    return Span(value=est.value, low=est.low, high=est.high)


def calibrate(data: RunData, label_set: LabelSet, table: Mapping[str, MetricInfo]) -> Calibration:
    """Calibrate every judged metric of the run that the label file labels."""
    judged = judged_metrics(data, table)
    labelled_metrics = {metric for _, metric in label_set.labels}
    notes = []
    if label_set.n_stale:
        notes.append(
            f"{label_set.n_stale} label(s) left out: written for a response other than this run's answer to that case"
        )
    unknown = sorted(labelled_metrics - set(judged))
    if unknown:
        notes.append(f"labels for {', '.join(unknown)} ignored: not a judged metric with values in this run")
    metrics = [calibrate_metric(m, data, label_set.labels, table) for m in judged if m in labelled_metrics]
    if not metrics:
        notes.append("the label file labels none of the run's judged metrics")
    for row in metrics:
        if row.calibrated is not None and row.n_labels < FEW_LABELS:
            notes.append(
                f"{row.metric}: calibrated with {row.n_labels} labels on {row.n_judged} judged cases, a demonstration "
                f"of the method on a handful of cases; a calibration worth reporting wants {FEW_LABELS} or more labels"
            )
    return Calibration(
        label_file=label_set.path.name,  # the name and hash identify it; a local path has no place in a report
        label_sha256=hashlib.sha256(label_set.path.read_bytes()).hexdigest(),
        n_rows=label_set.n_rows,
        n_labelled=len(label_set.labels),
        n_blank=label_set.n_blank,
        method=METHOD,
        metrics=metrics,
        notes=notes,
    )


def calibrate_run(run_dir: Path, label_file: Path) -> Calibration:
    """Load `run_dir` and calibrate it with `label_file` (LabelFileError for a bad file)."""
    data = load_run(Path(run_dir))
    recorded = data.score_manifest.metric_table if data.score_manifest else None
    table = run_metric_table(recorded, data.metric_names())
    labels = read_run_labels(label_file, data)
    return calibrate(data, labels, table)


def with_calibration(report: Report, run_dir: Path, label_file: Path) -> Report:
    """`report` with the judged metrics of `run_dir` calibrated against `label_file`."""
    data = load_run(Path(run_dir))
    labels = read_run_labels(label_file, data)
    return report.model_copy(update={"calibration": calibrate(data, labels, report.metric_table)})
