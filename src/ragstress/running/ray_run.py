"""The target on Ray: a pool of actors, each holding one instance of it, asked like any other target.

`ActorTargets` is a Target to the runner: `run_cases` hands it requests as it would a
local target and appends every response itself, in this process, so responses.jsonl,
`--resume` and the guarantees after a kill are those of a local run. Each actor loads
the target once (the model a Python target loads, the baseline's client) and applies the
per-case timeout where the call runs. An actor that dies mid-call costs an attempt: the
call is asked again on another actor while Ray restarts the dead one (distributed.pool),
so the case is answered once in the records; only a call every attempt lost is recorded
as an error, with the causes. A baseline target's chat calls are not cached on the actors
(each holds its own client); a rerun with `--resume` asks only what is missing.

In e2e mode the actors get the run's retrieval endpoint (`TargetRequest.retrieval`);
a target that takes a retriever object gets an `EndpointRetriever` over it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import replace
from typing import Any

from ragstress.distributed.cluster import RayOptions, ray_session
from ragstress.distributed.pool import ActorPool, merge_usage, worker_name
from ragstress.running.endpoint_retriever import EndpointRetriever
from ragstress.running.runner import AbandonableExecutor, ask
from ragstress.running.targets import Target, TargetError, TargetOutput, TargetRequest

# The runner's own timeout waits this much longer than the actor's, so the actor's message wins.
_DRIVER_GRACE_S = 5.0


class TargetHost:
    """One actor's target (started through Ray by ActorTargets)."""

    def __init__(self, spec: str, endpoint: Any, http_settings: Any, client_settings: Any, timeout_s: float):
        from ragstress.llm import LLMSession
        from ragstress.running.targets import load_target

        self._llm = LLMSession({"target": endpoint}, client_settings)
        self._target = load_target(spec, llm=self._llm, http_config=http_settings)
        self._timeout_s = timeout_s
        self._worker = worker_name()
        self._executor_installed = False

    def info(self) -> dict[str, Any]:
        target = self._target
        return {"target": target.describe(), "kind": target.kind, "worker": self._worker}

    async def answer(self, request: TargetRequest) -> tuple[TargetOutput, dict[str, Any]]:
        if not self._executor_installed:  # sync targets run in abandonable threads, as in a local run
            asyncio.get_running_loop().set_default_executor(AbandonableExecutor())
            self._executor_installed = True
        if request.retrieval is not None and self._target.accepts_retriever:
            request = replace(request, retriever=EndpointRetriever.of(request.retrieval))
        response = await ask(self._target, request, self._timeout_s)
        output = TargetOutput(response.answer, response.contexts, response.usage, response.error)
        return output, {"worker": self._worker, "usage": self._llm.usage()}

    async def close(self) -> None:
        await self._target.aclose()
        await self._llm.aclose()


class ActorTargets(Target):
    """The target as a pool of Ray actors; build with `await ActorTargets.start(...)`."""

    accepts_retriever = False  # a retriever object cannot cross the wire; actors build their own

    def __init__(self, spec: str, pool: ActorPool, first: dict[str, Any], session: contextlib.ExitStack):
        super().__init__(spec)
        self.kind = first["kind"]
        self._described = first["target"]
        self._pool = pool
        self._session = session
        self._usage: dict[str, dict[str, Any]] = {}
        self.workers = {first["worker"]}
        self.start_s = 0.0
        """Seconds from connecting to every actor's target loaded: a fixed cost per run, apart from the work."""

    @classmethod
    async def start(
        cls,
        spec: str,
        options: RayOptions,
        concurrency: int,
        *,
        endpoint: Any,
        http_settings: Any = None,
        client_settings: Any = None,
        timeout_s: float,
    ) -> ActorTargets:
        """Connect to the cluster, start the actors and load the target in each; TargetError if it cannot load."""
        clock = time.perf_counter()
        session = contextlib.ExitStack()
        session.enter_context(ray_session(options))
        try:
            count = options.actor_count(concurrency)
            per_actor = -(-concurrency // count)
            pool = ActorPool.start(
                TargetHost,
                count,
                options.actor_options(),
                per_actor,
                spec,
                endpoint,
                http_settings,
                client_settings,
                timeout_s,
            )
            try:
                infos = await pool.broadcast("info")
            except Exception as exc:  # the target failed to load in the actor: its error is the cause
                raise TargetError(f"target {spec!r} could not start on Ray: {_cause(exc)}") from None
            self = cls(spec, pool, infos[0], session)
            self.start_s = round(time.perf_counter() - clock, 3)
            self.workers.update(info["worker"] for info in infos)
            return self
        except BaseException:
            session.close()  # a local instance started for this run ends with it
            raise

    async def answer(self, request: TargetRequest) -> TargetOutput:
        output, state = await self._pool.call("answer", request, on_lost=_lost)
        if state is not None:
            self._usage[state["worker"]] = state["usage"]
            self.workers.add(state["worker"])
        return output

    def describe(self) -> dict[str, Any]:
        return self._described

    def executor(self) -> dict[str, Any]:
        """What run.json records about the fan-out: actors, the workers that answered, attempts lost with an actor."""
        return {
            "kind": "ray",
            "start_s": self.start_s,
            "actors": len(self._pool.actors),
            "workers": len(self.workers),
            **self._pool.stats.as_dict(),
        }

    def llm_usage(self) -> dict[str, dict[str, Any]]:
        """Every actor's LLM accounting, summed per role (the baseline's chat model)."""
        return merge_usage(self._usage.values())

    async def aclose(self) -> None:
        try:
            with contextlib.suppress(Exception):
                await self._pool.broadcast("close")
            self._pool.kill()
        finally:
            self._session.close()


def _lost(message: str) -> tuple[TargetOutput, None]:
    """The response of a case whose every attempt lost its actor: an error with the causes, never a silent gap."""
    return TargetOutput("", error=f"RayActorError: {message}"), None


def _cause(exc: BaseException) -> str:
    """The first lines of a Ray error: the exception the actor raised, without Ray's traceback frame list."""
    text = str(exc).strip()
    lines = [line for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if "Error" in line or "error" in line:
            return line.strip()
    return lines[-1].strip() if lines else type(exc).__name__
