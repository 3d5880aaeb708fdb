"""`run --resume --retry-errors` and `score --retry-errors`: errored results are asked again, each pair stays once."""

from __future__ import annotations

from fixtures_run.cases import write_cases

from ragstress.core.jsonl import read_json
from ragstress.testing.fake_openai import FakeOpenAIServer

NO_RETRIES = ["--timeout", 5, "--max-retries", 0]


def test_run_and_score_retry_only_their_errors(tmp_path, cli, loopback_llm, rel):
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 12)
    out = tmp_path / "run"
    odd = lambda number: number % 2 == 1  # noqa: E731
    loopback_llm.fail_target = odd
    with FakeOpenAIServer(loopback_llm) as server:
        cli.point_at(server.base_url)
        first = cli.invoke("run", testset, "--target", "baseline", "--out", out, *NO_RETRIES)
        assert first.returncode == 0, first.stderr
        errored = {pair for pair, r in rel.unique_responses(out).items() if r.error}
        assert errored == {pair for pair in rel.expected_pairs(cases) if int(pair[0].split("-")[1]) % 2}
        assert all("HTTP 500" in r.error for r in rel.unique_responses(out).values() if r.error)

        # A plain resume keeps errors as answers: nothing is asked.
        calls = len(loopback_llm.target_calls)
        plain = cli.invoke("run", testset, "--target", "baseline", "--out", out, "--resume", *NO_RETRIES)
        assert plain.returncode == 0 and len(loopback_llm.target_calls) == calls
        refused = cli.invoke("run", testset, "--target", "baseline", "--out", out, "--retry-errors")
        assert refused.returncode == 2 and "--resume" in refused.stderr

        # Judge the answered half; the judge is down for cases 0 and 4.
        loopback_llm.fail_judge = lambda number: number in (0, 4)
        scored = cli.invoke("score", out, "--metrics", rel.METRICS, *NO_RETRIES)
        assert scored.returncode == 0, scored.stderr
        score_errors = {pair for pair, s in rel.unique_scores(out).items() if s.error}
        assert score_errors and {case_id for case_id, _ in score_errors} == {"case-0", "case-4"}

        # The target is back: only the errored pairs are asked again.
        loopback_llm.fail_target = lambda number: False
        calls = len(loopback_llm.target_calls)
        retried = cli.invoke(
            "run", testset, "--target", "baseline", "--out", out, "--resume", "--retry-errors", *NO_RETRIES
        )
        assert retried.returncode == 0, retried.stderr
        assert f"asking again {len(errored)} case(s)" in retried.stderr
        assert len(loopback_llm.target_calls) - calls == len(errored)
        responses = rel.unique_responses(out)
        assert set(responses) == rel.expected_pairs(cases) and not any(r.error for r in responses.values())
        record = read_json(out / "run.json")
        assert record["counts"]["errors"] == 0 and record["counts"]["done"] == len(responses)
        assert record["retried_errors"] == len(errored)

        # Score again: the new responses get scored, the judge's errors are retried, nothing else is.
        loopback_llm.fail_judge = lambda number: False
        judged_before = loopback_llm.judge.total
        kept = {pair: s for pair, s in rel.unique_scores(out).items() if not s.error}
        rescored = cli.invoke("score", out, "--metrics", rel.METRICS, "--retry-errors", *NO_RETRIES)
        assert rescored.returncode == 0, rescored.stderr
        assert "errored scores retried" in rescored.stdout
        judged_cases = {
            str(r.last_user_text) for r in server.chat_requests()[-(loopback_llm.judge.total - judged_before) :]
        }
    scores = rel.unique_scores(out)
    assert set(scores) == rel.expected_score_pairs(cases, responses, rel.METRICS.split(","))
    assert not any(s.error for s in scores.values())
    assert all(scores[pair] == score for pair, score in kept.items())  # scored pairs were left alone
    assert not any("question 2?" in text for text in judged_cases)  # case-2 was scored fine the first time
    summary = read_json(out / "score.json")
    assert summary["retried_errors"] == len(score_errors)
    assert sum(row["errored"] for row in summary["per_metric"].values()) == 0
