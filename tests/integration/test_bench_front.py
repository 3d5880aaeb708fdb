"""What a `ragstress bench` user sees: each long stage's progress, and only the models and metrics that ran."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from ragstress import corpora
from ragstress.api.tracking import report_params
from ragstress.cli import app as cli_app
from ragstress.core.jsonl import read_json
from ragstress.reports.model import Report

SAMPLES = Path(corpora.__file__).parent / "samples" / "en"

TARGET = """
def answer(request):
    return "1889" if "1889" in " ".join(request.contexts or []) else "I can not answer the question."
"""


def test_bench_shows_progress_and_lists_no_model_that_did_not_run(tmp_path, monkeypatch):
    # No endpoint anywhere: every role would be the bundled model, and none of them is asked.
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "quiet_rag.py").write_text(TARGET, encoding="utf-8")
    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name

    result = CliRunner().invoke(
        app,
        [
            "bench",
            str(SAMPLES / "docs"),
            "--out",
            "run",
            "--target",
            "python:quiet_rag:answer",
            "--seeds",
            "0",
            "--seed-file",
            str(SAMPLES / "seeds.jsonl"),
            "--seed-sample",
            "3",
            "--metrics",
            "accuracy,rejection",
        ],
    )

    assert result.exit_code == 0, result.output
    # A sample of the curated seeds, said so, and kept in the run directory: two single-fact, one two-part.
    total = sum(1 for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines() if line.strip())
    assert f"note: a sample of 3 of the {total} seeds in seeds.jsonl" in result.output
    sample = [json.loads(line) for line in (tmp_path / "run" / "seed-sample.jsonl").read_text().splitlines()]
    assert [len(seed["answers"]) for seed in sample] == [1, 1, 2]
    assert read_json(tmp_path / "run" / "testset" / "testset.json")["options"]["seed_file"] == "../seed-sample.jsonl"
    # Progress in both long stages: what is to do and the count at the end (the estimate: test_cli_progress).
    for stage, verb in (("run", "asking the target"), ("score", "scoring")):
        total = re.search(rf"^\[{stage}\] {verb}: (\d+) to go$", result.output, re.MULTILINE)
        assert total, result.output
        n = int(total.group(1))
        assert f"[{stage}] {verb}: {n}/{n} in " in result.output
    # The run said up front that no judge runs; no endpoint is announced for a role nobody asks.
    assert "none judged" in result.output and "endpoint " not in result.output
    # The headline shows what was scored, not "none scored" rows for metrics left out.
    assert "error detection" not in result.output and "none scored" not in result.output

    model = Report.model_validate(read_json(tmp_path / "run" / "report.json"))
    # The python target is a role of its own (its calls are counted); no model stands behind any role.
    assert [(r.stage, r.role, r.model) for r in model.header.roles] == [("run", "target", None)]
    assert model.header.judge is None and model.header.judge_warning is None
    assert model.header.generator.startswith("none")
    params = report_params(model, tmp_path / "run")
    assert not [key for key in params if key.startswith("model.")], params
    assert "SmolLM2" not in json.dumps(params)
    report_md = (tmp_path / "run" / "report.md").read_text(encoding="utf-8")
    assert "SmolLM2" not in report_md
    # Report tables show the metrics scored, not empty rows for judged ones left out.
    assert "Rejection rate (judged)" not in report_md and "Error detection (judged)" not in report_md
    assert "Rejection rate" in report_md
