"""compare.md, compare.html and compare.json for a Comparison."""

from __future__ import annotations

from pathlib import Path

from ragstress.core.jsonl import write_json, write_text
from ragstress.reports.model import Report
from ragstress.reports.model.compare import Comparison, PairedRow
from ragstress.reports.render.card import compare_card_html, compare_card_markdown
from ragstress.reports.render.charts import accuracy_chart, series_from_points
from ragstress.reports.render.curve_render import overlay_html
from ragstress.reports.render.html_page import bi, esc, page, table
from ragstress.reports.render.judge_render import compare_calibration_html, compare_calibration_lines
from ragstress.reports.render.labels import LABELS, bilingual, fmt_counts, fmt_estimate
from ragstress.reports.render.markdown import cell

COMPARE_FILES = ("compare.json", "compare.md", "compare.html")
PAIRED_HEADER = [
    "dimension",
    "metric",
    "cases",
    "A",
    "B",
    "pairs / seeds",
    "mean A",
    "mean B",
    "B − A [95% CI]",
    "p (seeds)",
    "McNemar p",
    "A only / B only",
    "verdict",
]


def _num(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _paired_cells(row: PairedRow) -> list[str]:
    diff = "—" if row.difference is None else f"{row.difference:+.3f} [{row.low:+.3f}, {row.high:+.3f}]"
    p = "—" if row.mcnemar_p is None else f"{row.mcnemar_p:.4g}"
    p_seeds = "—" if row.p_value is None else f"{row.p_value:.4g}"
    return [
        row.dimension,
        row.metric,
        row.scope,
        row.run_a,
        row.run_b,
        f"{row.n_pairs} / {row.n_seeds}",
        _num(row.mean_a),
        _num(row.mean_b),
        diff,
        p_seeds,
        p,
        f"{row.a_only} / {row.b_only}",
        row.verdict,
    ]


def render_compare_markdown(comparison: Comparison, reports: list[Report] | None = None) -> str:
    names = [r.name for r in comparison.runs]
    lines = [
        f"# {bilingual('compare_title')}",
        "",
        f"Baseline (A): **{cell(names[0])}**; compared on **{comparison.n_shared}** shared cases.",
        "",
    ]
    lines += [f"- **{cell(r.name)}**: {cell(r.target_summary or 'target not recorded')}" for r in comparison.runs] + [
        ""
    ]
    lines += [f"- {cell(n)}" for n in comparison.notes] + ([""] if comparison.notes else [])
    lines += compare_card_markdown(comparison.card, names, reports[0].metric_table if reports else {})
    for run in comparison.runs:
        if run.judge_warning:
            lines += [f"> **Warning · 警告 ({cell(run.name)}):** {cell(run.judge_warning)}", ""]
    lines += [f"## {bilingual('side_by_side')}", ""]
    lines += ["| dimension | metric | " + " | ".join(cell(n) for n in names) + " |", "|" + "---|" * (len(names) + 2)]
    for row in comparison.side_by_side:
        values = [f"{fmt_estimate(e)} ({fmt_counts(e)})" if e else "—" for e in row.estimates]
        lines.append(f"| {row.dimension} | {cell(row.label)} | " + " | ".join(values) + " |")
    lines += [
        "",
        f"## {bilingual('difference')}",
        "",
        "Paired case by case (a target failure counts as that side failing): mean difference with a 95% CI "
        "resampled by seed question, and a sign-flip test over seeds (p (seeds)). A verdict needs the CI to exclude 0 "
        "and p < 0.05; McNemar's p over cases is for reading only, as it ignores that a seed's cases move together.",
        "",
    ]
    lines += ["| " + " | ".join(PAIRED_HEADER) + " |", "|" + "---|" * len(PAIRED_HEADER)]
    lines += ["| " + " | ".join(cell(c) for c in _paired_cells(row)) + " |" for row in comparison.paired]
    lines += [""] + compare_calibration_lines(names, reports or [])
    return "\n".join(lines) + "\n"


def render_compare_html(comparison: Comparison, reports: list[Report]) -> str:
    names = [r.name for r in comparison.runs]
    series = [series_from_points(name, rep.noise.points) for name, rep in zip(names, reports)]
    chart = accuracy_chart(
        series,
        title=f"{LABELS['chart'][0]} · {LABELS['chart'][1]}",
        x_label="noise ratio · 噪声比例",
        y_label="accuracy · 准确率",
    )
    body = [
        f"<h1>{bi('compare_title')}</h1>",
        f"<p>Baseline (A): <strong>{esc(names[0])}</strong>; compared on <strong>{comparison.n_shared}</strong> shared cases.</p>",
    ]
    body.append(
        "<ul>"
        + "".join(
            f"<li><strong>{esc(r.name)}</strong>: {esc(r.target_summary or 'target not recorded')}</li>"
            for r in comparison.runs
        )
        + "</ul>"
    )
    if comparison.notes:
        body.append("<ul>" + "".join(f"<li>{esc(n)}</li>" for n in comparison.notes) + "</ul>")
    body += [
        f'<div class="warning"><strong>Warning · 警告 ({esc(r.name)}):</strong> {esc(r.judge_warning)}</div>'
        for r in comparison.runs
        if r.judge_warning
    ]
    body.append(compare_card_html(comparison.card, names, reports[0].metric_table if reports else {}))
    body += [f"<h2>{bi('noise')}</h2>", chart, overlay_html(list(zip(names, reports)))]
    side = [
        [esc(row.dimension), esc(row.label)]
        + [
            f'{esc(fmt_estimate(e))}<br><span class="counts">{esc(fmt_counts(e))}</span>' if e else "—"
            for e in row.estimates
        ]
        for row in comparison.side_by_side
    ]
    body += [f"<h2>{bi('side_by_side')}</h2>", table(["dimension", "metric", *map(esc, names)], side)]
    body += [
        f"<h2>{bi('difference')}</h2>",
        "<p>Paired case by case (a target failure counts as that side failing): mean difference with a 95% CI "
        "resampled by seed question, and a sign-flip test over seeds (p (seeds)). A verdict needs the CI to exclude 0 "
        "and p &lt; 0.05; McNemar's p over cases is for reading only, as it ignores that a seed's cases move "
        "together.</p>",
        table(PAIRED_HEADER, [[esc(c) for c in _paired_cells(row)] for row in comparison.paired]),
        compare_calibration_html(names, reports),
    ]
    return page(LABELS["compare_title"][0], "\n".join(body), {"labels": LABELS})


def write_comparison(comparison: Comparison, reports: list[Report], out_dir: Path) -> dict[str, Path]:
    """Write compare.json, compare.md and compare.html into `out_dir` (created if needed)."""
    out = Path(out_dir)
    paths = {name: out / name for name in COMPARE_FILES}
    write_json(paths["compare.json"], comparison.model_dump(mode="json"))
    write_text(paths["compare.md"], render_compare_markdown(comparison, reports))
    write_text(paths["compare.html"], render_compare_html(comparison, reports))
    return paths
