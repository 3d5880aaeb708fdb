"""`score_run` and `ragstress score` on a run directory, with the judge at a loopback server."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json, read_records, write_json, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.scoring.scorer import score_run
from ragstress.testing.fake_openai import FakeOpenAIServer, refusing_formats
from ragstress.testing.scripted_judge import ScriptedJudge

SETTINGS = ClientSettings(timeout_s=5.0, max_retries=0, backoff_base_s=0.01, backoff_max_s=0.01)
STATEMENTS = json.dumps(
    {
        "statements": [
            {
                "statement": "The Eiffel Tower is in Paris.",
                "reason": "passage 1",
                "supported": "yes",
                "in_reference": "yes",
            },
            {"statement": "The Eiffel Tower is in Rome.", "reason": "none", "supported": "no", "in_reference": "no"},
        ],
        "missing_from_response": [],
    }
)
NO_STATEMENTS = json.dumps({"statements": [], "missing_from_response": []})
REPLIES = {
    # The negative case's refusal has no statements; the others have two, one supported.
    "judge_statements_reference": lambda req: (
        NO_STATEMENTS if "insufficient" in req.last_user_text.lower() else STATEMENTS
    ),
    "judge_answer_accuracy_1": "Matches. [[4]]",
    "judge_answer_accuracy_2": "Partly. [[2]]",
    "judge_rejection": '{"reason": "it declines", "refuses": true}',
}
METRICS = (
    "answer_match,accuracy,rejection,error_detection,closed_book_accuracy,faithfulness,answer_accuracy,rejection_judged"
)


def case(cid: str, testbed: str, expected: str = "answer") -> Case:
    return Case(
        id=cid,
        seed_id="s-" + cid,
        testbed=testbed,
        lang="en",
        question="Where is the Eiffel Tower?",
        answers=[["Paris"]],
        fake_answer=["Rome"] if testbed == "counterfactual" else None,
        contexts=[Context(text="The Eiffel Tower is in Paris.", role="positive")],
        expected=expected,
    )


def make_run(run_dir: Path) -> Path:
    run_dir.mkdir(parents=True, exist_ok=True)
    write_records(
        run_dir / "cases.jsonl",
        [
            case("c1", "noise"),
            case("c2", "negative", "reject"),
            case("c3", "counterfactual", "flag_error"),
            case("c4", "integration"),
        ],
    )
    write_records(
        run_dir / "responses.jsonl",
        [
            TargetResponse(case_id="c1", answer="It is in Paris. Also in Rome.", latency_s=0.1),
            TargetResponse(case_id="c2", answer="Insufficient information.", latency_s=0.1),
            TargetResponse(
                case_id="c3", answer="There are factual errors; it is in Paris. Also in Rome.", latency_s=0.1
            ),
            TargetResponse(case_id="c3", probe="closed_book", answer="Paris.", latency_s=0.1),
            TargetResponse(case_id="c4", answer="", latency_s=0.1, error="HTTP 500 from the target"),
        ],
    )
    write_json(run_dir / "run.json", {"target": "baseline", "mode": "generator"})
    return run_dir


async def run_score(run_dir: Path, server: FakeOpenAIServer, cache: Path | None = None, **kwargs):
    endpoint = Endpoint(role="judge", model="judge-m", base_url=server.base_url, api_key="secret-key-123")
    async with LLMSession({"judge": endpoint}, SETTINGS, cache_path=cache) as llm:
        return await score_run(run_dir, metrics=METRICS, llm=llm, **kwargs)


async def test_score_run_writes_scores_and_an_honest_summary(tmp_path):
    run_dir = make_run(tmp_path / "run")
    with FakeOpenAIServer(ScriptedJudge(REPLIES)) as server:
        summary = await run_score(run_dir, server)
        requests = len(server.chat_requests())
    scores = {(s.case_id, s.metric): s for s in read_records(run_dir / "scores.jsonl", Score)}
    assert not any(cid == "c4" for cid, _ in scores)  # target failed: nothing scored, never a 0
    assert summary["target_errored"] == 1 and summary["responses_scored"] == 4
    assert scores[("c1", "accuracy")].value == 1.0 and scores[("c2", "rejection")].value == 1.0
    assert scores[("c3", "error_detection")].value == 1.0 and scores[("c3", "closed_book_accuracy")].value == 1.0
    assert scores[("c2", "faithfulness")].value is None  # a refusal makes no statements
    faith = summary["per_metric"]["faithfulness"]
    assert faith == {
        "scored": 2,
        "unscored": 1,
        "over_budget": 0,
        "errored": 0,
        "mean": 0.5,
    }  # (1/2 + 1/2) / 2, the unscored one left out
    assert summary["per_metric"]["answer_accuracy"]["mean"] == 0.75
    # c1, c3: statements + 2 ratings = 3 each; c2: statements + Rej* = 2 -> 8 requests over 3 judged cases.
    calls = summary["llm_calls"]
    assert requests == 8 == calls["actual_total"] and calls["cases_judged"] == 3
    assert calls["naive_total"] == (1 + 2) * 2 + (1 + 1)
    on_disk = read_json(run_dir / "score.json")
    assert on_disk["judge"]["model"] == "judge-m" and "secret-key-123" not in json.dumps(on_disk)
    assert on_disk["usage"]["judge"]["requests"] == 8 and on_disk["target"] == "baseline"
    table = on_disk["metric_table"]  # the report of this run reads its labels and kinds from here
    assert list(table) == on_disk["metrics"]
    assert table["faithfulness"]["kind"] == "judged" and table["faithfulness"]["label_zh"] == "忠实度"


async def test_a_judge_that_refuses_json_schema_scores_the_same_in_json_object_and_score_json_says_so(tmp_path):
    """llama-cpp-python's server as the judge: its refusal is not a judge failure, and score.json records the mode."""
    run_dir = make_run(tmp_path / "run")
    with FakeOpenAIServer(refusing_formats(ScriptedJudge(REPLIES), accepts=("json_object",))) as server:
        summary = await run_score(run_dir, server)
        kinds = [(r.body.get("response_format") or {}).get("type") for r in server.chat_requests()]
    refused = kinds.count("json_schema")
    # Only calls already in flight before the first refusal came back were refused (at most one per response
    # scored at once: 4); each went on at once as json_object.
    assert 1 <= refused <= 4 and len(kinds) == 8 + refused
    assert summary["per_metric"]["faithfulness"] == {
        "scored": 2,
        "unscored": 1,
        "over_budget": 0,
        "errored": 0,
        "mean": 0.5,
    }
    on_disk = read_json(run_dir / "score.json")
    assert (
        on_disk["judge"]["json_mode"] == "json_object" and on_disk["judges_in_scores"][0]["json_mode"] == "json_object"
    )
    usage = on_disk["usage"]["judge"]
    assert usage["json_mode"] == "json_object" and usage["failures"] == 0 and usage["requests"] == len(kinds)


async def test_an_interrupted_score_resumes_and_rescore_recomputes(tmp_path):
    run_dir = make_run(tmp_path / "run")
    write_records(run_dir / "scores.jsonl", [Score(case_id="c1", metric="faithfulness", value=0.5, label="kept")])
    with open(run_dir / "scores.jsonl", "a") as torn:
        torn.write('{"case_id": "c1", "metric": "answer_acc')  # a crash mid-line
    with FakeOpenAIServer(ScriptedJudge(REPLIES)) as server:
        summary = await run_score(run_dir, server)
        assert summary["pairs_resumed"] == 1
        # c1 keeps its faithfulness and needs only its 2 ratings; c2 needs 2 and c3 needs 3 as before.
        assert len(server.chat_requests()) == 7
        before = len(server.chat_requests())
        again = await run_score(run_dir, server)
        assert len(server.chat_requests()) == before and again["responses_scored"] == 0
        await run_score(run_dir, server, rescore=True)
        assert len(server.chat_requests()) == before + 8
    scores = read_records(run_dir / "scores.jsonl", Score)
    assert len(scores) == len({(s.case_id, s.metric) for s in scores})
    assert not any(s.label == "kept" for s in scores)


async def test_rescoring_hits_the_cache(tmp_path):
    run_dir = make_run(tmp_path / "run")
    with FakeOpenAIServer(ScriptedJudge(REPLIES)) as server:
        await run_score(run_dir, server, cache=tmp_path / "cache.sqlite")
        first = len(server.chat_requests())
        summary = await run_score(run_dir, server, cache=tmp_path / "cache.sqlite", rescore=True)
        assert len(server.chat_requests()) == first
    assert summary["usage"]["judge"]["cache_hits"] == first


async def test_cases_are_scored_with_bounded_concurrency(tmp_path):
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    cases = [case(f"n{i}", "negative", "reject") for i in range(6)]
    write_records(run_dir / "cases.jsonl", cases)
    write_records(
        run_dir / "responses.jsonl", [TargetResponse(case_id=c.id, answer="No idea.", latency_s=0.1) for c in cases]
    )
    with FakeOpenAIServer(ScriptedJudge(REPLIES), latency_s=0.1) as server:
        endpoint = Endpoint(role="judge", model="m", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            summary = await score_run(run_dir, metrics=["rejection_judged"], llm=llm, concurrency=2)
        assert server.peak_in_flight == 2
    assert summary["per_metric"]["rejection_judged"]["scored"] == 6


def cli() -> typer.Typer:
    app = typer.Typer()
    cli_score.register(app)
    return app


def test_cli_score_prints_the_calls_per_case(tmp_path):
    run_dir = make_run(tmp_path / "run")
    with FakeOpenAIServer(ScriptedJudge(REPLIES)) as server:
        result = CliRunner().invoke(
            cli(),
            [
                "score",
                str(run_dir),
                "--metrics",
                METRICS,
                "--judge-base-url",
                server.base_url,
                "--judge-api-key",
                "k",
                "--judge-model",
                "judge-m",
                "--cache-dir",
                str(tmp_path / "cache"),
                "--concurrency",
                "2",
            ],
        )
    assert result.exit_code == 0, result.output
    assert "judge LLM calls per case: 2.67 actual vs 2.67 naive" in " ".join(result.output.split())
    assert (run_dir / "score.json").exists()


def test_cli_bad_input_exits_2_with_a_clear_message(tmp_path):
    run_dir = make_run(tmp_path / "run")
    runner = CliRunner()
    misspelt = runner.invoke(cli(), ["score", str(run_dir), "--metrics", "faithfullness"])
    assert misspelt.exit_code == 2 and "did you mean 'faithfulness'" in misspelt.output
    missing = runner.invoke(cli(), ["score", str(tmp_path / "nope"), "--metrics", "accuracy"])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    with open(run_dir / "responses.jsonl", "a") as f:
        f.write("{not json\n")
    broken = runner.invoke(cli(), ["score", str(run_dir), "--metrics", "accuracy"])
    assert broken.exit_code == 2 and "responses.jsonl line 6" in " ".join(broken.output.split())


def test_cli_metrics_lists_every_metric():
    result = CliRunner().invoke(cli(), ["metrics"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    for name in (
        "answer_match",
        "faithfulness",
        "context_precision",
        "rag_judge",
        "semantic_similarity",
        "closed_book_accuracy",
    ):
        assert name in result.output
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if line.count("│") > 5}
    assert "embedding" in rows["semantic_similarity"] and "忠实度" in rows["faithfulness"]
    assert "judged" in rows["faithfulness"] and "lower" in rows["over_refusal"]
    zh = CliRunner().invoke(cli(), ["metrics", "--lang", "zh"], env={"COLUMNS": "400"})
    assert zh.exit_code == 0 and "检索段落" in zh.output


def test_cli_notes_when_another_judge_would_leave_old_scores_in_place(tmp_path):
    run_dir = make_run(tmp_path / "run")
    with FakeOpenAIServer(ScriptedJudge(REPLIES)) as server:
        common = [
            "score",
            str(run_dir),
            "--metrics",
            METRICS,
            "--judge-base-url",
            server.base_url,
            "--judge-api-key",
            "k",
            "--cache-dir",
            str(tmp_path / "cache"),
        ]
        first = CliRunner().invoke(cli(), [*common, "--judge-model", "judge-a"])
        second = CliRunner().invoke(cli(), [*common, "--judge-model", "judge-b"])
        kept = read_json(run_dir / "score.json")["judges_in_scores"]
        third = CliRunner().invoke(cli(), [*common, "--judge-model", "judge-b", "--rescore"])
    assert first.exit_code == second.exit_code == third.exit_code == 0
    assert "note:" not in first.output and "came from judge judge-a" in " ".join(second.output.split())
    assert "came from judge" not in third.output
    assert [j["model"] for j in kept] == ["judge-a"]  # judge-b scored nothing: every pair was already there
    summary = read_json(run_dir / "score.json")
    assert summary["judge"]["model"] == "judge-b" and [j["model"] for j in summary["judges_in_scores"]] == ["judge-b"]


async def test_semantic_similarity_with_the_bundled_embedder(tmp_path):
    run_dir = make_run(tmp_path / "run")
    summary = await score_run(run_dir, metrics="semantic_similarity")  # no judge needed, default embedder
    scores = {s.case_id: s for s in read_records(run_dir / "scores.jsonl", Score)}
    assert set(scores) == {"c1", "c3"} and summary["judge"] is None and summary["llm_calls"]["cases_judged"] == 0
    assert 0.3 < scores["c1"].value <= 1.0  # "It is in Paris. Also in Rome." vs "Paris"
