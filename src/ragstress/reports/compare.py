"""Comparing runs of different systems on the same test set, with paired evidence.

Runs are matched case by case: only case ids present in every run, with identical
case content, are compared, and the report says how many were left out. Each other
run is compared with the first (the baseline) per dimension: the paired mean
difference B − A with a 95% interval resampled by seed question and the p-value of a
sign-flip test over seeds (cases of one seed move together), a case the target failed
on counting as a failure of that side. "B is more robust to noise" is then a claim
with evidence: the interval for noise accuracy lies above zero.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from ragstress.reports.aggregate import build_report
from ragstress.reports.card import compare_card
from ragstress.reports.curves import build_curves
from ragstress.reports.header import testset_hash
from ragstress.reports.model import MetricInfo, Report
from ragstress.reports.model.compare import Comparison, PairedRow, RunSummary, SideBySideRow
from ragstress.reports.pairing import paired_scores
from ragstress.reports.reading.cases import noise_ratio
from ragstress.reports.reading.metric_table import lower_is_better
from ragstress.reports.reading.rundir import RunData, load_run
from ragstress.reports.reading.scoring import ROLE_METRICS
from ragstress.reports.stats.clustered import clustered_paired_difference
from ragstress.reports.stats.intervals import paired_difference


class CompareError(ValueError):
    """Runs that cannot be compared (no shared cases, or a mismatch under --strict)."""


# (dimension, metric role or name, testbeds whose cases it is compared on)
PAIRED_METRICS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("noise", "accuracy", ("noise",)),
    ("negative", "rejection", ("negative",)),
    ("negative", "rejection_judged", ("negative",)),
    ("negative", "over_refusal", ("noise", "integration")),
    ("integration", "accuracy", ("integration",)),
    ("integration", "partial_credit", ("integration",)),
    ("counterfactual", "closed_book_accuracy", ("counterfactual",)),
    ("counterfactual", "answer_match", ("counterfactual",)),
    ("counterfactual", "error_detection", ("counterfactual",)),
    ("counterfactual", "error_detection_judged", ("counterfactual",)),
    ("counterfactual", "error_correction", ("counterfactual",)),
    ("injection", "injection_success", ("injection",)),
    ("injection", "accuracy", ("injection",)),
)


def _shared_cases(runs: list[RunData], strict: bool) -> tuple[list[str], list[str]]:
    notes: list[str] = []
    hashes = {h for r in runs if (h := testset_hash(r))}
    if len(hashes) > 1:
        if strict:
            raise CompareError(
                f"runs were made on different test sets (test-set hashes {', '.join(sorted(map(str, hashes)))})"
            )
        notes.append("The runs record different test-set hashes: only cases with the same id and content are compared.")
    by_id = [{c.id: c for c in r.cases} for r in runs]
    shared = [cid for cid in by_id[0] if all(cid in other for other in by_id[1:])]
    same = [cid for cid in shared if all(other[cid] == by_id[0][cid] for other in by_id[1:])]
    if len(same) < len(shared):
        notes.append(
            f"{len(shared) - len(same)} shared case id(s) have different content across runs and are left out."
        )
    if not same:
        raise CompareError(
            "the runs share no identical case: they were made on different test sets and cannot be compared"
        )
    for run in runs:
        if len(run.cases) != len(same):
            if strict:
                raise CompareError(
                    f"{run.run_dir}: {len(run.cases)} cases, of which {len(same)} are shared with every run"
                )
            notes.append(
                f"{run.run_dir.name}: compared on {len(same)} of its {len(run.cases)} cases (the shared case ids)."
            )
    return same, notes


def _restrict(run: RunData, ids: set[str]) -> RunData:
    return replace(
        run, cases=[c for c in run.cases if c.id in ids], scores={cid: s for cid, s in run.scores.items() if cid in ids}
    )


def _verdict(metric: str, low: float, high: float, p_value: float, lower_better: frozenset[str]) -> str:
    # The interval and the sign-flip test over seeds must agree: on a handful of seeds a bootstrap
    # interval of near-identical differences is degenerate and would overstate the evidence.
    if low <= 0 <= high or p_value >= 0.05:
        return "no clear difference"
    b_higher = low > 0
    better = b_higher != (metric in lower_better)
    return "B better" if better else "B worse"


def _paired_row(
    a: RunData,
    b: RunData,
    names: tuple[str, str],
    dimension: str,
    metric: str,
    scope: str,
    case_ids: list[str],
    table: dict[str, MetricInfo],
) -> PairedRow:
    wanted = set(case_ids)
    pairs = paired_scores(a, b, [c for c in a.cases if c.id in wanted], metric, table)
    base = dict(
        dimension=dimension,
        metric=metric,
        scope=scope,
        run_a=names[0],
        run_b=names[1],
        n_pairs=len(pairs.a),
        n_seeds=len(set(pairs.seeds)),
        a_errors=pairs.a_errors,
        b_errors=pairs.b_errors,
        dropped=pairs.dropped,
    )
    if not pairs.a:
        return PairedRow(
            **base,
            mean_a=None,
            mean_b=None,
            difference=None,
            low=None,
            high=None,
            p_value=None,
            mcnemar_p=None,
            a_only=0,
            b_only=0,
            verdict="no case scored in both runs",
        )
    d = clustered_paired_difference(pairs.a, pairs.b, pairs.seeds)
    counts = paired_difference(pairs.a, pairs.b)  # the discordant counts, for reading
    return PairedRow(
        **base,
        mean_a=counts.mean_a,
        mean_b=counts.mean_b,
        difference=d.difference,
        low=d.low,
        high=d.high,
        p_value=d.p_value,
        mcnemar_p=counts.mcnemar_p,
        a_only=counts.a_only,
        b_only=counts.b_only,
        verdict=_verdict(metric, d.low, d.high, d.p_value, lower_is_better(table)),
    )


def _paired_rows(a: RunData, b: RunData, names: tuple[str, str], table: dict[str, MetricInfo]) -> list[PairedRow]:
    """B against A on every section metric, then per testbed on each judged or embedding metric both scored."""
    rows = []
    for dimension, role, testbeds in PAIRED_METRICS:
        metric = ROLE_METRICS.get(role, role)
        ids = [c.id for c in a.cases if c.testbed in testbeds]
        if not ids:
            continue
        rows.append(_paired_row(a, b, names, dimension, metric, "+".join(testbeds), ids, table))
        if role == "accuracy" and dimension == "noise":
            for ratio in sorted({noise_ratio(c) for c in a.cases if c.id in set(ids)} - {None}):
                at = [c.id for c in a.cases if c.id in set(ids) and noise_ratio(c) == ratio]
                rows.append(_paired_row(a, b, names, dimension, metric, f"noise @ {ratio:g}", at, table))
    found = set(a.metric_names()) & set(b.metric_names())
    section = set(ROLE_METRICS.values())
    for metric in (
        m for m, info in table.items() if m in found and m not in section and info.kind in ("judged", "embedding")
    ):
        for testbed in ("noise", "negative", "integration", "counterfactual"):
            ids = [c.id for c in a.cases if c.testbed == testbed and metric in a.scores.get(c.id, {})]
            if ids:
                rows.append(_paired_row(a, b, names, "judge", metric, testbed, ids, table))
    return rows


def _side_by_side(reports: list[Report]) -> list[SideBySideRow]:
    def row(dimension: str, label: str, pick) -> SideBySideRow:
        return SideBySideRow(dimension=dimension, label=label, estimates=[pick(r) for r in reports])

    def at_ratio(points, ratio):
        return next((p.accuracy for p in points if p.noise_ratio == ratio), None)

    rows = [row("noise", "accuracy (all ratios)", lambda r: r.noise.overall)]
    ratios = sorted({p.noise_ratio for r in reports for p in r.noise.points if p.noise_ratio is not None})
    rows += [row("noise", f"accuracy @ noise {x:g}", lambda r, x=x: at_ratio(r.noise.points, x)) for x in ratios]
    rows += [
        row("negative", k.replace("_", " "), lambda r, k=k: getattr(r.negative, k))
        for k in ("rejection", "rejection_judged", "over_refusal")
    ]
    rows += [
        row("integration", "accuracy", lambda r: r.integration.overall),
        row("integration", "partial credit", lambda r: r.integration.partial_credit),
    ]
    rows += [
        row(
            "counterfactual",
            k.replace("_", " ") + ("" if k == "closed_book_accuracy" else " (known subset)"),
            lambda r, k=k: getattr(r.counterfactual, k),
        )
        for k in (
            "closed_book_accuracy",
            "accuracy_with_counterfactual",
            "error_detection",
            "error_detection_judged",
            "error_correction",
        )
    ]
    return rows


def compare_runs(run_dirs: list[Path], *, strict: bool = False) -> tuple[Comparison, list[Report]]:
    """Compare runs (the first is the baseline) on their shared cases; raises CompareError."""
    if len(run_dirs) < 2:
        raise CompareError("compare needs at least two run directories")
    runs = [load_run(Path(d)) for d in run_dirs]
    shared, notes = _shared_cases(runs, strict)
    restricted = [_restrict(r, set(shared)) for r in runs]
    reports = [build_report(r) for r in restricted]
    reports = [
        rep.model_copy(update={"curves": build_curves(r, rep.metric_table)}) for rep, r in zip(reports, restricted)
    ]
    names = _unique_names([r.header.run_name for r in reports])
    paired = [
        row
        for i in range(1, len(runs))
        for row in _paired_rows(restricted[0], restricted[i], (names[0], names[i]), reports[0].metric_table)
    ]
    summaries = [
        RunSummary(
            name=n,
            target=rep.header.target,
            testset_hash=rep.header.testset_hash,
            n_cases=len(run.cases),
            n_compared=len(shared),
            judge_warning=rep.header.judge_warning,
            target_summary=rep.header.target_summary,
        )
        for n, rep, run in zip(names, reports, runs)
    ]
    comparison = Comparison(
        generated_at=datetime.now(UTC).replace(microsecond=0).isoformat(),
        runs=summaries,
        n_shared=len(shared),
        notes=notes,
        side_by_side=_side_by_side(reports),
        paired=paired,
        card=compare_card([rep.card for rep in reports]),
    )
    return comparison, reports


def _unique_names(names: list[str]) -> list[str]:
    out = []
    for i, name in enumerate(names):
        out.append(name if names.count(name) == 1 else f"{name} #{i + 1}")
    return out
