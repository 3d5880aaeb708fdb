"""`kill -9` of the real `ragstress run`, `score` and `report` processes at random points.

A killed run or score, resumed, ends with every pair exactly once and every JSONL file
parseable; a killed report leaves each report file either as it was or complete.
"""

from __future__ import annotations

import os
import random
import re
import signal
import time

import pytest
from fixtures_run.cases import write_cases

from ragstress.core.jsonl import read_json
from ragstress.testing.fake_openai import FakeOpenAIServer

SEEDS = (1, 2, 3)
REPORT_FILES = ("report.json", "report.md", "report.html", "scores.csv")


@pytest.mark.parametrize("seed", SEEDS)
def test_killed_run_resumes_with_every_case_once(tmp_path, cli, rel, seed):
    rng = random.Random(seed)
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 60)
    expected = rel.expected_pairs(cases)
    out = tmp_path / "run"
    responses = out / "responses.jsonl"
    run = ("run", testset, "--target", "python:fixtures_run.targets:slow_echo", "--out", out, "--concurrency", 4)
    cli.env["RAGSTRESS_TEST_SLEEP"] = "0.03"
    process = cli.start(*run)
    try:
        rel.wait_for_lines(responses, rng.randint(1, len(expected) - 10), process)
        time.sleep(rng.uniform(0, 0.03))  # off the line boundary: the kill may land mid-write
        os.kill(process.pid, signal.SIGKILL)
    finally:
        rel.kill_hard(process)
    assert read_json(out / "run.json")["status"] == "running"  # it had no chance to record more
    if responses.read_bytes().endswith(b"\n"):
        with responses.open("a") as handle:  # as if the kill had landed mid-line, when it did not
            handle.write('{"case_id": "case-1", "probe": "ca')
    # Scoring the interrupted run names the torn line and the command that repairs it.
    early = cli.invoke("score", out, "--metrics", "answer_match")
    assert early.returncode == 2 and "--resume" in early.stderr and "responses.jsonl" in early.stderr, early.stderr

    resumed = cli.invoke(*run, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    answered = rel.unique_responses(out)
    assert set(answered) == expected and not any(r.error for r in answered.values())
    counts = read_json(out / "run.json")["counts"]
    assert counts["done"] == counts["jobs"] == len(expected) and counts["pending"] == 0


@pytest.mark.parametrize("seed", SEEDS)
def test_killed_score_resumes_with_every_pair_once(tmp_path, cli, loopback_llm, rel, seed):
    rng = random.Random(seed)
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 40)
    out = tmp_path / "run"
    names = rel.METRICS.split(",")
    with FakeOpenAIServer(loopback_llm, latency_s=0.02) as server:  # slow enough for the kill to land mid-stream
        cli.point_at(server.base_url)
        ran = cli.invoke("run", testset, "--target", "baseline", "--out", out, "--no-cache")
        assert ran.returncode == 0, ran.stderr
        responses = rel.unique_responses(out)
        expected = rel.expected_score_pairs(cases, responses, names)
        score = ("score", out, "--metrics", rel.METRICS, "--concurrency", 2, "--no-cache")
        process = cli.start(*score)
        try:
            rel.wait_for_lines(out / "scores.jsonl", rng.randint(1, len(expected) - 10), process)
            time.sleep(rng.uniform(0, 0.02))
            os.kill(process.pid, signal.SIGKILL)
        finally:
            rel.kill_hard(process)
        before = (out / "scores.jsonl").read_bytes()
        kept = before[: before.rfind(b"\n") + 1].count(b"\n")  # whole lines; a torn tail is repaired away

        resumed = cli.invoke(*score)
        assert resumed.returncode == 0, resumed.stderr
    scores = rel.unique_scores(out)
    assert set(scores) == expected and not any(s.error for s in scores.values())
    summary = read_json(out / "score.json")
    assert summary["pairs_resumed"] == kept
    assert sum(row["scored"] + row["unscored"] for row in summary["per_metric"].values()) == len(expected)


_STAMP = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\+00:00|Z)?")


def test_killed_report_leaves_each_file_old_or_complete(tmp_path, cli, rel):
    """The kill is timed on the file system: right as a temporary file shows up, or right after one is renamed."""
    testset = tmp_path / "cases.jsonl"
    write_cases(testset, 200)
    out = tmp_path / "run"
    assert cli.invoke("run", testset, "--target", "python:fixtures_run.targets:echo", "--out", out).returncode == 0
    assert cli.invoke("score", out, "--metrics", "answer_match,accuracy,rejection").returncode == 0
    assert cli.invoke("report", out).returncode == 0
    old = {name: (out / name).read_bytes() for name in REPORT_FILES}
    # Fewer scores: the next report differs from the old one in every file.
    scores = (out / "scores.jsonl").read_text().splitlines(keepends=True)
    (out / "scores.jsonl").write_text("".join(scores[: len(scores) // 2]))
    assert cli.invoke("report", out).returncode == 0
    new = {name: _STAMP.sub(b"T", (out / name).read_bytes()) for name in REPORT_FILES}
    assert all(_STAMP.sub(b"T", old[name]) != new[name] for name in REPORT_FILES)

    outcomes = []
    for moment in ("temporary file appears", "first file replaced", "second file replaced"):
        for name, data in old.items():
            (out / name).write_bytes(data)
        for leftover in out.glob(".*.tmp"):
            leftover.unlink()
        process = cli.start("report", out)
        try:
            _kill_when(process, out, moment)
        finally:
            rel.kill_hard(process)
        state = {"moment": moment, "temporary files left": len(list(out.glob(".*.tmp")))}
        for name in REPORT_FILES:
            data = (out / name).read_bytes()
            if data == old[name]:
                state[name] = "old"
            else:
                assert _STAMP.sub(b"T", data) == new[name], f"{name} is neither the old nor a complete new report"
                state[name] = "new"
        outcomes.append(state)
    # The kills did land mid-report: some files already new while others were still old.
    assert any({state[name] for name in REPORT_FILES} == {"old", "new"} for state in outcomes), outcomes
    print("\nreport kills:", outcomes)


def _kill_when(process, out, moment: str) -> None:
    """SIGKILL `process` as soon as `moment` is seen in `out` (polled as fast as Python can)."""
    inodes = {name: (out / name).stat().st_ino for name in REPORT_FILES}  # a rename puts a new inode in place
    wanted = 2 if moment.startswith("second") else 1
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if moment == "temporary file appears":
            if any(out.glob(".*.tmp")):
                break
        elif sum((out / name).stat().st_ino != inode for name, inode in inodes.items()) >= wanted:
            break
    if process.poll() is None:  # a report that already finished has nothing left to interrupt
        os.kill(process.pid, signal.SIGKILL)
