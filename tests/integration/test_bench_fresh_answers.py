"""bench asks an edited target again: its fingerprint covers the target module's source."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ragstress.cli import app as cli_app
from ragstress.core.jsonl import read_json
from ragstress.running.target_identity import module_identity, target_identity
from ragstress.testing.fake_openai import FakeOpenAIServer
from tests.integration.test_bench import SAMPLES, llm, seed_file

# A target that logs each call as a line in a file beside it (appends: calls come from several threads).
TARGET = """
from pathlib import Path

def answer(request):
    with open(Path(__file__).with_name("calls.txt"), "a", encoding="utf-8") as calls:
        calls.write("call\\n")
    return "{word}"
"""


@pytest.fixture
def fake_llm(monkeypatch, tmp_path):
    with FakeOpenAIServer(llm) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-bench-fresh")
        monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
        yield server


def write_target(folder: Path, word: str) -> None:
    (folder / "fresh_target_mod.py").write_text(TARGET.format(word=word), encoding="utf-8")


def calls(folder: Path) -> int:
    path = folder / "calls.txt"
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


def answers(out: Path) -> set[str]:
    lines = (out / "responses.jsonl").read_text(encoding="utf-8").splitlines()
    return {json.loads(line)["answer"] for line in lines if line.strip()}


def test_editing_a_python_target_makes_bench_ask_it_again(tmp_path, fake_llm, monkeypatch):
    code = tmp_path / "code"
    code.mkdir()
    write_target(code, "first")
    monkeypatch.syspath_prepend(str(code))
    monkeypatch.delitem(sys.modules, "fresh_target_mod", raising=False)
    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name
    out = tmp_path / "run"
    args = [
        "bench",
        str(SAMPLES / "docs"),
        "--out",
        str(out),
        "--seeds",
        "0",
        "--seed-file",
        str(seed_file(tmp_path)),
        "--testbeds",
        "noise,negative",
        "--metrics",
        "answer_match",
        "--target",
        "python:fresh_target_mod:answer",
    ]

    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    asked = calls(code)
    assert asked > 0 and answers(out) == {"first"}
    assert "stage seconds: build" in first.output
    recorded = read_json(out / "bench.json")["stages"]["run"]["target"]
    assert recorded["module"] == "fresh_target_mod" and list(recorded["files"]) == ["fresh_target_mod.py"]

    unchanged = CliRunner().invoke(app, args)
    assert unchanged.exit_code == 0, unchanged.output
    assert calls(code) == asked, "an unchanged target was asked again"

    write_target(code, "second answer")  # a different size too: the bytecode cache cannot hide the edit
    edited = CliRunner().invoke(app, args)
    assert edited.exit_code == 0, edited.output
    assert "asking it again" in edited.output
    assert calls(code) == 2 * asked, "the edited target was not asked every case again"
    assert answers(out) == {"second answer"}, "answers of the old target were mixed in"
    scored = read_json(out / "score.json")
    assert scored["pairs_resumed"] == 0 and scored["responses_scored"] > 0, "scores of the old answers were kept"

    write_target(code, "third, reused on purpose")
    reused = CliRunner().invoke(app, [*args, "--reuse-answers"])
    assert reused.exit_code == 0, reused.output
    assert "--reuse-answers" in reused.output and calls(code) == 2 * asked
    assert answers(out) == {"second answer"}
    # The answers still belong to the earlier code: a bench without the flag asks again.
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0, again.output
    assert calls(code) == 3 * asked and answers(out) == {"third, reused on purpose"}


def test_target_identity_covers_package_helpers_http_config_and_baseline(tmp_path, monkeypatch):
    package = tmp_path / "fresh_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rag.py").write_text(
        "from fresh_pkg.helper import VALUE\ndef answer(r):\n    return VALUE\n", encoding="utf-8"
    )
    (package / "helper.py").write_text("VALUE = 'a'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = module_identity("fresh_pkg.rag")
    assert set(before["files"]) == {"fresh_pkg/__init__.py", "fresh_pkg/rag.py", "fresh_pkg/helper.py"}
    (package / "helper.py").write_text("VALUE = 'b'\n", encoding="utf-8")
    assert module_identity("fresh_pkg.rag") != before, "a helper module's edit went unseen"
    assert "not_found" in module_identity("no_such_module_here")
    installed = module_identity("typer.main")
    assert installed["distribution"] == "typer" and installed["version"]

    config = tmp_path / "target.json"
    config.write_text(json.dumps({"url": "http://127.0.0.1:9/ask"}), encoding="utf-8")
    http = target_identity("http://127.0.0.1:9/ask", target_config=config)
    config.write_text(json.dumps({"url": "http://127.0.0.1:9/ask", "headers": {"X-Mode": "strict"}}), encoding="utf-8")
    assert target_identity("http://127.0.0.1:9/ask", target_config=config) != http
    assert target_identity("http://127.0.0.1:9/other", target_config=config)["spec"] != http["spec"]

    from ragstress import endpoint

    baseline = target_identity("baseline", endpoint=endpoint("target", "http://127.0.0.1:9/v1", "model-a", "sk-x"))
    assert len(baseline["prompts"]) == 6 and baseline["endpoint"]["model"] == "model-a"
    assert "sk-x" not in json.dumps(baseline)
    assert target_identity("baseline", endpoint=endpoint("target", "http://127.0.0.1:9/v1", "model-b")) != baseline
