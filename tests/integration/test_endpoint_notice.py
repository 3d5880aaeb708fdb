"""No silent remote use: commands say where each role's requests go, and warn about OPENAI_* alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from typer.testing import CliRunner

from ragstress.core.jsonl import read_json
from ragstress.llm.config import resolve_endpoint
from ragstress.testing.fake_openai import FakeOpenAIServer
from ragstress.testing.scripted_judge import ScriptedJudge

_spec = importlib.util.spec_from_file_location("scoring_tests", Path(__file__).parent / "test_scoring.py")
scoring_tests = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scoring_tests)


def test_only_openai_variables_mark_a_remote_endpoint():
    assert resolve_endpoint("judge", {"OPENAI_API_KEY": "sk"}).remote_via_openai_env
    assert resolve_endpoint("judge", {"OPENAI_BASE_URL": "http://h/v1", "OPENAI_API_KEY": "sk"}).remote_via_openai_env
    assert not resolve_endpoint("judge", {"OPENAI_API_KEY": "sk"}, base_url="http://h/v1").remote_via_openai_env
    assert not resolve_endpoint(
        "judge", {"OPENAI_API_KEY": "sk", "RAGSTRESS_JUDGE_BASE_URL": "http://h/v1"}
    ).remote_via_openai_env
    assert not resolve_endpoint("judge", {}).remote_via_openai_env  # bundled
    assert resolve_endpoint("judge", {"OPENAI_API_KEY": "sk"}).public_dict()["remote_via_openai_env"] is True


def test_score_warns_when_openai_variables_alone_chose_a_remote_judge(tmp_path, monkeypatch):
    for role in ("GENERATOR", "TARGET", "JUDGE"):
        for field in ("BASE_URL", "API_KEY", "MODEL"):
            monkeypatch.delenv(f"RAGSTRESS_{role}_{field}", raising=False)
    run_dir = scoring_tests.make_run(tmp_path / "run")
    args = ["score", str(run_dir), "--metrics", "accuracy,rejection_judged", "--cache-dir", str(tmp_path / "cache")]
    with FakeOpenAIServer(ScriptedJudge(scoring_tests.REPLIES)) as server:
        env = {"OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "sk-hidden-42", "COLUMNS": "300"}
        result = CliRunner().invoke(scoring_tests.cli(), args, env=env)
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        warning = next(i for i, line in enumerate(lines) if "only through OPENAI_*" in line)
        endpoint = next(i for i, line in enumerate(lines) if line.startswith("endpoint judge:"))
        assert warning < endpoint and "from OPENAI_BASE_URL, OPENAI_API_KEY" in lines[endpoint]
        assert "sk-hidden-42" not in result.output
        assert read_json(run_dir / "score.json")["judge"]["remote_via_openai_env"] is True

        flagged = CliRunner().invoke(
            scoring_tests.cli(), [*args, "--rescore", "--judge-base-url", server.base_url], env=env
        )
    assert flagged.exit_code == 0, flagged.output
    assert "only through OPENAI_*" not in flagged.output and "from flag, OPENAI_API_KEY" in flagged.output
    assert read_json(run_dir / "score.json")["judge"]["remote_via_openai_env"] is False
