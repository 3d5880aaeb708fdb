"""Scoring on Ray: cases scored by a pool of actors, each holding the judge client and the embedders.

`RemoteScorer.score` is what `score_run` awaits instead of scoring in this process; the
driver alone appends scores.jsonl. Judge calls go through the LLM response cache the driver
keeps (one keeper actor on the driver's node owns the file: distributed.shared_cache), so a
rerun on any number of actors, or locally, asks nothing already answered. A case whose
actor dies is scored again on another (distributed.pool); one that lost its actor every
time gets an error score per metric, with the causes.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from ragstress.core.types import Case, Score, TargetResponse
from ragstress.distributed.cluster import RayOptions, ray_session
from ragstress.distributed.pool import ActorPool, merge_usage, worker_name


class JudgeHost:
    """One actor's judge client and embedders (started through Ray by RemoteScorer)."""

    def __init__(self, endpoints: dict[str, Any], client_settings: Any, keeper: Any):
        from ragstress.distributed.shared_cache import RemoteCache
        from ragstress.llm import LLMSession

        self._llm = LLMSession(endpoints, client_settings, cache=RemoteCache(keeper) if keeper is not None else None)
        self._worker = worker_name()

    async def score(
        self, case: Case, response: TargetResponse, pending: list[str], e2e: bool, resolve_uncertain: bool
    ) -> tuple[list[Score], int, tuple[str, dict[str, Any]]]:
        from ragstress.scoring.metrics import METRICS, score_case

        judged = any(METRICS.get(n).kind == "judged" for n in pending) or resolve_uncertain
        scores, ctx = await score_case(
            case,
            response,
            pending,
            judge=self._llm.judge if judged else None,
            e2e=e2e,
            resolve_uncertain=resolve_uncertain,
        )
        return scores, ctx.llm_calls, (self._worker, self._llm.usage())

    def ready(self) -> bool:
        return True

    async def close(self) -> None:
        await self._llm.aclose()


class RemoteScorer:
    """The judge as a pool of Ray actors; build with `RemoteScorer.start(...)`, close with `close()`."""

    def __init__(self, pool: ActorPool, keeper: Any, session: contextlib.ExitStack):
        self._pool = pool
        self._keeper = keeper
        self._session = session
        self._usage: dict[str, dict[str, Any]] = {}
        self.start_s = 0.0
        """Seconds from connecting to every actor ready: a fixed cost per scoring, apart from the work."""

    @classmethod
    def start(cls, options: RayOptions, llm: Any, concurrency: int) -> RemoteScorer:
        """Connect, start the cache keeper (when `llm` has a cache file) and the judge actors."""
        from ragstress.distributed.shared_cache import start_keeper

        clock = time.perf_counter()
        session = contextlib.ExitStack()
        ray = session.enter_context(ray_session(options))
        try:
            path = getattr(llm.cache, "path", None)
            keeper = start_keeper(Path(path)) if path is not None else None
            count = options.actor_count(concurrency)
            endpoints = {role: e for role, e in llm.endpoints.items() if role == "judge"}
            pool = ActorPool.start(
                JudgeHost, count, options.actor_options(), -(-concurrency // count), endpoints, llm.settings, keeper
            )
            ray.get([actor.ready.remote() for actor in pool.actors])  # started, so the start is timed apart
            scorer = cls(pool, keeper, session)
            scorer.start_s = round(time.perf_counter() - clock, 3)
            return scorer
        except BaseException:
            session.close()
            raise

    async def score(
        self, case: Case, response: TargetResponse, pending: list[str], e2e: bool, resolve_uncertain: bool
    ) -> tuple[list[Score], int]:
        def lost(message: str) -> tuple[list[Score], int, None]:
            error = f"RayActorError: {message}"
            return [Score(case_id=case.id, metric=m, value=None, label="error", error=error) for m in pending], 0, None

        scores, calls, state = await self._pool.call(
            "score", case, response, pending, e2e, resolve_uncertain, on_lost=lost
        )
        if state is not None:
            worker, usage = state
            self._usage[worker] = usage  # each actor's running totals: the latest snapshot counts
        return scores, calls

    def usage(self) -> dict[str, dict[str, Any]]:
        """The judge actors' LLM accounting, summed."""
        return merge_usage(self._usage.values())

    def executor(self) -> dict[str, Any]:
        """What score.json records about the fan-out."""
        return {"kind": "ray", "start_s": self.start_s, "actors": len(self._pool.actors), **self._pool.stats.as_dict()}

    async def close(self) -> None:
        import ray

        try:
            with contextlib.suppress(Exception):
                await self._pool.broadcast("close")
            self._pool.kill()
            if self._keeper is not None:
                ray.kill(self._keeper)
        finally:
            self._session.close()
