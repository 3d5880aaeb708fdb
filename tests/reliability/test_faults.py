"""The real `ragstress run` and `score` processes against a loopback LLM that injects faults.

Faults: HTTP 429 and 500, hangs past the client timeout, malformed or truncated JSON
bodies. Whatever the server does, every case must end with a response or an error
that says why, every score with a value, an unscored reason or an error, no line may
repeat, and the counts of run.json and score.json must add up.
"""

from __future__ import annotations

import json
import threading
import time

from fixtures_run.cases import make_case, write_cases

from ragstress.core.jsonl import read_json, write_records
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeReply, FaultPlan

CASES = 200
CLIENT_TIMEOUT_S = 1.0
# Short waits through the real client knobs, so a few hundred faults cost seconds, not minutes.
FAST_CLIENT = ["--timeout", CLIENT_TIMEOUT_S, "--max-retries", 4, "--retry-backoff", 0.02, "--llm-concurrency", 16]


def test_run_and_score_survive_injected_faults(tmp_path, cli, loopback_llm, rel):
    testset = tmp_path / "cases.jsonl"
    # Half the cases in Chinese: their target and judge prompts are the zh ones.
    cases = [make_case(number, lang="zh" if number % 2 else "en") for number in range(CASES)]
    write_records(testset, cases)
    out = tmp_path / "run"
    plan = FaultPlan(rate_429=0.10, rate_500=0.10, rate_hang=0.05, rate_malformed=0.10, retry_after_s=0.05, seed=11)
    started = time.perf_counter()
    # A hang lasts just past the client's timeout: long enough to trip it, short enough to free the thread.
    with FakeOpenAIServer(loopback_llm, faults=plan, hang_limit_s=CLIENT_TIMEOUT_S + 0.5) as server:
        cli.point_at(server.base_url)
        ran = cli.run("run", testset, "--target", "baseline", "--out", out, "--concurrency", 16, *FAST_CLIENT)
        assert ran.returncode == 0, ran.stderr
        run_faults = dict(server.faults_injected)
        scored = cli.run("score", out, "--metrics", rel.METRICS, "--concurrency", 16, *FAST_CLIENT)
        assert scored.returncode == 0, scored.stderr
        faults = dict(server.faults_injected)
        requests = len(server.chat_requests())
    seconds = time.perf_counter() - started

    # Run stage: every (case, probe) exactly once, answered or errored with its cause.
    responses = rel.unique_responses(out)
    assert set(responses) == rel.expected_pairs(cases)
    run_errors = [r for r in responses.values() if r.error is not None]
    assert all(r.answer.startswith("The answer is") for r in responses.values() if r.error is None)
    assert all("gave up after" in r.error or "HTTP" in r.error for r in run_errors), [r.error for r in run_errors]
    record = read_json(out / "run.json")
    counts = record["counts"]
    assert record["status"] == "complete"
    assert counts == {
        "cases": CASES,
        "jobs": len(responses),
        "done": len(responses),
        "errors": len(run_errors),
        "pending": 0,
    }
    target_usage = record["llm_usage"]["target"]
    # Each fault is followed by a retry, or ends its call when the retries are spent: none vanishes unhandled.
    assert target_usage["failures"] == len(run_errors)
    assert target_usage["retries"] + target_usage["failures"] >= sum(run_faults.values())

    # Score stage: every applicable (case, metric) exactly once, with a value, an unscored reason or an error.
    scores = rel.unique_scores(out)
    names = rel.METRICS.split(",")
    assert set(scores) == rel.expected_score_pairs(cases, responses, names)
    for score in scores.values():
        assert score.value is not None or score.error or score.explanation, score
    score_errors = [s for s in scores.values() if s.error is not None]
    summary = read_json(out / "score.json")
    to_judge = [
        responses[(c.id, probe)]
        for c in cases
        for probe in ("case", "closed_book")
        if (c.id, probe) in responses and rel.metrics_for(c, names, probe)
    ]
    assert summary["responses_scored"] + summary["target_errored"] + summary["missing_responses"] == len(to_judge)
    assert summary["missing_responses"] == 0 and summary["target_errored"] == sum(r.error is not None for r in to_judge)
    for name, row in summary["per_metric"].items():
        assert row["scored"] + row["unscored"] + row["errored"] == sum(1 for (_, m) in scores if m == name), name
    assert sum(row["errored"] for row in summary["per_metric"].values()) == len(score_errors)

    judge_usage = summary["usage"]["judge"]
    assert judge_usage["retries"] + judge_usage["failures"] >= sum(faults.values()) - sum(run_faults.values())
    score_faults = {kind: faults[kind] - run_faults.get(kind, 0) for kind in faults}
    assert all(faults.get(kind, 0) > 0 for kind in ("429", "500", "hang", "malformed")), faults
    assert loopback_llm.judge.langs["zh"] > 0 and loopback_llm.judge.langs["en"] > 0
    figures = {
        "cases": CASES,
        "jobs": len(responses),
        "chat_requests": requests,
        "faults_injected": faults,
        "faults_in_run": run_faults,
        "faults_in_score": score_faults,
        "faults_survived": sum(faults.values()) - target_usage["failures"] - judge_usage["failures"],
        "run": {"retries": target_usage["retries"], "errored_for_good": len(run_errors), "cases_lost": 0},
        "score": {
            "pairs": len(scores),
            "retries": judge_usage["retries"],
            "calls_failed_for_good": judge_usage["failures"],
            "scores_errored": len(score_errors),
            "scores_lost": 0,
        },
        "wall_time_s": round(seconds, 1),
    }
    print("\nfault figures:", json.dumps(figures))


def test_retry_after_is_honoured_not_hammered(tmp_path, cli, rel):
    """Each first request is answered 429 with Retry-After; the retry must wait at least that long."""
    retry_after_s = 0.6
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 12)
    seen: dict[str, list[float]] = {}  # by prompt: a counterfactual case and its closed-book probe differ
    lock = threading.Lock()

    def rate_limited(request):
        number = rel.question_number(request)
        with lock:
            times = seen.setdefault(request.last_user_text, [])
            times.append(time.monotonic())  # on the server, as the request arrives
            first = len(times) == 1
        return FakeReply.error(429, "slow down", retry_after=retry_after_s) if first else f"The answer is {number}."

    with FakeOpenAIServer(rate_limited) as server:
        cli.point_at(server.base_url)
        ran = cli.invoke(
            "run",
            testset,
            "--target",
            "baseline",
            "--out",
            tmp_path / "run",
            "--concurrency",
            8,
            "--timeout",
            5,
            "--max-retries",
            4,
            "--retry-backoff",
            0.01,
            "--no-cache",
        )
        assert ran.returncode == 0, ran.stderr
        requests = len(server.chat_requests())
    responses = rel.unique_responses(tmp_path / "run")
    assert set(responses) == rel.expected_pairs(cases) and all(r.error is None for r in responses.values())
    gaps = [times[1] - times[0] for times in seen.values()]
    # Two requests per call (the 429, then its retry): honoured once, never repeated early.
    assert all(len(times) == 2 for times in seen.values()) and requests == 2 * len(seen) == 2 * len(responses)
    assert min(gaps) >= retry_after_s, gaps
    print(
        f"\nretry-after {retry_after_s}s: {requests} requests for {len(responses)} calls, "
        f"gap min {min(gaps):.3f}s max {max(gaps):.3f}s"
    )


def test_an_endpoint_that_always_rate_limits_gets_a_bounded_number_of_requests(tmp_path, cli, rel):
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 6)
    with FakeOpenAIServer(lambda request: FakeReply.error(429, "quota exhausted", retry_after=0.1)) as server:
        cli.point_at(server.base_url)
        ran = cli.invoke(
            "run",
            testset,
            "--target",
            "baseline",
            "--out",
            tmp_path / "run",
            "--timeout",
            5,
            "--max-retries",
            2,
            "--no-cache",
        )
        # Every call failed: the run fails with the cause (each case's error is still on record).
        assert ran.returncode == 1 and "every target call failed (7 of 7)" in ran.stderr, ran.stderr
        requests = len(server.chat_requests())
    responses = rel.unique_responses(tmp_path / "run")
    assert set(responses) == rel.expected_pairs(cases)
    assert all("HTTP 429" in r.error and "gave up after 3 attempts" in r.error for r in responses.values())
    assert requests == 3 * len(responses)  # one try plus --max-retries 2, per call, and no more
