"""How an endpoint is asked for JSON, and what it turned out to accept.

Servers users run take different forms of structured output. OpenAI, vLLM and others take
`response_format={"type": "json_schema", ...}`; llama-cpp-python's server refuses that type
(HTTP 500, "Input should be 'text' or 'json_object'") but constrains its output to a schema
given as `{"type": "json_object", "schema": {...}}`; some take neither. With `auto` (the default
for an endpoint) the client asks in the strongest form first and, when the endpoint refuses the
form itself, falls back in FALLBACK order: json_schema, then json_object with the schema, then
plain text with the schema stated in the prompt and the JSON read from the reply.

What worked is remembered per endpoint (base URL and model): in this process, and in the LLM
cache file when there is one, so the next command goes straight to it. A forced mode is never
changed; its refusal is an error that says so.
"""

from __future__ import annotations

import re
from typing import Any

from ragstress.llm.config import JsonMode

FALLBACK: tuple[JsonMode, ...] = ("json_schema", "json_object", "text")

# A refusal names the parameter or one of its type literals (OpenAI, vLLM, LM Studio, llama-cpp-python's
# pydantic error alike); any other 400/422/500 is an ordinary failure, retried or reported as before.
_NAMES_THE_FORMAT = re.compile(r"response.?format|json_schema|json_object", re.IGNORECASE)
REFUSAL_STATUSES = (400, 422, 500)

_learned: dict[tuple[str, str], JsonMode] = {}


def is_format_refusal(status: int, message: str) -> bool:
    """Whether an error answer to a request carrying `response_format` refuses that format itself."""
    return status in REFUSAL_STATUSES and bool(_NAMES_THE_FORMAT.search(message))


def weaker(mode: str) -> JsonMode | None:
    """The mode to try after `mode` was refused, or None when none is left."""
    if mode not in FALLBACK or mode == FALLBACK[-1]:
        return None
    return FALLBACK[FALLBACK.index(mode) + 1]


def learned(namespace: str, model: str, cache: Any = None) -> JsonMode | None:
    """The mode found to work for this endpoint: in this process, else in the cache file, else None."""
    key = (namespace, model)
    if key not in _learned and cache is not None and hasattr(cache, "get_json_mode"):
        found = cache.get_json_mode(namespace, model)
        if found in FALLBACK:
            _learned[key] = found
    return _learned.get(key)


def learn(namespace: str, model: str, mode: JsonMode, cache: Any = None) -> None:
    """Remember `mode` for this endpoint unless a weaker one is already known (calls in flight may
    report refusals of a stronger mode after the endpoint has moved further down)."""
    key = (namespace, model)
    current = learned(namespace, model, cache)
    if current is not None and FALLBACK.index(current) >= FALLBACK.index(mode):
        return
    _learned[key] = mode
    if cache is not None and hasattr(cache, "put_json_mode"):
        cache.put_json_mode(namespace, model, mode)


def forget_learned() -> None:
    """Forget what this process learned (tests start each case from a clean slate)."""
    _learned.clear()
