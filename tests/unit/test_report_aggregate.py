"""Aggregation rules, the section roles, report.json round trip, gating and redaction."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from ragstress.core.jsonl import write_records
from ragstress.core.types import Score
from ragstress.reports.aggregate import build_report
from ragstress.reports.gates.check import check_thresholds
from ragstress.reports.gates.thresholds import ThresholdError, load_thresholds, parse_fail_under
from ragstress.reports.model import SCHEMA_VERSION, Report
from ragstress.reports.reading.rundir import load_run, redact
from ragstress.reports.reading.scoring import ROLE_METRICS, estimate
from ragstress.reports.render.html_page import json_for_script
from ragstress.reports.render.markdown import cell
from ragstress.reports.render.writer import load_report, report_json, scores_csv, write_report

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)


def _score(value, error=None):
    return Score(case_id="c", metric="accuracy", value=value, error=error)


def test_unscored_and_errored_values_are_counted_never_averaged_as_zero():
    est = estimate("accuracy", [_score(1.0), _score(1.0), _score(None), _score(None, error="judge said ???"), None])
    assert est.value == 1.0  # 2 of 2 scored, not 2 of 5
    assert (est.n, est.n_scored, est.n_unscored, est.n_errored, est.n_missing) == (5, 2, 1, 1, 1)
    assert est.method == "wilson"
    nothing = estimate("faithfulness", [_score(None), None])
    assert nothing.value is None and nothing.method == "none" and nothing.n == 2


def test_graded_metrics_get_a_bootstrap_interval():
    est = estimate(
        "faithfulness", [Score(case_id=str(i), metric="faithfulness", value=v) for i, v in enumerate([0.2, 0.5, 0.9])]
    )
    assert est.method == "cluster_bootstrap" and est.low <= est.value <= est.high


def test_every_section_role_names_a_registered_metric():
    from ragstress.scoring.metrics import METRICS

    assert set(ROLE_METRICS.values()) <= set(METRICS.names()), set(ROLE_METRICS.values()) - set(METRICS.names())


def test_report_json_round_trips_through_the_schema(tmp_path):
    run = make_runs.write_run(tmp_path / "run", "fragile")
    result = write_report(run)
    text = (run / "report.json").read_text(encoding="utf-8")
    parsed = load_report(run / "report.json")
    assert parsed == result.report
    assert parsed.model_dump(mode="json") == json.loads(text)
    assert report_json(parsed) == text  # byte for byte
    assert json.loads(text)["schema_version"] == SCHEMA_VERSION
    assert set(json.loads(text)) == set(Report.model_fields)


def test_sections_on_the_fixture(tmp_path):
    report = build_report(load_run(make_runs.write_run(tmp_path / "run", "fragile")))
    assert [p.noise_ratio for p in report.noise.points] == [0.0, 0.4, 0.8]
    assert [p.accuracy.value for p in report.noise.points] == [1.0, 0.0, 0.0]
    errored_point = report.noise.points[1].accuracy
    assert (errored_point.n, errored_point.n_scored, errored_point.n_errored) == (4, 3, 1)  # the failed target call
    assert report.negative.rejection_judged.n_errored == 1  # the judge parse failure
    assert report.counterfactual.n_known == 3 and report.counterfactual.error_detection.n == 3
    faithfulness = next(r for r in report.metrics if r.metric == "faithfulness")
    assert faithfulness.by_testbed["noise"].n_unscored == 1 and faithfulness.by_testbed["noise"].n_errored == 1
    assert {c.outcome for c in report.cases} == {"pass", "fail", "error"}


def test_a_run_with_only_cases_reports_not_recorded_instead_of_crashing(tmp_path):
    run = tmp_path / "bare"
    write_records(run / "cases.jsonl", make_runs.build_cases())
    result = write_report(run)
    header = result.report.header
    assert header.judge is None and header.testset_hash is None and header.random_seed is None
    assert result.report.noise.overall.n_missing == 12
    assert any("scores.jsonl not found" in w for w in result.report.warnings)
    assert "not recorded" in (run / "report.md").read_text(encoding="utf-8")
    with pytest.raises(FileNotFoundError):
        write_report(tmp_path / "nothing-here")


def test_secrets_are_masked_and_token_counts_kept():
    masked = redact(
        {
            "api_key": "sk-1",
            "prompt_tokens": 12,
            "nested": {"Authorization": "Bearer x", "api_key": "set"},
            "url": "https://u:p@h.example/v1?key=abc&x=1",
        }
    )
    assert masked == {
        "api_key": "***",
        "prompt_tokens": 12,
        "nested": {"Authorization": "***", "api_key": "set"},
        "url": "https://***@h.example/v1?key=***&x=1",
    }


def test_thresholds_from_options_and_files(tmp_path):
    report = build_report(load_run(make_runs.write_run(tmp_path / "run", "fragile")))
    (tmp_path / "t.json").write_text('{"thresholds": {"accuracy@noise": 0.3, "over_refusal": {"max": 0.1}}}')
    (tmp_path / "t.toml").write_text('"rejection@negative" = 0.5\nfaithfulness = { min = 0.1 }\n')
    gate = check_thresholds(report, [parse_fail_under("accuracy@noise=0.3"), *load_thresholds(tmp_path / "t.json")])
    assert gate.passed and [c.direction for c in gate.checks] == ["min", "min", "max"]
    gate = check_thresholds(report, load_thresholds(tmp_path / "t.toml"))
    assert not gate.passed and [c.passed for c in gate.checks] == [False, True]
    assert check_thresholds(report, [parse_fail_under("rejection_judged@noise=0.1")]).checks[0].value is None
    for bad in ("accuracy", "accuracy=high", "accuracy@space=0.5", "accuracy=1.5", "=0.3"):
        with pytest.raises(ThresholdError):
            parse_fail_under(bad)
    with pytest.raises(ThresholdError, match="did you mean 'accuracy'"):
        check_thresholds(report, [parse_fail_under("acuracy=0.5")])
    # A real metric this run never scored is a missed threshold, not a usage error.
    missed = check_thresholds(report, [parse_fail_under("context_recall=0.5")])
    assert not missed.passed and missed.checks[0].message == "context_recall was not scored at all"


def test_text_escaping_helpers():
    assert json_for_script({"t": "</script><b>&"}) == '{"t":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}'
    assert json.loads(json_for_script({"t": "</script>"})) == {"t": "</script>"}
    assert cell("a|b<script>\nc") == "a\\|b&lt;script&gt; c"


def test_scores_csv_keeps_unscored_empty_and_formulas_inert(tmp_path):
    data = load_run(make_runs.write_run(tmp_path / "run", "robust"))
    data.scores["noise-en-0-0"]["accuracy"] = Score(
        case_id="noise-en-0-0", metric="accuracy", value=None, label="=HYPERLINK(1)"
    )
    text = scores_csv(data)
    assert text.splitlines()[0].startswith("case_id,testbed,lang,expected,noise_ratio,metric,value")
    row = next(line for line in text.splitlines() if line.startswith("noise-en-0-0,") and ",accuracy," in line)
    assert ",accuracy,,'=HYPERLINK(1)," in row


def test_a_private_corpus_scores_counterfactuals_against_its_own_passages(tmp_path):
    """No case known closed-book: every case is scored and the report says which view that is."""
    from ragstress.core.jsonl import read_records
    from ragstress.reports.render.markdown import render_markdown

    run = make_runs.write_run(tmp_path / "run", "fragile")
    scores = read_records(run / "scores.jsonl", Score)
    unknown = [s.model_copy(update={"value": 0.0}) if s.metric == "closed_book_accuracy" else s for s in scores]
    write_records(run / "scores.jsonl", unknown)
    report = build_report(load_run(run))
    cf = report.counterfactual
    assert cf.view == "corpus" and cf.n_known == 0 and cf.n_cases > 0
    assert cf.error_detection.n == cf.n_cases and cf.error_detection.value is not None
    assert "private corpus" in render_markdown(report) and "私有语料" in render_markdown(report)
    known = build_report(load_run(make_runs.write_run(tmp_path / "known", "fragile"))).counterfactual
    assert known.view == "known" and known.n_known == 3
