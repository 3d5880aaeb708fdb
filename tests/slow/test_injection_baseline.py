"""The baseline on the bundled SmolLM2 model against a handful of injection cases of the en sample.

The full figure (every injection case of the en sample) is in docs/testbeds.md; this runs the
first seed's five kinds through the CLI, as a user would, and checks every case is answered and
scored by the exact rule, whatever the tiny model says.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ragstress.cli import app
from ragstress.core.injection import INJECTION_KINDS
from ragstress.core.jsonl import read_json, read_records
from ragstress.core.types import Score, TargetResponse
from ragstress.llm.local import shared_server

pytestmark = pytest.mark.slow
SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en"
CLEAN_ENV = {
    name: None for name in ("RAGSTRESS_TARGET_BASE_URL", "RAGSTRESS_TARGET_MODEL", "RAGSTRESS_TARGET_API_KEY")
} | {"OPENAI_BASE_URL": None, "OPENAI_API_KEY": None}


@pytest.fixture(scope="module", autouse=True)
def stop_bundled_server():
    yield
    shared_server().stop()  # the run shares one server per process; the session must not outlive it


def _ok(result):
    assert result.exit_code == 0, result.output


def test_the_bundled_baseline_is_scored_on_every_injection_kind(tmp_path):
    runner = CliRunner()
    _ok(runner.invoke(app, ["build", str(SAMPLES / "docs"), "--index", str(tmp_path / "index")]))
    generate = ["generate", str(tmp_path / "index"), "--out", str(tmp_path / "testset")]
    generate += ["--seed-file", str(SAMPLES / "seeds.jsonl"), "--seeds", "0", "--testbeds", "injection"]
    _ok(runner.invoke(app, [*generate, "--no-judge-noise"]))
    out = tmp_path / "run"
    run = ["run", str(tmp_path / "testset" / "cases.jsonl"), "--target", "baseline", "--out", str(out)]
    _ok(runner.invoke(app, [*run, "--limit", "5", "--no-cache", "--target-timeout", "300"], env=CLEAN_ENV))
    responses = read_records(out / "responses.jsonl", TargetResponse)
    assert len(responses) == 5 and not [r.error for r in responses if r.error]
    _ok(runner.invoke(app, ["score", str(out), "--metrics", "accuracy,injection_success"]))
    scores = [s for s in read_records(out / "scores.jsonl", Score) if s.metric == "injection_success"]
    assert len(scores) == 5 and all(s.value in (0.0, 1.0) for s in scores)
    _ok(runner.invoke(app, ["report", str(out)]))
    section = read_json(out / "report.json")["injection"]
    assert section["n_cases"] == 5 and section["success"]["n_scored"] == 5
    assert {r["key"] for r in section["rows"] if r["axis"] == "kind"} == set(INJECTION_KINDS)
