"""The report's e2e section: what the target retrieved from each variant, beside what the cases are labelled.

In e2e mode the target retrieves for itself, so a case's labelled noise ratio is what
the variant store was arranged for, not necessarily what the target read. Each
response records the composition of the passages it returned (`retrieved`); this
section averages it per variant: for a noise ratio the achieved noise share sits next
to the labelled one, for the negative variant the positive share (0 when no answer
was left to find), for the counterfactual one the planted share.
"""

from __future__ import annotations

from html import escape
from statistics import fmean

from ragstress.core.types import TESTBEDS, Case
from ragstress.reports.e2e_model import E2ERow, E2ESection
from ragstress.reports.labels import bi_span
from ragstress.reports.rundir import RunData

TITLE = ("End to end: what the target retrieved", "端到端：目标系统检索到的内容")
INTRO = (
    "Mean share of the passages the target returned that hold the answer (positive), neither answer (noise) or "
    "the planted answer (counterfactual), per variant of the index; beside it the noise ratio the cases are "
    "labelled with. Cases whose target returned no passages are counted but not averaged.",
    "目标系统返回的段落中含正确答案（正例）、不含任何答案（噪声）或含植入的错误答案（反事实）的平均比例，按索引变体统计；"
    "旁列测试用例标注的噪声比例。未返回段落的用例计入数量但不参与平均。",
)
COLUMNS = (
    ("Variant", "变体"),
    ("Labelled noise", "标注噪声比例"),
    ("Achieved noise", "实际噪声比例"),
    ("Positive", "正例比例"),
    ("Counterfactual", "反事实比例"),
    ("Cases (with passages)", "用例数（有返回段落）"),
)


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
        ratio = _ratio(case) if case.testbed == "noise" else None
        variant = case.testbed if ratio is None else f"noise@{ratio:g}"
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
                labelled_noise=ratio if variant.startswith("noise@") else None,
                n_cases=len(items),
                n_with_contexts=len(known),
                noise=mean("noise"),
                positive=mean("positive"),
                counterfactual=mean("counterfactual"),
            )
        )
    return E2ESection(rows=rows)


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _cells(row: E2ERow) -> list[str]:
    return [
        row.variant,
        _share(row.labelled_noise),
        _share(row.noise),
        _share(row.positive),
        _share(row.counterfactual),
        f"{row.n_cases} ({row.n_with_contexts})",
    ]


def e2e_lines(section: E2ESection | None) -> list[str]:
    """The section in Markdown (no lines when the run was not end to end)."""
    if section is None:
        return []
    lines = [f"## {TITLE[0]} · {TITLE[1]}", "", INTRO[0], "", INTRO[1], ""]
    lines += ["| " + " | ".join(f"{en} · {zh}" for en, zh in COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(_cells(row)) + " |" for row in section.rows]
    return lines + [""]


def e2e_html(section: E2ESection | None) -> str:
    """The section as escaped HTML (empty when the run was not end to end)."""
    if section is None:
        return ""
    head = "".join(f"<th>{bi_span(pair)}</th>" for pair in COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell, quote=True)}</td>" for cell in _cells(row)) + "</tr>"
        for row in section.rows
    )
    return (
        f'<section id="e2e"><h2>{bi_span(TITLE)}</h2><p>{bi_span(INTRO)}</p>'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>"
    )
