"""One async chat client over the OpenAI protocol, used by every role.

The SDK's own retries are switched off: retrying here lets us count every attempt,
add jitter, honour Retry-After, restart a crashed bundled server, and treat a
malformed 200 answer as the transient fault it usually is. What each failure means (its
LLMError, retryable or not) is llm/failures.py.
"""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import asdict, dataclass
from typing import Any

import openai

from ragstress.core.redaction import redact_url
from ragstress.core.types import Usage
from ragstress.llm import json_modes
from ragstress.llm.cache import request_key
from ragstress.llm.config import ClientSettings, Endpoint, JsonMode
from ragstress.llm.failures import LLMError, MalformedResponse, classify_failure
from ragstress.llm.local import LocalModelServer

# A server may ask for a long pause; beyond this we would rather fail with the cause.
RETRY_AFTER_CAP_S = 120.0


@dataclass
class RoleStats:
    """Counters for one role. `requests` counts HTTP attempts, retries and refused JSON modes included.

    `first_error` is the first call that failed for good; `json_mode` the mode the role's last
    structured reply was asked in (None: no structured call answered).
    """

    calls: int = 0
    requests: int = 0
    retries: int = 0
    failures: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    first_error: str | None = None
    json_mode: str | None = None

    def as_dict(self) -> dict[str, int | str | None]:
        return asdict(self)

    def failed(self, error: Exception) -> None:
        """Count a call that failed for good, keeping the first cause."""
        self.failures += 1
        if self.first_error is None:
            self.first_error = str(error)


@dataclass(frozen=True)
class ChatResult:
    """A completion: its text, token usage, and whether it came from the cache."""

    text: str
    usage: Usage
    finish_reason: str | None
    cached: bool


class ChatClient:
    """The client for one role's endpoint: retries, limits, cache and accounting."""

    @property
    def asked(self) -> bool:
        """Whether this role has been asked anything yet (a cache hit counts: its model's answer is used)."""
        return self.stats.calls > 0

    def __init__(
        self,
        endpoint: Endpoint,
        settings: ClientSettings,
        *,
        limiter: asyncio.Semaphore,
        cache: Any = None,
        local: LocalModelServer | None = None,
    ):
        if endpoint.is_bundled and local is None:
            raise ValueError("a bundled endpoint needs a LocalModelServer")
        self.endpoint = endpoint
        self.settings = settings
        self.stats = RoleStats()
        self._limiter = limiter
        self._cache = cache if settings.use_cache else None
        self._local = local
        self._sdk: openai.AsyncOpenAI | None = None
        self._sdk_url: str | None = None

    @property
    def cache_namespace(self) -> str:
        """What identifies the endpoint in cache keys: stable across runs (not the bundled server's port)."""
        if self.endpoint.is_bundled:
            return f"bundled:{self.endpoint.model}"
        return self.endpoint.base_url or ""

    def _where(self) -> str:
        return f"{self.endpoint.role} endpoint {redact_url(self.cache_namespace)} (model {self.endpoint.model})"

    def json_mode(self) -> JsonMode:
        """The mode structured requests take now: the one forced, else the one learned for this
        endpoint (llm/json_modes.py), else json_schema, the strongest, to start with."""
        if self.endpoint.json_mode != "auto":
            return self.endpoint.json_mode
        return json_modes.learned(self.cache_namespace, self.endpoint.model, self._cache) or json_modes.FALLBACK[0]

    def json_mode_refused(self, mode: JsonMode) -> bool:
        """Note that the endpoint refused `mode`; True when a weaker mode is left to ask in."""
        after = None if self.endpoint.json_mode != "auto" else json_modes.weaker(mode)
        if after is None:
            return False
        json_modes.learn(self.cache_namespace, self.endpoint.model, after, self._cache)
        return True

    def json_mode_answered(self, mode: JsonMode) -> None:
        """Note that a structured request in `mode` was answered (recorded in the role's usage)."""
        self.stats.json_mode = mode
        if self.endpoint.json_mode == "auto":
            json_modes.learn(self.cache_namespace, self.endpoint.model, mode, self._cache)

    async def _sdk_client(self) -> openai.AsyncOpenAI:
        url = self.endpoint.base_url
        if self._local is not None and self.endpoint.is_bundled:
            url = await asyncio.to_thread(self._local.ensure_started)
        if self._sdk is None or url != self._sdk_url:
            if self._sdk is not None:
                await self._sdk.close()
            self._sdk = openai.AsyncOpenAI(
                base_url=url, api_key=self.endpoint.api_key or "no-key", max_retries=0, timeout=self.settings.timeout_s
            )
            self._sdk_url = url
        return self._sdk

    async def ready(self) -> None:
        """Start the bundled server now if it is not running (nothing to do for a remote endpoint), so
        that the first call's time is the call's own: a judge budget measures calls, not a server's start."""
        if self._local is not None and self.endpoint.is_bundled:
            await asyncio.to_thread(self._local.ensure_started)

    async def chat(
        self,
        messages: list[dict[str, Any]],
        *,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        response_format: dict[str, Any] | None = None,
        grammar: str | None = None,
        seed: int | None = None,
        stop: list[str] | None = None,
    ) -> ChatResult:
        """One chat completion, from the cache when possible. Raises LLMError when it fails for good.

        `grammar` is a llama.cpp GBNF grammar (bundled endpoint only) constraining the output;
        `stop` ends the output at the first of these strings (left out of the text).
        """
        params: dict[str, Any] = {"temperature": temperature}
        if max_tokens is not None:
            params["max_tokens"] = max_tokens
        if response_format is not None:
            params["response_format"] = response_format
        if grammar is not None:
            params["grammar"] = grammar
        if seed is not None:
            params["seed"] = seed
        if stop:
            params["stop"] = list(stop)
        self.stats.calls += 1
        key = request_key(self.cache_namespace, self.endpoint.model, messages, params)
        if self._cache is not None and (hit := await _cache_get(self._cache, key)) is not None:
            self.stats.cache_hits += 1
            return ChatResult(hit["text"], Usage(**hit["usage"]), hit.get("finish_reason"), cached=True)
        async with self._limiter:
            result = await self._with_retries(messages, params)
        if self._cache is not None:
            value = {"text": result.text, "usage": result.usage.model_dump(), "finish_reason": result.finish_reason}
            await _cache_put(self._cache, key, value)
        return result

    async def _with_retries(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> ChatResult:
        attempt = 0
        while True:
            self.stats.requests += 1
            try:
                return await self._request_once(messages, params)
            except Exception as exc:  # classified below; nothing escapes unrecorded
                error, retry_after = classify_failure(
                    exc,
                    self.endpoint,
                    where=self._where(),
                    timeout_s=self.settings.timeout_s,
                    asked_format="response_format" in params,
                )
            if error.format_refused and self.endpoint.json_mode == "auto":
                # Not a failure: the caller asks again in a weaker mode (structured.py), and that call counts.
                self.stats.calls -= 1
                raise error
            if not error.retryable or attempt >= self.settings.max_retries:
                if error.retryable:
                    error = LLMError(
                        f"{error} (gave up after {attempt + 1} attempts)", status=error.status, retryable=True
                    )
                self.stats.failed(error)
                raise error
            attempt += 1
            self.stats.retries += 1
            await asyncio.sleep(self._backoff(attempt, retry_after))

    async def _request_once(self, messages: list[dict[str, Any]], params: dict[str, Any]) -> ChatResult:
        sdk = await self._sdk_client()
        # The plain POST skips the SDK's typed-parameter transform, which walks every
        # message and schema on each request (~0.8 ms of CPU) to rename nothing here;
        # auth, timeouts, the connection pool and the status errors are the SDK's as before.
        # `grammar` is a llama.cpp extension and rides in the same body.
        raw = await sdk.post(
            "/chat/completions", cast_to=str, body={"model": self.endpoint.model, "messages": messages, **params}
        )
        try:
            body = json.loads(raw)
            choice = body["choices"][0]
            text = choice["message"]["content"]
            usage = body.get("usage") or {}
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise MalformedResponse(f"malformed completion body ({type(exc).__name__}: {exc})") from exc
        if not isinstance(text, str):
            raise MalformedResponse("completion has no text content")
        tokens = Usage(
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
        )
        self.stats.prompt_tokens += tokens.prompt_tokens
        self.stats.completion_tokens += tokens.completion_tokens
        return ChatResult(text, tokens, choice.get("finish_reason"), cached=False)

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(retry_after, RETRY_AFTER_CAP_S)
        ceiling = min(self.settings.backoff_max_s, self.settings.backoff_base_s * 2 ** (attempt - 1))
        return ceiling * random.uniform(0.5, 1.0)  # jitter keeps many clients from retrying in lockstep

    async def aclose(self) -> None:
        if self._sdk is not None:
            await self._sdk.close()
            self._sdk = None


async def _cache_get(cache: Any, key: str) -> dict[str, Any] | None:
    """A cache read: the file here, or (a worker's RemoteCache) the file another process keeps."""
    return await cache.aget(key) if hasattr(cache, "aget") else cache.get(key)


async def _cache_put(cache: Any, key: str, value: dict[str, Any]) -> None:
    if hasattr(cache, "aput"):
        await cache.aput(key, value)
    else:
        cache.put(key, value)
