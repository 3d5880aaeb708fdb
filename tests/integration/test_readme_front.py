"""README is a front door: install, quick start, e2e and CI within its first 120 lines, and its examples run."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from langchain_core.documents import Document
from langchain_core.runnables import RunnableLambda

from ragstress.testing.fake_openai import FakeOpenAIServer

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    return README.read_text(encoding="utf-8").split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_a_newcomer_finds_install_quick_start_e2e_and_ci_in_the_first_120_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[2:7] == [
        "```bash",
        "make demo   # bench of the built-in RAG on both sample corpora, offline, bundled models (creates .venv)",
        "make demo DEMO_ARGS=--no-curated   # the same, with seeds generated from the corpora instead of curated ones",
        "make test   # installs what the tests need into .venv and runs the whole suite",
        "```",
    ]
    headings = [line for line in lines[:120] if line.startswith("## ")]
    for wanted in ("## Install", "## Quick start", "## Testing your own RAG system end to end", "## Gating in CI"):
        assert wanted in headings, headings
    # No table cell a reader has to wade through.
    cells = [cell for line in lines if line.startswith("|") for cell in line.strip("|").split("|")]
    assert all(len(cell.split()) <= 40 for cell in cells)


def test_the_quick_start_is_a_sample_and_says_how_long_it_took():
    text = section("Quick start")
    (command,) = re.findall(r"```bash\n(ragstress bench .*?)\nopen", text, flags=re.DOTALL)
    assert "--seed-sample" in command and "--metrics" in command
    assert re.search(r"\*\*\d+ min \d+ s\*\* in all", text) and "build" in text and "score" in text


def test_the_readme_langchain_factory_answers_with_the_passages_it_retrieved(tmp_path, monkeypatch):
    (code,) = re.findall(r"```python\n(.*?)```", section("Testing your own RAG system end to end"), flags=re.DOTALL)
    seen = []

    def reply(request):
        seen.append(request.last_user_text)
        return "It was completed in 1889."

    passages = [Document(page_content="The Eiffel Tower was completed in 1889.")]
    with FakeOpenAIServer(reply) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        (tmp_path / "my_rag.py").write_text(code, encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        sys.modules.pop("my_rag", None)
        import my_rag

        chain = my_rag.make_chain(RunnableLambda(lambda question: passages))
        result = chain.invoke({"input": "When was the Eiffel Tower completed?", "question": "When was it completed?"})
    assert result["answer"].content == "It was completed in 1889." and result["context"] == passages
    assert "completed in 1889" in seen[0] and "When was it completed?" in seen[0]
