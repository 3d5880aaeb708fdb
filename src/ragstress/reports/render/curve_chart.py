"""Inline SVG of robustness curves: one line per series with its 95% interval as a shaded band.

Plain SVG with no script or external reference (it embeds in report.html as is and is
written beside report.md as a file). Every label is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ragstress.reports.model.curve import Curve
from ragstress.reports.render.charts import BOTTOM, HEIGHT, LEFT, PALETTE, RIGHT, TOP, WIDTH

ORDINAL_AXES = ("position", "deviation", "injection_slot")
"""Axes whose x values are ranks (a passage slot, a deviation level), drawn with half a step of margin."""
DEVIATION_TICKS = {1.0: "small · 小", 2.0: "medium · 中", 3.0: "large · 大"}
INJECTION_SLOT_TICKS = {1.0: "first · 最前", 2.0: "middle · 中间", 3.0: "last · 最后"}


TICK_CHAR_PX = 6.5
"""Width of one character of an 11px tick label, near enough to keep labels apart."""


def tick_text(axis: str, x: float) -> str:
    """An x tick's label: the slot for position, the level for deviation, else the value."""
    if axis == "deviation":
        return DEVIATION_TICKS.get(x, f"{x:g}")
    if axis == "injection_slot":
        return INJECTION_SLOT_TICKS.get(x, f"{x:g}")
    if axis == "position":
        return f"{int(x)}"
    return f"{round(x, 2):g}"


def _x_ticks(xs: list[float], px, axis_y: float, axis: str) -> list[str]:
    """Tick marks and labels on the x axis; labels that would overlap move to a second row, else are left out.

    Close ratios (0.6667, 0.75, 0.8 where seeds hold different passage counts) are common; every
    tick keeps its mark, and the point's own tooltip still gives the exact value.
    """
    parts, last_end = [], [float("-inf"), float("-inf")]
    for tick in xs:
        x = px(tick)
        parts.append(f'<line x1="{x:.1f}" y1="{axis_y:.1f}" x2="{x:.1f}" y2="{axis_y + 4:.1f}" stroke="#999"/>')
        text = tick_text(axis, tick)
        half = len(text) * TICK_CHAR_PX / 2 + 3
        row = next((r for r in (0, 1) if x - half >= last_end[r]), None)
        if row is None:
            continue
        last_end[row] = x + half
        parts.append(
            f'<text class="x-tick" x="{x:.1f}" y="{axis_y + 16 + 12 * row:.1f}" text-anchor="middle" '
            f'font-size="11">{escape(text)}</text>'
        )
    return parts


@dataclass(frozen=True)
class Line:
    """A named curve to draw."""

    name: str
    curve: Curve


def curve_chart(lines: list[Line], *, title: str, x_label: str, y_label: str, level: float | None = None) -> str:
    """An SVG of the curves (values 0..1) with interval bands and an optional dashed level line."""
    drawn = [line for line in lines if line.curve.points]
    if not drawn:
        return f'<p class="note">{escape(title)}: no scored points to plot.</p>'
    axis = drawn[0].curve.axis
    xs = sorted({p.x for line in drawn for p in line.curve.points})
    if axis in ORDINAL_AXES:
        x_min, x_max = xs[0] - 0.5, xs[-1] + 0.5
    else:
        x_min, x_max = min(0.0, xs[0]), max(1.0, xs[-1])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def px(x: float) -> float:
        return LEFT + (x - x_min) / (x_max - x_min) * plot_w

    def py(y: float) -> float:
        return TOP + (1 - y) * plot_h

    label = escape(title, quote=True)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="curve-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{label}">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="white" stroke="#999"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = py(tick)
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#e5e5e5"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{tick:.2f}</text>')
    parts += _x_ticks(xs, px, TOP + plot_h, axis)
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 10}" text-anchor="middle" font-size="12">{escape(x_label)}</text>'
    )
    parts.append(
        f'<text transform="translate(14 {TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" '
        f'font-size="12">{escape(y_label)}</text>'
    )
    if level is not None:
        parts.append(
            f'<line class="level" x1="{LEFT}" y1="{py(level):.1f}" x2="{LEFT + plot_w}" y2="{py(level):.1f}" '
            'stroke="#555" stroke-dasharray="4 3"/>'
        )
    for index, line in enumerate(drawn):
        colour = PALETTE[index % len(PALETTE)]
        points = line.curve.points
        upper = " ".join(f"{px(p.x):.1f},{py(p.high):.1f}" for p in points)
        lower = " ".join(f"{px(p.x):.1f},{py(p.low):.1f}" for p in reversed(points))
        parts.append(
            f'<polygon class="band" points="{upper} {lower}" fill="{colour}" fill-opacity="0.15" stroke="none"/>'
        )
        coords = " ".join(f"{px(p.x):.1f},{py(p.value):.1f}" for p in points)
        parts.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for p in points:
            parts.append(
                f'<circle cx="{px(p.x):.1f}" cy="{py(p.value):.1f}" r="3" fill="{colour}"><title>{escape(line.name)}: '
                f"{p.value:.3f} [{p.low:.3f}, {p.high:.3f}] n={p.n} @ {p.x:g}</title></circle>"
            )
        legend_y = TOP + 14 + index * 18
        parts.append(f'<rect x="{WIDTH - RIGHT + 12}" y="{legend_y - 9}" width="12" height="12" fill="{colour}"/>')
        name = line.name if len(line.name) <= 18 else line.name[:17] + "…"
        parts.append(f'<text x="{WIDTH - RIGHT + 30}" y="{legend_y + 1}" font-size="12">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
