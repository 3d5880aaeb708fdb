"""The fake OpenAI server as perf uses it: fixed latency, overlapping replies, its own process, a valid judge."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

import openai

from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.perf.eval_workload import HashedWordsEmbedder, lost_scores, write_run
from ragstress.scoring.metrics import METRICS
from ragstress.scoring.metrics.judge import judge_messages
from ragstress.scoring.metrics.parsing import parse_rating
from ragstress.scoring.scorer import score_run
from ragstress.testing.fake_openai import FakeOpenAIServer
from ragstress.testing.fake_server_process import FakeServerProcess
from ragstress.testing.scripted_judge import valid_judge

JUDGED = [name for name in METRICS.names() if METRICS.get(name).kind == "judged"]
SETTINGS = ClientSettings(timeout_s=10.0, max_retries=0, concurrency=8)


def _post_chat(base_url: str, elapsed: list[float]) -> None:
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    request = urllib.request.Request(base_url + "/chat/completions", body, {"Content-Type": "application/json"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=10) as reply:
        assert json.loads(reply.read())["choices"][0]["message"]["content"] == "OK"
    elapsed.append(time.perf_counter() - started)


def test_latency_delays_every_reply_and_concurrent_replies_overlap():
    elapsed: list[float] = []
    with FakeOpenAIServer(latency_s=0.4) as server:
        threads = [threading.Thread(target=_post_chat, args=(server.base_url, elapsed)) for _ in range(8)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(15)
        total = time.perf_counter() - started
        assert server.stats()["peak_in_flight"] == 8
    assert len(elapsed) == 8 and min(elapsed) >= 0.4
    assert total < 8 * 0.4 / 2  # served one after another it would take 3.2 s


def test_server_process_starts_serves_its_stats_and_stops_cleanly():
    messages = judge_messages("zh", "judge_context_relevance_1", question="问题？", passages="资料")
    with FakeServerProcess(latency_s=0.05, judge=True) as server:
        assert server.base_url.startswith("http://127.0.0.1:")
        client = openai.OpenAI(base_url=server.base_url, api_key="k", max_retries=0)
        reply = client.chat.completions.create(model="m", messages=messages)
        assert parse_rating(reply.choices[0].message.content, (0, 1, 2)) in (0, 1, 2)
        assert server.stats()["chat_requests"] == 1
        client.close()
        process = server.process
    assert process.returncode == 0
    try:
        urllib.request.urlopen(server.base_url + "/models", timeout=2)
        raise AssertionError("the server still answers after stop")
    except OSError:
        pass


async def _score(tmp_path, judge, count: int) -> dict:
    run_dir = tmp_path / "run"
    write_run(run_dir, count)
    with FakeOpenAIServer(judge) as server:
        endpoint = Endpoint(role="judge", model="m", base_url=server.base_url, api_key="k")
        async with LLMSession({"judge": endpoint}, SETTINGS) as llm:
            summary = await score_run(
                run_dir, metrics=JUDGED, llm=llm, embedder_for=lambda lang: HashedWordsEmbedder(), concurrency=4
            )
    return {"summary": summary, "counts": lost_scores(run_dir, JUDGED)}


async def test_the_valid_judge_gives_every_judged_metric_a_value_in_both_languages(tmp_path):
    judge = valid_judge()
    result = await _score(tmp_path, judge, 8)
    counts = result["counts"]
    assert counts["lost"] == counts["errored"] == counts["unscored"] == 0
    assert counts["scored"] == counts["expected"] > 8 * 5
    assert judge.langs["zh"] > 0 and judge.langs["en"] > 0
    means = {name: m["mean"] for name, m in result["summary"]["per_metric"].items()}
    assert len(set(means.values())) > 2  # verdicts vary with the request, so the figures are not one constant


async def test_a_judge_that_never_answers_validly_loses_no_score(tmp_path):
    result = await _score(tmp_path, valid_judge(invalid_rate=1.0), 4)
    counts = result["counts"]
    assert counts["lost"] == 0 and counts["scored"] == 0
    assert counts["errored"] + counts["unscored"] == counts["expected"] > 0
