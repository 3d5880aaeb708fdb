"""Paths a manifest records are read from the folder of that manifest, never from the working directory."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fixtures_run.inprocess import invoke

from ragstress.core.jsonl import write_records
from ragstress.core.paths import recorded_path
from ragstress.core.types import Case, Context


def _cases() -> list[Case]:
    return [
        Case(
            id="c1",
            seed_id="s1",
            testbed="noise",
            lang="en",
            question="When was the tower completed?",
            answers=[["1889"]],
            contexts=[Context(text="It was completed in 1889.", role="positive", chunk_id="k")],
            expected="answer",
        )
    ]


def _standalone_test_set(project: Path) -> Path:
    """index/ and testset/ side by side, as `ragstress build` and `generate --out testset` leave them."""
    chunks = project / "index" / "chunks.jsonl"
    chunks.parent.mkdir(parents=True)
    chunks.write_text('{"id": "k1"}\n{"id": "k2"}\n', encoding="utf-8")
    testset = project / "testset"
    write_records(testset / "cases.jsonl", _cases())
    index_dir = recorded_path(project / "index", testset, reach=project)
    (testset / "testset.json").write_text(
        json.dumps({"random_seed": 13, "index": {"dir": index_dir}}), encoding="utf-8"
    )
    return testset / "cases.jsonl"


def _corpus_fingerprint(run: Path) -> str | None:
    """The fingerprint `ragstress report` puts in the report's header."""
    result = invoke("report", run)
    assert result.exit_code == 0, result.output
    return json.loads((run / "report.json").read_text(encoding="utf-8"))["header"]["corpus_fingerprint"]


def _run_of(testset: Path, run: Path) -> Path:
    write_records(run / "cases.jsonl", _cases())
    record = {"target": {"spec": "baseline"}, "testset": {"path": recorded_path(testset, run), "sha256": "x"}}
    (run / "run.json").write_text(json.dumps(record), encoding="utf-8")
    return run


def test_the_corpus_fingerprint_reads_the_index_the_test_set_names_from_its_own_folder(tmp_path, monkeypatch):
    testset = _standalone_test_set(tmp_path / "project")
    run = _run_of(testset, tmp_path / "runs" / "r1")
    assert json.loads((testset.parent / "testset.json").read_text(encoding="utf-8"))["index"]["dir"] == "../index"
    # Wherever the report is built from: the recorded ../index is beside the test set, not the working directory.
    monkeypatch.chdir(tmp_path / "runs")
    digest = hashlib.sha256((tmp_path / "project" / "index" / "chunks.jsonl").read_bytes()).hexdigest()[:12]
    assert _corpus_fingerprint(run) == f"{digest} (2 chunks)"


def test_a_working_directory_holding_an_index_of_the_same_name_is_not_read(tmp_path, monkeypatch):
    testset = _standalone_test_set(tmp_path / "project")
    run = _run_of(testset, tmp_path / "runs" / "r1")
    decoy = tmp_path / "elsewhere" / "index" / "chunks.jsonl"
    decoy.parent.mkdir(parents=True)
    decoy.write_text('{"id": "other"}\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path / "elsewhere" / "index")
    assert _corpus_fingerprint(run).endswith("(2 chunks)")
