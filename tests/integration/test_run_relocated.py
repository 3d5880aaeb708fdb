"""A run directory moved to another folder (copied, attached to a CI job, published) still reads.

A bench run is written, copied elsewhere and the original deleted; the copy must report,
re-score and name its test set with no path of the folder it was written in.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress import corpora
from ragstress.cli import bench as cli_bench
from ragstress.cli import report as cli_report
from ragstress.cli import run as cli_run
from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json
from ragstress.reports.reading.rundir import load_run
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest

SAMPLES = Path(corpora.__file__).parent / "samples" / "en"


def _answer(request: FakeRequest) -> str:
    if "Eiffel Tower" in request.last_user_text:
        return "The Eiffel Tower was completed in 1889."
    return "The documents do not contain the answer."


@pytest.fixture
def app(monkeypatch, tmp_path):
    with FakeOpenAIServer(_answer) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
        app = typer.Typer()
        for module in (cli_bench, cli_report, cli_score, cli_run):
            module.register(app)
        yield app


def _seeds(tmp_path: Path) -> Path:
    rows = [json.loads(line) for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]
    path = tmp_path / "seeds.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]), encoding="utf-8")
    return path


def _text_files(folder: Path):
    return [p for p in folder.rglob("*") if p.is_file() and p.suffix in {".json", ".jsonl", ".md", ".html", ".csv"}]


def test_a_bench_directory_moved_elsewhere_reports_and_rescores(tmp_path, app):
    written = tmp_path / "written" / "run"
    args = ["bench", str(SAMPLES / "docs"), "--out", str(written), "--seeds", "0", "--seed-file", str(_seeds(tmp_path))]
    result = CliRunner().invoke(app, [*args, "--metrics", "accuracy,rejection,error_detection"])
    assert result.exit_code == 0, result.output

    moved = tmp_path / "elsewhere" / "published"
    shutil.copytree(written, moved)
    shutil.rmtree(tmp_path / "written")
    # The manifests name nothing inside the run by the folder it was written in.
    for path in _text_files(moved):
        assert str(written) not in path.read_text(encoding="utf-8", errors="replace"), path
    assert read_json(moved / "run.json")["testset"]["path"] == "testset/cases.jsonl"
    assert read_json(moved / "bench.json")["corpus"] == str((SAMPLES / "docs").resolve())

    data = load_run(moved)
    assert data.testset_manifest is not None and data.testset_manifest.random_seed is not None

    (moved / "report.json").unlink()
    result = CliRunner().invoke(app, ["report", str(moved)])
    assert result.exit_code == 0, result.output
    report = read_json(moved / "report.json")
    assert report["noise"]["points"] and any(role["stage"] == "generate" for role in report["header"]["roles"])

    result = CliRunner().invoke(app, ["score", str(moved), "--metrics", "accuracy,rejection", "--rescore"])
    assert result.exit_code == 0, result.output
    assert read_json(moved / "score.json")["run_dir"] == "."


def test_merged_shards_record_their_test_set_relative_to_the_merged_run(tmp_path, app):
    from ragstress.core.jsonl import write_records
    from ragstress.core.types import Case, Context

    testset = tmp_path / "work" / "cases.jsonl"
    testset.parent.mkdir()
    cases = [
        Case(
            id=f"c{i}",
            seed_id=f"s{i}",
            testbed="noise",
            lang="en",
            question="When was the Eiffel Tower completed?",
            answers=[["1889"]],
            contexts=[Context(text="The Eiffel Tower was completed in 1889.", role="positive", chunk_id="k")],
            expected="answer",
        )
        for i in range(4)
    ]
    write_records(testset, cases)
    shards = []
    for k in (1, 2):
        out = tmp_path / "work" / f"shard{k}"
        result = CliRunner().invoke(
            app, ["run", str(testset), "--target", "baseline", "--out", str(out), "--shard", f"{k}/2"]
        )
        assert result.exit_code == 0, result.output
        assert read_json(out / "run.json")["testset"]["path"] == str(testset.resolve())  # outside: absolute
        shards.append(str(out))
    merged = tmp_path / "work" / "merged"
    result = CliRunner().invoke(app, ["merge", *shards, "--out", str(merged)])
    assert result.exit_code == 0, result.output
    record = read_json(merged / "run.json")
    assert record["testset"]["path"] == str(testset.resolve())
    assert [m["dir"] for m in record["merged_from"]] == shards
