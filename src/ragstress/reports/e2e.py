"""Building the report's e2e section: what the target retrieved from each variant, beside the labels.

In e2e mode the target retrieves for itself, so a case's labelled noise ratio is what
the variant store was arranged for, not necessarily what the target read. Each
response records the composition of the passages it returned (`retrieved`); the
section averages it per variant: for a noise ratio the achieved noise share sits next
to the labelled one, for the negative variant the positive share (0 when no answer
was left to find), for the counterfactual one the planted share. Rendered by
src/ragstress/reports/render/e2e_section.py.
"""

from __future__ import annotations

from statistics import fmean

from ragstress.core.types import TESTBEDS, Case
from ragstress.reports.model.e2e import E2ERow, E2ESection
from ragstress.reports.reading.rundir import RunData


def _ratio(case: Case) -> float | None:
    value = case.params.get("noise_ratio")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def build_e2e_section(data: RunData) -> E2ESection | None:
    """The section for an e2e run (None for a contexts-mode run that recorded no retrieval)."""
    responses = [data.responses.get((case.id, "case")) for case in data.cases]
    recorded = any(r is not None and r.retrieved is not None for r in responses)
    if not recorded and (data.run_manifest is None or data.run_manifest.mode != "e2e"):
        return None
    groups: dict[tuple[int, float, str], list] = {}
    for case, response in zip(data.cases, responses):
        ratio = _ratio(case) if case.testbed in ("noise", "integration") else None
        variant = case.testbed if ratio is None else f"{case.testbed}@{ratio:g}"
        key = (TESTBEDS.index(case.testbed), ratio or 0.0, variant)
        groups.setdefault(key, []).append((case, response.retrieved if response is not None else None))
    rows = []
    for (_, ratio, variant), items in sorted(groups.items()):
        known = [r for _, r in items if r is not None and r.noise is not None]

        def mean(role: str, known=known) -> float | None:
            return round(fmean(getattr(r, role) for r in known), 4) if known else None

        rows.append(
            E2ERow(
                variant=variant,
                testbed=items[0][0].testbed,
                labelled_noise=ratio if "@" in variant else None,
                n_cases=len(items),
                n_with_contexts=len(known),
                noise=mean("noise"),
                positive=mean("positive"),
                counterfactual=mean("counterfactual"),
            )
        )
    return E2ESection(rows=rows)
