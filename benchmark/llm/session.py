"""An LLMSession holds every role's client and what they share.

Shared: the disk cache, one concurrency limit per endpoint (two roles on the same
endpoint share its limit), and the bundled model server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ragstress.llm.cache import ResponseCache
from ragstress.llm.client import ChatClient
from ragstress.llm.config import ClientSettings, Endpoint, Role
from ragstress.llm.local import LocalModelServer, shared_server

# llama.cpp's server answers one request at a time; queueing here keeps the
# per-request timeout meaningful instead of spending it in the server's queue.
BUNDLED_CONCURRENCY = 1


class LLMSession:
    """All roles' clients for one command. Use as `async with LLMSession(...) as llm:`."""

    def __init__(
        self,
        endpoints: Mapping[Role, Endpoint],
        settings: ClientSettings | None = None,
        *,
        cache_path: Path | None = None,
        cache: Any = None,
        local: LocalModelServer | None = None,
    ):
        """`cache` (instead of `cache_path`) is a cache another process keeps (distributed.shared_cache)."""
        self.settings = settings or ClientSettings()
        self.endpoints = dict(endpoints)
        if cache is None and cache_path is not None and self.settings.use_cache:
            cache = ResponseCache(cache_path)
        self.cache = cache
        self._local = local
        self._limiters: dict[str, asyncio.Semaphore] = {}
        self._clients: dict[Role, ChatClient] = {}

    def client(self, role: Role) -> ChatClient:
        """The client for `role`, created on first use."""
        if role not in self._clients:
            if role not in self.endpoints:
                raise KeyError(f"no endpoint configured for role {role!r}; known: {', '.join(self.endpoints)}")
            endpoint = self.endpoints[role]
            local = None
            if endpoint.is_bundled:
                local = self._local = self._local or shared_server()
            slot = "bundled" if endpoint.is_bundled else f"{endpoint.base_url}"
            if slot not in self._limiters:
                limit = BUNDLED_CONCURRENCY if endpoint.is_bundled else self.settings.concurrency
                self._limiters[slot] = asyncio.Semaphore(limit)
            self._clients[role] = ChatClient(
                endpoint, self.settings, limiter=self._limiters[slot], cache=self.cache, local=local
            )
        return self._clients[role]

    @property
    def generator(self) -> ChatClient:
        return self.client("generator")

    @property
    def target(self) -> ChatClient:
        return self.client("target")

    @property
    def judge(self) -> ChatClient:
        return self.client("judge")

    def usage(self) -> dict[str, dict[str, Any]]:
        """Per-role accounting plus the endpoint each role used (no secrets)."""
        return {
            role: {**self.endpoints[role].public_dict(), **client.stats.as_dict()}
            for role, client in self._clients.items()
        }

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()
        if self.cache is not None:
            self.cache.close()

    async def __aenter__(self) -> LLMSession:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
