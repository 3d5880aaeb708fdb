"""The demo's example label file: it parses, belongs to the demo's seeds, and calibrates a run of the demo's shape.

The run here is built from the file's own rows (its cases, questions and the answers the
labels were written for), with judge values chosen so the PPI estimate is known exactly.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from ragstress import corpora
from ragstress.api.demo import DEMO_METRICS, demo_seed_file
from ragstress.core.jsonl import write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.reports.judge.calibration import FEW_LABELS, MIN_LABELS, calibrate_run
from ragstress.reports.judge.labelfile import parse_label, read_labels

LABELS = Path(corpora.__file__).parent / "samples" / "en" / "demo-labels.csv"


def _rows() -> list[dict[str, str]]:
    with LABELS.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def _run_of_the_demos_shape(run: Path, judge: dict[str, float], changed: set[str] = frozenset()) -> None:
    """cases, responses and answer_accuracy scores for every row's case; `changed` cases answered otherwise."""
    rows = _rows()
    cases = [
        Case(
            id=r["case_id"],
            seed_id=r["case_id"].split(":")[0],
            testbed=r["testbed"],
            lang=r["lang"],
            question=r["question"],
            answers=[["x"]],
            fake_answer=["y"] if r["testbed"] == "counterfactual" else None,
            contexts=[Context(text="passage", role="positive")],
            expected="flag_error" if r["testbed"] == "counterfactual" else "answer",
        )
        for r in rows
    ]
    responses = [
        TargetResponse(
            case_id=r["case_id"],
            answer=r["response"] if r["case_id"] not in changed else "another answer",
            latency_s=0.1,
        )
        for r in rows
    ]
    scores = [
        Score(case_id=r["case_id"], metric="answer_accuracy", value=judge[r["case_id"]], label="judged") for r in rows
    ]
    run.mkdir()
    write_records(run / "cases.jsonl", cases)
    write_records(run / "responses.jsonl", responses)
    write_records(run / "scores.jsonl", scores)


def test_the_file_parses_and_labels_the_demos_cases_with_some_left_unlabelled(tmp_path):
    rows = _rows()
    labels = read_labels(LABELS)
    assert labels.n_rows == len(rows) and len(labels.labels) >= MIN_LABELS
    assert labels.n_blank >= 1  # PPI needs judged cases nobody labelled
    seed_file = demo_seed_file("en", tmp_path / "seeds.jsonl")
    demo_seeds = {json.loads(line)["id"] for line in seed_file.read_text(encoding="utf-8").splitlines()}
    assert {r["case_id"].split(":")[0] for r in rows} <= demo_seeds
    assert {r["metric"] for r in rows} == {"answer_accuracy"} and "answer_accuracy" in DEMO_METRICS.split(",")
    assert all(r["response"].strip() for r in rows)  # each label is tied to the answer it judged


def test_the_file_calibrates_a_run_of_the_demos_answers(tmp_path):
    rows = _rows()
    # A judge that passes everything: PPI must bring the rate down to the labels' mean exactly.
    _run_of_the_demos_shape(tmp_path / "run", {r["case_id"]: 1.0 for r in rows})
    calibration = calibrate_run(tmp_path / "run", LABELS)
    (row,) = calibration.metrics
    labelled = [parse_label(r["label"]) for r in rows if r["label"].strip()]
    assert row.metric == "answer_accuracy" and row.n_labels == len(labelled) and row.n_judged == len(rows)
    assert row.judge.value == 1.0 and row.calibrated is not None
    assert row.calibrated.value == pytest.approx(sum(labelled) / len(labelled))
    assert row.calibrated.low < row.calibrated.value < row.calibrated.high
    assert len(labelled) < FEW_LABELS and any("a demonstration of the method" in n for n in calibration.notes)


def test_labels_of_answers_the_run_did_not_give_are_left_out(tmp_path):
    rows = _rows()
    labelled = [r["case_id"] for r in rows if r["label"].strip()]
    changed = set(labelled[: len(labelled) - MIN_LABELS + 1])  # one label short of calibrating
    _run_of_the_demos_shape(tmp_path / "run", {r["case_id"]: 0.5 for r in rows}, changed)
    calibration = calibrate_run(tmp_path / "run", LABELS)
    (row,) = calibration.metrics
    assert row.n_labels == MIN_LABELS - 1 and row.calibrated is None and "at least 10" in row.note
    assert any(f"{len(changed)} label(s) left out" in n for n in calibration.notes)
