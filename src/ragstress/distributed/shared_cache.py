"""The LLM response cache shared by every worker of a cluster.

The cache file stays where the driver keeps it (`--cache-dir`): one actor, placed on the
driver's node, owns it and answers every worker's reads and writes, one at a time, so
no two processes on two hosts ever write the file at once and no shared file system is
needed. Keys are the hash of the request itself (`llm.cache.request_key`), so a rerun on
any number of workers finds what any earlier run, local or distributed, stored.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class CacheKeeper:
    """Owns the cache file on the driver's node (started as a Ray actor)."""

    def __init__(self, path: str):
        from ragstress.llm.cache import ResponseCache

        self._cache = ResponseCache(Path(path))

    def get(self, key: str) -> dict[str, Any] | None:
        return self._cache.get(key)

    def put(self, key: str, value: dict[str, Any]) -> None:
        self._cache.put(key, value)

    def size(self) -> int:
        return len(self._cache)

    def close(self) -> None:
        self._cache.close()


def start_keeper(path: Path) -> Any:
    """The keeper actor for the cache file at `path` (a path on the driver's machine)."""
    import ray

    from ragstress.distributed.cluster import pinned_to_driver

    # No CPU reserved: it only moves small JSON values, and must never wait for a free slot.
    keeper = ray.remote(CacheKeeper).options(num_cpus=0, max_restarts=-1, **pinned_to_driver())
    return keeper.remote(str(Path(path).resolve()))


class RemoteCache:
    """A worker's view of the shared cache: what LLMSession's clients read from and write to."""

    def __init__(self, keeper: Any):
        self._keeper = keeper

    async def aget(self, key: str) -> dict[str, Any] | None:
        return await self._keeper.get.remote(key)

    async def aput(self, key: str, value: dict[str, Any]) -> None:
        # Awaited: once a call has returned its answer, the answer is in the file (a round trip
        # of a millisecond after a call of seconds).
        await self._keeper.put.remote(key, value)

    def close(self) -> None:
        """Nothing to release: the keeper owns the file."""
