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
        self._elsewhere: dict[str, dict[str, Any]] = {}

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

    def use_client(self, role: Role, client: ChatClient) -> None:
        """Make `client` the one `role`'s calls go through (distributed.llm_actors puts Ray actors there)."""
        self._clients[role] = client

    def add_usage(self, role: str, stats: dict[str, Any]) -> None:
        """Count calls a role made in other processes (Ray actors) in this session's usage."""
        into = self._elsewhere.setdefault(role, {})
        for key, value in stats.items():
            if isinstance(value, int) and not isinstance(value, bool):
                into[key] = into.get(key, 0) + value

    def asked(self, role: str) -> bool:
        """Whether `role` has been asked anything in this session, here or on Ray actors."""
        client = self._clients.get(role)
        return (client is not None and client.asked) or bool(self._elsewhere.get(role, {}).get("calls"))

    def usage(self) -> dict[str, dict[str, Any]]:
        """Per-role accounting plus the endpoint each role used (no secrets)."""
        usage = {
            role: {**self.endpoints[role].public_dict(), **client.stats.as_dict()}
            for role, client in self._clients.items()
        }
        for role, counts in self._elsewhere.items():
            mine = usage.setdefault(role, self.endpoints[role].public_dict())
            for key, value in counts.items():
                mine[key] = (mine.get(key) or 0) + value
        return usage

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()
        if self.cache is not None:
            self.cache.close()

    async def __aenter__(self) -> LLMSession:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()
