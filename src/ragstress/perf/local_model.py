"""Local model section: the bundled SmolLM2-135M under llama.cpp, tuned against a reference setup.

Configurations of the same model, measured in the same run in alternating rounds, so a
busy neighbour slows each alike (each round starts its own server):
- reference: the settings before this tuning: the shipped Q4_1 weights with every
  prompt token's logits kept, 128-token answers without stop sequences, and the judge
  scoring four cases at once with each prompt's task ahead of the case's material (the
  earlier layout, rebuilt here from today's prompt files), so no call reuses a prefix;
- tuned: the defaults: the F16 copy of the weights, per-language answer limits and stop
  sequences, material first and one case at a time on the judge, so a case's calls
  after the first reuse its evaluated prompt prefix;
- tuned + RAM cache (full run only): the same with llama.cpp's RAM prompt cache, which
  restores the state of an earlier prompt sharing a longer prefix than the last one.
The server is one process answering one request at a time in all of them: on 2 cores
more processes or slots did not raise throughput. Figures: `baseline` cases per minute
(en and zh noise cases with five passages), judge calls per minute over those answers,
and the answers' accuracy under each (every answer fact named, with a 95% Wilson
interval) so speed is not bought with quality. Token rates come from probes of the tuned
server: a long prompt with one output token (prompt processing), then a short prompt
asking for a long answer, less the time the same short prompt takes with one output token.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ragstress import corpora
from ragstress.core.jsonl import read_records
from ragstress.core.types import Case, TargetResponse
from ragstress.llm import ChatClient, ClientSettings, LLMSession, LocalModelServer, resolve_endpoint
from ragstress.perf import Row, at_least, info
from ragstress.perf.local_model_cases import PASSAGES, sample_cases, wilson
from ragstress.running.runner import Job, run_cases
from ragstress.running.targets.baseline import BaselineTarget
from ragstress.scoring.metrics import judge, score_case
from ragstress.values.matching import matched_facts

SECTION = "local_model"
REFERENCE_MAX_TOKENS = 128  # the baseline's answer limit before per-task limits
# A call that outlives this on a busy machine is recorded as an error instead of stretching the section.
SETTINGS = ClientSettings(use_cache=False, timeout_s=180.0, max_retries=1)


@dataclass(frozen=True)
class Setup:
    """One configuration: server options, the baseline's answer limits, the judge's cases in flight."""

    prompt_cache_mb: int = 0
    f16_copy: bool = True
    logits_all: bool = False
    task_first: bool = False  # the judge's earlier prompt layout
    answer_max_tokens: int | None = None  # None: the per-language limits
    stop: bool = True
    judge_cases_at_once: int = 1


SETUPS = {
    "reference": Setup(
        f16_copy=False,
        logits_all=True,
        task_first=True,
        answer_max_tokens=REFERENCE_MAX_TOKENS,
        stop=False,
        judge_cases_at_once=4,
    ),
    "tuned": Setup(),
    "tuned + RAM cache": Setup(prompt_cache_mb=1024),
}
SIZES = {  # quick: a smoke run; full: the published figures, several minutes
    True: {"cases_per_lang": 1, "rounds": 1, "setups": ["reference", "tuned"], "metrics": ["answer_accuracy"]},
    # One metric per verdict format: rating tokens, {{score}} tokens, grammar-constrained JSON.
    False: {
        "cases_per_lang": 2,
        "rounds": 2,
        "setups": list(SETUPS),
        "metrics": ["answer_accuracy", "rag_judge", "faithfulness"],
    },
}


@dataclass
class Tally:
    """What one configuration got through, summed over rounds."""

    cases: int = 0
    target_s: float = 0.0
    correct: int = 0
    requests: int = 0
    judge_s: float = 0.0
    judge_tokens: int = 0
    errors: list[str] = field(default_factory=list)


async def _answer(llm: LLMSession, setup: Setup, cases: list[Case], run_dir: Path, tally: Tally) -> list:
    """Ask the baseline every case, one at a time (the server answers one at a time); the answered responses."""
    target = BaselineTarget("baseline", llm.target, max_tokens=setup.answer_max_tokens, stop=setup.stop)
    responses = run_dir / "responses.jsonl"
    responses.unlink(missing_ok=True)
    started = time.perf_counter()
    await run_cases([Job(c) for c in cases], target, responses, concurrency=1)
    tally.target_s += time.perf_counter() - started
    by_id = {c.id: c for c in cases}
    answered = []
    for response in read_records(responses, TargetResponse):
        if response.error is not None:  # a failed case is no throughput
            tally.errors.append(response.error)
            continue
        tally.cases += 1
        tally.correct += all(matched_facts(response.answer, by_id[response.case_id].answers))
        answered.append((by_id[response.case_id], response))
    return answered


async def _judge(llm: LLMSession, setup: Setup, answered: list, metrics: list[str], tally: Tally) -> None:
    """Score the answers with `judge_cases_at_once` cases in flight; count requests and time."""
    limit = asyncio.Semaphore(setup.judge_cases_at_once)
    stats = llm.judge.stats
    before = (stats.requests, stats.prompt_tokens + stats.completion_tokens)

    async def one(case: Case, response: TargetResponse) -> None:
        async with limit:
            scores, _ = await score_case(case, response, metrics, judge=llm.judge)
        tally.errors += [s.error for s in scores if s.error]

    started = time.perf_counter()
    await asyncio.gather(*(one(case, response) for case, response in answered))
    tally.judge_s += time.perf_counter() - started
    tally.requests += stats.requests - before[0]
    tally.judge_tokens += stats.prompt_tokens + stats.completion_tokens - before[1]


@contextmanager
def _layout(task_first: bool) -> Iterator[None]:
    """Within the block, judge prompts put the task ahead of the material when `task_first`.

    That was the layout before material-first prompts: the same text, so the same number
    of tokens, with nothing shared between the calls of one case before the material.
    """
    if not task_first:
        yield
        return
    material_first = judge.judge_messages

    def task_then_material(lang: str, prompt_id: str, **values: object) -> list[dict[str, str]]:
        messages = material_first(lang, prompt_id, **values)
        blocks = messages[-1]["content"].split("\n\n")
        start = next(i for i, b in enumerate(blocks) if b.startswith(("Task:", "任务：")))
        messages[-1]["content"] = "\n\n".join(blocks[start:] + blocks[:start])
        return messages

    judge.judge_messages = task_then_material
    try:
        yield
    finally:
        judge.judge_messages = material_first


async def _probe(client: ChatClient, content: str, max_tokens: int) -> tuple[int, int, float]:
    started = time.perf_counter()
    result = await client.chat([{"role": "user", "content": content}], max_tokens=max_tokens)
    return result.usage.prompt_tokens, result.usage.completion_tokens, time.perf_counter() - started


async def _token_rates(client: ChatClient) -> tuple[float, float, str]:
    # A fresh number up front keeps the evaluated prefix of an earlier prompt from serving these.
    stamp = time.time_ns()
    docs = sorted((Path(corpora.__file__).parent / "samples" / "en" / "docs").glob("*.txt"))
    text = " ".join(" ".join(doc.read_text(encoding="utf-8").split()) for doc in docs[:8]).split()[:400]
    long_prompt, _, long_s = await _probe(client, f"{stamp} Summarise in one word: {' '.join(text)}", 1)
    story = "Write a long story about a river that floods a valley town."
    short_prompt, _, short_s = await _probe(client, f"{stamp + 1} {story}", 1)
    _, gen_tokens, gen_s = await _probe(client, f"{stamp + 2} {story}", 160)
    note = (
        f"{long_prompt} prompt tokens in {long_s:.2f} s; {gen_tokens} generated tokens in {gen_s:.2f} s "
        f"less {short_s:.2f} s for a {short_prompt}-token prompt"
    )
    return long_prompt / long_s, gen_tokens / max(gen_s - short_s, 1e-6), note


async def _one_round(name: str, size: dict, cases: list[Case], run_dir: Path, tally: Tally, extra: dict) -> None:
    setup = SETUPS[name]
    server = LocalModelServer(
        prompt_cache_mb=setup.prompt_cache_mb, f16_copy=setup.f16_copy, logits_all=setup.logits_all
    )
    endpoints = {role: resolve_endpoint(role, {}) for role in ("target", "judge")}
    try:
        # No response cache: every figure is the model's work.
        async with LLMSession(endpoints, SETTINGS, local=server) as llm:
            started = time.perf_counter()
            await asyncio.to_thread(server.ensure_started)
            extra.setdefault("startup", time.perf_counter() - started)
            extra.setdefault("weights", {})[name] = server.weights()
            answered = await _answer(llm, setup, cases, run_dir, tally)
            with _layout(setup.task_first):
                await _judge(llm, setup, answered, size["metrics"], tally)
            if name == "tuned" and "rates" not in extra:
                extra["rates"] = await _token_rates(llm.judge)
    finally:
        server.stop()


def _per_min(count: int, seconds: float) -> float | None:
    return 60 * count / seconds if seconds > 0 and count else None


async def _measure(size: dict, workdir: Path) -> list[Row]:
    cases = [c for lang in ("en", "zh") for c in sample_cases(size["cases_per_lang"], lang)]
    names = size["setups"]
    tallies = {name: Tally() for name in names}
    extra: dict = {}
    for round_number in range(size["rounds"]):
        # Alternate the order, so no configuration always meets the same neighbour load.
        for name in names if round_number % 2 == 0 else reversed(names):
            run_dir = workdir / name.replace(" ", "").replace("+", "-")
            run_dir.mkdir(parents=True, exist_ok=True)
            await _one_round(name, size, cases, run_dir, tallies[name], extra)
    ref, tuned = tallies["reference"], tallies["tuned"]
    weights = extra.get("weights", {})
    where = (
        f"tuned: {weights.get('tuned')}, 64/96-token answers (en/zh) with stop sequences, judge material first, "
        f"one case at a time (prefix reuse); reference: {weights.get('reference')} with all logits, "
        f"{REFERENCE_MAX_TOKENS}-token answers, no stops, judge task first, 4 cases at once; both one server "
        f"process answering one request at a time, no RAM cache; {size['rounds']} alternating round(s)"
    )
    rows = [info(SECTION, "bundled server start-up", extra.get("startup"), "s")]
    rows.append(
        at_least(
            SECTION,
            f"baseline target: cases per minute (en+zh, {PASSAGES} passages)",
            _per_min(tuned.cases, tuned.target_s),
            _per_min(ref.cases, ref.target_s),
            "cases/min",
            2.0,
            note=f"{tuned.cases} vs {ref.cases} cases in {tuned.target_s:.1f} vs {ref.target_s:.1f} s; {where}",
        )
    )
    rows.append(
        at_least(
            SECTION,
            "bundled judge: calls per minute",
            _per_min(tuned.requests, tuned.judge_s),
            _per_min(ref.requests, ref.judge_s),
            "calls/min",
            2.0,
            note=f"{tuned.requests} vs {ref.requests} requests ({tuned.judge_tokens} vs {ref.judge_tokens} tokens) "
            f"for {', '.join(size['metrics'])} in {tuned.judge_s:.1f} vs {ref.judge_s:.1f} s",
        )
    )
    if "tuned + RAM cache" in tallies:
        cached = tallies["tuned + RAM cache"]
        for figure, ours, base in (
            ("cases per minute", _per_min(cached.cases, cached.target_s), _per_min(tuned.cases, tuned.target_s)),
            (
                "judge calls per minute",
                _per_min(cached.requests, cached.judge_s),
                _per_min(tuned.requests, tuned.judge_s),
            ),
        ):
            rows.append(
                info(SECTION, f"RAM prompt cache: {figure}", ours, "per min", base, note="reference column: tuned")
            )
    for name, tally in tallies.items():
        low, high = wilson(tally.correct, tally.cases)
        errors = f"; {len(tally.errors)} error(s), first: {tally.errors[0][:120]}" if tally.errors else ""
        rows.append(
            info(
                SECTION,
                f"baseline accuracy ({name})",
                tally.correct / tally.cases if tally.cases else None,
                "share",
                note=f"{tally.correct}/{tally.cases} answers name every answer fact; 95% CI {low:.2f}-{high:.2f}{errors}",
            )
        )
    if "rates" in extra:
        prompt_rate, gen_rate, note = extra["rates"]
        rows.append(info(SECTION, "prompt processing", prompt_rate, "tokens/s", note=f"from usage and wall: {note}"))
        rows.append(info(SECTION, "generation", gen_rate, "tokens/s", note="from usage and wall (same probes)"))
    return rows


def measure(quick: bool, workdir: Path) -> list[Row]:
    """Rows for the bundled model: tuned against reference cases and judge calls per minute, accuracy, token rates."""
    workdir.mkdir(parents=True, exist_ok=True)
    return asyncio.run(_measure(SIZES[quick], workdir))
