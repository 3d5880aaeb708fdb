"""Robustness curves: accuracy and judged correctness against the achieved noise ratio, per language.

RGB's central result is a curve, not a table. Each curve is the metric's estimate (with
its seed-clustered 95% interval, as everywhere in the report) at every noise ratio the
cases record in `params["noise_ratio"]`, once per language and once pooled. Two
summaries go with it: the area under the curve divided by the ratio range (the mean
level over the tested range, so runs tested over the same ratios compare directly) and
the first ratio where the curve, linearly interpolated, drops below a chosen level.
A position sweep (generators/position.py) gets the same treatment with the positive
passage's place (first, middle, last) on the x axis.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ragstress.core.types import Case
from ragstress.reports.aggregate import _Scores
from ragstress.reports.model import MetricInfo
from ragstress.reports.model.curve import Curve, CurvePoint
from ragstress.reports.reading.cases import noise_ratio
from ragstress.reports.reading.rundir import RunData

DEFAULT_LEVEL = 0.5
"""The accuracy level whose crossing the report states (`report --curve-level`)."""
JUDGED_CORRECTNESS = ("answer_correctness", "rag_judge", "answer_accuracy")
"""The judged metric drawn beside accuracy: the first of these the run scored on noise cases."""
POSITIONS = {"first": 0.0, "middle": 0.5, "last": 1.0}


def area_under(points: Sequence[CurvePoint]) -> float | None:
    """Trapezoid area over the points' x range divided by its width (the value itself for one point)."""
    if not points:
        return None
    if len(points) == 1 or points[-1].x == points[0].x:
        return points[0].value
    area = sum((b.x - a.x) * (a.value + b.value) / 2 for a, b in zip(points, points[1:], strict=False))
    return area / (points[-1].x - points[0].x)


def falls_below(points: Sequence[CurvePoint], level: float) -> float | None:
    """The first x where the interpolated curve goes under `level` (the first x if it starts there)."""
    if not points:
        return None
    if points[0].value < level:
        return points[0].x
    for a, b in zip(points, points[1:], strict=False):
        if b.value < level <= a.value:
            return a.x + (a.value - level) / (a.value - b.value) * (b.x - a.x)
    return None


def _curve(
    testbed: str,
    metric: str,
    lang: str,
    axis: str,
    groups: Mapping[float, list[Case]],
    scores: _Scores,
    level: float,
) -> Curve | None:
    points = []
    for x in sorted(groups):
        # The report's own estimate: target errors count as the report counts them, intervals clustered by seed.
        est = scores.estimate(groups[x], metric)
        if est.value is not None:
            points.append(CurvePoint(x=x, value=est.value, low=est.low, high=est.high, n=est.n_scored))
    if not points:
        return None
    return Curve(
        testbed=testbed,
        metric=metric,
        lang=lang,
        axis=axis,
        points=points,
        auc=area_under(points),
        level=level,
        falls_below_at=falls_below(points, level),
    )


def _by_x(cases: Iterable[Case], axis: str) -> dict[float, list[Case]]:
    groups: dict[float, list[Case]] = {}
    for case in cases:
        x = noise_ratio(case) if axis == "noise_ratio" else POSITIONS.get(str(case.params.get("position")))
        if x is not None:
            groups.setdefault(float(x), []).append(case)
    return groups


def build_curves(
    data: RunData,
    table: Mapping[str, MetricInfo],
    *,
    level: float = DEFAULT_LEVEL,
    metric: str = "accuracy",
    errors_as_failures: bool = True,
) -> list[Curve]:
    """Noise-ratio curves (accuracy, then the judged correctness) per language and pooled, then position curves."""
    scores = _Scores(data, table, errors_as_failures)
    noise = [c for c in data.cases if c.testbed == "noise"]
    swept = [c for c in noise if "position" in c.params]
    plain = [c for c in noise if "position" not in c.params]
    scored = {m for c in plain for m in data.scores.get(c.id, {})}
    metrics = [metric] + [m for m in JUDGED_CORRECTNESS if m in scored][:1]
    curves = []
    for axis, cases in (("noise_ratio", plain), ("position", swept)):
        langs = sorted({c.lang for c in cases})
        for name in metrics:
            for lang in (["all"] if len(langs) > 1 else []) + langs:
                group = [c for c in cases if lang in ("all", c.lang)]
                curve = _curve("noise", name, lang, axis, _by_x(group, axis), scores, level)
                if curve is not None:
                    curves.append(curve)
    return curves
