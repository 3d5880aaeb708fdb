"""A bench logged with --mlflow reads back with MLflow's own client: the same metrics as report.json, files that open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress import corpora
from ragstress.cli import bench as cli_bench
from ragstress.cli import report as cli_report
from ragstress.cli import with_optional_values
from ragstress.core.jsonl import read_json

mlflow = pytest.importorskip("mlflow")

SAMPLES = Path(corpora.__file__).parent / "samples" / "en"
RAG = """
def answer(request):
    passages = " ".join(request.contexts or [])
    return "1889" if "1889" in passages else "I can not answer the question."
"""


def _app() -> typer.Typer:
    app = typer.Typer()
    cli_bench.register(app)
    cli_report.register(app)
    return app


def test_bench_logs_to_a_file_store_that_mlflow_reads_back(tmp_path, monkeypatch):
    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")  # MLflow 3 asks users of its file store to opt in
    monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "rag_under_test.py").write_text(RAG, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    seeds = tmp_path / "seeds.jsonl"
    seeds.write_text("\n".join((SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()[:3]) + "\n")
    uri = (tmp_path / "mlruns").as_uri()
    out = tmp_path / "run"
    args = ["bench", str(SAMPLES / "docs"), "--out", str(out), "--target", "python:rag_under_test:answer"]
    args += ["--seeds", "0", "--seed-file", str(seeds), "--metrics", "accuracy,rejection", "--mlflow", uri]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0, result.output
    assert "logged to MLflow" in result.output

    mlflow.set_tracking_uri(uri)
    runs = mlflow.search_runs(experiment_names=["ragstress"])
    assert len(runs) == 1
    row = runs.iloc[0]
    report = read_json(out / "report.json")
    by_metric = {m["metric"]: m for m in report["metrics"]}
    for metric in ("accuracy", "rejection"):
        overall = by_metric[metric]["overall"]
        assert row[f"metrics.{metric}.all"] == pytest.approx(overall["value"])
        assert row[f"metrics.{metric}.all.low"] == pytest.approx(overall["low"])
        assert row[f"metrics.{metric}.all.n"] == overall["n"]
    noise = by_metric["accuracy"]["by_testbed"]["noise"]
    assert row["metrics.accuracy.noise.high"] == pytest.approx(noise["high"])
    card = next(c for c in report["card"] if c["testbed"] == "negative")
    assert row[f"metrics.card.negative.{card['lang']}"] == pytest.approx(card["headline"]["value"])
    assert row["params.testset_fingerprint"] and row["params.target_fingerprint"]
    assert "python:rag_under_test:answer" in row["params.target"]

    client = mlflow.MlflowClient(tracking_uri=uri)
    names = {a.path for a in client.list_artifacts(row["run_id"])}
    assert {"report.json", "report.md", "report.html", "scores.csv"} <= names
    local = client.download_artifacts(row["run_id"], "report.json", str(tmp_path / "back"))
    assert json.loads(Path(local).read_text(encoding="utf-8"))["metrics"] == report["metrics"]


def _fixture_run(tmp_path, name="robust"):
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
    )
    make_runs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_runs)
    return make_runs.write_run(tmp_path / name, name)


def test_a_store_mlflow_would_refuse_stops_the_command_before_any_work(tmp_path, monkeypatch):
    monkeypatch.delenv("MLFLOW_ALLOW_FILE_STORE", raising=False)
    run = _fixture_run(tmp_path)
    result = CliRunner().invoke(_app(), ["report", str(run), "--mlflow", (tmp_path / "mlruns").as_uri()])
    assert result.exit_code == 2 and "MLFLOW_ALLOW_FILE_STORE" in result.output
    assert not (run / "report.json").exists()  # refused up front, not after the work
    monkeypatch.delenv("MLFLOW_TRACKING_URI", raising=False)
    bare = CliRunner().invoke(_app(), with_optional_values(["report", str(run), "--mlflow"]))
    assert bare.exit_code == 2 and "MLFLOW_TRACKING_URI" in bare.output


def test_an_unreachable_tracking_server_says_why_and_keeps_the_report(tmp_path, monkeypatch):
    import socket

    monkeypatch.setenv("MLFLOW_HTTP_REQUEST_MAX_RETRIES", "0")
    monkeypatch.setenv("MLFLOW_HTTP_REQUEST_TIMEOUT", "5")
    with socket.socket() as probe:  # a loopback port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = _fixture_run(tmp_path)
    result = CliRunner().invoke(_app(), ["report", str(run), "--mlflow", f"http://127.0.0.1:{port}"])
    assert result.exit_code == 2 and "MLflow refused the run" in result.output
    assert (run / "report.json").is_file()


def test_compare_logs_each_run_it_compares(tmp_path, monkeypatch):
    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
    runs = [_fixture_run(tmp_path, name) for name in ("fragile", "robust")]
    for run in runs:
        assert CliRunner().invoke(_app(), ["report", str(run)]).exit_code == 0
    uri = (tmp_path / "mlruns").as_uri()
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)  # a bare --mlflow logs where the environment says
    args = with_optional_values(["compare", *map(str, runs), "--mlflow", "--out", str(tmp_path / "cmp")])
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0, result.output
    mlflow.set_tracking_uri(uri)
    logged = mlflow.search_runs(experiment_names=["ragstress"])
    assert sorted(logged["tags.mlflow.runName"]) == ["fragile", "robust"]
    for name, run in zip(("fragile", "robust"), runs, strict=True):
        row = logged[logged["tags.mlflow.runName"] == name].iloc[0]
        noise = read_json(run / "report.json")["noise"]["overall"]
        assert row["metrics.accuracy.noise"] == pytest.approx(noise["value"])
