"""Ray section (`--only ray`): the target and the judge asked through Ray actors, beside a local run.

Both sides do the same work at the same concurrency, minutes apart on the same cores: a run
of a python target sleeping 0.2 s per case, and a scoring of judged metrics against the fake
OpenAI server in its own process answering after 0.2 s. Each wall time is judged against the
bound a perfect executor would reach, `requests × 0.2 s / concurrency`. One Ray instance on
loopback serves the whole section. Starting it, and starting a run's actors (each a fresh
process that imports ragstress and loads the target), are fixed costs that a long run
amortises: they are shown in rows of their own (run.json and score.json record the actors'
start as `executor.start_s`), and the wall judged against the bound is the rest.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path

from ragstress.perf import Row, at_most, info
from ragstress.perf.eval_workload import TARGET_SLEEP_S, HashedWordsEmbedder, write_run

SECTION = "ray"
LATENCY_S = 0.2
CONCURRENCY = 16
WALL_FACTOR = 1.25
SIZES = {
    True: {"run": 96, "score": 24, "build_chars": 60_000},
    False: {"run": 480, "score": 120, "build_chars": 400_000},
}
BUILD_FACTOR = 1.15
SCORED = ["faithfulness", "rejection_judged", "error_detection_judged"]


def _ask(cases: Path, out: Path, ray: object) -> tuple[float, float]:
    from ragstress.core.jsonl import read_records
    from ragstress.core.types import Case
    from ragstress.llm import ClientSettings, resolve_endpoint
    from ragstress.running.execute import RunOptions, execute_run
    from ragstress.running.run_dir import prepare_run_dir

    shutil.rmtree(out, ignore_errors=True)
    run_dir = prepare_run_dir(out, cases, read_records(cases, Case), target_spec="perf", mode="contexts", resume=False)
    options = RunOptions(testset=cases, concurrency=CONCURRENCY, ray=ray)
    started = time.perf_counter()
    counts = asyncio.run(
        execute_run(
            run_dir,
            "python:ragstress.perf.eval_workload:sleeping_target",
            options,
            endpoint=resolve_endpoint("target", {}),
            client_settings=ClientSettings(),
            say=lambda line: None,
        )
    )
    assert counts.errors == 0, "the sleeping target should never fail"
    wall = time.perf_counter() - started
    start = json.loads((out / "run.json").read_text(encoding="utf-8")).get("executor", {}).get("start_s", 0.0)
    return wall - start, start


def _score(run_dir: Path, base_url: str, ray: object) -> tuple[float, int, float]:
    from ragstress.llm import ClientSettings, Endpoint, LLMSession
    from ragstress.scoring.scorer import score_run

    endpoint = Endpoint(role="judge", model="perf-judge", base_url=base_url, api_key="perf-key", source="perf")

    async def go() -> dict:
        async with LLMSession({"judge": endpoint}, ClientSettings(concurrency=CONCURRENCY, use_cache=False)) as llm:
            embedder = HashedWordsEmbedder()
            return await score_run(
                run_dir,
                metrics=SCORED,
                llm=llm,
                embedder_for=lambda lang: embedder,
                concurrency=CONCURRENCY,
                rescore=True,
                ray=ray,
            )

    started = time.perf_counter()
    summary = asyncio.run(go())
    start = summary.get("executor", {}).get("start_s", 0.0)
    return time.perf_counter() - started - start, summary["llm_calls"]["actual_total"], start


def _build(size: dict, workdir: Path, ray_options: object) -> list[Row]:
    """The Python manual's subset built locally and through embedder actors (fresh indexes, same corpus)."""
    from ragstress.api.stages import build_index
    from ragstress.perf.ingest_corpora import CorpusUnavailable, english_sources, write_subset

    corpus = workdir / "python-docs"
    try:
        files, chars = write_subset(english_sources(), size["build_chars"], corpus)
    except CorpusUnavailable as error:
        return [info(SECTION, "build through Ray", None, "s", note=f"skipped: {error}")]
    walls = {}
    for name, options in (("local", None), ("ray", ray_options)):
        shutil.rmtree(workdir / f"index-{name}", ignore_errors=True)
        started = time.perf_counter()
        result = build_index(corpus, workdir / f"index-{name}", **({"executor": "ray"} if options else {}))
        walls[name] = time.perf_counter() - started
    manifest = json.loads((workdir / "index-ray" / "index.json").read_text(encoding="utf-8"))
    engines = sorted({w["path"] or w["backend"] for w in manifest["embedding_executor"]["workers"]})
    note = (
        f"{files} files, {chars:,} chars, {result.chunks} chunks; local {manifest['embedding_backend']}, "
        f"actors: {'; '.join(engines)}"
    )
    return [
        at_most(
            SECTION,
            "build of the Python manual subset: Ray vs local",
            walls["ray"],
            walls["local"],
            "s",
            BUILD_FACTOR,
            note,
        )
    ]


def measure(quick: bool, workdir: Path) -> list[Row]:
    """Rows for run and score through Ray actors and locally, and the Ray instance's start."""
    from ragstress.distributed import RayOptions, ray_session
    from ragstress.testing.fake_server_process import FakeServerProcess

    workdir.mkdir(parents=True, exist_ok=True)
    size = SIZES[quick]
    cases = write_run(workdir / "made", size["run"])
    (workdir / "made" / "responses.jsonl").unlink()
    testset = workdir / "made" / "cases.jsonl"
    jobs = size["run"] + sum(c.testbed == "counterfactual" for c in cases)  # a closed-book probe each
    ray_options = RayOptions()
    rows: list[Row] = []
    started = time.perf_counter()
    with ray_session(ray_options) as ray:
        up = time.perf_counter() - started
        actors = ray_options.actor_count(CONCURRENCY)
        note = f"{jobs} jobs, concurrency {CONCURRENCY}, {actors} actors on a local Ray instance"
        ray_wall, ray_start = _ask(testset, workdir / "ray-run", ray_options)
        local_wall, _ = _ask(testset, workdir / "local-run", None)
        bound = jobs * TARGET_SLEEP_S / CONCURRENCY
        rows += [
            at_most(SECTION, "run on Ray: wall vs jobs × 0.2 s / 16", ray_wall, bound, "s", WALL_FACTOR, note),
            info(SECTION, "run locally: wall vs the same bound", local_wall, "s", reference=bound),
            info(SECTION, "run on Ray: actors' start (once per run)", ray_start, "s", note=f"{actors} actors"),
        ]
        write_run(workdir / "scored", size["score"])
        with FakeServerProcess(latency_s=LATENCY_S, judge=True) as server:
            ray_wall, ray_requests, ray_start = _score(workdir / "scored", server.base_url, ray_options)
            local_wall, local_requests, _ = _score(workdir / "scored", server.base_url, None)
        bound = ray_requests * LATENCY_S / CONCURRENCY
        note = f"{size['score']} cases, {', '.join(SCORED)}, {ray_requests} requests ({local_requests} locally)"
        rows += [
            at_most(SECTION, "score on Ray: wall vs requests × 0.2 s / 16", ray_wall, bound, "s", WALL_FACTOR, note),
            info(SECTION, "score locally: wall vs the same bound", local_wall, "s", reference=bound),
            info(SECTION, "score on Ray: actors' start (once per scoring)", ray_start, "s"),
            info(
                SECTION,
                "Ray instance start (once per cluster)",
                up,
                "s",
                note=f"{ray.cluster_resources()['CPU']:g} CPUs",
            ),
        ]
        rows += _build(size, workdir, ray_options)
    return rows
