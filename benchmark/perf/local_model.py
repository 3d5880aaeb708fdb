"""Local model section: the bundled SmolLM2-135M under llama.cpp, one request at a time.

Info rows only (there is no baseline to beat): how many `baseline` cases and judge
calls a minute the bundled model gets through on this machine, and its token rates.
llama-cpp-python's server reports no timings, so the rates come from usage and wall
time of probes: a long prompt with one output token (prompt processing), then a
short prompt asking for a long free-text answer (generation, after taking off the
time the same short prompt takes with one output token). Each section stays inside a time budget, so a slow or
busy machine yields fewer cases, not a longer run.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from ragstress import corpora
from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.types import Case, Context, TargetResponse
from ragstress.llm import ChatClient, ClientSettings, LLMSession, LocalModelServer, resolve_endpoint
from ragstress.perf import Row, info
from ragstress.running.runner import Job, run_cases
from ragstress.running.targets import load_target
from ragstress.scoring.metrics.judged_nvidia import answer_accuracy
from ragstress.scoring.metrics.judged_ragas import faithfulness
from ragstress.scoring.metrics.judged_verdicts import rag_judge
from ragstress.scoring.scorer import score_run

SECTION = "local_model"
SIZES = {  # quick: a smoke run inside a minute; full: the published figures, a few minutes
    True: {
        "cases": 2,
        "target_budget_s": 10.0,
        "judge_budget_s": 10.0,
        "prompt_words": 60,
        "gen_tokens": 48,
        "metrics": [answer_accuracy.name],
    },
    # One metric per verdict format: rating tokens, {{score}} tokens, grammar-constrained JSON.
    False: {
        "cases": 8,
        "target_budget_s": 75.0,
        "judge_budget_s": 90.0,
        "prompt_words": 400,
        "gen_tokens": 160,
        "metrics": [answer_accuracy.name, rag_judge.name, faithfulness.name],
    },
}
# A call that outlives this on a busy machine is recorded as an error instead of stretching the section.
SETTINGS = ClientSettings(use_cache=False, timeout_s=90.0, max_retries=1)


def sample_cases(count: int) -> list[Case]:
    """Noise-testbed cases from the English sample corpus: the seed's answer paragraph plus one from another document."""
    samples = Path(corpora.__file__).parent / "samples" / "en"
    seeds = [
        json.loads(line) for line in (samples / "seeds.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    singles = [s for s in seeds if len(s["doc_ids"]) == 1]
    cases = []
    for number, seed in enumerate(singles[:count]):
        paragraphs = _paragraphs(samples / "docs" / seed["doc_ids"][0])
        aliases = [alias for fact in seed["answers"] for alias in fact]
        positive = next((p for p in paragraphs if any(a in p for a in aliases)), paragraphs[0])
        noise = _paragraphs(samples / "docs" / singles[(number + 1) % len(singles)]["doc_ids"][0])[0]
        cases.append(
            Case(
                id=f"local-{seed['id']}",
                seed_id=seed["id"],
                testbed="noise",
                lang="en",
                question=seed["question"],
                answers=seed["answers"],
                expected="answer",
                contexts=[Context(text=positive, role="positive"), Context(text=noise, role="noise")],
            )
        )
    return cases


def _paragraphs(path: Path) -> list[str]:
    return [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n") if p.strip()]


async def _run_target(llm: LLMSession, cases: list[Case], run_dir: Path, budget_s: float) -> tuple[int, float]:
    """Ask the baseline one case at a time until the cases or the budget run out: (cases answered, seconds)."""
    target = load_target("baseline", llm=llm)
    responses = run_dir / "responses.jsonl"
    responses.unlink(missing_ok=True)
    started, answered = time.perf_counter(), 0
    for case in cases:
        counts = await run_cases([Job(case)], target, responses, concurrency=1)
        answered += counts.answered - counts.errors  # a failed case is no throughput
        if time.perf_counter() - started > budget_s:
            break
    return answered, time.perf_counter() - started


async def _judge(
    llm: LLMSession, run_dir: Path, cases: list[Case], metrics: list[str], budget_s: float
) -> tuple[int, int, float]:
    """Score the answered cases one at a time until they or the budget run out: (cases, requests, seconds)."""
    answered = {r.case_id: r for r in read_records(run_dir / "responses.jsonl", TargetResponse) if r.error is None}
    judge_dir = run_dir / "judged"
    judge_dir.mkdir(exist_ok=True)
    for stale in ("scores.jsonl", "score.json"):
        (judge_dir / stale).unlink(missing_ok=True)
    chosen: list[Case] = []
    started, before = time.perf_counter(), llm.judge.stats.requests
    for case in (c for c in cases if c.id in answered):
        chosen.append(case)
        # score_run resumes: each call judges only the case just added.
        write_records(judge_dir / "cases.jsonl", chosen)
        write_records(judge_dir / "responses.jsonl", [answered[c.id] for c in chosen])
        await score_run(judge_dir, metrics=metrics, llm=llm, concurrency=1)
        if time.perf_counter() - started > budget_s:
            break
    return len(chosen), llm.judge.stats.requests - before, time.perf_counter() - started


async def _probe(client: ChatClient, content: str, max_tokens: int) -> tuple[int, int, float]:
    started = time.perf_counter()
    result = await client.chat([{"role": "user", "content": content}], max_tokens=max_tokens)
    return result.usage.prompt_tokens, result.usage.completion_tokens, time.perf_counter() - started


async def _token_rates(client: ChatClient, size: dict) -> tuple[float, float, str]:
    # A fresh number up front keeps llama.cpp's prompt cache from serving an earlier prefix.
    stamp = time.time_ns()
    docs = sorted((Path(corpora.__file__).parent / "samples" / "en" / "docs").glob("*.txt"))
    words = " ".join(w for doc in docs[:8] for w in doc.read_text(encoding="utf-8").split())
    text = " ".join(words.split()[: size["prompt_words"]])
    long_prompt, _, long_s = await _probe(client, f"{stamp} Summarise in one word: {text}", 1)
    story = "Write a long story about a river that floods a valley town."
    short_prompt, _, short_s = await _probe(client, f"{stamp + 1} {story}", 1)
    _, gen_tokens, gen_s = await _probe(client, f"{stamp + 2} {story}", size["gen_tokens"])
    prompt_rate = long_prompt / long_s
    gen_rate = gen_tokens / max(gen_s - short_s, 1e-6)
    note = (
        f"{long_prompt} prompt tokens in {long_s:.2f} s; {gen_tokens} generated tokens in {gen_s:.2f} s "
        f"less {short_s:.2f} s for a {short_prompt}-token prompt"
    )
    return prompt_rate, gen_rate, note


async def _measure(size: dict, workdir: Path, server: LocalModelServer) -> list[Row]:
    endpoints = {role: resolve_endpoint(role, {}) for role in ("target", "judge")}
    run_dir = workdir / "run"
    run_dir.mkdir(parents=True, exist_ok=True)
    cases = sample_cases(size["cases"])
    write_records(run_dir / "cases.jsonl", cases)
    write_json(run_dir / "run.json", {"target": "baseline", "mode": "contexts"})
    rows: list[Row] = []
    async with LLMSession(endpoints, SETTINGS, local=server) as llm:  # no cache: every figure is the model's work
        started = time.perf_counter()
        await asyncio.to_thread(server.ensure_started)
        rows.append(info(SECTION, "bundled server start-up", time.perf_counter() - started, "s"))
        answered, target_s = await _run_target(llm, cases, run_dir, size["target_budget_s"])
        target_usage = llm.target.stats
        rows.append(
            info(
                SECTION,
                "baseline target: cases per minute",
                60 * answered / target_s,
                "cases/min",
                note=f"{answered} en sample cases in {target_s:.1f} s, concurrency 1; "
                f"{target_usage.prompt_tokens} prompt + {target_usage.completion_tokens} completion tokens",
            )
        )
        judged, requests, judge_s = await _judge(llm, run_dir, cases, size["metrics"], size["judge_budget_s"])
        if judged:
            rows.append(
                info(
                    SECTION,
                    "bundled judge: calls per minute",
                    60 * requests / judge_s,
                    "calls/min",
                    note=f"{requests} grammar-constrained requests for {', '.join(size['metrics'])} "
                    f"on {judged} cases in {judge_s:.1f} s",
                )
            )
        prompt_rate, gen_rate, note = await _token_rates(llm.judge, size)
        rows.append(
            info(SECTION, "prompt processing", prompt_rate, "tokens/s", note=f"derived from usage and wall: {note}")
        )
        rows.append(info(SECTION, "generation", gen_rate, "tokens/s", note="derived from usage and wall (same probes)"))
    return rows


def measure(quick: bool, workdir: Path) -> list[Row]:
    """Rows for the bundled model: start-up, baseline cases per minute, judge calls per minute, token rates."""
    workdir.mkdir(parents=True, exist_ok=True)
    server = LocalModelServer()  # our own, stopped at the end, whatever else the process has started
    try:
        return asyncio.run(_measure(SIZES[quick], workdir, server))
    finally:
        server.stop()
