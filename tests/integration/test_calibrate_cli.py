"""`ragstress label`, a filled label file, `ragstress calibrate` and `report --labels` on a judged run."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

from fixtures_run.inprocess import invoke

from ragstress.core.jsonl import write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.reports.judge.labelfile import read_labels

N_SEEDS = 300
TRUE_RATE = 0.5


def _judged_run(run: Path) -> dict[str, float]:
    """A run of 600 noise cases (2 per seed, en and zh) whose judge passes every true pass and 30% of true fails.

    Returns the true verdict per case id: what a careful person labelling would write.
    """
    rng = random.Random(11)
    cases, responses, scores, truth = [], [], [], {}
    for seed in range(N_SEEDS):
        for lang, question in (("en", f"Where is site {seed}?"), ("zh", f"站点 {seed} 在哪里？")):
            cid = f"noise-{seed:03d}-{lang}"
            cases.append(
                Case(
                    id=cid,
                    seed_id=f"seed-{seed:03d}",
                    testbed="noise",
                    lang=lang,
                    question=question,
                    answers=[["Paris", "巴黎"]],
                    contexts=[Context(text=f"Site {seed} is in Paris. 站点在巴黎。", role="positive")],
                    expected="answer",
                    params={"noise_ratio": 0.4},
                )
            )
            correct = rng.random() < TRUE_RATE
            truth[cid] = float(correct)
            responses.append(TargetResponse(case_id=cid, answer="Paris" if correct else "Lyon", latency_s=0.1))
            judged = 1.0 if correct or rng.random() < 0.3 else 0.0
            scores.append(Score(case_id=cid, metric="rag_judge", value=judged, label="judged"))
            scores.append(Score(case_id=cid, metric="accuracy", value=float(correct), label="rule"))
    run.mkdir(parents=True)
    write_records(run / "cases.jsonl", cases)
    write_records(run / "responses.jsonl", responses)
    write_records(run / "scores.jsonl", scores)
    return truth


def _fill(label_file: Path, truth: dict[str, float]) -> None:
    with label_file.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    for row in rows[1:]:
        row[2] = "是" if truth[row[0]] else "0"
    with label_file.open("w", encoding="utf-8-sig", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows(rows)


def test_label_then_calibrate_corrects_the_judge_toward_the_labels(tmp_path):
    run = tmp_path / "run"
    truth = _judged_run(run)
    result = invoke("label", run, "--sample", 60)
    assert result.exit_code == 0, result.output
    label_file, page = run / "labels.csv", run / "labels.html"
    rows = list(csv.DictReader(label_file.open(encoding="utf-8-sig")))
    assert len(rows) == 60 and {r["metric"] for r in rows} == {"rag_judge"}  # accuracy is deterministic
    by_lang = {lang: sum(r["lang"] == lang for r in rows) for lang in ("en", "zh")}
    assert by_lang == {"en": 30, "zh": 30}  # strata in proportion to the run
    assert all(r["label"] == "" for r in rows) and "站点" in page.read_text(encoding="utf-8")
    again = invoke("label", run, "--sample", 60)
    assert again.exit_code == 2 and "--force" in again.flat  # never overwrite labels silently

    _fill(label_file, truth)
    result = invoke("calibrate", run, "--labels", label_file)
    assert result.exit_code == 0, result.output
    saved = json.loads((run / "calibration.json").read_text(encoding="utf-8"))
    (row,) = saved["metrics"]
    true_rate = sum(truth.values()) / len(truth)
    assert row["n_labels"] == 60 and row["n_judged"] == 600
    assert row["judge"]["value"] - true_rate > 0.1  # the judge is lenient
    assert row["calibrated"]["low"] <= true_rate <= row["calibrated"]["high"]
    assert abs(row["calibrated"]["value"] - true_rate) < abs(row["judge"]["value"] - true_rate)
    assert 0.6 < row["agreement"] < 0.95 and 0.2 < row["kappa"] < 0.9
    assert row["effective_n"] > 60 and row["note"] is None
    assert "rag_judge: judge" in result.flat and "calibrated" in result.flat

    result = invoke("report", run, "--labels", label_file)
    assert result.exit_code == 0, result.output
    report = json.loads((run / "report.json").read_text(encoding="utf-8"))
    assert report["calibration"]["metrics"][0]["calibrated"] == row["calibrated"]
    markdown = (run / "report.md").read_text(encoding="utf-8")
    assert "Judge calibration with human labels" in markdown and "基于人工标注的评审校准" in markdown
    html = (run / "report.html").read_text(encoding="utf-8")
    assert 'id="calibration"' in html and f"{row['calibrated']['value']:.3f}" in html


def test_bad_label_files_name_the_line_and_field(tmp_path):
    run = tmp_path / "run"
    _judged_run(run)
    header = "case_id,metric,label\n"
    cases = [
        ("noise-000-en,rag_judge,maybe\n", "labels.csv:2: field label"),
        ("noise-000-en,rag_judge,1.5\n", "labels.csv:2: field label"),
        ("ghost,rag_judge,1\n", "labels.csv:2: field case_id"),
        ("noise-000-en,rag_judge,1\nnoise-000-en,rag_judge,0\n", "labels.csv:3: field label"),
    ]
    for body, expected in cases:
        (tmp_path / "labels.csv").write_text(header + body, encoding="utf-8")
        result = invoke("calibrate", run, "--labels", tmp_path / "labels.csv")
        assert result.exit_code == 2 and expected in result.flat, (body, result.output)
    (tmp_path / "labels.csv").write_text("case,metric\n", encoding="utf-8")
    result = invoke("report", run, "--labels", tmp_path / "labels.csv")
    assert result.exit_code == 2 and "header lacks the column(s) case_id, label" in result.flat
    assert not (run / "report.json").exists()  # nothing written on bad input


def test_too_few_labels_leave_the_metric_uncalibrated_and_say_why(tmp_path):
    run = tmp_path / "run"
    _judged_run(run)
    rows = [f"noise-{i:03d}-en,rag_judge,{i % 2}\n" for i in range(5)] + ["noise-009-en,rag_judge,\n"]
    (tmp_path / "labels.csv").write_text("case_id,metric,label\n" + "".join(rows), encoding="utf-8")
    labels = read_labels(tmp_path / "labels.csv")
    assert len(labels.labels) == 5 and labels.n_blank == 1
    result = invoke("calibrate", run, "--labels", tmp_path / "labels.csv")
    assert result.exit_code == 0, result.output
    (row,) = json.loads((run / "calibration.json").read_text(encoding="utf-8"))["metrics"]
    assert row["calibrated"] is None and "at least 10 are needed" in row["note"]


def test_compare_shows_each_runs_calibrated_numbers(tmp_path):
    import shutil

    run_a = tmp_path / "a"
    truth = _judged_run(run_a)
    assert invoke("label", run_a, "--sample", 40).exit_code == 0
    _fill(run_a / "labels.csv", truth)
    run_b = Path(shutil.copytree(run_a, tmp_path / "b"))
    out = tmp_path / "cmp"
    bad = invoke("compare", run_a, run_b, "--out", out, "--labels", run_a / "labels.csv")
    assert bad.exit_code == 2 and "one label file per run (2), not 1" in bad.flat
    labels = ["--labels", run_a / "labels.csv", "--labels", run_b / "labels.csv"]
    result = invoke("compare", run_a, run_b, "--out", out, *labels)
    assert result.exit_code == 0, result.output
    markdown = (out / "compare.md").read_text(encoding="utf-8")
    row = next(line for line in markdown.splitlines() if line.startswith("| rag_judge |"))
    assert row.count("→") == 2 and "[" in row
    assert 'id="calibration"' in (out / "compare.html").read_text(encoding="utf-8")


def test_labels_of_another_answer_are_left_out_and_counted(tmp_path):
    run = tmp_path / "run"
    truth = _judged_run(run)
    answers = {cid: "Paris" if value else "Lyon" for cid, value in truth.items()}
    ids = sorted(truth)[:30]
    rows = [f'{cid},rag_judge,{int(truth[cid])},"{answers[cid]}\r\n"\n' for cid in ids[:20]]  # same words
    rows += [f"{cid},rag_judge,1,Marseille\n" for cid in ids[20:]]  # labelled an answer this run did not give
    (tmp_path / "labels.csv").write_text("case_id,metric,label,response\n" + "".join(rows), encoding="utf-8")
    result = invoke("calibrate", run, "--labels", tmp_path / "labels.csv")
    assert result.exit_code == 0, result.output
    calibration = json.loads((run / "calibration.json").read_text(encoding="utf-8"))
    (row,) = calibration["metrics"]
    assert row["n_labels"] == 20
    assert any("10 label(s) left out" in note for note in calibration["notes"])
