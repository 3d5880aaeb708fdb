"""Test sets from Ragas, DeepEval, Giskard RAGET and a plain CSV import onto an index, run and report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress import corpora
from ragstress.cli import import_testset as cli_import
from ragstress.cli import report as cli_report
from ragstress.cli import run as cli_run
from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json, read_records
from ragstress.core.types import Case

IMPORTS = Path(__file__).parents[1] / "data" / "imports"
SAMPLES = Path(corpora.__file__).parent / "samples" / "en"


def _app() -> typer.Typer:
    app = typer.Typer()
    for module in (cli_import, cli_run, cli_score, cli_report):
        module.register(app)
    return app


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from ragstress.api.stages import build_index

    folder = tmp_path_factory.mktemp("index")
    docs = folder / "docs"
    docs.mkdir()
    for name in ("eiffel_tower.txt", "tokyo_tower.txt", "cn_tower.txt"):
        (docs / name).write_text((SAMPLES / "docs" / name).read_text(encoding="utf-8"), encoding="utf-8")
    build_index(docs, folder / "index")
    return folder / "index"


@pytest.mark.parametrize(
    ("name", "fmt", "columns", "checkable", "judged"),
    [
        ("ragas.jsonl", "ragas", None, 2, 1),
        ("ragas.csv", "ragas", None, 2, 1),
        ("deepeval.json", "deepeval", None, 2, 0),
        ("raget.jsonl", "raget", None, 2, 0),
        ("custom.csv", "csv", "question=q,answer=a,context=ctx", 3, 0),
        ("ragas_multiturn.jsonl", "ragas", None, 2, 0),
    ],
)
def test_each_format_imports_runs_and_reports(tmp_path, index, name, fmt, columns, checkable, judged):
    out = tmp_path / "testset"
    args = ["import-testset", str(IMPORTS / name), "--format", fmt, "--index", str(index), "--out", str(out)]
    result = CliRunner().invoke(_app(), args + (["--columns", columns] if columns else []))
    assert result.exit_code == 0, result.output
    assert f"{checkable} checkable by string, {judged} for judged metrics only" in " ".join(result.output.split())
    manifest = read_json(out / "testset.json")["import"]
    assert (manifest["span_checkable"], manifest["judged_only"]) == (checkable, judged)
    cases = read_records(out / "cases.jsonl", Case)
    assert {c.testbed for c in cases} >= {"noise", "negative", "counterfactual"}
    checkable_cases = [c for c in cases if not c.params.get("judged_only")]
    assert all(
        any(a in ("1889", "1958", "333 metres", "1994", "2007", "553.3 metres") for a in c.answers[0])
        for c in checkable_cases
        if c.answers
    )
    run = tmp_path / "run"
    ran = CliRunner().invoke(
        _app(),
        ["run", str(out / "cases.jsonl"), "--target", "python:fixtures_run.targets:conversational", "--out", str(run)],
    )
    assert ran.exit_code == 0, ran.output
    assert CliRunner().invoke(_app(), ["score", str(run), "--metrics", "accuracy,rejection"]).exit_code == 0
    assert CliRunner().invoke(_app(), ["report", str(run)]).exit_code == 0
    assert read_json(run / "report.json")["noise"]["n_cases"] > 0
    if fmt == "raget":
        kinds = {"simple": 1, "conversational": 1, "out of scope": 1}
        assert manifest["conversational"] == 1 and manifest["kinds"] == kinds and manifest["out_of_scope"] == 1
        talk = [c for c in cases if c.params.get("history")]
        assert talk and all(c.question == "And when was it finished?" for c in talk)
        (declined,) = [c for c in cases if c.params.get("out_of_scope")]
        assert (declined.testbed, declined.expected, declined.answers) == ("negative", "reject", [])
        assert [p.role for p in declined.contexts] == ["noise"]
        scores = [json.loads(x) for x in (run / "scores.jsonl").read_text(encoding="utf-8").splitlines()]
        assert {s["metric"] for s in scores if s["case_id"] == declined.id} == {"rejection"}
    if name in ("raget.jsonl", "ragas_multiturn.jsonl"):
        asked = [json.loads(x) for x in (run / "responses.jsonl").read_text(encoding="utf-8").splitlines()]
        assert any("history: 2 turns" in r["answer"] for r in asked)  # the target was sent the earlier turns
    if name == "ragas_multiturn.jsonl":
        talk = [c for c in cases if c.params.get("history")]
        assert talk and {c.question for c in talk} == {
            "In which year did it lose its title of tallest free-standing structure?"
        }
        assert [t["role"] for t in talk[0].params["history"]] == ["user", "assistant"]
    if judged:
        (line,) = [json.loads(x) for x in (out / "judged_only.jsonl").read_text(encoding="utf-8").splitlines()]
        assert line["why"] and line["question"].startswith("Why do towers")
        (kept,) = [c for c in cases if c.params.get("judged_only")]
        assert kept.answers == [[line["reference"]]] and kept.contexts
        scores = [json.loads(x) for x in (run / "scores.jsonl").read_text(encoding="utf-8").splitlines()]
        assert not [s for s in scores if s["case_id"] == kept.id]  # no rule scores what it cannot check


def test_a_bad_item_names_the_file_line_and_field(tmp_path, index):
    args = [
        "import-testset",
        str(IMPORTS / "bad.jsonl"),
        "--format",
        "ragas",
        "--index",
        str(index),
        "--out",
        str(tmp_path / "t"),
    ]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 2 and "bad.jsonl:2: field user_input" in result.output
    unknown = CliRunner().invoke(_app(), [*args[:2], "--format", "giskard", *args[4:]])
    assert unknown.exit_code == 2 and "choose one of ragas, deepeval, raget, csv" in unknown.output


def _import(tmp_path, index, file, fmt, *extra):
    args = ["import-testset", str(file), "--format", fmt, "--index", str(index), "--out", str(tmp_path / "t")]
    return CliRunner().invoke(_app(), [*args, *extra])


def test_a_file_with_no_checkable_answer_imports_for_judged_metrics(tmp_path, index):
    open_ended = tmp_path / "open.jsonl"
    item = {
        "user_input": "Why do towers inspire so many imitations?",
        "reference": "Because landmark towers become symbols that other cities want to echo.",
        "reference_contexts": ["It was completed in 1958 and reaches a height of 333 metres."],
    }
    open_ended.write_text(json.dumps(item) + "\n", encoding="utf-8")
    result = _import(tmp_path, index, open_ended, "ragas")
    assert result.exit_code == 0, result.output
    assert "0 checkable by string, 1 for judged metrics only" in " ".join(result.output.split())
    (case,) = read_records(tmp_path / "t" / "cases.jsonl", Case)
    assert case.params["judged_only"] and read_json(tmp_path / "t" / "testset.json")["cases"]["total"] == 1


def test_csv_errors_name_the_line_a_row_starts_on_and_the_missing_column(tmp_path, index):
    bad = tmp_path / "bad.csv"
    bad.write_text('q,a,ctx\nFirst?,1889,"two\nlines"\n,1958,ctx\n', encoding="utf-8")
    result = _import(tmp_path, index, bad, "csv", "--columns", "question=q,answer=a,context=ctx")
    assert result.exit_code == 2 and "bad.csv:4: field q" in result.output
    renamed = _import(tmp_path, index, bad, "csv", "--columns", "question=query,answer=a")
    assert renamed.exit_code == 2 and "bad.csv:1: --columns names query, not in the header" in " ".join(
        renamed.output.split()
    )
