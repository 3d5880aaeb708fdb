"""The results card in report.md, report.html and the comparison (rows built by src/ragstress/reports/card.py)."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ragstress.reports.card import ALL_LANGS
from ragstress.reports.describe import rule_set_label
from ragstress.reports.model import CardRow, CompareCardRow, Estimate, MetricInfo, Report
from ragstress.reports.render.labels import LABELS, bi_span, fmt_estimate, metric_label

CARD_LABELS: dict[str, tuple[str, str]] = {
    "card": ("Results card", "结果摘要"),
    "headline": ("Headline metric", "核心指标"),
    "rule_set": ("Rule set", "规则集"),
    "rgb_exact": ("RGB-exact", "RGB 原始规则"),
    "n": ("n", "样本数"),
    "value": ("Value [95% CI]", "数值 [95% 置信区间]"),
    "language": ("Language", "语言"),
    "en": ("English", "英文"),
    "zh": ("Chinese", "中文"),
    "mixed": ("Mixed", "混合"),
    "card_note": (
        "Value is the share of cases (or the mean) with its 95% interval; n counts the cases in the cell. "
        "Counterfactual rows are scored on the cases the target answers correctly closed-book (known), or on every "
        "case by the corpus's own passages when it knows none (corpus view), as the counterfactual section is.",
        "数值为比例（或均值）及其 95% 置信区间；n 为该格中的用例数。反事实一行统计目标闭卷答对的用例（已知子集）；"
        "目标闭卷一个都答不对时，按语料自身段落统计全部用例（语料视角），与反事实一节一致。",
    ),
}


def _pair(key: str) -> tuple[str, str]:
    """(English, Chinese) for a card column, a testbed or a language row."""
    if key in CARD_LABELS:
        return CARD_LABELS[key]
    if key == ALL_LANGS:
        return LABELS["all"]
    return LABELS.get(key, (key, key))


def _rule_pair(row: CardRow, report: Report) -> tuple[str, str]:
    info = report.metric_table.get(row.metric)
    return rule_set_label(row.metric, info, report.header.judge, report.header.judge_prompts)


BASIS_LABELS = {"known": ("known closed-book", "闭卷已知子集"), "corpus": ("corpus view", "语料视角")}


def _testbed_pair(row: CardRow) -> tuple[str, str]:
    """The testbed's name, with the basis of a counterfactual row."""
    en, zh = _pair(row.testbed)
    if row.basis is None:
        return en, zh
    basis = BASIS_LABELS[row.basis]
    return f"{en} ({basis[0]})", f"{zh}（{basis[1]}）"


def _with_n(est: Estimate | None) -> str:
    return "—" if est is None else f"{fmt_estimate(est)} (n={est.n})"


def _columns(rows: list[CardRow]) -> list[str]:
    keys = ["testbed", "language", "headline", "value", "n", "rule_set"]
    return keys + (["rgb_exact"] if any(r.rgb_exact is not None for r in rows) else [])


def _cells(row: CardRow, report: Report) -> dict[str, tuple[str, str] | str]:
    """A row's cells: label pairs (English, Chinese) or plain text that reads the same in both."""
    return {
        "testbed": _testbed_pair(row),
        "language": _pair(row.lang),
        "headline": metric_label(row.metric, report.metric_table),
        "value": fmt_estimate(row.headline),
        "n": str(row.headline.n),
        "rule_set": _rule_pair(row, report),
        "rgb_exact": _with_n(row.rgb_exact),
    }


def _md(text: object) -> str:
    # As markdown.cell (which imports this module, so cannot be imported here).
    return escape(str(text), quote=False).replace("|", "\\|").replace("\n", " ").replace("`", "\\`")


def card_markdown(report: Report) -> list[str]:
    """The card as Markdown lines (empty when the run has no cases to report)."""
    if not report.card:
        return []
    columns = _columns(report.card)
    header = [" · ".join(_pair(c)) for c in columns]
    lines = [f"## {' · '.join(CARD_LABELS['card'])}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in report.card:
        cells = _cells(row, report)
        lines.append(
            "| " + " | ".join(_md(" · ".join(v) if isinstance(v, tuple) else v) for v in map(cells.get, columns)) + " |"
        )
    lines += ["", CARD_LABELS["card_note"][0], "", CARD_LABELS["card_note"][1], ""]
    return lines


def card_html(report: Report) -> str:
    """The card as an HTML section (empty when the run has no cases to report)."""
    if not report.card:
        return ""
    columns = _columns(report.card)
    head = "".join(f"<th>{bi_span(_pair(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{bi_span(v)}</td>" for v in map(_cells(row, report).get, columns)) + "</tr>"
        for row in report.card
    )
    return (
        f'<section id="card"><h2>{bi_span(CARD_LABELS["card"])}</h2>'
        f'<table class="card"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        f'<p class="muted">{bi_span(CARD_LABELS["card_note"])}</p></section>'
    )


def _compare_columns(rows: list[CompareCardRow], names: list[str]) -> list[tuple[str, str] | str]:
    columns: list[tuple[str, str] | str] = [_pair("testbed"), _pair("language"), _pair("headline")]
    columns += [f"{name}: {CARD_LABELS['value'][0]}" for name in names]
    if any(r.rgb_exact for r in rows):
        columns += [f"{name}: {CARD_LABELS['rgb_exact'][0]}" for name in names]
    return columns + [_pair("rule_set")]


def _compare_cells(row: CompareCardRow, table: Mapping[str, MetricInfo], with_rgb: bool) -> list[tuple[str, str] | str]:
    cells: list[tuple[str, str] | str] = [_pair(row.testbed), _pair(row.lang), metric_label(row.metric, table)]
    cells += [_with_n(e) for e in row.estimates]
    if with_rgb:
        cells += [_with_n(e) for e in row.rgb_exact] if row.rgb_exact else ["—"] * len(row.estimates)
    return cells + [row.rule_set]


def compare_card_markdown(rows: list[CompareCardRow], names: list[str], table: Mapping[str, MetricInfo]) -> list[str]:
    """The side-by-side card in Markdown (empty without rows)."""
    if not rows:
        return []
    with_rgb = any(r.rgb_exact for r in rows)
    text = lambda v: _md(" · ".join(v) if isinstance(v, tuple) else v)  # noqa: E731
    header = [text(c) for c in _compare_columns(rows, names)]
    lines = [f"## {' · '.join(CARD_LABELS['card'])}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(text(c) for c in _compare_cells(r, table, with_rgb)) + " |" for r in rows]
    return lines + ["", CARD_LABELS["card_note"][0], "", CARD_LABELS["card_note"][1], ""]


def compare_card_html(rows: list[CompareCardRow], names: list[str], table: Mapping[str, MetricInfo]) -> str:
    """The side-by-side card as an HTML section (empty without rows)."""
    if not rows:
        return ""
    with_rgb = any(r.rgb_exact for r in rows)
    head = "".join(f"<th>{bi_span(c)}</th>" for c in _compare_columns(rows, names))
    body = "".join(
        "<tr>" + "".join(f"<td>{bi_span(c)}</td>" for c in _compare_cells(r, table, with_rgb)) + "</tr>" for r in rows
    )
    return (
        f'<section id="card"><h2>{bi_span(CARD_LABELS["card"])}</h2>'
        f'<table class="card compare-card"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        f'<p class="muted">{bi_span(CARD_LABELS["card_note"])}</p></section>'
    )
