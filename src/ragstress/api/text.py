"""A report's numbers in words, written as report.md writes them, for a caller that prints them.

`fmt_estimate` shows a rate with its 95% interval ('0.700 [0.397, 0.892]', or that nothing was
scored), `fmt_span` a judge or calibrated rate the same way; `headline` names the four RGB
dimensions' headline rates and `scored_rows` keeps those whose metric the run scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ragstress.reports.render.judge_render import fmt_span
from ragstress.reports.render.labels import fmt_estimate, scored_rows

if TYPE_CHECKING:
    from ragstress.reports.model import Estimate
    from ragstress.reports.model import Report as ReportModel


def headline(model: ReportModel) -> list[tuple[str, Estimate]]:
    """The four RGB dimensions' headline rates, labelled: noise accuracy, rejection, integration, error detection."""
    return [
        ("noise accuracy", model.noise.overall),
        ("rejection", model.negative.rejection),
        ("integration", model.integration.overall),
        ("error detection", model.counterfactual.error_detection),
    ]


__all__ = ["fmt_estimate", "fmt_span", "headline", "scored_rows"]
