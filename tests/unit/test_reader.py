"""The learned reader: what it sees, how it is trained, and how its view sets a rule verdict's certainty."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ragstress.core.types import Case, Score, TargetResponse
from ragstress.reports.reading.scoring import estimate
from ragstress.scoring.metrics import METRICS, CaseJudging
from ragstress.scoring.reader import HEADS, bundled_model, head_for, reader_text
from ragstress.scoring.reader.__main__ import TRAINING_DIR, TRAINING_FILES
from ragstress.scoring.reader.features import FAKE_MASK, TRUE_MASK, hashed_features
from ragstress.scoring.reader.train import read_examples, train

REPO = Path(__file__).resolve().parents[2]


def test_answers_and_the_planted_answer_are_masked_in_both_languages():
    text = reader_text("The documents say 1895, but it opened in 1889.", [["1889"]], ["1895"])
    assert text == f"the documents say {FAKE_MASK} , but it opened in {TRUE_MASK} ."
    zh = reader_text("资料称１８９５年，实际是1889年。", [["1889年", "1889"]], ["1895年", "1895"])
    assert TRUE_MASK in zh and FAKE_MASK in zh and "1889" not in zh and "1895" not in zh  # full-width digits too


def test_features_are_normalised_and_see_which_answer_comes_first():
    a = hashed_features(reader_text("1889, not 1895", [["1889"]], ["1895"]))
    b = hashed_features(reader_text("1895, not 1889", [["1889"]], ["1895"]))
    assert abs(sum(v * v for v in a.values()) - 1.0) < 1e-9
    assert a != b


def _labelled(tmp_path: Path, rows: list[dict]) -> Path:
    path = tmp_path / "labels.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def _row(i: int, response: str, rejects: bool) -> dict:
    return {
        "id": f"r{i}",
        "lang": "en",
        "testbed": "negative" if rejects else "noise",
        "question": "When was the tower completed?",
        "answers": [["1889"]],
        "fake_answer": None,
        "response": response,
        "labels": {"rejects": rejects},
    }


def test_training_is_reproducible_and_records_what_it_read(tmp_path):
    refusals = ["The passages do not say.", "I cannot find this in the documents.", "No information given.", "N/A"]
    answers = ["It opened in 1889.", "1889.", "The answer is 1889.", "Completed in 1889, per passage 2."]
    rows = [_row(i, t, True) for i, t in enumerate(refusals * 3)] + [
        _row(100 + i, t, False) for i, t in enumerate(answers * 3)
    ]
    path = _labelled(tmp_path, rows)
    first, second = train([path], seed=3, folds=3), train([path], seed=3, folds=3)
    row = first.heads.index("rejects")
    assert np.array_equal(first.weights[row], second.weights[row]) and np.array_equal(first.band[row], second.band[row])
    assert first.provenance["files"] == [
        {"name": "labels.jsonl", "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}
    ]
    assert first.provenance["heads"]["rejects"]["lines"] == 24
    assert first.provenance["heads"]["flags_error"] == {"lines": 0, "trained": False}
    first.save(tmp_path)
    assert (tmp_path / "weights.npz").stat().st_size < 2_000_000


def test_conflict_cases_are_read_by_heads_of_their_own():
    assert head_for("correct", "conflict") == "truth_kept" and head_for("asserts_fake", "conflict") == "adoption"
    assert head_for("correct", "noise") == "correct" and head_for("asserts_fake", "counterfactual") == "asserts_fake"
    assert head_for("rejects", "conflict") == head_for("rejects", "negative") == "rejects"
    assert {h.name for h in HEADS} == set(bundled_model().heads)


async def test_a_conflict_verdict_cites_the_conflict_head():
    case = _case("conflict").model_copy(update={"fake_answer": ["1879"]})
    response = TargetResponse(
        case_id="c1", answer="Most passages say 1879, one says 1889; I go with 1889.", latency_s=0.0
    )
    score = await METRICS.get("accuracy").compute(CaseJudging(case, response))
    assert "reader p(truth_kept)=" in score.explanation


def test_a_malformed_training_line_is_named_by_file_and_line(tmp_path):
    path = _labelled(tmp_path, [_row(1, "1889.", False), {"id": "r2", "answers": [["1889"]], "labels": {}}])
    with pytest.raises(ValueError, match=r"labels.jsonl:2: missing field\(s\) response"):
        read_examples(path)


def test_the_shipped_weights_were_trained_on_the_training_files_in_the_repository():
    model = bundled_model()
    recorded = {f["name"]: f["sha256"] for f in model.provenance["files"]}
    present = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in TRAINING_FILES}
    assert recorded == present, "retrain: python -m ragstress.scoring.reader train"
    assert model.provenance["lines"] >= 3000
    held_out = {p.name for p in TRAINING_DIR.glob("holdout_*.jsonl")} - {p.name for p in TRAINING_FILES}
    assert not held_out & set(recorded), "a holdout not yet taken into training was trained on"


def test_every_writers_file_is_a_training_file():
    # Files written for the reader are measured once on arrival and then trained on; one left out is forgotten.
    written = {p.name for p in TRAINING_DIR.glob("writer_*.jsonl")}
    assert written <= {p.name for p in TRAINING_FILES}, written - {p.name for p in TRAINING_FILES}


def test_weights_edited_by_hand_do_not_load(tmp_path):
    import shutil
    from importlib import resources

    from ragstress.scoring.reader.model import PROVENANCE_FILE, WEIGHTS_FILE, load_model

    shipped = Path(str(resources.files("ragstress.scoring.reader")))
    for name in (WEIGHTS_FILE, PROVENANCE_FILE):
        shutil.copy(shipped / name, tmp_path / name)
    assert load_model(tmp_path).heads == bundled_model().heads  # the shipped pair loads as it is
    arrays = dict(np.load(tmp_path / WEIGHTS_FILE))
    arrays["bias"] = arrays["bias"] + np.float32(0.5)  # one nudge, as a hand edit would make
    np.savez_compressed(tmp_path / WEIGHTS_FILE, **arrays)
    with pytest.raises(ValueError, match=r"weights.npz: sha256 .* is not the weights.json record"):
        load_model(tmp_path)


def test_a_saved_reader_loads_back_with_its_record(tmp_path):
    rows = [_row(i, "The passages do not say.", True) for i in range(6)]
    rows += [_row(100 + i, "It opened in 1889.", False) for i in range(6)]
    model = train([_labelled(tmp_path, rows)], seed=3, folds=3)
    out = tmp_path / "model"
    out.mkdir()
    model.save(out)
    from ragstress.scoring.reader.model import load_model

    loaded = load_model(out)
    assert np.allclose(loaded.weights, model.weights.astype(np.float16).astype(np.float32))


def _case(testbed: str = "negative") -> Case:
    return Case(
        id="c1",
        seed_id="s1",
        testbed=testbed,
        lang="en",
        question="When was the tower completed?",
        answers=[["1889"]],
        contexts=[],
        expected="reject" if testbed == "negative" else "answer",
    )


async def _rejection(answer: str) -> Score:
    ctx = CaseJudging(_case(), TargetResponse(case_id="c1", answer=answer, latency_s=0.0))
    return await METRICS.get("rejection").compute(ctx)


@pytest.fixture
def toy_reader(tmp_path, monkeypatch):
    """A reader trained here on a few lines, so each test knows what it will say."""
    refusals = ["Nothing here about that.", "Nope, nothing here.", "Nothing here on it, sorry.", "nothing here"]
    answers = ["It opened in 1889.", "1889.", "The answer is 1889.", "Completed in 1889, per passage 2."]
    rows = [_row(i, t, True) for i, t in enumerate(refusals * 3)] + [
        _row(100 + i, t, False) for i, t in enumerate(answers * 3)
    ]
    model = train([_labelled(tmp_path, rows)], seed=1, folds=3)
    # Seventeen lines choose no useful band of doubt; a fixed one keeps these tests about the verdicts.
    model = dataclasses.replace(model, band=np.tile(np.array([0.3, 0.7], dtype=np.float32), (len(model.heads), 1)))
    monkeypatch.setattr("ragstress.scoring.metrics.base.bundled_model", lambda: model)
    return model


async def test_a_verdict_the_reader_does_not_share_is_uncertain_with_both_views(toy_reader):
    score = await _rejection("Nothing here about that.")
    assert score.value == 0.0  # no refusal pattern matches these words
    assert score.certainty == "uncertain" and "the learned reader disagrees" in score.certainty_reason
    # Both views are in the score: the rule's (no refusal phrase, so "answered") and the reader's.
    assert score.label == "answered" and "no refusal phrase" in score.explanation
    assert "reader p(rejects)=" in score.explanation


async def test_a_verdict_both_readers_reach_confidently_is_clear(toy_reader):
    score = await _rejection("It opened in 1889.")
    assert score.value == 0.0 and score.certainty == "clear" and score.certainty_reason is None


def test_rates_with_uncertain_verdicts_carry_the_bounds_they_could_take():
    def s(value: float, certainty: str) -> Score:
        return Score(case_id="c", metric="rejection", value=value, certainty=certainty)

    est = estimate("rejection", [s(1, "clear"), s(1, "uncertain"), s(0, "uncertain"), s(0, "clear")])
    assert est.value == 0.5 and est.n_uncertain == 2
    assert est.uncertain_bounds == (0.25, 0.75)
    assert estimate("rejection", [s(1, "clear"), s(0, "clear")]).uncertain_bounds is None


def test_overlapping_aliases_of_one_length_are_masked_alike_in_every_process():
    # "北京天安门" and "天安门广场" overlap; which is masked first once followed a set's order, which changes with
    # the process's string hashing, so one response read differently from run to run.
    code = (
        "from ragstress.scoring.reader import reader_text; "
        "print(reader_text('开国大典在北京天安门广场举行', [['天安门广场', '天安门', '北京天安门', '北京']], None))"
    )
    readings = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(6)
    }
    assert readings == {f"开国大典在 {TRUE_MASK} 广场举行\n"}
