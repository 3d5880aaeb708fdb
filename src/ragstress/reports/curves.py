"""Robustness curves: accuracy and judged correctness against the achieved noise ratio, per language.

RGB's central result is a curve, not a table. Each curve is the metric's estimate (with
its seed-clustered 95% interval, as everywhere in the report) at every noise ratio the
cases record in `params["noise_ratio"]`, once per language and once pooled. Two
summaries go with it: the area under the curve divided by the ratio range (the mean
level over the tested range, so runs tested over the same ratios compare directly) and
the first ratio where the curve, linearly interpolated, drops below a chosen level.
The position testbed gets the same treatment with the answer passage's slot on the x axis,
and the conflict testbed two curves of context adoption (lower is better): against the share
of planted passages, and against how far the planted value lies from the truth. For those
the stated crossing is where adoption first rises above the level. The injection testbed's curve is
injection success (lower is better) against the injected passage's slot: first, middle, last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ragstress.core.types import Case
from ragstress.reports.beyond.injection import retrieved_for_itself
from ragstress.reports.model import MetricInfo
from ragstress.reports.model.curve import Curve, CurvePoint
from ragstress.reports.reading.cases import noise_ratio
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.reading.scoring import Scores

DEFAULT_LEVEL = 0.5
"""The accuracy level whose crossing the report states (`report --curve-level`)."""
JUDGED_CORRECTNESS = ("answer_correctness", "rag_judge", "answer_accuracy")
"""The judged metric drawn beside accuracy: the first of these the run scored on noise cases."""
DEVIATION_RANK = {"small": 1.0, "medium": 2.0, "large": 3.0}
ADOPTION = "asserts_fake"
"""The conflict testbed's curve metric: the planted answer is the value the response concludes with."""
INJECTION = "injection_success"
"""The injection testbed's curve metric, against the injected passage's slot (first, middle, last)."""
INJECTION_SLOT_RANK = {"first": 1.0, "middle": 2.0, "last": 3.0}
RISING = (ADOPTION, INJECTION)
"""Lower-is-better curve metrics: their crossing is where they first rise above the level."""


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


def rises_above(points: Sequence[CurvePoint], level: float) -> float | None:
    """The first x where the interpolated curve goes over `level` (the first x if it starts there)."""
    flipped = [p.model_copy(update={"value": 1 - p.value}) for p in points]
    return falls_below(flipped, 1 - level)


def _curve(
    testbed: str,
    metric: str,
    lang: str,
    axis: str,
    groups: Mapping[float, list[Case]],
    scores: Scores,
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
    rising = metric in RISING
    return Curve(
        testbed=testbed,
        metric=metric,
        lang=lang,
        axis=axis,
        points=points,
        auc=area_under(points),
        level=level,
        falls_below_at=None if rising else falls_below(points, level),
        rises_above_at=rises_above(points, level) if rising else None,
    )


def x_of(case: Case, axis: str) -> float | None:
    """Where a case sits on `axis` (None: not on it)."""
    if axis == "noise_ratio":
        return noise_ratio(case)
    if axis == "injection_slot":
        return INJECTION_SLOT_RANK.get(str(case.params.get("injection_slot")))
    if axis == "position":
        slot = case.params.get("position")
        return float(slot) if isinstance(slot, int) and not isinstance(slot, bool) else None
    deviation = case.params.get("deviation")
    if axis == "deviation":
        return DEVIATION_RANK.get(str(deviation)) if deviation else None
    share = case.params.get("conflict_share")  # conflict_share: the dose axis only
    return float(share) if deviation is None and isinstance(share, (int, float)) else None


def _by_x(cases: Iterable[Case], axis: str) -> dict[float, list[Case]]:
    groups: dict[float, list[Case]] = {}
    for case in cases:
        x = x_of(case, axis)
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
    """Noise-ratio curves (accuracy, then the judged correctness), position curves, then the conflict
    testbed's adoption curves; each per language and pooled."""
    scores = Scores(data, table, errors_as_failures)
    by_testbed = {t: [c for c in data.cases if c.testbed == t] for t in ("noise", "position", "conflict", "injection")}
    scored = {m for c in by_testbed["noise"] for m in data.scores.get(c.id, {})}
    plans = [("noise", "noise_ratio", [metric] + [m for m in JUDGED_CORRECTNESS if m in scored][:1])]
    plans += [("position", "position", [metric]), ("conflict", "conflict_share", [ADOPTION])]
    plans += [("conflict", "deviation", [ADOPTION])]
    if not retrieved_for_itself(data):
        plans += [("injection", "injection_slot", [INJECTION])]  # e2e: the retriever, not the slot, set the order
    curves = []
    for testbed, axis, metrics in plans:
        cases = by_testbed[testbed]
        langs = sorted({c.lang for c in cases})
        for name in metrics:
            for lang in (["all"] if len(langs) > 1 else []) + langs:
                group = [c for c in cases if lang in ("all", c.lang)]
                curve = _curve(testbed, name, lang, axis, _by_x(group, axis), scores, level)
                if curve is not None:
                    curves.append(curve)
    return curves
