"""The runner: ask the target every case, appending each response as it arrives.

A run directory holds `cases.jsonl` (the cases this run selected, which the scorer
reads), `responses.jsonl` (one TargetResponse per (case id, probe), appended and
fsynced as each arrives) and `run.json` (what ran, how, and how it went). A crash
loses at most the line being written: `--resume` repairs a torn last line and asks
only for the (case id, probe) pairs not yet answered. `--retry-errors` also asks again
the pairs whose response is an error: their lines are dropped from responses.jsonl
by an atomic rewrite before anything new is appended, so the file holds each pair
at most once whenever the run stops.

A failure of the target (exception, timeout, bad return type) is a result, not a
stop: it is recorded as a response with `answer=""` and `error` set.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ragstress.core.jsonl import RecordAppender
from ragstress.core.probes import needs_closed_book
from ragstress.core.types import TESTBEDS, Case, TargetResponse
from ragstress.running.composition import with_composition
from ragstress.running.e2e_answers import variant_key
from ragstress.running.targets import Probe, RetrievalRef, Target, TargetRequest

Mode = Literal["contexts", "e2e"]
DEFAULT_TARGET_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class Shard:
    """Slice K of N (1-based) of a test set, chosen by a stable hash of the case id."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
        if not match or not 1 <= int(match[1]) <= int(match[2]):
            raise ValueError(f"--shard must be K/N with 1 <= K <= N, got {text!r}")
        return cls(int(match[1]), int(match[2]))

    def holds(self, case_id: str) -> bool:
        # sha256, not hash(): Python's str hash changes between processes.
        return int.from_bytes(hashlib.sha256(case_id.encode()).digest()[:8], "big") % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def select_cases(cases: Iterable[Case], testbeds: Iterable[str] | None = None, limit: int | None = None) -> list[Case]:
    """The cases of the given testbeds (all if None), the first `limit` of them in file order."""
    wanted = set(testbeds or TESTBEDS)
    unknown = wanted - set(TESTBEDS)
    if unknown:
        raise ValueError(f"unknown testbed(s) {sorted(unknown)}; known: {', '.join(TESTBEDS)}")
    chosen = [case for case in cases if case.testbed in wanted]
    return chosen if limit is None else chosen[:limit]


def check_mode(cases: Iterable[Case], mode: str) -> None:
    """ValueError (E2EError) when e2e mode is asked of a testbed that places its own passages."""
    if mode == "e2e":
        from ragstress.running.e2e_answers import refuse_placed

        refuse_placed(cases)


def repeated_ids(cases: Iterable[Case]) -> list[str]:
    """Case ids that occur more than once (responses are keyed by case id, so a test set must not repeat one)."""
    seen: set[str] = set()
    repeated = []
    for case in cases:
        if case.id in seen:
            repeated.append(case.id)
        seen.add(case.id)
    return repeated


@dataclass(frozen=True)
class Job:
    """One call to the target: a case as built, or its closed-book probe."""

    case: Case
    probe: Probe = "case"


def plan_jobs(cases: Iterable[Case], done: set[tuple[str, str]] = frozenset()) -> list[Job]:
    """Every (case, probe) not in `done`: each case, plus a closed-book probe for counterfactual cases
    and for one conflict case per seed (its unplanted one: the prior is the seed's, not the case's)."""
    jobs = []
    for case in cases:
        probes: tuple[Probe, ...] = ("case", "closed_book") if needs_closed_book(case) else ("case",)
        jobs.extend(Job(case, probe) for probe in probes if (case.id, probe) not in done)
    return jobs


def build_request(
    job: Job,
    mode: Mode,
    retriever_for: Callable[[str], Any] | None = None,
    retrieval_for: Callable[[str, str], RetrievalRef] | None = None,
) -> TargetRequest:
    """Passages in contexts mode, `[]` for a closed-book probe; in e2e mode the case's variant,
    as a retriever object and as an address on the retrieval endpoint, where the run has them."""
    case = job.case
    history = case.params.get("history") or None  # an imported conversational item's earlier turns
    if job.probe == "closed_book":
        return TargetRequest(case.id, case.question, case.lang, contexts=[], probe="closed_book", history=history)
    if mode == "contexts":
        contexts = [c.text for c in case.contexts]
        return TargetRequest(case.id, case.question, case.lang, contexts=contexts, history=history)
    key = variant_key(case)
    retriever = retriever_for(key) if retriever_for is not None else None
    retrieval = retrieval_for(key, case.question) if retrieval_for is not None else None
    return TargetRequest(
        case.id, case.question, case.lang, contexts=None, retriever=retriever, retrieval=retrieval, history=history
    )


def describe_error(exc: BaseException) -> str:
    """`Type: message`, followed by the chain of causes, so the record says why."""
    parts = [f"{type(exc).__name__}: {exc}"]
    while (exc := exc.__cause__) is not None:  # type: ignore[assignment]
        parts.append(f"caused by {type(exc).__name__}: {exc}")
    return "; ".join(parts)


async def ask(target: Target, request: TargetRequest, timeout_s: float) -> TargetResponse:
    """One call to the target, bounded by `timeout_s`; every failure becomes a response with `error`."""

    async def guarded() -> tuple[Any, str | None]:
        # Errors are caught in here so that a TimeoutError raised by the target is not mistaken for ours.
        try:
            return await target.answer(request), None
        except Exception as exc:
            return None, describe_error(exc)

    started = time.perf_counter()
    try:
        output, error = await asyncio.wait_for(guarded(), timeout_s)
    except TimeoutError:
        output, error = None, f"TimeoutError: the target did not answer within {timeout_s:g}s"
    latency = time.perf_counter() - started
    if output is not None and not output.error and not output.answer.strip():
        # An empty answer is no answer: scored, it would read as "did not refuse", the best over-refusal.
        error = "EmptyAnswer: the target returned an empty answer" + (" (whitespace only)" if output.answer else "")
        output = None
    if output is None or output.error:
        return TargetResponse(
            case_id=request.case_id, probe=request.probe, answer="", latency_s=latency, error=error or output.error
        )
    return TargetResponse(
        case_id=request.case_id,
        probe=request.probe,
        answer=output.answer,
        contexts=output.contexts,
        latency_s=latency,
        usage=output.usage,
    )


class AbandonableExecutor(concurrent.futures.ThreadPoolExecutor):
    """A default executor whose threads are daemons and whose shutdown does not wait.

    Sync targets (and LangChain's sync steps) run in the loop's default executor. A
    call that hangs past its timeout is abandoned; with the stock executor it would
    still block the interpreter's exit until it returned.
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()

        def work() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as exc:  # handed to the awaiting coroutine, which records it
                future.set_exception(exc)

        threading.Thread(target=work, daemon=True, name="ragstress-target-call").start()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        return None


@dataclass
class RunCounts:
    """What one `run_cases` call did."""

    jobs: int = 0
    answered: int = 0
    errors: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cases: int = 0
    """Cases asked (closed-book probes not counted)."""
    case_errors: int = 0
    first_error: str | None = None
    """The first error recorded for a case, in the order the answers came."""

    @property
    def failure(self) -> str | None:
        """`all N cases failed: <first cause>` when every case asked failed (the run measured nothing), else None."""
        if self.cases and self.case_errors == self.cases:
            return f"all {self.cases} cases failed: {self.first_error}"
        return None


async def run_cases(
    jobs: list[Job],
    target: Target,
    responses_path: Path,
    *,
    mode: Mode = "contexts",
    retriever_for: Callable[[str], Any] | None = None,
    retrieval_for: Callable[[str, str], RetrievalRef] | None = None,
    concurrency: int = 4,
    target_timeout_s: float = DEFAULT_TARGET_TIMEOUT_S,
    on_response: Callable[[TargetResponse], None] | None = None,
    chunk_id_of: Callable[[str], str | None] | None = None,
) -> RunCounts:
    """Ask `target` every job, at most `concurrency` at once, appending each response to `responses_path`.

    In e2e mode each response records what the target retrieved (`retrieved`: the passages'
    roles and, through `chunk_id_of`, their chunk ids). Installs an AbandonableExecutor as the running loop's default executor.
    """
    if concurrency < 1 or target_timeout_s <= 0:
        raise ValueError("concurrency must be >= 1 and the target timeout > 0")
    asyncio.get_running_loop().set_default_executor(AbandonableExecutor())
    counts = RunCounts(jobs=len(jobs))
    pending = iter(jobs)  # shared by the workers: the event loop hands out one job at a time

    write_lock = asyncio.Lock()

    async def worker(appender: RecordAppender) -> None:
        for job in pending:
            response = await ask(target, build_request(job, mode, retriever_for, retrieval_for), target_timeout_s)
            if mode == "e2e" and job.probe == "case":
                response = with_composition(response, job.case, chunk_id_of)
            async with write_lock:  # one line at a time; the fsync runs off the loop so other calls go on
                await asyncio.to_thread(appender.append, response)
            counts.answered += 1
            counts.errors += response.error is not None
            if job.probe == "case":
                counts.cases += 1
                counts.case_errors += response.error is not None
                if response.error is not None and counts.first_error is None:
                    counts.first_error = response.error
            counts.prompt_tokens += response.usage.prompt_tokens
            counts.completion_tokens += response.usage.completion_tokens
            if on_response is not None:
                on_response(response)

    with RecordAppender(responses_path) as appender:
        await asyncio.gather(*(worker(appender) for _ in range(min(concurrency, len(jobs)))))
    return counts
