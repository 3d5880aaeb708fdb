"""One cell of a conflict, style, position or injection section, named as a gate names it (`@conflict:0.6`,
`@injection:hidden`: an injection kind, slot or language)."""

from __future__ import annotations

from ragstress.reports.beyond.injection import injection_cell
from ragstress.reports.model import Estimate, Report
from ragstress.reports.reading.scoring import ROLE_METRICS

CELL_TESTBEDS = ("conflict", "style", "position", "injection")
ROLE_ALIASES = {"adoption": ROLE_METRICS["adoption"], "acknowledged": ROLE_METRICS["acknowledged"]}
"""Report roles a gate may name instead of their metric."""
CONFLICT_FIELDS = {
    ROLE_METRICS["accuracy"]: "truth_kept",
    ROLE_METRICS["adoption"]: "adoption",
    ROLE_METRICS["acknowledged"]: "acknowledged",
    ROLE_METRICS["acknowledged_judged"]: "acknowledged_judged",
    ROLE_METRICS["over_refusal"]: "declined",
}
"""metric -> the ConflictCell field that holds it."""


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def cell_estimate(report: Report, testbed: str, cell: str, metric: str) -> Estimate | None:
    """The estimate of `metric` in one cell, or None when the run has no such cell or metric there."""
    if testbed == "conflict" and report.conflict is not None and metric in CONFLICT_FIELDS:
        share = _number(cell)
        for found in report.conflict.cells:
            deviation = found.axis == "deviation" and found.label == cell
            if deviation or (found.axis == "share" and share is not None and abs(found.x - share) < 0.005):
                return getattr(found, CONFLICT_FIELDS[metric])
    if testbed == "style" and report.style is not None and metric == ROLE_METRICS["accuracy"]:
        if cell == "original":
            return report.style.original
        return next((row.styled for row in report.style.rows if row.style == cell), None)
    if testbed == "position" and report.position is not None and metric == ROLE_METRICS["accuracy"]:
        slot = _number(cell)
        if slot is not None and slot == int(slot) and 1 <= slot <= len(report.position.by_slot):
            return report.position.by_slot[int(slot) - 1]
    if testbed == "injection":
        return injection_cell(report, cell, metric)
    return None
