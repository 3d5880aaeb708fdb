"""From a run directory's records to a `Report`: per-dimension estimates with intervals.

Which metric fills which role of a section is ROLE_METRICS (src/ragstress/reports/reading/scoring.py);
what a metric is (kind, direction, pass/fail, labels) comes from the run's metric table
(src/ragstress/reports/reading/metric_table.py).
"""

from __future__ import annotations

import importlib.metadata
from datetime import UTC, datetime

from ragstress.core.types import RGB_TESTBEDS, TESTBEDS, Case
from ragstress.reports.beyond.injection import injection_section
from ragstress.reports.beyond.sections import conflict_section, position_section, style_section
from ragstress.reports.card import build_card, card_cases
from ragstress.reports.e2e import build_e2e_section
from ragstress.reports.errors import all_failed, error_rates
from ragstress.reports.header import build_header
from ragstress.reports.methods import build_methods
from ragstress.reports.model import (
    CounterfactualSection,
    IntegrationSection,
    MetricRow,
    NegativeSection,
    NoiseSection,
    RatioPoint,
    Report,
)
from ragstress.reports.reading.cases import case_details, noise_ratio
from ragstress.reports.reading.metric_table import info_for, lower_is_better, run_metric_table
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.reading.scoring import ROLE_METRICS, Scores

MAIN_METRIC: dict[str, str] = {
    "noise": ROLE_METRICS["accuracy"],
    "integration": ROLE_METRICS["accuracy"],
    "negative": ROLE_METRICS["rejection"],
    "counterfactual": ROLE_METRICS["error_detection"],
    "conflict": ROLE_METRICS["adoption"],
    "style": ROLE_METRICS["accuracy"],
    "position": ROLE_METRICS["accuracy"],
    "injection": ROLE_METRICS["injection_success"],
}
"""The metric that decides whether a case passed, per testbed (drill-down filter)."""


def _points(cases: list[Case], s: Scores, with_partial: bool) -> list[RatioPoint]:
    ratios = sorted({noise_ratio(c) for c in cases}, key=lambda r: (r is None, r or 0.0))
    points = []
    for ratio in ratios:
        group = [c for c in cases if noise_ratio(c) == ratio]
        langs = sorted({c.lang for c in group})
        points.append(
            RatioPoint(
                noise_ratio=ratio,
                n_cases=len(group),
                accuracy=s.of(group, "accuracy"),
                partial_credit=s.of(group, "partial_credit") if with_partial else None,
                by_lang={lang: s.of([c for c in group if c.lang == lang], "accuracy") for lang in langs}
                if len(langs) > 1
                else {},
            )
        )
    return points


def _counterfactual(cases: list[Case], s: Scores) -> CounterfactualSection:
    known = [c for c in cases if s.passed(c, "closed_book_accuracy")]
    roles = ("answer_match", "error_detection", "error_detection_judged", "error_correction")
    view = "known"
    if cases and not known:
        # A private corpus: the target cannot know its facts closed-book, so the truth is the corpus's own
        # passages, and every case is scored against them rather than showing nothing.
        known, view = cases, "corpus"
    return CounterfactualSection(
        n_cases=len(cases),
        n_known=0 if view == "corpus" else len(known),
        view=view,
        closed_book_accuracy=s.of(cases, "closed_book_accuracy"),
        accuracy_with_counterfactual=s.of(known, "answer_match"),
        error_detection=s.of(known, "error_detection"),
        error_detection_judged=s.of(known, "error_detection_judged"),
        error_correction=s.of(known, "error_correction"),
        all_cases=[s.of(cases, role) for role in roles],
    )


def _metric_rows(data: RunData, s: Scores) -> list[MetricRow]:
    found = data.metric_names()
    # Section metrics first, then the rest in metric-table order, then unknown names as first seen.
    ordered = [m for m in ROLE_METRICS.values() if m in found] + [m for m in s.table if m in found]
    ordered = list(dict.fromkeys(ordered + found))
    rows = []
    for metric in ordered:
        by_testbed, pooled = {}, []
        for testbed in TESTBEDS:
            group = [c for c in data.cases if c.testbed == testbed]
            # A testbed counts only if the metric really scored one of its cases there.
            if any(metric in data.scores.get(c.id, {}) for c in group):
                applied = s.applied(group, metric)
                pooled += applied
                by_testbed[testbed] = s.estimate(applied, metric)
        overall = s.estimate(pooled, metric)
        rows.append(
            MetricRow(metric=metric, kind=info_for(metric, s.table).kind, overall=overall, by_testbed=by_testbed)
        )
    return rows


def _version() -> str:
    try:
        return importlib.metadata.version("ragstress")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def build_report(data: RunData, *, errors_as_failures: bool = True) -> Report:
    """The whole report for one run directory (gating is added by the caller).

    `errors_as_failures=False` leaves cases the target failed on out of every rate (each
    estimate records which rule it used, and the rendered report says so beside it).
    """
    warnings = list(data.warnings)
    recorded = data.score_manifest.metric_table if data.score_manifest else None
    table = run_metric_table(recorded, data.metric_names(), warnings)
    s = Scores(data, table, errors_as_failures)
    by_testbed = {t: [c for c in data.cases if c.testbed == t] for t in TESTBEDS}
    answerable = [c for c in by_testbed["noise"] + by_testbed["integration"] if c.expected == "answer"]
    negative = by_testbed["negative"]
    for testbed in RGB_TESTBEDS:
        if not by_testbed[testbed]:
            warnings.append(f"no {testbed} cases in this run: that section is empty")
    header = build_header(data, data.metric_names(), table)
    counterfactual = _counterfactual(by_testbed["counterfactual"], s)
    report = Report(
        generated_at=datetime.now(UTC).replace(microsecond=0).isoformat(),
        generator_version=_version(),
        header=header,
        noise=NoiseSection(
            n_cases=len(by_testbed["noise"]),
            overall=s.of(by_testbed["noise"], "accuracy"),
            points=_points(by_testbed["noise"], s, with_partial=False),
        ),
        negative=NegativeSection(
            n_cases=len(negative),
            rejection=s.of(negative, "rejection"),
            rejection_judged=s.of(negative, "rejection_judged"),
            over_refusal=s.of(answerable, "over_refusal"),
            by_lang={
                lang: s.of([c for c in negative if c.lang == lang], "rejection")
                for lang in sorted({c.lang for c in negative})
            },
        ),
        integration=IntegrationSection(
            n_cases=len(by_testbed["integration"]),
            overall=s.of(by_testbed["integration"], "accuracy"),
            partial_credit=s.of(by_testbed["integration"], "partial_credit"),
            points=_points(by_testbed["integration"], s, with_partial=True),
        ),
        counterfactual=counterfactual,
        metrics=_metric_rows(data, s),
        metric_table=table,
        cases=case_details(data, MAIN_METRIC, lower_is_better(table)),
        warnings=warnings,
        failure=all_failed(data),
        error_rates=error_rates(data),
        e2e=build_e2e_section(data),
        conflict=conflict_section(by_testbed["conflict"], s),
        style=style_section(by_testbed["style"], s),
        position=position_section(by_testbed["position"], s),
        injection=injection_section(by_testbed["injection"], s),
        card=build_card(
            card_cases(by_testbed),
            MAIN_METRIC,
            s.estimate,
            known=lambda case: s.passed(case, "closed_book_accuracy"),
            scored_metrics=set(data.metric_names()),
            table=table,
            header=header,
            counterfactual_view=counterfactual.view,
        ),
    )
    return report.model_copy(update={"methods": build_methods(data, report, errors_as_failures=errors_as_failures)})
