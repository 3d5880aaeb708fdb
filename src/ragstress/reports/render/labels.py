"""UI labels in English and Chinese, shared by the Markdown and HTML renderers.

Section and field labels live here; metric labels come from the metric table.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ragstress.reports.model import Estimate, MetricInfo, RunHeader
from ragstress.reports.reading.metric_table import info_for

LABELS: dict[str, tuple[str, str]] = {
    "title": ("RAG robustness report", "RAG 鲁棒性报告"),
    "compare_title": ("RAG robustness comparison", "RAG 鲁棒性对比"),
    "header": ("Run", "运行信息"),
    "noise": ("Noise robustness", "噪声鲁棒性"),
    "negative": ("Negative rejection", "否定拒答"),
    "integration": ("Information integration", "信息整合"),
    "counterfactual": ("Counterfactual robustness", "反事实鲁棒性"),
    "conflict": ("Knowledge conflict", "知识冲突"),
    "style": ("Query style", "提问风格"),
    "position": ("Answer position", "答案位置"),
    "injection": ("Prompt injection", "提示注入"),
    "metrics": ("Judge and other metrics", "评审模型及其他指标"),
    "cases": ("Cases", "用例明细"),
    "warnings": ("Warnings", "警告"),
    "gating": ("Thresholds", "阈值检查"),
    "noise_ratio": ("Noise ratio", "噪声比例"),
    "accuracy": ("Accuracy", "准确率"),
    "partial_credit": ("Per-fact partial credit", "逐事实部分得分"),
    "ci": ("95% CI", "95% 置信区间"),
    "counts": ("n / scored / errored / unscored / missing", "总数 / 已评分 / 出错 / 未评分 / 缺失"),
    "rejection": ("Rejection rate (phrase)", "拒答率（短语匹配）"),
    "rejection_judged": ("Rejection rate (judged)", "拒答率（模型评审）"),
    "over_refusal": ("Over-refusal on answerable cases (lower is better)", "可回答用例的过度拒答率（越低越好）"),
    "closed_book_accuracy": ("Closed-book accuracy (all cases)", "闭卷准确率（全部用例）"),
    "accuracy_with_counterfactual": ("Accuracy with counterfactual documents", "反事实文档下的准确率"),
    "error_detection": ("Error detection (phrase)", "错误检测率（短语匹配）"),
    "error_detection_judged": ("Error detection (judged)", "错误检测率（模型评审）"),
    "error_correction": ("Error correction", "错误纠正率"),
    "known_subset": ("Scored on the cases the target answers correctly closed-book", "仅在目标闭卷答对的用例上评分"),
    "corpus_view": (
        "The target knows none of these facts closed-book (a private corpus): scored on every case against the "
        "corpus's own passages",
        "目标闭卷不知道这些事实（私有语料）：以语料原文为准，在全部用例上评分",
    ),
    "all_cf_cases": ("Same metrics over every counterfactual case", "全部反事实用例上的同一指标"),
    "metric": ("Metric", "指标"),
    "kind": ("Kind", "类型"),
    "kind_deterministic": ("deterministic", "确定性规则"),
    "kind_judged": ("judged", "模型评审"),
    "kind_embedding": ("embedding", "向量相似度"),
    "kind_other": ("other", "其他"),
    "value": ("Value", "数值"),
    "field": ("Field", "字段"),
    "overall": ("Overall", "总体"),
    "language": ("Language", "语言"),
    "testbed": ("Testbed", "测试集"),
    "all": ("all", "全部"),
    "failures_only": ("Failures only", "仅失败"),
    "errors_only": ("Errors only", "仅错误"),
    "question": ("Question", "问题"),
    "passages": ("Passages", "段落"),
    "response": ("Response", "回答"),
    "closed_book": ("Closed-book response", "闭卷回答"),
    "expected": ("Expected answer", "期望答案"),
    "fake_answer": ("Planted answer", "植入的错误答案"),
    "scores": ("Scores", "评分"),
    "shown": ("cases shown", "条用例显示中"),
    "not_recorded": ("not recorded", "未记录"),
    "no_cases": ("No cases in this run.", "本次运行没有此类用例。"),
    "chart": ("Accuracy against noise ratio", "准确率随噪声比例的变化"),
    "difference": ("Difference (B − A)", "差值（B − A）"),
    "side_by_side": ("Side by side", "并列对比"),
    "verdict": ("Verdict", "结论"),
    # Shown beside header.judge_warning, the only warning the header carries.
    "bundled_judge_zh": (
        "",
        "评审模型是内置的 SmolLM2-135M-Instruct（1.35 亿参数），仅用于离线演示和测试；其评审结论不可靠，"
        "本报告中的模型评审指标不应作为结果发布。",
    ),
}


def bi_span(pair: tuple[str, str] | str, tag: str = "span") -> str:
    """HTML for a (English, Chinese) pair, escaped, each in its own element (the page shows one); a str as is."""
    if isinstance(pair, str):
        return escape(pair, quote=True)
    en, zh = (escape(text, quote=True) for text in pair)
    return f'<{tag} class="en" lang="en">{en}</{tag}><{tag} class="zh" lang="zh">{zh}</{tag}>'


def bilingual(key: str) -> str:
    """'English · 中文' for plain-text outputs (Markdown, CLI)."""
    en, zh = LABELS[key]
    return f"{en} · {zh}"


def metric_label(metric: str, table: Mapping[str, MetricInfo]) -> tuple[str, str]:
    """(English, Chinese) display names of a metric from the report's metric table.

    Metric labels live with the metric definitions (the `metric` decorator); a name
    the table lacks is looked up in the registry, else shown as itself.
    """
    info = info_for(metric, table)
    return info.label_en, info.label_zh


def fmt_value(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def fmt_estimate(est: Estimate) -> str:
    """'0.700 [0.397, 0.892]' or '— (none scored)'."""
    if est.value is None:
        return "— (none scored)"
    return f"{est.value:.3f} [{est.low:.3f}, {est.high:.3f}]"


def scored_rows(header: RunHeader, rows: list[tuple[str, Estimate]]) -> list[tuple[str, Estimate]]:
    """The (label, estimate) rows whose metric the run scored: a metric left out of --metrics gets no row.

    A run that records no metric list (made before it was recorded) keeps every row.
    """
    chosen = set(header.metrics_used)
    return [(label, est) for label, est in rows if not chosen or est.metric in chosen]


def fmt_counts(est: Estimate) -> str:
    """'n=10 scored=9 errored=1' plus unscored/missing only when non-zero."""
    parts = [f"n={est.n}", f"scored={est.n_scored}", f"errored={est.n_errored}"]
    if est.n_unscored:
        parts.append(f"unscored={est.n_unscored}")
    if est.n_missing:
        parts.append(f"missing={est.n_missing}")
    if est.n_uncertain:
        parts.append(f"uncertain={est.n_uncertain} ({est.n_uncertain / max(est.n_scored, 1):.0%})")
        if est.uncertain_bounds:
            # The rate's range if every uncertain verdict went the other way (all to fail, all to pass).
            parts.append("if uncertain flipped · 不确定判定改判后 [{:.3f}, {:.3f}]".format(*est.uncertain_bounds))
    if est.n_target_errors:
        parts.append(
            f"target errors={est.n_target_errors} "
            + ("counted as fails" if est.errors_counted else "EXCLUDED from the rate")
        )
    return " ".join(parts)


def errors_by_testbed(header: RunHeader) -> str:
    """'noise 3/25, negative 0/10, ...': cases the target failed on, per testbed."""
    by_testbed = header.counts.cases_by_testbed
    errors = header.counts.response_errors_by_testbed
    return ", ".join(f"{t} {errors.get(t, 0)}/{n}" for t, n in by_testbed.items()) or "—"
