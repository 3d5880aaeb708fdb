"""Evaluate section: scoring and running against loopback endpoints with a fixed latency.

The judge is the fake OpenAI server in a process of its own, answering every judge
prompt with a valid verdict after LATENCY_S, so this process's CPU time is the
client's alone. Every wall time is judged against the lower bound a perfect client
would reach: `requests × latency / concurrency`. The runner's and the bare SDK's rows are
eval_transport.py; the workload and its sizes, eval_workload.py.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.perf import Row, at_most, below, info, long_responses, reader_speed
from ragstress.perf.eval_transport import runner_rows, sdk_floor_rows
from ragstress.perf.eval_workload import (
    CONCURRENCY,
    LATENCY_S,
    SECTION,
    SIZES,
    WALL_FACTOR,
    HashedWordsEmbedder,
    lost_scores,
    write_run,
)
from ragstress.scoring.metrics import CORE_JUDGED, METRICS
from ragstress.scoring.scorer import score_run
from ragstress.testing.fake_openai import FaultPlan
from ragstress.testing.fake_server_process import FakeServerProcess, RunningFakeServer

CPU_MS_LIMIT = 2.0
CORE_BUDGET = 8
RAGAS_CORE_REQUESTS = 16  # Ragas 0.4.3 on the same seven metrics, measured elsewhere
# 10% transport faults (429 / 500) and 10% malformed answers: half broken bodies, half unusable verdicts.
FAULTS = FaultPlan(rate_429=0.05, rate_500=0.05, rate_malformed=0.05, seed=7)
INVALID_VERDICT_RATE = 0.05
_EMBEDDER = HashedWordsEmbedder()


def judged_metrics() -> list[str]:
    return [name for name in METRICS.names() if METRICS.get(name).kind == "judged"]


def lower_bound(requests: int) -> float:
    return requests * LATENCY_S / CONCURRENCY


async def _score(
    run_dir: Path, server: RunningFakeServer, names: list[str], cache: Path | None, rescore: bool = False
) -> dict[str, Any]:
    """Score `run_dir`; returns the summary plus wall, client CPU and requests the server saw."""
    endpoint = Endpoint(role="judge", model="perf-judge", base_url=server.base_url, api_key="perf-key", source="perf")
    settings = ClientSettings(concurrency=CONCURRENCY, use_cache=cache is not None)
    before = server.stats()["chat_requests"]
    async with LLMSession({"judge": endpoint}, settings, cache_path=cache) as llm:
        cpu, wall = time.process_time(), time.perf_counter()
        summary = await score_run(
            run_dir,
            metrics=names,
            llm=llm,
            embedder_for=lambda lang: _EMBEDDER,
            concurrency=CONCURRENCY,
            rescore=rescore,
        )
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    requests = server.stats()["chat_requests"] - before
    return {"summary": summary, "wall": wall, "cpu": cpu, "requests": requests}


def _clean_scoring(size: dict[str, int], workdir: Path) -> list[Row]:
    names = judged_metrics()
    run_dir, cache = workdir / "clean", workdir / "clean-cache.sqlite"
    cache.unlink(missing_ok=True)
    cases = write_run(run_dir, size["cases"])
    with FakeServerProcess(latency_s=LATENCY_S, judge=True) as server:
        # A few cases first, so one-off costs (lazy imports, prompt files, schemas) stay out of the per-request CPU.
        write_run(workdir / "warm-up", 4)
        asyncio.run(_score(workdir / "warm-up", server, names, cache=None))
        first = asyncio.run(_score(run_dir, server, names, cache))
        peak = server.stats()["peak_in_flight"]
        again = asyncio.run(_score(run_dir, server, names, cache, rescore=True))
    requests, counts = first["requests"], lost_scores(run_dir, names)
    cpu_ms = 1000 * first["cpu"] / requests if requests else None
    note = f"{len(cases)} cases, {len(names)} judged metrics, {requests} requests, concurrency {CONCURRENCY}"
    return [
        at_most(
            SECTION,
            "score: wall time vs requests × 0.2 s / 16",
            first["wall"],
            lower_bound(requests),
            "s",
            WALL_FACTOR,
            note,
        ),
        below(
            SECTION,
            "score: client CPU per judge request",
            cpu_ms,
            CPU_MS_LIMIT,
            "ms",
            f"this process's CPU time / requests the server saw, after a warm-up; {first['cpu']:.2f} s CPU in all",
        ),
        info(
            SECTION,
            "score: requests per case, all judged metrics",
            requests / len(cases),
            "requests",
            note=f"the server saw at most {peak} in flight",
        ),
        info(
            SECTION,
            "score: pairs scored / unscored / errored",
            counts["scored"],
            "pairs",
            note=f"{counts['unscored']} unscored (with reason), {counts['errored']} errored, {counts['lost']} lost",
        ),
        below(
            SECTION,
            "rescore with a warm cache: requests made",
            again["requests"],
            0,
            "requests",
            f"cache hits {again['summary']['usage']['judge']['cache_hits']}, wall {again['wall']:.2f} s",
        ),
    ]


def _core_budget(size: dict[str, int], workdir: Path) -> list[Row]:
    names = list(CORE_JUDGED)
    run_dir = workdir / "core"
    # Answerable cases: every one of the seven metrics applies to each.
    cases = write_run(run_dir, size["core"], testbeds=("noise", "integration"))
    rows: list[Row] = []
    alone_total = 0.0
    with FakeServerProcess(latency_s=LATENCY_S, judge=True) as server:
        together = asyncio.run(_score(run_dir, server, names, cache=None))
        for name in names:
            single = workdir / f"alone-{name}"
            write_run(single, size["alone"], testbeds=("noise", "integration"))
            per_case = asyncio.run(_score(single, server, [name], cache=None))["requests"] / size["alone"]
            alone_total += per_case
            rows.append(info(SECTION, f"requests per case: {name} alone", per_case, "requests"))
    ours = together["requests"] / len(cases)
    calls = together["summary"]["llm_calls"]
    rows.insert(
        0,
        below(
            SECTION,
            "requests per case: the 7 core judged metrics together",
            ours,
            CORE_BUDGET,
            "requests",
            f"naive sum measured alone {alone_total:g}; scoring's own count {calls['actual_per_case']:g} "
            f"actual vs {calls['naive_per_case']:g} naive; Ragas 0.4.3: {RAGAS_CORE_REQUESTS}",
        ),
    )
    rows.insert(
        1,
        info(
            SECTION,
            "requests per case: naive sum, each metric alone",
            alone_total,
            "requests",
            reference=RAGAS_CORE_REQUESTS,
            note="reference: Ragas 0.4.3 on the same metrics",
        ),
    )
    return rows


def _faulty_scoring(size: dict[str, int], workdir: Path) -> list[Row]:
    names = judged_metrics()
    run_dir, cache = workdir / "faults", workdir / "faults-cache.sqlite"
    cache.unlink(missing_ok=True)
    write_run(run_dir, size["faults"])
    spec = FakeServerProcess(latency_s=LATENCY_S, judge=True, invalid_rate=INVALID_VERDICT_RATE, faults=FAULTS)
    with spec as server:
        result = asyncio.run(_score(run_dir, server, names, cache))
        injected = server.stats()["faults_injected"]
    counts = lost_scores(run_dir, names)
    usage = result["summary"]["usage"]["judge"]
    faults = ", ".join(f"{n} {kind}" for kind, n in sorted(injected.items()))
    return [
        below(
            SECTION,
            "score with faults: scores lost",
            counts["lost"],
            0,
            "pairs",
            f"of {counts['expected']}; faults injected: {faults}; unusable verdicts ~{INVALID_VERDICT_RATE:.0%}",
        ),
        info(
            SECTION,
            "score with faults: errors recorded with their cause",
            counts["errored"],
            "pairs",
            note=f"{counts['scored']} scored, {counts['unscored']} unscored with a reason",
        ),
        info(
            SECTION,
            "score with faults: retries",
            usage["retries"],
            "requests",
            note=f"{usage['requests']} requests, {usage['failures']} calls failed for good",
        ),
        info(
            SECTION,
            "score with faults: wall time vs requests × 0.2 s / 16",
            result["wall"],
            "s",
            reference=lower_bound(result["requests"]),
            note="includes retry backoff",
        ),
    ]


def measure(quick: bool, workdir: Path) -> list[Row]:
    """Rows for scoring (clean, fault-injected, warm cache), the per-case call budget, the runner, the learned
    reader's cost and the cost of long responses."""
    workdir.mkdir(parents=True, exist_ok=True)
    size = SIZES[quick]
    rows = _clean_scoring(size, workdir)
    rows += sdk_floor_rows(size)
    rows += _core_budget(size, workdir)
    rows += _faulty_scoring(size, workdir)
    rows += runner_rows(size, workdir)
    rows += reader_speed.measure(1_000 if quick else 10_000)
    rows += long_responses.measure(quick)
    return rows
