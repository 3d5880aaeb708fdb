"""Judge reliability from repeated judgments: self-consistency, flipped verdicts, two-judge agreement.

Self-consistency of a metric is, over the sampled cases, the mean share of agreeing
pairs among a case's repeated verdicts: 1 when every repeat agrees, 1/3 for a 2-1 split
of three. Two verdicts agree when their values are within AGREE_WITHIN: equal for
pass/fail and for graded metrics on quarter steps (a judge that says 0.75, then 0.5, has
changed its verdict even though both pass at 0.5), close for continuous ones. A case's
verdict "flips" when the repeats and the value recorded in scores.jsonl do not all
agree. Two-judge agreement compares the scored verdict with the second judge's as
pass/fail (cut at 0.5): share equal and Cohen's kappa.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from pathlib import Path

from ragstress.core.jsonl import read_records
from ragstress.reports.model import Report
from ragstress.reports.model.judge import MetricReliability, Reliability
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.stats.ppi import agreement
from ragstress.scoring.repeats import REPEATS_FILE, Judgment

LOW_CONSISTENCY = 0.8
"""Below this mean pairwise agreement a metric is marked as unsteady in the report."""
AGREE_WITHIN = 0.125
"""Two values closer than this are the same verdict (half the step of a quarter-step scale)."""


def _agree(a: float, b: float) -> bool:
    return abs(a - b) < AGREE_WITHIN


def _pairwise(values: list[float]) -> float:
    pairs = list(combinations(values, 2))
    return sum(_agree(a, b) for a, b in pairs) / len(pairs)


def _flips(values: list[float]) -> bool:
    return any(not _agree(a, b) for a, b in combinations(values, 2))


def metric_reliability(metric: str, judgments: list[Judgment], scored: dict[str, float]) -> MetricReliability:
    """One metric's reliability from its judgments and the run's scored values (case id -> value)."""
    repeats: dict[str, list[float]] = defaultdict(list)
    second: dict[str, float] = {}
    errors = 0
    n_repeats = 0
    for j in judgments:
        if j.value is None:
            errors += j.judge == "judge"
            continue
        if j.judge == "judge":
            repeats[j.case_id].append(j.value)
            n_repeats = max(n_repeats, j.repeat + 1)
        else:
            second[j.case_id] = j.value
    usable = {c: v for c, v in repeats.items() if len(v) >= 2}
    consistency = sum(map(_pairwise, usable.values())) / len(usable) if usable else None
    flips = [_flips(v + ([scored[c]] if c in scored else [])) for c, v in usable.items()]
    paired = [(scored[c], v) for c, v in sorted(second.items()) if c in scored]
    agree = agreement([a for a, _ in paired], [b for _, b in paired]) if paired else None
    return MetricReliability(
        metric=metric,
        n_cases=len(usable),
        repeats=n_repeats,
        self_consistency=consistency,
        flip_share=sum(flips) / len(flips) if flips else None,
        low=consistency is not None and consistency < LOW_CONSISTENCY,
        n_errors=errors,
        judge2_n=len(paired),
        judge2_agreement=agree.accuracy if agree else None,
        judge2_kappa=agree.kappa if agree else None,
    )


def load_reliability(data: RunData) -> Reliability | None:
    """The run's reliability section, or None when `ragstress reliability` has not been run on it."""
    path = Path(data.run_dir) / REPEATS_FILE
    if not path.exists():
        return None
    judgments = read_records(path, Judgment)
    by_metric: dict[str, list[Judgment]] = defaultdict(list)
    for j in judgments:
        by_metric[j.metric].append(j)
    rows = []
    for metric, group in by_metric.items():
        scored = {
            case_id: per_case[metric].value
            for case_id, per_case in data.scores.items()
            if metric in per_case and per_case[metric].value is not None
        }
        rows.append(metric_reliability(metric, group, scored))
    return Reliability(
        judge_models=sorted({j.model for j in judgments if j.judge == "judge"}),
        judge2_models=sorted({j.model for j in judgments if j.judge == "judge2"}),
        threshold=LOW_CONSISTENCY,
        metrics=rows,
    )


def with_reliability(report: Report, data: RunData) -> Report:
    """`report` with its reliability section and a warning per unsteady metric (unchanged without repeats)."""
    reliability = load_reliability(data)
    if reliability is None:
        return report
    warnings = list(report.warnings) + [
        f"judge verdicts on {m.metric} are unsteady: self-consistency {m.self_consistency:.2f} "
        f"(below {reliability.threshold:g}) over {m.n_cases} cases x {m.repeats} repeats; "
        f"{m.flip_share:.0%} of them flip"
        for m in reliability.metrics
        if m.low
    ]
    return report.model_copy(update={"reliability": reliability, "warnings": warnings})
