"""`ragstress report` end to end on a fixture run directory: files, sections, exit codes."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.report import register
from ragstress.core.jsonl import write_records

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def invoke(*args: str):
    return CliRunner().invoke(_app(), [str(a) for a in args])


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    return make_runs.write_run(tmp_path / "run", "fragile", hostile=True)


def test_report_writes_all_four_files_with_every_section_filled(run_dir):
    result = invoke("report", run_dir)
    assert result.exit_code == 0, result.output
    for name in ("report.json", "report.md", "report.html", "scores.csv"):
        assert (run_dir / name).stat().st_size > 0, name
    report = json.loads((run_dir / "report.json").read_text(encoding="utf-8"))
    header = report["header"]
    assert header["judge"]["bundled"] is True and "SmolLM2-135M" in header["judge_warning"]
    assert (header["random_seed"], header["tool_version"], header["testset_hash"]) == (42, "0.1.0", "abc123")
    assert header["counts"]["cases_by_lang"] == {"en": 12, "zh": 12}
    assert (
        header["counts"]["response_errors"] == 1
        and header["counts"]["unscored"] == 1
        and header["counts"]["score_errors"] == 1
    )
    assert {r["role"]: r["prompt_tokens"] for r in header["roles"] if r["stage"] != "generate"} == {
        "target": 1000,
        "judge": 9000,
    }
    assert header["wall_time_s"] == {"run": 90.0}
    assert len(report["noise"]["points"]) == 3 and all(
        p["accuracy"]["value"] is not None for p in report["noise"]["points"]
    )
    assert report["negative"]["rejection"]["value"] == 0.0 and report["negative"]["over_refusal"]["n_scored"] == 15
    assert report["negative"]["rejection_judged"]["n_errored"] == 1
    assert report["integration"]["partial_credit"]["value"] == 0.75
    assert [p["partial_credit"]["value"] for p in report["integration"]["points"]] == [1.0, 0.5]
    cf = report["counterfactual"]
    assert (cf["n_cases"], cf["n_known"]) == (4, 3)
    assert cf["closed_book_accuracy"]["value"] == 0.75 and cf["error_correction"]["n"] == 3
    judged = {row["metric"]: row for row in report["metrics"] if row["kind"] == "judged"}
    assert set(judged) == {
        "rejection_judged",
        "error_detection_judged",
        "faithfulness",
        "answer_correctness",
        "rag_judge",
    }
    assert set(judged["faithfulness"]["by_testbed"]) == {"noise", "integration"}
    for row in report["metrics"]:
        for cell in [row["overall"], *row["by_testbed"].values()]:
            assert cell["n"] == cell["n_scored"] + cell["n_errored"] + cell["n_unscored"] + cell["n_missing"]
    outcomes = {c["id"]: c["outcome"] for c in report["cases"]}
    assert (
        outcomes["noise-en-4-1"] == "error" and outcomes["neg-zh-1"] == "error" and outcomes["noise-en-0-0"] == "pass"
    )

    markdown = (run_dir / "report.md").read_text(encoding="utf-8")
    for heading in (
        "Noise robustness",
        "噪声鲁棒性",
        "Negative rejection",
        "Information integration",
        "Counterfactual robustness",
        "Judge and other metrics",
        "Warning",
    ):
        assert heading in markdown
    assert "<script>" not in markdown and "<img" not in markdown  # payloads stay out of the Markdown or escaped
    html = (run_dir / "report.html").read_text(encoding="utf-8")
    assert "<svg" in html and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "").replace(
        "http://127.0.0.1:9/v1", ""
    )
    assert (
        "sk-should-never-show" not in html + markdown + (run_dir / "report.json").read_text() and "hunter2" not in html
    )

    rows = list(csv.DictReader(io.StringIO((run_dir / "scores.csv").read_text(encoding="utf-8"))))
    assert len(rows) == header["counts"]["scores"]
    assert any(r["value"] == "" and r["label"] == "unscored" for r in rows)


def test_gating_exit_codes_and_printed_failures(run_dir, tmp_path):
    passed = invoke("report", run_dir, "--fail-under", "accuracy@noise=0.3", "--fail-under", "closed_book_accuracy=0.7")
    assert passed.exit_code == 0, passed.output
    assert "2/2 thresholds met" in passed.output
    missed = invoke("report", run_dir, "--fail-under", "accuracy@noise=0.8", "--fail-under", "rejection=0.5")
    assert missed.exit_code == 1
    assert (
        "threshold missed" in missed.output
        and "accuracy@noise >= 0.8" in missed.output
        and "rejection >= 0.5" in missed.output
    )
    gate = json.loads((run_dir / "report.json").read_text())["gating"]
    assert gate["passed"] is False and len(gate["checks"]) == 2
    (tmp_path / "gate.toml").write_text('[thresholds]\n"over_refusal" = { max = 0.05 }\n', encoding="utf-8")
    # The one answerable case the target failed on counts against it (1 of 16 > 0.05) unless errors are excluded.
    assert invoke("report", run_dir, "--thresholds", tmp_path / "gate.toml").exit_code == 1
    assert invoke("report", run_dir, "--thresholds", tmp_path / "gate.toml", "--exclude-errors").exit_code == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--fail-under", "accuracy"], "expected METRIC"),
        (["--fail-under", "acuracy=0.5"], "did you mean"),
        (["--thresholds", "/nonexistent/gate.json"], "cannot read"),
    ],
)
def test_usage_errors_exit_2(run_dir, args, message):
    result = invoke("report", run_dir, *args)
    assert result.exit_code == 2 and message in result.output


def test_input_errors_exit_2(tmp_path):
    assert invoke("report", tmp_path / "missing").exit_code == 2
    broken = tmp_path / "broken"
    write_records(broken / "cases.jsonl", make_runs.build_cases())
    (broken / "scores.jsonl").write_text('{"case_id": "x"\n', encoding="utf-8")
    result = invoke("report", broken)
    assert result.exit_code == 2 and "scores.jsonl line 1" in result.output
