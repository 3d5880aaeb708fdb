"""Evaluate section, the transport under scoring: the runner against a sleeping target, and the bare SDK.

These rows judge no answer: they measure what asking costs (the runner's wall time against
`jobs × sleep / concurrency`, and the CPU the openai SDK spends per request with nothing of ours
around it, the floor under the judge client's own figure). evaluate.py holds the scoring rows.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path

import openai

from ragstress.perf import Row, at_most, info
from ragstress.perf.eval_workload import CONCURRENCY, LATENCY_S, SECTION, TARGET_SLEEP_S, WALL_FACTOR, write_run
from ragstress.running.runner import plan_jobs, run_cases
from ragstress.running.targets import load_target
from ragstress.scoring.metrics.judge import judge_messages
from ragstress.testing.fake_server_process import FakeServerProcess


def runner_rows(size: dict[str, int], workdir: Path) -> list[Row]:
    """The runner asking a python target that sleeps TARGET_SLEEP_S, against its lower bound."""
    run_dir = workdir / "runner"
    shutil.rmtree(run_dir, ignore_errors=True)
    cases = write_run(run_dir, size["runner"])
    (run_dir / "responses.jsonl").unlink()
    jobs = plan_jobs(cases)  # counterfactual cases add a closed-book probe
    target = load_target("python:ragstress.perf.eval_workload:sleeping_target")

    async def run() -> float:
        started = time.perf_counter()
        counts = await run_cases(jobs, target, run_dir / "responses.jsonl", concurrency=CONCURRENCY)
        assert counts.errors == 0, "the sleeping target should never fail"
        return time.perf_counter() - started

    wall = asyncio.run(run())
    bound = len(jobs) * TARGET_SLEEP_S / CONCURRENCY
    return [
        at_most(
            SECTION,
            "run: wall time vs jobs × 0.2 s / 16",
            wall,
            bound,
            "s",
            WALL_FACTOR,
            f"{len(jobs)} jobs of a python target sleeping {TARGET_SLEEP_S:g} s",
        )
    ]


def sdk_floor_rows(size: dict[str, int]) -> list[Row]:
    """CPU per request of bare openai SDK calls under the same latency: the floor under our client."""
    messages = judge_messages(
        "en", "judge_answer_accuracy_1", question="q " * 20, response="r " * 40, reference="x " * 20
    )

    async def hammer(base_url: str, typed: bool) -> float:
        sdk = openai.AsyncOpenAI(base_url=base_url, api_key="perf-key", max_retries=0)
        per_worker = size["floor"] // CONCURRENCY

        async def worker() -> None:
            for _ in range(per_worker):
                if typed:
                    raw = await sdk.chat.completions.with_raw_response.create(model="m", messages=messages)  # type: ignore[arg-type]
                    json.loads(raw.http_response.text)
                else:
                    json.loads(
                        await sdk.post("/chat/completions", cast_to=str, body={"model": "m", "messages": messages})
                    )

        cpu = time.process_time()
        await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
        cpu = time.process_time() - cpu
        await sdk.close()
        return 1000 * cpu / (per_worker * CONCURRENCY)

    with FakeServerProcess(latency_s=LATENCY_S) as server:
        typed = asyncio.run(hammer(server.base_url, typed=True))
        plain = asyncio.run(hammer(server.base_url, typed=False))
    note = f"{size['floor']} requests, {CONCURRENCY} in flight, {LATENCY_S:g} s latency, nothing else in the process"
    return [
        info(SECTION, "openai SDK alone: CPU per typed chat.completions call", typed, "ms", note=note),
        info(SECTION, "openai SDK alone: CPU per plain POST (what the judge client sends)", plain, "ms", note=note),
    ]
