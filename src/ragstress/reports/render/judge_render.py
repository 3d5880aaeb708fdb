"""The judge's sections of report.html and report.md: calibration with human labels.

The HTML pieces are escaped markup (the same en/zh toggle classes as the rest of the
report); the Markdown pieces are lines. Both are built from report.json's fields only.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ragstress.reports.model import MetricInfo, Report
from ragstress.reports.model.judge import CalibratedMetric, Calibration, Reliability, Span
from ragstress.reports.render.labels import metric_label

TITLE = ("Judge calibration with human labels", "基于人工标注的评审校准")
INTRO = (
    "Judged metrics corrected with prediction-powered inference (PPI): the calibrated column replaces the raw "
    "judge rate; the interval accounts for both the judge's and the labels' noise. See docs/calibration.md.",
    "模型评审指标经预测驱动推断（PPI）用人工标注校正：校准列取代评审模型的原始比率；区间同时计入评审与标注的不确定性。"
    "详见 docs/calibration.md。",
)
COLUMNS = (
    ("Metric", "指标"),
    ("Judge (raw)", "评审原始值"),
    ("Calibrated (PPI)", "校准值（PPI）"),
    ("Labels alone", "仅人工标注"),
    ("Labels / judged", "标注数 / 评审数"),
    ("Agreement", "一致率"),
    ("Cohen's κ", "Cohen κ"),
    ("Effective n", "有效样本量"),
    ("Note", "说明"),
)


def fmt_span(span: Span | None) -> str:
    """'0.700 [0.600, 0.800]', or '—' when there is nothing to show."""
    return "—" if span is None else f"{span.value:.3f} [{span.low:.3f}, {span.high:.3f}]"


def _number(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _cells(row: CalibratedMetric, table: Mapping[str, MetricInfo]) -> list[str]:
    en, zh = metric_label(row.metric, table)
    return [
        f"{en} · {zh} ({row.metric})",
        fmt_span(row.judge),
        fmt_span(row.calibrated),
        fmt_span(row.labels_only),
        f"{row.n_labels} / {row.n_judged}",
        _number(row.agreement),
        _number(row.kappa),
        _number(row.effective_n, 0),
        row.note or "",
    ]


def _summary(cal: Calibration) -> str:
    return (
        f"{cal.label_file} (sha256 {cal.label_sha256[:12]}): {cal.n_labelled} labels, "
        f"{cal.n_blank} blank of {cal.n_rows} rows. Method: {cal.method}."
    )


def _bi(pair: tuple[str, str], tag: str = "span") -> str:
    en, zh = pair
    return f'<{tag} class="en" lang="en">{escape(en)}</{tag}><{tag} class="zh" lang="zh">{escape(zh)}</{tag}>'


def calibration_html(cal: Calibration | None, table: Mapping[str, MetricInfo]) -> str:
    """The calibration section of report.html, or '' without a label file."""
    if cal is None:
        return ""
    head = "".join(f"<th>{_bi(c)}</th>" for c in COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(text)}</td>" for text in _cells(row, table)) + "</tr>" for row in cal.metrics
    )
    notes = "".join(f"<li>{escape(n)}</li>" for n in cal.notes)
    return (
        f'<section id="calibration"><h2>{_bi(TITLE)}</h2><p>{_bi(INTRO)}</p>'
        f'<p class="muted">{escape(_summary(cal))}</p>'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        + (f"<ul>{notes}</ul>" if notes else "")
        + "</section>"
    )


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def calibration_lines(cal: Calibration | None, table: Mapping[str, MetricInfo]) -> list[str]:
    """The calibration section of report.md, or [] without a label file."""
    if cal is None:
        return []
    lines = [f"## {TITLE[0]} · {TITLE[1]}", "", INTRO[0], "", INTRO[1], "", _md_cell(_summary(cal)), ""]
    lines.append("| " + " | ".join(f"{en} · {zh}" for en, zh in COLUMNS) + " |")
    lines.append("|" + "---|" * len(COLUMNS))
    lines += ["| " + " | ".join(_md_cell(c) for c in _cells(row, table)) + " |" for row in cal.metrics]
    lines += [""] + [f"- {_md_cell(n)}" for n in cal.notes] + ([""] if cal.notes else [])
    return lines


RELIABILITY_TITLE = ("Judge reliability", "评审可靠性")
RELIABILITY_INTRO = (
    "Each sampled case judged again several times (sampled, a distinct request each): self-consistency is the mean "
    "share of agreeing pairs of verdicts; a flip is a case whose verdict changes. LOW marks an unsteady metric.",
    "抽样用例由评审模型重复评审多次（采样生成，每次均为独立请求）：自洽度为各用例判决两两一致的平均比例；"
    "翻转指判决前后不一致的用例。LOW 表示该指标判决不稳定。",
)
RELIABILITY_COLUMNS = (
    ("Metric", "指标"),
    ("Cases × repeats", "用例数 × 重复次数"),
    ("Self-consistency", "自洽度"),
    ("Flipped verdicts", "翻转比例"),
    ("Second judge: agreement / κ (n)", "第二评审：一致率 / κ（n）"),
    ("Failed repeats", "失败的重复评审"),
)
NOT_MEASURED = (
    "Not measured for this run: `ragstress reliability RUN` judges a sample again to measure it.",
    "本次运行未测量：`ragstress reliability RUN` 会对抽样用例重复评审以测量。",
)


def _reliability_rows(rel: Reliability, table: Mapping[str, MetricInfo]) -> list[list[str]]:
    rows = []
    for m in rel.metrics:
        en, zh = metric_label(m.metric, table)
        consistency = _number(m.self_consistency, 2) + (" LOW" if m.low else "")
        flips = "—" if m.flip_share is None else f"{m.flip_share:.0%}"
        second = (
            "—"
            if m.judge2_agreement is None
            else f"{m.judge2_agreement:.2f} / {_number(m.judge2_kappa, 2)} ({m.judge2_n})"
        )
        rows.append(
            [f"{en} · {zh} ({m.metric})", f"{m.n_cases} × {m.repeats}", consistency, flips, second, str(m.n_errors)]
        )
    return rows


def _models(rel: Reliability) -> str:
    text = f"judge: {', '.join(rel.judge_models) or '—'}"
    return text + (f"; second judge: {', '.join(rel.judge2_models)}" if rel.judge2_models else "")


def reliability_html(rel: Reliability | None, table: Mapping[str, MetricInfo], judged: bool) -> str:
    """The reliability section of report.html ('' for a run with no judged metric)."""
    if rel is None:
        return (
            f'<section id="reliability"><h2>{_bi(RELIABILITY_TITLE)}</h2><p>{_bi(NOT_MEASURED)}</p></section>'
            if judged
            else ""
        )
    head = "".join(f"<th>{_bi(c)}</th>" for c in RELIABILITY_COLUMNS)
    body = "".join(
        ('<tr class="low">' if m.low else "<tr>") + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
        for m, row in zip(rel.metrics, _reliability_rows(rel, table), strict=True)
    )
    return (
        f'<section id="reliability"><h2>{_bi(RELIABILITY_TITLE)}</h2><p>{_bi(RELIABILITY_INTRO)}</p>'
        f'<p class="muted">{escape(_models(rel))}</p>'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>"
    )


def reliability_lines(rel: Reliability | None, table: Mapping[str, MetricInfo], judged: bool) -> list[str]:
    """The reliability section of report.md ([] for a run with no judged metric)."""
    title = f"## {RELIABILITY_TITLE[0]} · {RELIABILITY_TITLE[1]}"
    if rel is None:
        return [title, "", NOT_MEASURED[0], "", NOT_MEASURED[1], ""] if judged else []
    lines = [title, "", RELIABILITY_INTRO[0], "", RELIABILITY_INTRO[1], "", _md_cell(_models(rel)), ""]
    lines.append("| " + " | ".join(f"{en} · {zh}" for en, zh in RELIABILITY_COLUMNS) + " |")
    lines.append("|" + "---|" * len(RELIABILITY_COLUMNS))
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in _reliability_rows(rel, table)]
    return lines + [""]


def judge_sections_html(report: Report) -> str:
    """Reliability, then calibration: the report's sections on how far the judge can be trusted."""
    judged = any(row.kind == "judged" for row in report.metrics)
    return reliability_html(report.reliability, report.metric_table, judged) + calibration_html(
        report.calibration, report.metric_table
    )


def judge_sections_lines(report: Report) -> list[str]:
    """The same two sections for report.md."""
    judged = any(row.kind == "judged" for row in report.metrics)
    return reliability_lines(report.reliability, report.metric_table, judged) + calibration_lines(
        report.calibration, report.metric_table
    )


COMPARE_NOTE = (
    "Judged metrics calibrated with each run's own label file (PPI, over the run's cases): judge → calibrated [95% CI].",
    "模型评审指标按各运行自己的标注文件校准（PPI，基于该运行的全部用例）：评审原始值 → 校准值 [95% 置信区间]。",
)


def _compare_rows(names: list[str], reports: list[Report]) -> list[list[str]]:
    metrics = list(dict.fromkeys(m.metric for r in reports if r.calibration for m in r.calibration.metrics))
    rows = []
    for metric in metrics:
        row = [metric]
        for report in reports:
            found = [m for m in report.calibration.metrics if m.metric == metric] if report.calibration else []
            row.append(f"{found[0].judge.value:.3f} → {fmt_span(found[0].calibrated)}" if found else "—")
        rows.append(row)
    return rows


def compare_calibration_html(names: list[str], reports: list[Report]) -> str:
    """The comparison's calibrated table ('' when no run has a label file)."""
    rows = _compare_rows(names, reports)
    if not rows:
        return ""
    head = "<th>metric</th>" + "".join(f"<th>{escape(n)}</th>" for n in names)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<section id="calibration"><h2>{_bi(TITLE)}</h2><p>{_bi(COMPARE_NOTE)}</p>'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></section>"
    )


def compare_calibration_lines(names: list[str], reports: list[Report]) -> list[str]:
    """The same table for compare.md ([] when no run has a label file)."""
    rows = _compare_rows(names, reports)
    if not rows:
        return []
    lines = [f"## {TITLE[0]} · {TITLE[1]}", "", COMPARE_NOTE[0], "", COMPARE_NOTE[1], ""]
    lines += ["| metric | " + " | ".join(_md_cell(n) for n in names) + " |", "|" + "---|" * (len(names) + 1)]
    return lines + ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows] + [""]
