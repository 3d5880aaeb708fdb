"""Manifests parse through their models, including a run directory written by release 0.1.0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ragstress.core.jsonl import RecordFileError, read_records
from ragstress.core.manifests import (
    SCHEMA_VERSION,
    BenchManifest,
    IndexManifest,
    RunManifest,
    ScoreManifest,
    TestsetManifest,
    read_manifest,
    write_manifest,
)
from ragstress.core.rundir import RunDir
from ragstress.core.types import Case, Score, TargetResponse
from ragstress.reports.reading.rundir import load_run

LEGACY = RunDir(Path(__file__).resolve().parents[1] / "data" / "legacy_run_v0")


def test_every_manifest_of_a_release_0_1_run_directory_reads():
    index = read_manifest(LEGACY.index_manifest, IndexManifest)
    testset = read_manifest(LEGACY.testset_manifest, TestsetManifest)
    run = read_manifest(LEGACY.run_manifest, RunManifest)
    score = read_manifest(LEGACY.score_manifest, ScoreManifest)
    bench = read_manifest(LEGACY.bench_manifest, BenchManifest)
    assert {m.schema_version for m in (index, testset, run, score, bench)} == {0}
    assert index.embedding_model == "all-MiniLM-L6-v2" and index.chunks == 104
    assert testset.random_seed == 13 and testset.cases["total"] == 24
    assert run.mode == "contexts" and run.counts["done"] == 27 and run.testset.sha256
    assert "answer_match" in score.metrics and score.per_metric
    assert set(bench.stages) == {"build", "generate", "run", "score", "report"}
    assert bench.stages["run"].exit_code == 0 and bench.stages["run"].inputs
    # Fields the models do not name survive a read and write back.
    assert score.model_extra["responses_scored"] > 0 and run.model_extra["settings"]["concurrency"] == 4


def test_the_records_and_the_report_reader_take_the_legacy_directory():
    cases = read_records(LEGACY.cases, Case)
    assert len(cases) == 24 and len(read_records(LEGACY.testset_cases, Case)) == 24
    assert read_records(LEGACY.responses, TargetResponse) and read_records(LEGACY.scores, Score)
    data = load_run(LEGACY.path)
    assert data.run_manifest is not None and data.run_manifest.mode == "contexts"
    assert data.score_manifest is not None and data.testset_manifest is not None
    assert data.testset_manifest.random_seed == 13
    assert all(path.is_file() for path in LEGACY.report_files().values())


def test_a_written_manifest_is_versioned_and_keeps_unknown_fields(tmp_path):
    legacy = json.loads(LEGACY.bench_manifest.read_text(encoding="utf-8"))
    write_manifest(tmp_path / "bench.json", {**legacy, "added_later": {"x": 1}}, BenchManifest)
    again = read_manifest(tmp_path / "bench.json", BenchManifest)
    assert again.schema_version == SCHEMA_VERSION and again.model_extra["added_later"] == {"x": 1}
    assert again.stages == read_manifest(LEGACY.bench_manifest, BenchManifest).stages


def test_a_missing_required_field_names_the_file_and_the_field(tmp_path):
    run = json.loads(LEGACY.run_manifest.read_text(encoding="utf-8"))
    del run["target"]
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run), encoding="utf-8")
    with pytest.raises(RecordFileError, match=r"run\.json.*field target: missing"):
        read_manifest(path, RunManifest)
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(RecordFileError, match="expected a JSON object"):
        read_manifest(path, RunManifest)
    with pytest.raises(ValueError, match="stages"):
        write_manifest(tmp_path / "bench.json", {"corpus": "c", "stages": {"run": {"inputs": "x"}}}, BenchManifest)
