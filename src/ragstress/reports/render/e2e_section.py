"""Rendering the report's e2e section (built by src/ragstress/reports/e2e.py) in report.md and report.html."""

from __future__ import annotations

from html import escape

from ragstress.reports.model.e2e import E2ERow, E2ESection
from ragstress.reports.render.labels import bi_span

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
