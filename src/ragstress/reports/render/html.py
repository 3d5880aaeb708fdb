"""report.html: one self-contained file (inline CSS, JS, SVG), bilingual, safe with hostile text.

The page is assembled here section by section (run header, gates, the four dimensions, the
newer testbeds, e2e, curves, the judge, methods, the case drill-down). Every piece goes through
the building blocks of render.html_page, whose docstring states the safety rules they keep.
"""

from __future__ import annotations

from ragstress.core.types import TESTBEDS
from ragstress.reports.describe import host_of
from ragstress.reports.errors import all_failed_zh
from ragstress.reports.model import Estimate, RatioPoint, Report, RunHeader
from ragstress.reports.render.beyond_render import beyond_html
from ragstress.reports.render.card import card_html
from ragstress.reports.render.charts import accuracy_chart, series_from_points
from ragstress.reports.render.curve_render import curves_html
from ragstress.reports.render.e2e_section import e2e_html
from ragstress.reports.render.front_matter import FIELD_LABELS, header_fields, methods_html, prompts_html
from ragstress.reports.render.html_page import bi, bi_metric, esc, page, table
from ragstress.reports.render.judge_render import judge_sections_html
from ragstress.reports.render.labels import (
    LABELS,
    bi_span,
    fmt_counts,
    fmt_estimate,
    fmt_value,
    scored_rows,
)
from ragstress.reports.render.markdown import GATE_ON_TEXT, testbed_columns


def estimate_cells(est: Estimate) -> list[str]:
    return [
        f'<span class="num">{esc(fmt_estimate(est))}</span>',
        esc(est.method),
        f'<span class="counts">{esc(fmt_counts(est))}</span>',
    ]


EST_HEADER = [bi("metric"), f"{bi('value')} ({bi('ci')})", "CI", bi("counts")]


def _not_recorded(value: object) -> str:
    return esc(value) if value not in (None, "", {}, []) else f'<span class="muted">{bi("not_recorded")}</span>'


def header_html(h: RunHeader) -> str:
    parts = [f'<section id="run"><h2>{bi("header")}</h2>']
    if h.judge_warning:
        parts.append(
            f'<div class="warning" role="alert"><strong>Warning · 警告:</strong> <span class="en" lang="en">'
            f'{esc(h.judge_warning)}</span><span class="zh" lang="zh">{esc(LABELS["bundled_judge_zh"][1])}</span></div>'
        )
    rows = [[bi_span(FIELD_LABELS[key]), _not_recorded(value)] for key, value in header_fields(h)]
    parts.append(table([bi("field"), bi("value")], rows) + prompts_html(h))
    usage_fields = ("requests", "retries", "failures", "cache_hits", "prompt_tokens", "completion_tokens")
    if h.roles:
        parts.append(
            table(
                ["stage", "role", "model", "endpoint", *(f.replace("_", " ") for f in usage_fields)],
                [
                    [
                        esc(r.stage),
                        esc(r.role),
                        _not_recorded(r.model),
                        _not_recorded(host_of(r.base_url) or ("bundled" if r.bundled else None)),
                        *(_not_recorded(getattr(r, f)) for f in usage_fields),
                    ]
                    for r in h.roles
                ],
            )
        )
    return "\n".join(parts) + "</section>"


def _points_html(points: list[RatioPoint], with_partial: bool) -> str:
    header = [bi("noise_ratio"), f"{bi('accuracy')} ({bi('ci')})", bi("counts")]
    if with_partial:
        header.append(bi("partial_credit"))
    rows = []
    for p in points:
        row = [
            esc("not recorded" if p.noise_ratio is None else f"{p.noise_ratio:g}"),
            esc(fmt_estimate(p.accuracy)),
            f'<span class="counts">{esc(fmt_counts(p.accuracy))}</span>',
        ]
        if with_partial:
            row.append(esc(fmt_estimate(p.partial_credit)) if p.partial_credit else "—")
        row.append(esc("; ".join(f"{lang} {fmt_estimate(e)} (n={e.n})" for lang, e in p.by_lang.items())) or "—")
        rows.append(row)
    return table(header + [bi("language")], rows)


def chart(name: str, points: list[RatioPoint]) -> str:
    return accuracy_chart(
        [series_from_points(name, points)],
        title=f"{LABELS['chart'][0]} · {LABELS['chart'][1]}",
        x_label="noise ratio · 噪声比例",
        y_label="accuracy · 准确率",
    )


def sections_html(report: Report) -> str:
    """The four dimensions and the judge-metrics table (shared with nothing else)."""
    # One row per metric the run scored: a metric left out of --metrics gets no empty row, nor a table none.
    est_rows = lambda pairs: (  # noqa: E731
        table(EST_HEADER, [[label, *estimate_cells(e)] for label, e in shown])
        if (shown := scored_rows(report.header, pairs))
        else ""
    )
    noise, neg, integ, cf = report.noise, report.negative, report.integration, report.counterfactual
    parts = [
        f'<section id="noise"><h2>{bi("noise")}</h2>',
        est_rows([(bi("overall"), noise.overall)]),
        chart(report.header.run_name, noise.points),
        _points_html(noise.points, False),
        "</section>",
    ]
    parts += [
        f'<section id="negative"><h2>{bi("negative")}</h2>',
        est_rows(
            [(bi(k), getattr(neg, k)) for k in ("rejection", "rejection_judged", "over_refusal")]
            + [(f"{bi('rejection')} ({esc(lang)})", e) for lang, e in neg.by_lang.items()]
        ),
        "</section>",
    ]
    parts += [
        f'<section id="integration"><h2>{bi("integration")}</h2>',
        est_rows([(bi("overall"), integ.overall), (bi("partial_credit"), integ.partial_credit)]),
        chart(report.header.run_name, integ.points),
        _points_html(integ.points, True),
        "</section>",
    ]
    keys = (
        "closed_book_accuracy",
        "accuracy_with_counterfactual",
        "error_detection",
        "error_detection_judged",
        "error_correction",
    )
    parts += [
        f'<section id="counterfactual"><h2>{bi("counterfactual")}</h2>',
        f"<p>{bi('known_subset')}: <strong>{cf.n_known} / {cf.n_cases}</strong>"
        + ("" if cf.view == "known" else f"; {bi('corpus_view')}")
        + "</p>",
        est_rows([(bi(k), getattr(cf, k)) for k in keys]),
        f"<p>{bi('all_cf_cases')}</p>",
        est_rows([(bi_metric(e.metric, report.metric_table), e) for e in cf.all_cases]),
        "</section>",
    ]
    parts.append(beyond_html(report))
    rows = []
    testbeds = testbed_columns(report)
    for row in report.metrics:
        cells = [f"{bi_metric(row.metric, report.metric_table)} <code>{esc(row.metric)}</code>", bi(f"kind_{row.kind}")]
        for est in [row.by_testbed.get(t) for t in testbeds] + [row.overall]:
            cells.append(
                "" if est is None else f'{esc(fmt_estimate(est))}<br><span class="counts">{esc(fmt_counts(est))}</span>'
            )
        rows.append(cells)
    parts += [
        f'<section id="metrics"><h2>{bi("metrics")}</h2>',
        table([bi("metric"), bi("kind"), *map(bi, testbeds), bi("overall")], rows),
        "</section>",
    ]
    return "\n".join(parts)


def _drilldown(report: Report) -> str:
    testbeds = "".join(f'<option value="{esc(t)}">{esc(t)}</option>' for t in TESTBEDS)
    langs = "".join(
        f'<option value="{esc(lang)}">{esc(lang)}</option>' for lang in sorted({c.lang for c in report.cases})
    )
    return (
        f'<section id="cases"><h2>{bi("cases")}</h2><div class="filters">'
        f'<label><input type="checkbox" id="filter-failures"> {bi("failures_only")}</label>'
        f'<label><input type="checkbox" id="filter-errors"> {bi("errors_only")}</label>'
        f'<label>{bi("testbed")} <select id="filter-testbed"><option value="">all · 全部</option>{testbeds}</select></label>'
        f'<label>{bi("language")} <select id="filter-lang"><option value="">all · 全部</option>{langs}</select></label>'
        f'<span><span id="shown-count">{len(report.cases)}</span> {bi("shown")}</span></div>'
        '<div id="case-list"></div></section>'
    )


def failure_html(failure: str | None) -> str:
    """The banner of a run in which every case failed (empty otherwise), in both languages."""
    if failure is None:
        return ""
    return f'<section id="failure" class="warn"><p><strong>{esc(failure)}</strong></p><p><strong>{esc(all_failed_zh(failure))}</strong></p></section>'


def render_html(report: Report) -> str:
    """The whole report.html."""
    body = [
        f"<h1>{bi('title')}</h1>",
        f'<p class="muted">Report schema {esc(report.schema_version)} · {esc(report.generated_at)} · '
        f"ragstress {esc(report.generator_version)}</p>",
        failure_html(report.failure),
        card_html(report),
        header_html(report.header),
    ]
    if report.gating is not None:
        status = '<span class="pass">PASSED</span>' if report.gating.passed else '<span class="fail">FAILED</span>'
        status += f" (gated on {esc(GATE_ON_TEXT[report.gating.gate_on])})"
        body += [
            f'<section id="gating"><h2>{bi("gating")}</h2><p>{status}</p>',
            table(
                ["metric", "testbed", "rule", "value", "result", "power"],
                [
                    [
                        esc(c.metric),
                        esc(c.testbed or "all"),
                        esc(f"{'≥' if c.direction == 'min' else '≤'} {c.threshold:g}"),
                        esc(fmt_value(c.value)),
                        esc(("pass: " if c.passed else "FAIL: ") + c.message),
                        esc(c.power_note or "—"),
                    ]
                    for c in report.gating.checks
                ],
            ),
            "</section>",
        ]
    body.append(sections_html(report))
    body.append(e2e_html(report.e2e))
    body.append(curves_html(report))
    body.append(judge_sections_html(report))
    body.append(methods_html(report))
    if report.warnings:
        body.append(
            f'<section id="warnings"><h2>{bi("warnings")}</h2><ul>'
            + "".join(f"<li>{esc(w)}</li>" for w in report.warnings)
            + "</ul></section>"
        )
    body.append(_drilldown(report))
    data = {"labels": LABELS, "cases": [c.model_dump(mode="json") for c in report.cases]}
    return page(f"{LABELS['title'][0]} — {report.header.run_name}", "\n".join(body), data)
