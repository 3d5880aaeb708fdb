"""Inline SVG charts: accuracy against noise ratio, one line per run, with 95% CI bars.

Plain SVG text with no script and no external reference, so it embeds in the HTML
report as is and renders offline. Every label is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ragstress.reports.model import RatioPoint

WIDTH, HEIGHT = 560, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 20, 48
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


@dataclass(frozen=True)
class Series:
    """One line: a name and its (noise ratio, value, low, high) points."""

    name: str
    points: list[tuple[float, float, float, float]]


def series_from_points(name: str, points: list[RatioPoint]) -> Series:
    """The plottable points of a section: numeric ratio and a scored accuracy."""
    usable = [
        (p.noise_ratio, p.accuracy.value, p.accuracy.low, p.accuracy.high)
        for p in points
        if p.noise_ratio is not None and p.accuracy.value is not None
    ]
    return Series(name, usable)  # type: ignore[arg-type]  # filtered above: no None left


def accuracy_chart(series: list[Series], *, title: str, x_label: str, y_label: str) -> str:
    """An SVG line chart of accuracy (0..1) against noise ratio, or a short note if nothing to plot."""
    plotted = [s for s in series if s.points]
    if not plotted:
        return f'<p class="note">{escape(title)}: no scored points to plot.</p>'
    xs = [x for s in plotted for x, *_ in s.points]
    x_min, x_max = min(0.0, min(xs)), max(1.0, max(xs))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + (x - x_min) / (x_max - x_min) * plot_w

    def py(y: float) -> float:
        return TOP + (1 - y) * plot_h

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title, quote=True)}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = py(tick)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#e5e5e5"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{tick:.2f}</text>')
    for tick in sorted(set(xs) | {x_min, x_max}):
        x = px(tick)
        parts.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle" font-size="11">{tick:g}</text>')
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 10}" text-anchor="middle" font-size="12">{escape(x_label)}</text>'
    )
    parts.append(
        f'<text transform="translate(14 {TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" font-size="12">{escape(y_label)}</text>'
    )
    for index, line in enumerate(plotted):
        colour = PALETTE[index % len(PALETTE)]
        ordered = sorted(line.points)
        # Offset overlaid runs a little so their CI bars do not hide each other.
        shift = (index - (len(plotted) - 1) / 2) * 4
        coords = " ".join(f"{px(x) + shift:.1f},{py(y):.1f}" for x, y, _, _ in ordered)
        parts.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for x, y, low, high in ordered:
            cx = px(x) + shift
            parts.append(
                f'<line x1="{cx:.1f}" y1="{py(low):.1f}" x2="{cx:.1f}" y2="{py(high):.1f}" stroke="{colour}" stroke-width="1.2"/>'
            )
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{py(y):.1f}" r="3.5" fill="{colour}"><title>{escape(line.name)}: '
                f"{y:.3f} [{low:.3f}, {high:.3f}] @ {x:g}</title></circle>"
            )
        legend_y = TOP + 14 + index * 18
        parts.append(f'<rect x="{WIDTH - RIGHT + 12}" y="{legend_y - 9}" width="12" height="12" fill="{colour}"/>')
        parts.append(
            f'<text x="{WIDTH - RIGHT + 30}" y="{legend_y + 1}" font-size="12">{escape(_short(line.name))}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _short(name: str, limit: int = 18) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"
