"""The robustness curves in report.html (inline SVG), report.md (SVG files beside it) and the comparison."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from ragstress.reports.model import MetricInfo, Report
from ragstress.reports.model.curve import Curve
from ragstress.reports.render.curve_chart import ORDINAL_AXES, Line, curve_chart, tick_text
from ragstress.reports.render.labels import metric_label

TITLE = ("Robustness curves", "鲁棒性曲线")
INTRO = (
    "Each line is a language (and all pooled); the band is its 95% interval. AUC is the area under the curve over "
    "the tested range divided by its width; the crossing is the first x where the curve drops under the dashed "
    "level (for adoption and injection success, where lower is better: rises above it).",
    "每条线对应一种语言（及全部合计）；阴影为 95% 置信区间。AUC 为测试范围内曲线下面积除以范围宽度；"
    "越过水平处为曲线首次跌破虚线水平的位置（采信错误资料与注入成功率越低越好，取首次升过该水平的位置）。",
)
AXES = {
    "noise_ratio": ("achieved noise ratio · 实际噪声比例", "noise"),
    "position": ("answer passage slot · 答案段落位置", "position"),
    "conflict_share": ("share of passages planted · 被植入错误的段落比例", "conflict_share"),
    "deviation": ("planted value's distance from the truth · 植入值与真值的差距", "deviation"),
    "injection_slot": ("injected passage slot · 注入段落位置", "injection_slot"),
}
HEADLINE = {"conflict_share": "asserts_fake", "deviation": "asserts_fake", "injection_slot": "injection_success"}
"""The metric an axis's overlay draws in a comparison (accuracy unless named here)."""
COLUMNS = (
    ("Curve", "曲线"),
    ("Language", "语言"),
    ("AUC", "AUC"),
    ("Level", "水平"),
    ("Crosses at", "越过该水平于"),
)


def _groups(curves: Sequence[Curve]) -> dict[tuple[str, str], list[Curve]]:
    groups: dict[tuple[str, str], list[Curve]] = {}
    for curve in curves:
        groups.setdefault((curve.axis, curve.metric), []).append(curve)
    return groups


def _title(axis: str, metric: str, table: Mapping[str, MetricInfo]) -> str:
    en, zh = metric_label(metric, table)
    x = AXES[axis][0]
    return f"{en} · {zh} — {x}"


def figures(report: Report) -> list[tuple[str, str, str]]:
    """(file name, title, SVG) per figure: one per axis and metric, a line per language."""
    out = []
    for (axis, metric), curves in _groups(report.curves).items():
        title = _title(axis, metric, report.metric_table)
        lines = [Line(c.lang, c) for c in curves]
        svg = curve_chart(lines, title=title, x_label=AXES[axis][0], y_label=metric, level=curves[0].level)
        out.append((f"curve-{AXES[axis][1]}-{metric}.svg", title, svg))
    return out


def _at(axis: str, x: float) -> str:
    """A crossing's x: a level's name on a ranked axis when it falls on one, else two decimals."""
    return tick_text(axis, x) if axis in ORDINAL_AXES and x == int(x) else f"{x:.2f}"


def _rows(report: Report) -> list[list[str]]:
    rows = []
    for c in report.curves:
        en, _ = metric_label(c.metric, report.metric_table)
        below = (
            f"below at {_at(c.axis, c.falls_below_at)}"
            if c.falls_below_at is not None
            else f"above at {_at(c.axis, c.rises_above_at)}"
            if c.rises_above_at is not None
            else "—"
        )
        auc = "—" if c.auc is None else f"{c.auc:.3f}"
        rows.append([f"{en} ({c.metric}) vs {c.axis}", c.lang, auc, f"{c.level:g}", below])
    return rows


def _bi(pair: tuple[str, str]) -> str:
    en, zh = pair
    return f'<span class="en" lang="en">{escape(en)}</span><span class="zh" lang="zh">{escape(zh)}</span>'


def curves_html(report: Report) -> str:
    """The curves section of report.html ('' without noise cases)."""
    if not report.curves:
        return ""
    head = "".join(f"<th>{_bi(c)}</th>" for c in COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{escape(x)}</td>" for x in row) + "</tr>" for row in _rows(report))
    charts = "".join(f"<figure>{svg}</figure>" for _, _, svg in figures(report))
    return (
        f'<section id="curves"><h2>{_bi(TITLE)}</h2><p>{_bi(INTRO)}</p>{charts}'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>"
    )


def curves_lines(report: Report) -> list[str]:
    """The curves section of report.md: each figure as an SVG file beside it, then the table."""
    if not report.curves:
        return []
    lines = [f"## {TITLE[0]} · {TITLE[1]}", "", INTRO[0], "", INTRO[1], ""]
    lines += [f"![{title}]({name})" for name, title, _ in figures(report)] + [""]
    lines.append("| " + " | ".join(f"{en} · {zh}" for en, zh in COLUMNS) + " |")
    lines.append("|" + "---|" * len(COLUMNS))
    lines += ["| " + " | ".join(row) + " |" for row in _rows(report)]
    return lines + [""]


def overlay_html(runs: Sequence[tuple[str, Report]]) -> str:
    """The comparison's overlay: each run's pooled curve per axis (accuracy; adoption for conflict) with its band."""
    parts = []
    for axis in AXES:
        lines = []
        metric = HEADLINE.get(axis, "accuracy")
        for name, report in runs:
            pooled = [c for c in report.curves if c.axis == axis and c.metric == metric]
            # The pooled line when the run has several languages, else its only one.
            chosen = next((c for c in pooled if c.lang == "all"), pooled[0] if pooled else None)
            if chosen is not None:
                lines.append(Line(name, chosen))
        if lines:
            title = f"{metric} — {AXES[axis][0]}"
            parts.append(
                curve_chart(lines, title=title, x_label=AXES[axis][0], y_label=metric, level=lines[0].curve.level)
            )
    return "".join(f"<figure>{p}</figure>" for p in parts)
