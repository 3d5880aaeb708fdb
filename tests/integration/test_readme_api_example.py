"""The pytest example of README's "Python API" section runs, as a user would run it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from ragstress import corpora

REPO = Path(__file__).resolve().parents[2]
SAMPLES = Path(corpora.__file__).parent / "samples" / "en"
# The fixture the example takes: a loopback OpenAI-protocol server for the generator and judge roles.
CONFTEST = """
import pytest
from ragstress.testing.fake_openai import FakeOpenAIServer

def reply(request):
    if request.last_user_text.startswith("Does the passage below answer the question"):  # the noise check
        return '{"verdict": "no", "reason": "It is about something else."}'
    return "I can not answer the question."

@pytest.fixture
def llm_url():
    with FakeOpenAIServer(reply) as server:
        yield server.base_url
"""


def readme_example() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Python API", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return block


def test_the_readme_example_is_about_ten_lines_and_gates_with_assert():
    lines = [line for line in readme_example().splitlines() if line.strip()]
    assert len(lines) <= 12 and "ragstress.bench(" in readme_example() and "assert report.passed" in readme_example()


def test_the_readme_pytest_example_passes(tmp_path):
    rows = [
        json.loads(line) for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    picked = [row for row in rows if len(row["answers"]) == 1][:3]
    # The seeds' documents plus a few others for noise passages: a small corpus keeps the build quick.
    names = {name for row in picked for name in row["doc_ids"]} | {
        p.name for p in sorted((SAMPLES / "docs").iterdir())[:9]
    }
    (tmp_path / "docs").mkdir()
    for name in sorted(names):
        shutil.copy(SAMPLES / "docs" / name, tmp_path / "docs" / name)
    (tmp_path / "seeds.jsonl").write_text("".join(json.dumps(row) + "\n" for row in picked), encoding="utf-8")
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (tmp_path / "test_rag_example.py").write_text(readme_example(), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_rag_example.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "1 passed" in result.stdout
