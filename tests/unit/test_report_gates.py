"""Gates that cannot pass a broken system: target errors, error_rate, gating on the interval, power notes."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.report import register
from ragstress.core.jsonl import read_json, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.reports.gates.thresholds import ThresholdError, load_thresholds, parse_fail_over, parse_fail_under
from ragstress.reports.power import seeds_needed
from ragstress.reports.render.writer import write_report


def _case(i: int, ratio: float) -> Case:
    return Case(
        id=f"n{i}-{ratio:g}",
        seed_id=f"seed-{i}",
        testbed="noise",
        lang="en",
        question=f"Question {i}?",
        answers=[["yes"]],
        contexts=[Context(text="yes it is", role="positive", chunk_id=f"c{i}")],
        expected="answer",
        params={"noise_ratio": ratio},
    )


def write_flaky_run(run_dir: Path, n_seeds: int = 25, ratios=(0.0, 0.4), error_share: float = 0.4) -> Path:
    """A target that answers correctly whenever it answers, and fails on `error_share` of the seeds."""
    cases = [_case(i, r) for i in range(n_seeds) for r in ratios]
    failing = set(range(round(n_seeds * error_share)))
    responses, scores = [], []
    for case in cases:
        i = int(case.seed_id.split("-")[1])
        if i in failing:
            responses.append(TargetResponse(case_id=case.id, answer="", latency_s=0.1, error="HTTP 503 from target"))
        else:
            responses.append(TargetResponse(case_id=case.id, answer="yes", latency_s=0.1))
            scores.append(Score(case_id=case.id, metric="accuracy", value=1.0, label="1/1 facts"))
    write_records(run_dir / "cases.jsonl", cases)
    write_records(run_dir / "responses.jsonl", responses)
    write_records(run_dir / "scores.jsonl", scores)
    return run_dir


def invoke(*args):
    app = typer.Typer()
    register(app)
    return CliRunner().invoke(app, [str(a) for a in args])


def test_a_target_failing_on_40_percent_of_cases_fails_the_gate(tmp_path):
    run = write_flaky_run(tmp_path / "run")
    # Before: the rate left errors out (1.0 on the answered 60%), so this gate passed.
    excluded = write_report(run, thresholds=[parse_fail_under("accuracy@noise=0.8")], errors_as_failures=False)
    assert excluded.exit_code == 0 and excluded.report.noise.overall.value == 1.0
    counted = write_report(run, thresholds=[parse_fail_under("accuracy@noise=0.8")])
    overall = counted.report.noise.overall
    assert counted.exit_code == 1 and overall.value == pytest.approx(0.6)
    assert (overall.n, overall.n_scored, overall.n_target_errors, overall.errors_counted) == (50, 30, 20, True)
    assert counted.report.header.counts.response_errors_by_testbed == {"noise": 20}
    md = (run / "report.md").read_text(encoding="utf-8")
    assert "target errors=20 counted as fails" in md and "noise 20/50" in md

    result = invoke("report", run, "--fail-under", "accuracy@noise=0.8")
    assert result.exit_code == 1 and "target errors: 20 of 50 cases" in result.output
    # Excluding errors on purpose says so, and the error-rate gate still catches the target.
    result = invoke("report", run, "--fail-under", "accuracy@noise=0.8", "--exclude-errors", "--max-error-rate", "0.05")
    assert result.exit_code == 1 and "error_rate <= 0.05" in result.output
    report = read_json(run / "report.json")
    assert report["noise"]["overall"]["errors_counted"] is False
    assert report["error_rates"]["noise"]["value"] == pytest.approx(0.4)
    assert "EXCLUDED from the rate" in (run / "report.md").read_text(encoding="utf-8")
    assert invoke("report", run, "--exclude-errors", "--max-error-rate", "0.5").exit_code == 0


def test_error_rate_is_only_a_maximum_and_parses_from_files(tmp_path):
    with pytest.raises(ThresholdError, match="maximum"):
        parse_fail_under("error_rate=0.1")
    (tmp_path / "t.json").write_text('{"error_rate@noise": {"max": 0.5}, "accuracy": 0.5}')
    run = write_flaky_run(tmp_path / "run")
    result = write_report(run, thresholds=load_thresholds(tmp_path / "t.json"))
    assert result.exit_code == 0 and [c.metric for c in result.report.gating.checks] == ["error_rate", "accuracy"]


def test_gate_on_lower_needs_the_interval_to_clear_the_threshold(tmp_path):
    # 12 seeds, 10 right: 0.83 beats 0.8 on the point estimate, but the interval reaches far lower.
    run = write_flaky_run(tmp_path / "run", n_seeds=12, error_share=2 / 12)
    gate = [parse_fail_under("accuracy@noise=0.8")]
    point = write_report(run, thresholds=gate)
    lower = write_report(run, thresholds=gate, gate_on="lower")
    check = lower.report.gating.checks[0]
    assert point.exit_code == 0 and lower.exit_code == 1 and lower.report.gating.gate_on == "lower"
    assert check.compared == lower.report.noise.overall.low < 0.8 < check.value
    assert "CI lower end" in check.message
    assert invoke("report", run, "--fail-under", "accuracy@noise=0.8", "--gate-on", "lower").exit_code == 1
    assert invoke("report", run, "--gate-on", "upper").exit_code == 2


def test_power_note_grows_with_clustering(tmp_path):
    run = write_flaky_run(tmp_path / "run", n_seeds=20, ratios=(0.0, 0.2, 0.4, 0.6), error_share=0.25)
    report = write_report(run, thresholds=[parse_fail_under("accuracy@noise=0.5")]).report
    est = report.noise.overall
    assert est.method == "cluster_bootstrap" and est.n_clusters == 20
    note = report.gating.checks[0].power_note
    assert "this run has 20" in note and "design effect" in note
    # Every seed's four cases agree: the design effect is near the cluster size, so far more seeds are needed
    # than 80 independent cases would suggest (p(1-p) (z_a + z_b)^2 / 0.05^2 = 465 cases = 117 seeds of 4).
    assert seeds_needed(est) > 300


def test_counterfactual_gates_check_the_known_subset_the_headline_shows(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
    )
    make_runs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_runs)
    run = make_runs.write_run(tmp_path / "run", "robust")
    result = write_report(run, thresholds=[parse_fail_under("error_detection@counterfactual=0.5")])
    cf = result.report.counterfactual
    assert cf.n_known == 3 and cf.n_cases == 4
    assert result.report.gating.checks[0].value == cf.error_detection.value
    assert "n 3," in result.report.gating.checks[0].message  # the 3 known cases, not all 4


def _over_refusing_run(run_dir: Path, refusals: int, n_seeds: int = 20) -> Path:
    """A run whose target declines `refusals` of `n_seeds` answerable cases (over_refusal, lower is better)."""
    cases = [_case(i, 0.0) for i in range(n_seeds)]
    write_records(run_dir / "cases.jsonl", cases)
    write_records(
        run_dir / "responses.jsonl", [TargetResponse(case_id=c.id, answer="yes", latency_s=0.1) for c in cases]
    )
    scores = [
        Score(case_id=c.id, metric="over_refusal", value=float(i < refusals), label="declined" if i < refusals else "")
        for i, c in enumerate(cases)
    ]
    write_records(run_dir / "scores.jsonl", scores)
    return run_dir


@pytest.mark.parametrize("option", ["asserts_fake@conflict:1=0.5", "adoption@conflict:1=0.5", "over_refusal=0.1"])
def test_a_minimum_on_a_lower_is_better_metric_is_refused_and_the_maximum_named(option):
    # Before: `asserts_fake@conflict:1=0.5` passed a target that always adopts and failed one that adopts less.
    with pytest.raises(ThresholdError, match="lower-is-better") as raised:
        parse_fail_under(option)
    key, value = option.split("=")
    metric = "asserts_fake" if key.startswith("adoption") else key.split("@")[0]
    assert f"--fail-under {option}: {metric} is lower-is-better" in str(raised.value)
    assert f"--fail-over {key}={value}" in str(raised.value)
    maximum = parse_fail_over(option)
    assert (maximum.metric, maximum.direction, maximum.value) == (metric, "max", float(value))


def test_a_maximum_gates_a_lower_is_better_metric_the_right_way_round(tmp_path):
    gate = [parse_fail_over("over_refusal@noise=0.2")]
    often = write_report(_over_refusing_run(tmp_path / "often", refusals=10), thresholds=gate)
    seldom = write_report(_over_refusing_run(tmp_path / "seldom", refusals=1), thresholds=gate)
    assert (often.exit_code, seldom.exit_code) == (1, 0)
    assert "over_refusal@noise <= 0.2" in often.report.gating.checks[0].message
    cli = invoke("report", tmp_path / "often", "--fail-over", "over_refusal@noise=0.6")
    assert cli.exit_code == 0, cli.output


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("gates.json", '{"accuracy": 0.5, "adoption@conflict:0.6": 0.5}'),
        ("gates.toml", '[thresholds]\naccuracy = 0.5\n"adoption@conflict:0.6" = { min = 0.5 }\n'),
    ],
)
def test_a_thresholds_file_with_a_minimum_on_a_lower_is_better_metric_names_file_and_entry(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ThresholdError) as raised:
        load_thresholds(path)
    message = str(raised.value)
    assert message.startswith(f"{path}: threshold 'adoption@conflict:0.6': asserts_fake is lower-is-better")
    assert '{"adoption@conflict:0.6": {"max": 0.5}}' in message


def test_the_report_and_bench_commands_refuse_the_upside_down_gate_before_any_work(tmp_path):
    run = _over_refusing_run(tmp_path / "run", refusals=1)
    refused = invoke("report", run, "--fail-under", "over_refusal@noise=0.1")
    assert refused.exit_code == 2 and "--fail-over over_refusal@noise=0.1" in refused.output
    assert not (run / "report.json").exists()

    from ragstress.cli import app

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text("The bridge opened in 1932.", encoding="utf-8")
    out = tmp_path / "bench"
    benched = CliRunner().invoke(app, ["bench", str(docs), "--out", str(out), "--fail-under", "asserts_fake=0.5"])
    assert benched.exit_code == 2, benched.output
    assert "asserts_fake is lower-is-better" in benched.output and not out.exists()


def test_a_metric_the_run_table_calls_lower_is_better_is_refused_a_minimum(tmp_path):
    from ragstress.reports.gates.check import check_thresholds
    from ragstress.reports.model import MetricInfo

    report = write_report(_over_refusing_run(tmp_path / "run", refusals=1)).report
    info = MetricInfo(
        name="hallucination",
        kind="judged",
        label_en="Hallucination",
        label_zh="幻觉",
        description_en="",
        description_zh="",
        higher_is_better=False,
    )
    report = report.model_copy(update={"metric_table": {**report.metric_table, "hallucination": info}})
    with pytest.raises(ThresholdError, match="hallucination is lower-is-better.*--fail-over hallucination=0.3"):
        check_thresholds(report, [parse_fail_under("hallucination=0.3")])


def test_the_python_api_refuses_the_upside_down_gate_before_any_stage(tmp_path):
    import ragstress

    run = _over_refusing_run(tmp_path / "run", refusals=1)
    with pytest.raises(ThresholdError, match="over_refusal is lower-is-better"):
        ragstress.report(run, fail_under=["over_refusal=0.1"], write=False)
    assert ragstress.report(run, fail_over=["over_refusal=0.1"], write=False).passed
    with pytest.raises(ThresholdError, match="asserts_fake is lower-is-better"):
        ragstress.bench(tmp_path / "docs", tmp_path / "bench", target="baseline", fail_under=["asserts_fake=0.5"])
    assert not (tmp_path / "bench").exists()
