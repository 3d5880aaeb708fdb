"""The metric table a report reads: what each metric is, how it is labelled, which way is better.

A run scored by this release records the table in score.json (`metric_table`), so its
report keeps the labels and kinds it was scored with even if a later release renames
or drops a metric. Older runs have no table: their metrics are looked up in the
registry, and a name the registry no longer knows shows under its own name as "other".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import ValidationError

from ragstress.core.types import Case
from ragstress.reports.model import MetricInfo
from ragstress.scoring.metrics import METRICS, metric_table


def registry_table() -> dict[str, MetricInfo]:
    """Every registered metric's entry, in registration order."""
    return {name: MetricInfo.model_validate(info) for name, info in metric_table().items()}


def unknown_metric(name: str) -> MetricInfo:
    """The entry of a metric neither the run nor the registry describes."""
    return MetricInfo(name=name, kind="other", label_en=name, label_zh=name, description_en="", description_zh="")


def run_metric_table(recorded: Any, found: Iterable[str], warnings: list[str] | None = None) -> dict[str, MetricInfo]:
    """The table for a run: score.json's `metric_table` (`recorded`) first, then the registry, then `unknown_metric`.

    Covers every registered metric (report sections name them even when unscored) and
    every name in `found` (the metrics the run's scores.jsonl holds). An entry of
    score.json that does not parse is replaced by the registry's, with a warning.
    """
    table: dict[str, MetricInfo] = {}
    if isinstance(recorded, dict):
        for name, info in recorded.items():
            try:
                table[name] = MetricInfo.model_validate(info)
            except ValidationError as exc:
                if warnings is not None:
                    warnings.append(
                        f"score.json: metric_table entry {name!r} unreadable ({exc.error_count()} error(s)); "
                        "using the installed metric definitions"
                    )
    elif recorded is not None and warnings is not None:
        warnings.append("score.json: metric_table is not an object (ignored); using the installed metric definitions")
    for name, info in registry_table().items():
        table.setdefault(name, info)
    for name in found:
        if name not in table:
            table[name] = unknown_metric(name)
    return table


def info_for(name: str, table: Mapping[str, MetricInfo]) -> MetricInfo:
    """`name`'s entry in `table`, else the registry's, else an "other" entry under its own name."""
    if name in table:
        return table[name]
    if name in METRICS:
        return MetricInfo.model_validate(metric_table([name])[name])
    return unknown_metric(name)


def counts_failures(metric: str, case: Case, table: Mapping[str, MetricInfo]) -> bool:
    """Whether a case the target failed on counts against `metric` (it applies there, over every such case)."""
    info = info_for(metric, table)
    if metric in METRICS:
        entry = METRICS.get(metric)
        return entry.applies(case) and not (entry.subset_denominator or info.subset_denominator)
    return case.testbed in info.testbeds and not info.subset_denominator


def lower_is_better(table: Mapping[str, MetricInfo]) -> frozenset[str]:
    """The metrics of `table` where a lower value is the better one (over-refusal)."""
    return frozenset(name for name, info in table.items() if not info.higher_is_better)
