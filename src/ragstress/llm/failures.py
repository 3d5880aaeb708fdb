"""What a failed chat call means: the error a caller sees, and whether it is worth asking again.

Every exception a request can raise (a timeout, a refused connection, an HTTP status, a body that
is no completion) becomes one LLMError whose message names the endpoint and cause, never the key,
and which says whether a retry may help and whether the endpoint refused the JSON mode asked.
Kept apart from the client so the rules for each failure read in one place and are tested alone.
"""

from __future__ import annotations

import json

import httpx
import openai

from ragstress.core.redaction import redact_secret
from ragstress.llm import json_modes
from ragstress.llm.config import Endpoint


class LLMError(RuntimeError):
    """A call that failed for good. The message names the endpoint and cause, never the key."""

    def __init__(
        self, message: str, *, status: int | None = None, retryable: bool = False, format_refused: bool = False
    ):
        super().__init__(message)
        self.status = status
        self.retryable = retryable
        # The endpoint refused the request's response_format itself (json_modes.is_format_refusal).
        self.format_refused = format_refused


class MalformedResponse(Exception):
    """A 200 answer whose body is not a usable completion (truncated or broken JSON)."""


def classify_failure(
    exc: Exception, endpoint: Endpoint, *, where: str, timeout_s: float, asked_format: bool = False
) -> tuple[LLMError, float | None]:
    """Turn any failure of a call to `endpoint` (`where`, as messages name it) into an LLMError that
    says whether to retry, plus a Retry-After hint.

    With `asked_format` (the request carried a response_format), an answer refusing that
    format is no transient fault: it is marked, never retried, whatever its status.
    """
    key = endpoint.api_key
    if isinstance(exc, openai.APITimeoutError):
        return LLMError(f"{where}: timed out after {timeout_s:g}s", retryable=True), None
    if isinstance(exc, openai.APIConnectionError):
        return LLMError(
            f"{where}: connection failed ({redact_secret(str(exc.__cause__ or exc), key)})", retryable=True
        ), None
    if isinstance(exc, MalformedResponse):
        return LLMError(f"{where}: {exc}", retryable=True), None
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        detail = redact_secret(_error_detail(exc), key)
        if status == 401:
            return LLMError(
                f"{where}: authentication failed (HTTP 401): the API key is wrong or missing", status=401
            ), None
        if asked_format and json_modes.is_format_refusal(status, detail):
            forced = endpoint.json_mode != "auto"
            hint = f" (JSON mode {endpoint.json_mode} was forced; try auto)" if forced else ""
            return LLMError(
                f"{where}: HTTP {status}: the endpoint refuses this JSON mode: {detail}{hint}",
                status=status,
                format_refused=True,
            ), None
        retryable = status == 408 or status == 409 or status == 429 or status >= 500
        return LLMError(f"{where}: HTTP {status}: {detail}", status=status, retryable=retryable), _retry_after(exc)
    if isinstance(exc, (httpx.HTTPError, json.JSONDecodeError, openai.APIResponseValidationError)):
        return LLMError(
            f"{where}: bad response ({type(exc).__name__}: {redact_secret(str(exc), key)})", retryable=True
        ), None
    return LLMError(f"{where}: {type(exc).__name__}: {redact_secret(str(exc), key)}"), None


def _error_detail(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
        if message:
            return str(message)[:300]
    return (exc.response.text or exc.message or "")[:300]


def _retry_after(exc: openai.APIStatusError) -> float | None:
    value = exc.response.headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None
