"""`ragstress reliability` against real loopback judges that answer inconsistently."""

from __future__ import annotations

import json
from pathlib import Path

from fixtures_run.inprocess import invoke

from ragstress.core.jsonl import write_records
from ragstress.core.types import Case, Context, TargetResponse
from ragstress.testing.fake_openai import FakeOpenAIServer

N_CASES = 12


def _negative_run(run: Path) -> None:
    """Negative cases whose response refuses; odd-numbered ones are 'wobbly' for the fake judge."""
    cases, responses = [], []
    for i in range(N_CASES):
        kind = "wobbly" if i % 2 else "steady"
        lang = "zh" if i % 3 == 0 else "en"
        cases.append(
            Case(
                id=f"neg-{i:02d}",
                seed_id=f"seed-{i:02d}",
                testbed="negative",
                lang=lang,
                question=f"What is the {kind} code of unit {i}?",
                answers=[["X"]],
                contexts=[Context(text="Unrelated text about trains.", role="noise")],
                expected="reject",
            )
        )
        responses.append(TargetResponse(case_id=f"neg-{i:02d}", answer="I can not answer the question.", latency_s=0.1))
    run.mkdir(parents=True)
    write_records(run / "cases.jsonl", cases)
    write_records(run / "responses.jsonl", responses)


def _verdict(refuses: bool) -> str:
    return json.dumps({"reason": "one sentence", "refuses": refuses})


def unsteady_judge(request) -> str:
    """Steady cases: always 'refuses'. Wobbly ones: 'refuses' only at an odd sampling seed (or unsampled)."""
    seed = (request.body or {}).get("seed")
    if "wobbly" in request.last_user_text and seed is not None:
        return _verdict(seed % 2 == 1)
    return _verdict(True)


def strict_second_judge(request) -> str:
    """A second judge that reads the refusals of units 10 and 11 as answers: it disagrees on those two cases."""
    return _verdict(not any(f"unit {i}?" in request.last_user_text for i in (10, 11)))


def test_reliability_measures_self_consistency_flips_and_second_judge_agreement(tmp_path):
    run, cache = tmp_path / "run", tmp_path / "cache"
    _negative_run(run)
    with FakeOpenAIServer(unsteady_judge) as judge, FakeOpenAIServer(strict_second_judge) as second:
        judge_flags = ["--judge-base-url", judge.base_url, "--judge-model", "judge-m", "--cache-dir", cache]
        result = invoke("score", run, "--metrics", "rejection_judged", *judge_flags)
        assert result.exit_code == 0, result.output
        scoring_requests = len(judge.chat_requests())
        assert scoring_requests == N_CASES

        flags = ["--repeats", 3, "--sample", N_CASES, *judge_flags]
        flags += ["--judge2-base-url", second.base_url, "--judge2-model", "judge-2"]
        result = invoke("reliability", run, *flags)
        assert result.exit_code == 0, result.output
        # Every repeat is a new request: none is served from the scoring run's cache or another repeat's.
        assert len(judge.chat_requests()) - scoring_requests == 3 * N_CASES
        seeds = {r.body.get("seed") for r in judge.chat_requests()[scoring_requests:]}
        temperatures = {r.body.get("temperature") for r in judge.chat_requests()[scoring_requests:]}
        assert seeds == {1, 2, 3} and temperatures == {0.7}
        assert len(second.chat_requests()) == N_CASES
        assert "LOW" in result.flat and "self-consistency 0.67" in result.flat

        again = invoke("reliability", run, *flags)  # the same check again is read from the cache
        assert again.exit_code == 0 and len(judge.chat_requests()) - scoring_requests == 3 * N_CASES

    result = invoke("report", run)
    assert result.exit_code == 0, result.output
    report = json.loads((run / "report.json").read_text(encoding="utf-8"))
    (row,) = report["reliability"]["metrics"]
    # Steady cases agree fully (1); wobbly ones split 2-1 (1 agreeing pair of 3): (6 * 1 + 6 / 3) / 12.
    assert row["self_consistency"] == 8 / 12 and row["low"] is True
    assert row["flip_share"] == 0.5 and row["n_cases"] == N_CASES and row["repeats"] == 3
    assert row["judge2_n"] == N_CASES and row["judge2_agreement"] == 10 / 12
    assert report["reliability"]["judge_models"] == ["judge-m"] and report["reliability"]["judge2_models"] == [
        "judge-2"
    ]
    assert any("unsteady" in w and "rejection_judged" in w for w in report["warnings"])
    markdown = (run / "report.md").read_text(encoding="utf-8")
    assert "Judge reliability · 评审可靠性" in markdown and "0.67 LOW" in markdown
    assert '<tr class="low">' in (run / "report.html").read_text(encoding="utf-8")


def test_a_judged_run_without_repeats_says_reliability_was_not_measured(tmp_path):
    run = tmp_path / "run"
    _negative_run(run)
    with FakeOpenAIServer(unsteady_judge) as judge:
        flags = ["--judge-base-url", judge.base_url, "--judge-model", "m", "--no-cache"]
        assert invoke("score", run, "--metrics", "rejection_judged", *flags).exit_code == 0
        bad = invoke("reliability", run, "--repeats", 1, *flags)
        assert bad.exit_code == 2 and "at least 2 repeats" in bad.flat
    assert invoke("report", run).exit_code == 0
    assert "`ragstress reliability RUN`" in (run / "report.md").read_text(encoding="utf-8")


def test_the_demos_judge_checks_calibrate_with_labels_that_pair_and_skip_a_file_of_other_cases(tmp_path, capsys):
    from ragstress.api.judging import DEMO_SAMPLE
    from ragstress.cli.common import endpoint_for
    from ragstress.cli.reliability import demo_judge_checks

    run, cache = tmp_path / "run", tmp_path / "cache" / "llm-cache.sqlite"
    _negative_run(run)
    answer = "I can not answer the question."
    # A person reading the refusals: all but the first case labelled, that one left for PPI's unlabelled part.
    rows = [f"neg-{i:02d},rejection_judged,1,{answer}\n" for i in range(1, N_CASES)]
    labels = tmp_path / "labels.csv"
    labels.write_text("case_id,metric,label,response\n" + "".join(rows), encoding="utf-8")
    other = tmp_path / "other.csv"
    other.write_text("case_id,metric,label\nen-001:noise:0,rejection_judged,1\n", encoding="utf-8")
    with FakeOpenAIServer(unsteady_judge) as judge:
        flags = ["--judge-base-url", judge.base_url, "--judge-model", "m", "--no-cache"]
        assert invoke("score", run, "--metrics", "rejection_judged", *flags).exit_code == 0
        endpoint = endpoint_for("judge", judge.base_url, "m", None)
        demo_judge_checks(run, endpoint, cache, labels)
        paired = capsys.readouterr().out
        demo_judge_checks(run, endpoint, cache, other)
        skipped = capsys.readouterr().out
    flat = " ".join(paired.split())
    # The judge passed every refusal and so did the person: raw and calibrated rates agree, each with its interval.
    assert "rejection_judged: judge 1.000 [0.758, 1.000] → calibrated 1.000 [1.000, 1.000] (PPI;" in flat
    assert f"{N_CASES - 1} example labels paired with this run's answers, {N_CASES} judged cases" in flat
    assert "a demonstration on a handful of cases" in flat and "self-consistency" in flat
    assert "the example labels were not used" in skipped and "'en-001:noise:0' is not a case of this run" in skipped
    report = json.loads((run / "report.json").read_text(encoding="utf-8"))
    assert report["calibration"] is None and report["reliability"]["metrics"][0]["n_cases"] == DEMO_SAMPLE
