"""The conflict, style, position and injection sections of report.html and report.md.

Each section is a table built once as plain cells, then written as HTML or Markdown; the
curves that go with them are drawn by curve_render.py with the rest.
"""

from __future__ import annotations

from html import escape

from ragstress.reports.model import Report
from ragstress.reports.model.estimate import Estimate
from ragstress.reports.render.injection_render import SECTION as INJECTION_SECTION
from ragstress.reports.render.injection_render import injection_table
from ragstress.reports.render.labels import fmt_estimate

Pair = tuple[str, str]
SECTIONS: dict[str, tuple[Pair, Pair]] = {
    "conflict": (
        ("Knowledge conflict", "知识冲突"),
        (
            "k of n answer-bearing passages carry a planted answer (the share is exact), then every passage with a "
            "planted value near (small), far (medium) or absurdly far (large) from the truth. Adoption is the planted "
            "answer stated as the answer (lower is better), split by whether the target knows the fact closed-book.",
            "n 段含答案的资料中有 k 段被植入错误答案（比例精确），另有全部资料都被植入、且植入值与真值相差小、中、大三档的用例。"
            "“采信”指把植入的答案当作答案说出（越低越好），并按目标闭卷时是否知道该事实分开统计。",
        ),
    ),
    "style": (
        ("Query style", "提问风格"),
        (
            "The same question over the same passages, asked in each style; the difference is styled minus original "
            "accuracy, paired by seed, with a 95% interval resampled by seed.",
            "同一问题、同一组资料，用不同风格提问；差值为该风格准确率减去原始措辞准确率，按种子问题配对，95% 置信区间按种子重抽样。",
        ),
    ),
    "position": (
        ("Answer passage position", "答案段落位置"),
        (
            "The answer-bearing passage placed in each slot among the same noise passages (slot 1 is first).",
            "含答案的段落依次放在同一组噪声段落中的每个位置（位置 1 为最前）。",
        ),
    ),
    "injection": INJECTION_SECTION,
}


STYLE_NAMES: dict[str, Pair] = {
    "typo": ("typo", "错别字"),
    "informal": ("informal", "口语化"),
    "grammar": ("grammar errors", "语病与语序错误"),
    "distracting": ("distracting aside", "无关插话"),
    "preamble": ("preamble", "背景铺垫"),
}
DEVIATION_NAMES: dict[str, Pair] = {
    "small": ("every passage planted, small deviation", "全部植入，偏差小"),
    "medium": ("every passage planted, medium deviation", "全部植入，偏差中"),
    "large": ("every passage planted, large deviation", "全部植入，偏差大"),
}
Cell = str | Pair
"""A table cell: plain text, or a label in (English, Chinese)."""


def _planted(axis: str, label: str) -> Pair:
    if axis == "share":
        return (f"{label} of passages planted", f"{label} 的段落被植入")
    return DEVIATION_NAMES.get(label, (label, label))


def _est(est: Estimate | None) -> str:
    return "—" if est is None else fmt_estimate(est)


def _signed(value: float | None, low: float | None, high: float | None) -> str:
    return "—" if value is None else f"{value:+.3f} [{low:+.3f}, {high:+.3f}]"


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def tables(report: Report) -> list[tuple[str, list[Pair], list[list[Cell]]]]:
    """(section key, bilingual column heads, rows) for each beyond-RGB section the report has."""
    out = []
    if report.conflict is not None:
        heads = [
            ("Planted", "植入"),
            ("n", "n"),
            ("Truth kept", "保留真值"),
            ("Adoption", "采信错误资料"),
            ("Adoption, known", "采信（已知）"),
            ("Adoption, unknown", "采信（未知）"),
            ("Conflict acknowledged", "指出矛盾"),
            ("Acknowledged (judged)", "指出矛盾（评审）"),
            ("Declined", "拒答"),
        ]
        rows = [
            [
                _planted(c.axis, c.label),
                str(c.n_cases),
                *map(_est, (c.truth_kept, c.adoption, c.adoption_known, c.adoption_unknown)),
                *map(_est, (c.acknowledged, c.acknowledged_judged, c.declined)),
            ]
            for c in report.conflict.cells
        ]
        out.append(("conflict", heads, rows))
    if report.style is not None:
        heads = [
            ("Style", "风格"),
            ("Seeds", "种子数"),
            ("Original", "原始措辞"),
            ("Styled", "该风格"),
            ("Difference", "差值"),
            ("Retrieved, styled", "检索命中（该风格）"),
            ("Retrieved, original", "检索命中（原始）"),
        ]
        rows = [
            [
                STYLE_NAMES.get(r.style, (r.style, r.style)),
                str(r.n_pairs),
                _est(r.original),
                _est(r.styled),
                _signed(r.difference, r.low, r.high),
                _share(r.retrieval_styled),
                _share(r.retrieval_original),
            ]
            for r in report.style.rows
        ]
        out.append(("style", heads, rows))
    if report.position is not None:
        langs = list(report.position.by_lang)
        heads = [("Slot", "位置"), ("Accuracy", "准确率"), *((lang, lang) for lang in langs)]
        rows = [
            [str(slot), _est(est), *(_est(report.position.by_lang[lang][slot - 1]) for lang in langs)]
            for slot, est in enumerate(report.position.by_slot, start=1)
        ]
        out.append(("position", heads, rows))
    if (injection := injection_table(report)) is not None:
        out.append(("injection", *injection))
    return out


def _bi(pair: Pair) -> str:
    en, zh = (escape(text) for text in pair)
    return f'<span class="en" lang="en">{en}</span><span class="zh" lang="zh">{zh}</span>'


def _html(cell: Cell) -> str:
    return escape(cell) if isinstance(cell, str) else _bi(cell)


def _text(cell: Cell) -> str:
    text = cell if isinstance(cell, str) else f"{cell[0]} · {cell[1]}"
    return text.replace("|", "\\|")


def beyond_html(report: Report) -> str:
    """The sections as HTML ('' when the run has none of these testbeds)."""
    parts = []
    for key, heads, rows in tables(report):
        title, intro = SECTIONS[key]
        head = "".join(f"<th>{_bi(h)}</th>" for h in heads)
        body = "".join("<tr>" + "".join(f"<td>{_html(x)}</td>" for x in row) + "</tr>" for row in rows)
        parts.append(
            f'<section id="{key}"><h2>{_bi(title)}</h2><p>{_bi(intro)}</p>'
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>"
        )
    return "\n".join(parts)


def beyond_lines(report: Report) -> list[str]:
    """The sections as Markdown lines."""
    lines: list[str] = []
    for key, heads, rows in tables(report):
        (en, zh), (intro_en, intro_zh) = SECTIONS[key]
        lines += [f"## {en} · {zh}", "", intro_en, "", intro_zh, ""]
        lines.append("| " + " | ".join(h[0] if h[0] == h[1] else f"{h[0]} · {h[1]}" for h in heads) + " |")
        lines.append("|" + "---|" * len(heads))
        lines += ["| " + " | ".join(_text(cell) for cell in row) + " |" for row in rows]
        lines.append("")
    return lines
