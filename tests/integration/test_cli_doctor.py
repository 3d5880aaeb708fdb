"""`ragstress doctor` against a loopback endpoint: endpoints shown redacted, replies printed."""

from __future__ import annotations

import subprocess
import sys

from ragstress.testing.fake_openai import FakeOpenAIServer, FakeReply, FakeRequest, refusing_formats


def run_doctor(*args: str, env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "COLUMNS": "200", **env_extra}
    return subprocess.run(
        [sys.executable, "-m", "ragstress.cli", "doctor", "--skip-embeddings", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def reply(req: FakeRequest) -> str:
    return '{"city": "Paris"}' if '"city"' in req.last_user_text else "Paris is the capital of France."


def test_doctor_shows_each_role_and_its_reply_without_the_key():
    with FakeOpenAIServer(reply) as server:
        env = {
            "RAGSTRESS_GENERATOR_BASE_URL": server.base_url,
            "RAGSTRESS_TARGET_BASE_URL": server.base_url,
            "RAGSTRESS_JUDGE_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "sk-doctor-SECRET-42",
            "RAGSTRESS_JUDGE_MODEL": "judge-x",
        }
        result = run_doctor("--lang", "zh", env_extra=env)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert out.count("Paris is the capital of France.") == 3
    assert "judge: judge-x @ " + server.base_url in out
    assert "SECRET" not in out
    # A plain question per role, then a JSON one for the generator and the judge.
    assert len(server.chat_requests()) == 5
    assert "法国的首都" in server.chat_requests()[0].last_user_text
    assert out.count("JSON mode json_schema (detected): Paris") == 2


def test_doctor_detects_the_json_mode_a_llama_cpp_server_takes_and_shows_a_forced_one():
    with FakeOpenAIServer(refusing_formats(reply, accepts=("json_object",))) as server:
        env = {"RAGSTRESS_GENERATOR_BASE_URL": server.base_url, "RAGSTRESS_JUDGE_BASE_URL": server.base_url}
        result = run_doctor(
            "--judge-json-mode", "text", env_extra={**env, "RAGSTRESS_TARGET_BASE_URL": server.base_url}
        )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "JSON mode json_object (detected): Paris" in out and "JSON mode text (as set): Paris" in out
    assert "JSON mode text; from" in out  # the judge's endpoint line shows the mode set


def test_an_unknown_json_mode_is_refused_naming_its_variable():
    result = run_doctor(env_extra={"RAGSTRESS_JUDGE_JSON_MODE": "yaml"})
    assert result.returncode == 2
    assert "RAGSTRESS_JUDGE_JSON_MODE 'yaml'" in result.stderr and "json_object" in result.stderr


def test_doctor_fails_with_the_cause_when_an_endpoint_is_down():
    with FakeOpenAIServer(lambda req: FakeReply.error(401, "bad key sk-doctor-SECRET-42")) as server:
        env = {"OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "sk-doctor-SECRET-42"}
        result = run_doctor(env_extra=env)
    out = result.stdout + result.stderr
    assert result.returncode == 1
    assert "authentication failed" in out and "FAILED" in out
    assert "SECRET" not in out
