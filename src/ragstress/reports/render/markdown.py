"""report.md: the per-dimension tables in Markdown, headings in English and Chinese.

Any text that did not come from this module (names, models, warnings, ids) goes
through `cell`, so it cannot open HTML or break a table where the Markdown is rendered.
"""

from __future__ import annotations

from html import escape

from ragstress.core.types import RGB_TESTBEDS, TESTBEDS
from ragstress.reports.describe import host_of
from ragstress.reports.errors import all_failed_zh
from ragstress.reports.model import Estimate, RatioPoint, Report, RunHeader
from ragstress.reports.render.beyond_render import beyond_lines
from ragstress.reports.render.card import card_markdown
from ragstress.reports.render.curve_render import curves_lines
from ragstress.reports.render.e2e_section import e2e_lines
from ragstress.reports.render.front_matter import FIELD_LABELS, header_fields, methods_markdown, prompts_markdown
from ragstress.reports.render.judge_render import judge_sections_lines
from ragstress.reports.render.labels import (
    LABELS,
    bilingual,
    fmt_counts,
    fmt_estimate,
    fmt_value,
    metric_label,
    scored_rows,
)

GATE_ON_TEXT = {"point": "the point estimate", "lower": "the 95% interval's end on the failing side"}


def cell(text: object) -> str:
    """Text made safe for a Markdown table cell (HTML-escaped, pipes and newlines neutralised)."""
    return escape(str(text), quote=False).replace("|", "\\|").replace("\n", " ").replace("`", "\\`")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines + [""]


def _estimate_row(label: str, est: Estimate) -> list[str]:
    return [label, fmt_estimate(est), est.method, fmt_counts(est)]


EST_HEADER = [bilingual("metric"), f"{LABELS['value'][0]} {LABELS['ci'][0]}", "CI method", bilingual("counts")]


def _or_missing(value: object) -> str:
    return cell(value) if value not in (None, "", {}, []) else f"_{LABELS['not_recorded'][0]}_"


def header_lines(h: RunHeader) -> list[str]:
    lines = [f"## {bilingual('header')}", ""]
    if h.judge_warning:
        lines += [f"> **Warning · 警告:** {cell(h.judge_warning)}", ">", f"> {cell(LABELS['bundled_judge_zh'][1])}", ""]
    rows = [[" · ".join(FIELD_LABELS[key]), _or_missing(value)] for key, value in header_fields(h)]
    lines += _table([bilingual("field"), bilingual("value")], rows)
    lines += prompts_markdown(h, cell)
    if h.roles:
        usage = [
            [
                cell(r.stage),
                cell(r.role),
                _or_missing(r.model),
                _or_missing(host_of(r.base_url) or ("bundled" if r.bundled else None)),
                *(
                    _or_missing(getattr(r, f))
                    for f in ("requests", "retries", "failures", "cache_hits", "prompt_tokens", "completion_tokens")
                ),
            ]
            for r in h.roles
        ]
        lines += _table(
            [
                "stage",
                "role",
                "model",
                "endpoint",
                "requests",
                "retries",
                "failures",
                "cache hits",
                "prompt tokens",
                "completion tokens",
            ],
            usage,
        )
    return lines


def _points_table(points: list[RatioPoint], with_partial: bool) -> list[str]:
    rows = []
    for p in points:
        ratio = "not recorded" if p.noise_ratio is None else f"{p.noise_ratio:g}"
        row = [ratio, fmt_estimate(p.accuracy), fmt_counts(p.accuracy)]
        if with_partial and p.partial_credit is not None:
            row.append(fmt_estimate(p.partial_credit))
        row.append(cell("; ".join(f"{lang} {fmt_estimate(e)} (n={e.n})" for lang, e in p.by_lang.items())) or "—")
        rows.append(row)
    header = [bilingual("noise_ratio"), f"{LABELS['accuracy'][0]} {LABELS['ci'][0]}", bilingual("counts")]
    if with_partial:
        header.append(bilingual("partial_credit"))
    return _table(header + ["by language"], rows)


def testbed_columns(report: Report) -> list[str]:
    """RGB's four testbeds, then those past them that the run scored."""
    scored = {t for row in report.metrics for t in row.by_testbed}
    return [t for t in TESTBEDS if t in RGB_TESTBEDS or t in scored]


def _estimate_table(report: Report, rows: list[tuple[str, Estimate]]) -> list[str]:
    """A table of estimates, one row per metric the run scored; nothing when it scored none of them."""
    shown = scored_rows(report.header, rows)
    return _table(EST_HEADER, [_estimate_row(label, est) for label, est in shown]) if shown else []


def section_lines(report: Report) -> list[str]:
    """The four dimension sections and the judge-metrics table."""
    lines = [f"## {bilingual('noise')}", ""]
    lines += _estimate_table(report, [(bilingual("overall"), report.noise.overall)])
    lines += _points_table(report.noise.points, with_partial=False)
    neg = report.negative
    lines += [f"## {bilingual('negative')}", ""]
    lines += _estimate_table(
        report,
        [(bilingual(k), getattr(neg, k)) for k in ("rejection", "rejection_judged", "over_refusal")]
        + [(f"rejection ({cell(lang)})", e) for lang, e in neg.by_lang.items()],
    )
    lines += [f"## {bilingual('integration')}", ""]
    integ = report.integration
    lines += _estimate_table(
        report, [(bilingual("overall"), integ.overall), (bilingual("partial_credit"), integ.partial_credit)]
    )
    lines += _points_table(integ.points, with_partial=True)
    cf = report.counterfactual
    lines += [
        f"## {bilingual('counterfactual')}",
        "",
        f"{bilingual('known_subset')}: **{cf.n_known} / {cf.n_cases}**"
        + ("" if cf.view == "known" else f"; {bilingual('corpus_view')}"),
        "",
    ]
    keys = (
        "closed_book_accuracy",
        "accuracy_with_counterfactual",
        "error_detection",
        "error_detection_judged",
        "error_correction",
    )
    lines += _estimate_table(report, [(bilingual(k), getattr(cf, k)) for k in keys])
    lines += [f"{bilingual('all_cf_cases')}:", ""]
    lines += _estimate_table(report, [(cell(metric_label(e.metric, report.metric_table)[0]), e) for e in cf.all_cases])
    lines += beyond_lines(report)
    lines += [f"## {bilingual('metrics')}", "", "Each cell: mean [95% CI] (n / scored / errored).", ""]
    rows = []
    testbeds = testbed_columns(report)
    for row in report.metrics:
        cells = [
            cell(f"{' · '.join(metric_label(row.metric, report.metric_table))} ({row.metric})"),
            bilingual(f"kind_{row.kind}"),
        ]
        for testbed in (*testbeds, None):
            est = row.overall if testbed is None else row.by_testbed.get(testbed)
            cells.append("" if est is None else f"{fmt_estimate(est)} ({est.n}/{est.n_scored}/{est.n_errored})")
        rows.append(cells)
    lines += _table([bilingual("metric"), bilingual("kind"), *testbeds, bilingual("overall")], rows)
    return lines


def render_markdown(report: Report) -> str:
    """The whole report.md."""
    lines = [
        f"# {bilingual('title')}",
        "",
        f"Report schema {report.schema_version}, built {report.generated_at} by ragstress {cell(report.generator_version)}.",
        "",
    ]
    if report.failure is not None:  # nothing below measures the system: say so before any number
        lines += [f"> **{cell(report.failure)}**", f"> **{cell(all_failed_zh(report.failure))}**", ""]
    lines += card_markdown(report)
    lines += header_lines(report.header)
    if report.gating is not None:
        lines += [
            f"## {bilingual('gating')}",
            "",
            f"**{'PASSED' if report.gating.passed else 'FAILED'}** (gated on {GATE_ON_TEXT[report.gating.gate_on]})",
            "",
        ]
        lines += _table(
            ["metric", "testbed", "rule", "value", "result", "power"],
            [
                [
                    cell(c.metric),
                    cell(c.testbed or "all"),
                    f"{'≥' if c.direction == 'min' else '≤'} {c.threshold:g}",
                    fmt_value(c.value),
                    ("pass: " if c.passed else "**FAIL**: ") + cell(c.message),
                    cell(c.power_note or "—"),
                ]
                for c in report.gating.checks
            ],
        )
    lines += section_lines(report)
    lines += e2e_lines(report.e2e)
    lines += curves_lines(report)
    lines += judge_sections_lines(report)
    lines += methods_markdown(report, cell)
    problems = [c for c in report.cases if c.outcome in ("fail", "error")]
    lines += [
        f"## {bilingual('cases')}",
        "",
        f"{len(report.cases)} cases; {sum(c.outcome == 'fail' for c in report.cases)} failed, "
        f"{sum(c.outcome == 'error' for c in report.cases)} errored. The HTML report has the full drill-down.",
        "",
    ]
    if problems:
        lines += _table(
            ["case", "testbed", "lang", "outcome"], [[cell(c.id), c.testbed, c.lang, c.outcome] for c in problems]
        )
    if report.warnings:
        lines += [f"## {bilingual('warnings')}", ""] + [f"- {cell(w)}" for w in report.warnings] + [""]
    return "\n".join(lines)
