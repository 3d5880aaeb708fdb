"""A stage's LLM calls made by Ray actors: what `generate --executor ray` fans out.

`RemoteClient` stands in for a role's ChatClient in the driver's LLMSession: the stage
calls `chat` as always, and the call runs on the least busy of a pool of actors, each
holding its own client for the role's endpoint (with the bundled model, its own local
server). Every actor reads and writes the driver's response cache through the keeper actor
(distributed.shared_cache), so a rerun on any cluster size asks nothing already answered.
A call whose actor dies is asked again on another (distributed.pool).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ragstress.distributed.cluster import RayOptions, ray_session
from ragstress.distributed.pool import ActorPool, merge_usage, worker_name
from ragstress.llm.client import ChatClient, ChatResult
from ragstress.llm.failures import LLMError


class ChatHost:
    """One actor's clients for the roles it serves (started through Ray by `remote_clients`)."""

    def __init__(self, endpoints: dict[str, Any], settings: Any, keeper: Any):
        from ragstress.distributed.shared_cache import RemoteCache
        from ragstress.llm import LLMSession

        self._llm = LLMSession(endpoints, settings, cache=RemoteCache(keeper) if keeper is not None else None)
        self._worker = worker_name()

    async def chat(self, role: str, messages: list[dict[str, Any]], options: dict[str, Any]) -> tuple:
        try:
            result = await self._llm.client(role).chat(messages, **options)  # type: ignore[arg-type]
        except LLMError as exc:
            # Sent back as data: through Ray an exception would lose whether it refused a JSON mode.
            result = {"error": str(exc), "status": exc.status, "format_refused": exc.format_refused}
        return result, (self._worker, self._llm.usage())


class RemoteClient(ChatClient):
    """A role's client whose calls run on the actor pool; accounting is summed over the actors."""

    def __init__(self, local: ChatClient, role: str, pool: ActorPool, usage: dict[str, dict]):
        # Not ChatClient.__init__: nothing is asked from here, so no limiter, cache or server.
        self.endpoint, self.settings, self.stats = local.endpoint, local.settings, local.stats
        self._cache = local._cache  # where the endpoint's JSON mode is remembered
        self._role, self._pool, self._usage = role, pool, usage

    @property
    def asked(self) -> bool:
        # The actors' accounting reaches the session when the pool closes; until then, their replies say it.
        return bool(self._usage) or self.stats.calls > 0

    async def chat(self, messages: list[dict[str, Any]], **options: Any) -> ChatResult:
        def lost(message: str) -> Any:
            raise LLMError(f"{self._role} call lost its Ray actor: {message}")

        result, (worker, usage) = await self._pool.call("chat", self._role, messages, options, on_lost=lost)
        self._usage[worker] = usage
        if isinstance(result, dict):
            raise LLMError(result["error"], status=result["status"], format_refused=result["format_refused"])
        return result


@contextlib.contextmanager
def remote_clients(llm: Any, roles: tuple[str, ...], options: RayOptions | None, concurrency: int) -> Iterator[None]:
    """For the block, `llm`'s clients for `roles` make their calls on Ray actors (none without `options`)."""
    from ragstress.distributed.shared_cache import start_keeper

    if options is None:
        yield
        return
    with ray_session(options) as ray:
        path = getattr(llm.cache, "path", None)
        keeper = start_keeper(Path(path)) if path is not None else None
        endpoints = {role: llm.endpoints[role] for role in roles}
        count = options.actor_count(concurrency)
        pool = ActorPool.start(
            ChatHost, count, options.actor_options(), -(-concurrency // count), endpoints, llm.settings, keeper
        )
        usage: dict[str, dict] = {}
        local = {role: llm.client(role) for role in roles}
        try:
            for role in roles:
                llm.use_client(role, RemoteClient(local[role], role, pool, usage))
            llm.watch_elsewhere(lambda: merge_usage(usage.values()))
            yield
        finally:
            llm.watch_elsewhere(None)
            for role in roles:
                llm.use_client(role, local[role])
            for role, stats in merge_usage(usage.values()).items():
                llm.add_usage(role, stats)
            pool.kill()
            if keeper is not None:
                ray.kill(keeper)
