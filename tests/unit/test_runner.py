"""The runner's pieces: shards, selection, jobs, requests, failures as results, run directories, merge."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from fixtures_run.cases import make_case, write_cases

from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.types import Case, TargetResponse
from ragstress.running.merge import merge_runs
from ragstress.running.run_dir import RunDirError, prepare_run_dir
from ragstress.running.runner import Shard, ask, build_request, plan_jobs, run_cases, select_cases
from ragstress.running.targets import Target, TargetOutput, TargetRequest, load_target


def test_shard_parse_and_partition():
    assert Shard.parse("2/3") == Shard(2, 3) and str(Shard(2, 3)) == "2/3"
    for bad in ("0/3", "4/3", "x", "1/0"):
        with pytest.raises(ValueError, match="K/N"):
            Shard.parse(bad)
    ids = [f"case-{i}" for i in range(300)]
    slices = [[i for i in ids if Shard(k, 3).holds(i)] for k in (1, 2, 3)]
    assert sorted(sum(slices, [])) == sorted(ids)  # every case in exactly one shard
    assert all(60 < len(s) < 140 for s in slices)  # roughly balanced
    assert slices[0] == [i for i in ids if Shard(1, 3).holds(i)]  # deterministic


def test_select_cases_and_plan_jobs():
    cases = [make_case(i) for i in range(8)]
    assert [c.id for c in select_cases(cases, ["negative"], None)] == ["case-1", "case-5"]
    assert len(select_cases(cases, None, 3)) == 3
    with pytest.raises(ValueError, match="unknown testbed"):
        select_cases(cases, ["noisy"])
    jobs = plan_jobs(cases)
    assert len(jobs) == 10  # two counterfactual cases add a closed-book probe each
    assert [(j.case.id, j.probe) for j in jobs if j.probe == "closed_book"] == [
        ("case-3", "closed_book"),
        ("case-7", "closed_book"),
    ]
    assert len(plan_jobs(cases, {("case-3", "case"), ("case-3", "closed_book")})) == 8


def test_build_request_per_mode():
    case = make_case(3)
    job, probe = plan_jobs([case])
    contexts = build_request(job, "contexts")
    assert contexts.contexts == [c.text for c in case.contexts] and contexts.retriever is None
    closed = build_request(probe, "e2e", lambda tb: "retriever")
    assert closed.contexts == [] and closed.probe == "closed_book" and closed.retriever is None
    e2e = build_request(job, "e2e", lambda tb: f"retriever for {tb}")
    assert e2e.contexts is None and e2e.retriever == "retriever for counterfactual"


class Scripted(Target):
    kind = "scripted"

    def __init__(self, behaviour):
        super().__init__("scripted")
        self.behaviour = behaviour

    async def answer(self, request: TargetRequest) -> TargetOutput:
        return await self.behaviour(request)


REQUEST = TargetRequest(case_id="c", question="q", lang="en", contexts=[])


async def test_ask_records_every_kind_of_failure():
    async def raises(_):
        raise ValueError("broken") from KeyError("root")

    async def target_timeout(_):
        raise TimeoutError("backend timed out")

    async def hangs(_):
        await asyncio.sleep(60)

    async def fine(_):
        return TargetOutput("ok", ["c"])

    failed = await ask(Scripted(raises), REQUEST, 5)
    assert failed.answer == "" and failed.error == "ValueError: broken; caused by KeyError: 'root'"
    # A TimeoutError of the target's own is its error, not our deadline.
    assert (await ask(Scripted(target_timeout), REQUEST, 5)).error == "TimeoutError: backend timed out"
    started = time.perf_counter()
    hung = await ask(Scripted(hangs), REQUEST, 0.2)
    assert "did not answer within 0.2s" in hung.error and time.perf_counter() - started < 2
    ok = await ask(Scripted(fine), REQUEST, 5)
    assert (ok.answer, ok.contexts, ok.error) == ("ok", ["c"], None)
    wrong = await ask(load_target("python:fixtures_run.targets:bad_type"), REQUEST, 5)
    assert wrong.error.startswith("TargetOutputError: target returned int")


@pytest.mark.parametrize("answer", ["", "   \n\t"])
async def test_an_empty_answer_is_a_target_error_not_a_best_score(answer):
    async def empty(_):
        return TargetOutput(answer)

    response = await ask(Scripted(empty), REQUEST, 5)
    # Before: recorded as an answer, it scored over_refusal 0, the best value.
    assert response.error.startswith("EmptyAnswer: the target returned an empty answer") and response.answer == ""


async def test_a_hanging_sync_target_is_abandoned(tmp_path):
    jobs = plan_jobs([make_case(0), make_case(2)])
    started = time.perf_counter()
    counts = await run_cases(
        jobs, load_target("python:fixtures_run.targets:hangs"), tmp_path / "r.jsonl", target_timeout_s=0.3
    )
    assert time.perf_counter() - started < 3
    assert counts.errors == 2 and all(
        "within 0.3s" in r.error for r in read_records(tmp_path / "r.jsonl", TargetResponse)
    )


async def test_concurrency_overlaps_calls_up_to_its_limit(tmp_path):
    """With 5 in flight, calls overlap and never exceed 5 (counted, not timed: a busy machine is slow)."""
    from fixtures_run import targets

    targets.IN_FLIGHT.update(now=0, most=0)
    jobs = plan_jobs([make_case(i, "noise") for i in range(20)])
    seen = []
    counts = await run_cases(
        jobs,
        load_target("python:fixtures_run.targets:counting_echo"),
        tmp_path / "r.jsonl",
        concurrency=5,
        on_response=seen.append,
    )
    assert counts.answered == 20 and len(seen) == 20
    assert 2 <= targets.IN_FLIGHT["most"] <= 5, targets.IN_FLIGHT


def test_prepare_run_dir_rules(tmp_path):
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 6)
    out = tmp_path / "run"
    first = prepare_run_dir(out, testset, cases, target_spec="python:m:f", mode="contexts", resume=False)
    assert first.done == set() and read_records(out / "cases.jsonl", Case) == cases
    write_records(out / "responses.jsonl", [TargetResponse(case_id="case-0", answer="a", latency_s=0)])
    with pytest.raises(RunDirError, match="pass --resume"):
        prepare_run_dir(out, testset, cases, target_spec="python:m:f", mode="contexts", resume=False)
    write_json(
        out / "run.json",
        {"testset": {"sha256": first.testset_sha256}, "target": {"spec": "python:m:f"}, "mode": "contexts"},
    )
    with (out / "responses.jsonl").open("a") as handle:
        handle.write('{"case_id": "case-1", "answ')  # a crash mid-write
    again = prepare_run_dir(out, testset, cases, target_spec="python:m:f", mode="contexts", resume=True)
    assert again.done == {("case-0", "case")} and again.repaired_tail
    with pytest.raises(RunDirError, match="its target is 'python:m:f'"):
        prepare_run_dir(out, testset, cases, target_spec="python:m:g", mode="contexts", resume=True)
    write_cases(testset, 7)
    with pytest.raises(RunDirError, match="test set sha256"):
        prepare_run_dir(out, testset, cases, target_spec="python:m:f", mode="contexts", resume=True)


def _fake_run(path, cases, answered, *, sha="s", spec="python:m:f"):
    path.mkdir(parents=True)
    write_records(path / "cases.jsonl", cases)
    write_records(path / "responses.jsonl", [TargetResponse(case_id=c, answer="a", latency_s=0) for c in answered])
    write_json(
        path / "run.json",
        {
            "testset": {"sha256": sha},
            "target": {"spec": spec},
            "mode": "contexts",
            "started_at": "t0",
            "finished_at": "t1",
            "target_usage": {"calls": len(answered)},
        },
    )


def test_merge_refuses_overlaps_and_mixed_test_sets(tmp_path):
    cases = [make_case(i, "noise") for i in range(4)]
    _fake_run(tmp_path / "a", cases, ["case-0", "case-1"])
    _fake_run(tmp_path / "b", cases, ["case-1", "case-2"])
    _fake_run(tmp_path / "c", cases, ["case-3"], sha="other")
    _fake_run(tmp_path / "d", cases, ["case-2", "case-3"])
    with pytest.raises(RunDirError, match="'case-1' \\(case\\) is answered in both"):
        merge_runs([tmp_path / "a", tmp_path / "b"], tmp_path / "m1")
    with pytest.raises(RunDirError, match="another test set"):
        merge_runs([tmp_path / "a", tmp_path / "c"], tmp_path / "m2")
    merged = merge_runs([tmp_path / "d", tmp_path / "a"], tmp_path / "m3")
    assert [r.case_id for r in read_records(tmp_path / "m3" / "responses.jsonl", TargetResponse)] == [
        "case-0",
        "case-1",
        "case-2",
        "case-3",
    ]
    assert merged["counts"]["done"] == 4 and merged["status"] == "complete" and merged["target_usage"]["calls"] == 4
    assert json.loads((tmp_path / "m3" / "run.json").read_text())["shard"] is None
