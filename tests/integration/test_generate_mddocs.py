"""Product docs in Markdown, English and Chinese, through `ragstress build` and `ragstress generate`.

The generator and judge are a scripted loopback server (the judge says yes, the generator proposes
nothing), so every seed comes from the docs templates reading the fixtures' sentences."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.generate import register as register_generate
from ragstress.cli.index import register as register_index
from ragstress.core.jsonl import read_records
from ragstress.core.types import SeedQuestion
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest

MDDOCS = Path(__file__).parents[1] / "data" / "formats" / "mddocs"
MARKUP = re.compile(r"`|\*|#|\{|\}|<|>|///|\]\(|^- ")
EXPECTED = {  # question -> an accepted answer, one the question does not give away (those are not asked)
    "What is the default value of the timeout parameter of Kettle()?": "30 seconds",
    "Which class do you use to declare a brewing step on a route in Kettle?": "Infuser",
    "Which status code does Kettle return when the pot is empty?": "418",
    "Which exception does Kettle raise when the lid is open?": "SpoutBlockedError",
    "In which version of Kettle was the steep() function added?": "2.4.0",
    "In Kettle, a request body may be at most how many kilobytes?": "64",
    "Kettle() 的 timeout 参数的默认值是什么？": "30 秒",
    "在 Kettle 中，使用哪个类来声明路由上的冲泡步骤？": "Infuser",
    "当壶为空时，Kettle 会返回哪个状态码？": "418",
    "steep() 函数是在 Kettle 的哪个版本中添加的？": "2.4.0",
    "在 Kettle 中，请求体最多为多少 KB？": "64",
}


def scripted(request: FakeRequest) -> str:
    prompt = request.last_user_text
    if '"verdict"' in prompt:
        return json.dumps({"verdict": "yes", "reason": "The passage states it."})
    if "Pick up to" in prompt or "至多" in prompt:
        return json.dumps({"proposals": []})
    return json.dumps({"aliases": []})


def _app() -> typer.Typer:
    app = typer.Typer()
    register_index(app)
    register_generate(app)
    return app


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[list[SeedQuestion], str]:
    work = tmp_path_factory.mktemp("mddocs")
    corpus = work / "docs"
    corpus.mkdir()
    for name in ("tuning.md", "tuning.zh.md"):
        shutil.copy(MDDOCS / name, corpus / name)
    runner = CliRunner()
    built = runner.invoke(
        _app(),
        [
            "build",
            str(corpus),
            "--index",
            str(work / "index"),
            "--embedding",
            "e5",
            "--chunk-size",
            "40",
            "--chunk-overlap",
            "0",
        ],
    )
    assert built.exit_code == 0, built.output
    with FakeOpenAIServer(scripted) as server:
        flags = []
        for role in ("generator", "judge"):
            flags += [f"--{role}-base-url", server.base_url, f"--{role}-model", "fake", f"--{role}-api-key", "k"]
        args = ["generate", str(work / "index"), "--out", str(work / "out"), "--testbeds", "noise", "--seeds", "40"]
        result = runner.invoke(_app(), [*args, "--pairs", "0", "--no-polish", *flags, "--cache-dir", str(work / "c")])
    assert result.exit_code == 0, result.output
    return read_records(work / "out" / "seeds.jsonl", SeedQuestion), result.output


def test_each_docs_template_asks_its_question_in_both_languages(generated):
    seeds, _ = generated
    asked = {s.question: s for s in seeds}
    for question, answer in EXPECTED.items():
        assert question in asked, (question, sorted(asked))
        assert any(answer in aliases for aliases in asked[question].answers), asked[question].answers
    assert {s.lang for s in seeds} == {"en", "zh"}


def test_no_question_holds_markup_or_a_regarding_frame(generated):
    seeds, _ = generated
    for seed in seeds:
        assert MARKUP.search(seed.question) is None, seed.question
        assert "Regarding" not in seed.question and not seed.question.startswith("关于"), seed.question


def test_fewer_seeds_than_asked_says_why_and_exits_zero(generated):
    seeds, output = generated
    assert f"note: {len(seeds)} of the 40 seeds wanted were generated" in " ".join(output.split())
