"""An LLMSession holds every role's client and what they share.

Shared: the disk cache, one concurrency limit per endpoint (two roles on the same
endpoint share its limit), and the bundled model server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ragstress.llm.cache import ResponseCache
from ragstress.llm.client import ChatClient
from ragstress.llm.config import ClientSettings, Endpoint, Role
from ragstress.llm.local import LocalModelServer, shared_server

# llama.cpp's server answers one request at a time; queueing here keeps the
# per-request timeout meaningful instead of spending it in the server's queue.
BUNDLED_CONCURRENCY = 1


class EveryCallFailed(RuntimeError):
    """Every call a stage made to one role failed: the stage has no result and writes none (exit 1)."""


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
        self._live_elsewhere: Callable[[], dict[str, dict[str, Any]]] | None = None

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

    def watch_elsewhere(self, snapshot: Callable[[], dict[str, dict[str, Any]]] | None) -> None:
        """While calls run in other processes, `snapshot()` gives their usage so far (per role), so a
        stage can tell before it writes whether they all failed; None when they are added for good."""
        self._live_elsewhere = snapshot

    def add_usage(self, role: str, stats: dict[str, Any]) -> None:
        """Count calls a role made in other processes (Ray actors) in this session's usage."""
        _add_counts(self._elsewhere.setdefault(role, {}), stats)

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
        live = self._live_elsewhere() if self._live_elsewhere is not None else {}
        for role, counts in [*self._elsewhere.items(), *live.items()]:
            _add_counts(usage.setdefault(role, self.endpoints[role].public_dict()), counts)
        return usage

    def public_endpoint(self, role: Role, usage: dict[str, Any] | None = None) -> dict[str, Any]:
        """The role's endpoint as manifests record it, with the JSON mode its structured calls used.

        `json_mode` is that mode (detected with auto), or the setting when no structured call was
        answered (auto: nothing needed detecting). `usage` is a role's usage from elsewhere (Ray).
        """
        endpoint = self.endpoints[role]
        used = (usage or self.usage().get(role) or {}).get("json_mode")
        return {**endpoint.public_dict(), "json_mode": used or endpoint.json_mode}

    def every_call_failed(self, usage: dict[str, dict[str, Any]] | None = None) -> str | None:
        """One line naming the first role whose every call failed (how many, the first error), else None.

        Such a stage has no result: its output would be made of failures alone, and the cause
        is the endpoint, not the material. Calls answered from the cache count as answered.
        """
        usage = self.usage() if usage is None else usage
        for role, stats in usage.items():
            calls, failures = int(stats.get("calls") or 0), int(stats.get("failures") or 0)
            if calls and failures >= calls:
                cause = stats.get("first_error") or "no cause recorded"
                return f"every {role} call failed ({failures} of {calls}): {cause}"
        return None

    def check_answered(self, usage: dict[str, dict[str, Any]] | None = None) -> None:
        """Raise EveryCallFailed when some role's every call failed (every_call_failed)."""
        cause = self.every_call_failed(usage)
        if cause is not None:
            raise EveryCallFailed(cause)

    async def aclose(self) -> None:
        for client in self._clients.values():
            await client.aclose()
        if self.cache is not None:
            self.cache.close()

    async def __aenter__(self) -> LLMSession:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


def _add_counts(into: dict[str, Any], stats: dict[str, Any]) -> None:
    """Add a role's counters from elsewhere to `into`; its first error and JSON mode fill in where none is."""
    for key, value in stats.items():
        if isinstance(value, int) and not isinstance(value, bool):
            into[key] = (into.get(key) or 0) + value
        elif key in ("first_error", "json_mode") and value is not None and into.get(key) is None:
            into[key] = value
