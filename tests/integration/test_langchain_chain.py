"""The path a LangChain user walks: a `create_retrieval_chain`-shaped factory benched from Python and pytest.

The chain is docs/e2e.md's, built with langchain-core alone (`langchain`, which holds
`create_retrieval_chain`, is not a dependency): `RunnablePassthrough.assign(context=itemgetter("input")
| retriever)`, then a prompt and a stand-in chat model (`my_models.py`) that repeats the context it
was given. The target module imports the chain from `rag_app.py` beside it, which imports the model.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import ragstress
from ragstress.cli import app as cli_app
from ragstress.cli import report as cli_report
from ragstress.cli import run as cli_run
from ragstress.core.jsonl import read_json, read_records
from ragstress.core.registry import UnknownNameError
from ragstress.core.types import Case, TargetResponse
from ragstress.reports.gates.thresholds import ThresholdError
from tests.integration.test_bench import SAMPLES, seed_file

MODELS = '''
from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableLambda

PREFIX = "{prefix}"


def reader(prompt_value):
    """A stand-in chat model: repeats the context it was given, or declines without one."""
    context = prompt_value.to_messages()[0].content.split("context:\\n", 1)[1]
    return AIMessage(f"{{PREFIX}} {{context}}" if context.strip() else f"{{PREFIX}} I can not answer the question.")


chat_model = RunnableLambda(reader)
'''


def docs_example() -> str:
    """docs/e2e.md's chain, as the user's rag_app.py."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "e2e.md").read_text(encoding="utf-8")
    section = text.split("## LangChain chains", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)[0]


TARGET = """
from rag_app import create_retrieval_chain


def make_chain(retriever):
    return create_retrieval_chain(retriever)
"""
BROKEN = """
def answer(request):
    raise RuntimeError("no API key configured for the chat model")
"""
SPEC = "langchain:lc_rag_target:make_chain"
MODULES = ("rag_app", "my_models", "lc_rag_target", "lc_broken")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The user's project folder, importable, with the chain, its target module and a broken target."""
    code = tmp_path / "project"
    code.mkdir()
    (code / "rag_app.py").write_text(docs_example(), encoding="utf-8")
    (code / "my_models.py").write_text(MODELS.format(prefix="From the documents:"), encoding="utf-8")
    (code / "lc_rag_target.py").write_text(TARGET, encoding="utf-8")
    (code / "lc_broken.py").write_text(BROKEN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(code))
    for name in MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
    yield code
    for name in MODULES:
        sys.modules.pop(name, None)


def responses(out: Path) -> list[TargetResponse]:
    return read_records(out / "responses.jsonl", TargetResponse)


def bench(tmp_path: Path, out: Path, **options):
    options = {"seed_file": seed_file(tmp_path), "seeds": 0, "metrics": "answer_match", **options}
    return ragstress.bench(SAMPLES / "docs", out, **options)


def test_a_factory_chain_answers_every_case_in_contexts_mode_and_an_edited_app_is_asked_again(tmp_path, project):
    out = tmp_path / "contexts"
    testbeds = ["noise", "negative", "counterfactual"]  # counterfactual adds closed-book probes
    first = bench(tmp_path, out, target=SPEC, testbeds=testbeds)
    got = responses(out)
    assert got and [r.error for r in got if r.error] == [], "the factory chain failed in contexts mode"
    assert first.failure is None and first.model.error_rates["all"].value == 0
    cases = {c.id: c for c in read_records(out / "cases.jsonl", Case)}
    for response in got:
        if response.probe == "case":  # the chain read exactly the case's passages
            assert response.contexts == [c.text for c in cases[response.case_id].contexts]
        else:
            assert response.answer.endswith("I can not answer the question.")
    recorded = read_json(out / "bench.json")["stages"]["run"]["target"]["files"]
    assert set(recorded) == {"lc_rag_target.py", "rag_app.py", "my_models.py"}

    # The target module and the app are unchanged; the model module the app imports is edited: all asked again.
    (project / "my_models.py").write_text(MODELS.format(prefix="Per the sources:"), encoding="utf-8")
    bench(tmp_path, out, target=SPEC, testbeds=testbeds)
    again = responses(out)
    assert len(again) == len(got)
    assert all(r.answer.startswith("Per the sources:") for r in again), "answers of the old app were kept"


def test_a_factory_chain_runs_end_to_end_and_each_case_retrieves_its_own_share_of_noise(tmp_path, project, capsys):
    out = tmp_path / "e2e"
    report = bench(tmp_path, out, target=SPEC, mode="e2e", testbeds=["noise", "integration", "negative"])
    got = {r.case_id: r for r in responses(out)}
    assert got and not [r.error for r in got.values() if r.error]
    assert report.failure is None and report.model.header.mode == "e2e"
    cases = read_records(out / "cases.jsonl", Case)
    held = [c for c in cases if c.testbed in ("noise", "integration")]
    assert any(c.params["noise_ratio"] == 0 for c in held) and any(c.params["noise_ratio"] > 0 for c in held)
    for case in held:
        retrieved = got[case.id].retrieved
        assert len(got[case.id].contexts) == len(case.contexts), case.id  # exactly the case's passage count
        assert retrieved.noise == pytest.approx(case.params["noise_ratio"]), (case.id, retrieved.roles)
    rows = {row.variant: row for row in report.model.e2e.rows}
    assert rows["noise@0"].noise == 0 and all(r.labelled_noise == r.noise for r in rows.values() if "@" in r.variant)
    negative = [got[c.id] for c in cases if c.testbed == "negative"]
    assert negative and all(r.retrieved.positive == 0 for r in negative)

    # Asked again with nothing left to ask: no variant is built for no question, and run.json keeps its record.
    before = read_json(out / "run.json")["e2e"]
    again = ragstress.run(out / "cases.jsonl", out, target=SPEC, mode="e2e", index_dir=out / "index", resume=True)
    assert again.answered == 0 and again.answered_earlier == len(got) and again.failure is None
    assert "the e2e variants are not built again" in capsys.readouterr().out
    assert read_json(out / "run.json")["e2e"] == before and len(responses(out)) == len(got)


def test_a_factory_without_an_index_is_refused_before_any_case(tmp_path, project):
    out = tmp_path / "run"
    testset = tmp_path / "testset"
    report = bench(tmp_path, out, target=SPEC, testbeds=["noise"])  # a test set to run again
    assert report.failure is None
    shutil.copy(out / "testset" / "cases.jsonl", testset.with_suffix(".jsonl"))
    with pytest.raises(ValueError, match="pass --index"):
        ragstress.run(testset.with_suffix(".jsonl"), tmp_path / "no-index", target=SPEC, mode="e2e")


def test_misspelt_names_stop_bench_before_any_stage(tmp_path, project):
    out = tmp_path / "typo"
    with pytest.raises(ThresholdError, match="did you mean 'accuracy'"):
        bench(tmp_path, out, target=SPEC, fail_under=["acuracy@noise=0.8"])
    with pytest.raises(UnknownNameError, match="did you mean 'noise'"):
        bench(tmp_path, out, target=SPEC, testbeds=["noize"])
    with pytest.raises(UnknownNameError, match="did you mean 'answer_match'"):
        bench(tmp_path, out, target=SPEC, metrics="answer_mach")
    assert not out.exists(), "a stage ran before the names were checked"

    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name
    args = ["bench", str(SAMPLES / "docs"), "--out", str(out), "--target", SPEC, "--seeds", "0"]
    result = CliRunner().invoke(app, [*args, "--seed-file", str(seed_file(tmp_path)), "--fail-under", "acuracy=0.8"])
    assert result.exit_code == 2 and "did you mean 'accuracy'" in result.output
    assert not out.exists()


def test_a_run_in_which_every_case_failed_says_so_everywhere(tmp_path, project):
    out = tmp_path / "broken"
    report = bench(tmp_path, out, target="python:lc_broken:answer", testbeds=["noise"], fail_under=["accuracy=0.5"])
    n = len(read_records(out / "cases.jsonl", Case))
    said = f"all {n} cases failed: RuntimeError: no API key configured for the chat model"
    assert report.failure == said and not report.passed
    assert report.failed_checks == [f"accuracy >= 0.5: {said}"]
    assert read_json(out / "report.json")["failure"] == said
    assert read_json(out / "bench.json")["exit_code"] == 1
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert said in markdown and f"全部 {n} 个用例均失败" in markdown
    assert said in (out / "report.html").read_text(encoding="utf-8")
    # Without a gate too, a report of nothing does not pass.
    assert not ragstress.report(out, write=False).passed

    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name
    args = ["bench", str(SAMPLES / "docs"), "--out", str(out), "--target", "python:lc_broken:answer"]
    args += [
        "--seeds",
        "0",
        "--seed-file",
        str(seed_file(tmp_path)),
        "--testbeds",
        "noise",
        "--metrics",
        "answer_match",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1 and said in " ".join(result.output.split())  # the console wraps long lines

    # So does the report command, and the run stage alone.
    app = typer.Typer()
    cli_report.register(app)
    result = CliRunner().invoke(app, ["report", str(out)])
    assert result.exit_code == 1 and said in " ".join(result.output.split())
    assert "target errors:" not in result.output  # one story, not a count beside "none scored"

    app = typer.Typer()
    cli_run.register(app)
    args = ["run", str(out / "cases.jsonl"), "--target", "python:lc_broken:answer", "--out", str(tmp_path / "run")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1 and said in " ".join(result.output.split())
    summary = ragstress.run(out / "cases.jsonl", tmp_path / "api-run", target="python:lc_broken:answer")
    assert summary.failure == said

    uri = (tmp_path / "mlruns").as_uri()
    mlflow = pytest.importorskip("mlflow")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
        run_id = report.log_to_mlflow(uri)
        assert mlflow.MlflowClient(tracking_uri=uri).get_run(run_id).data.tags["ragstress.failure"] == said


PYTEST_SUITE = """
import pytest


@pytest.mark.ragstress_gate("answer_match@noise=0.5")
def test_the_chain_end_to_end(ragstress_bench):
    report = ragstress_bench("docs", target="{spec}", mode="e2e", seed=13, seed_file="seeds.jsonl", seeds=0,
                             testbeds=["noise"], metrics="answer_match")
    assert report.model.header.mode == "e2e" and report.failure is None


def test_a_misspelt_metric_fails_cleanly(ragstress_bench):
    ragstress_bench("docs", target="{spec}", metrics="answer_mach", seed_file="seeds.jsonl", seeds=0)


def test_a_broken_target_says_why(ragstress_bench):
    ragstress_bench("docs", target="python:lc_broken:answer", seed_file="seeds.jsonl", seeds=0,
                    testbeds=["noise"], metrics="answer_match")
"""


def test_the_pytest_fixture_runs_the_chain_end_to_end_without_the_cache_plugin(pytester, project, tmp_path):
    shutil.copytree(SAMPLES / "docs", pytester.path / "docs")
    shutil.copy(seed_file(tmp_path), pytester.path / "seeds.jsonl")
    for module in project.glob("*.py"):  # the suite's own folder is where its modules are found
        shutil.copy(module, pytester.path / module.name)
    pytester.makepyfile(test_chain=PYTEST_SUITE.format(spec=SPEC))
    result = pytester.runpytest_subprocess("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*ragstress_bench: unknown metric 'answer_mach'; did you mean 'answer_match'*",
            "*ragstress_bench: all * cases failed: RuntimeError: no API key configured for the chat model*",
        ]
    )
    assert "Traceback" not in result.stdout.str() and "During handling" not in result.stdout.str()
    assert (pytester.path / ".ragstress-runs").is_dir()  # where runs go without the cache plugin


MISSPELT_GATE = """
import pytest


@pytest.mark.ragstress_gate("acuracy@noise=0.8")
def test_gate(ragstress_bench):
    raise AssertionError("never run: the gate is refused at collection")
"""


def test_a_misspelt_gate_in_pytest_is_a_usage_error_with_a_suggestion(pytester):
    pytester.makepyfile(test_gate=MISSPELT_GATE)
    result = pytester.runpytest_subprocess("-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*test_gate.py::test_gate: ragstress_gate: *unknown metric 'acuracy'; did you mean*"])
    assert "Traceback" not in result.stderr.str()


def test_fixture_options_are_bench_options():
    import inspect

    taken = inspect.signature(ragstress.bench).parameters
    for option in ("mode", "target_config", "seed", "thresholds_file", "ratio_policy", "endpoints"):
        assert option in taken, option
