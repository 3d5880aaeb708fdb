"""The fake OpenAI server's wire shapes: what it received, how to answer, random faults, token counts.

Kept apart from the server (fake_openai.py) so a test's answer policy can be written
against these types alone.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class FakeRequest:
    """One request as the server received it."""

    index: int
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] | None

    @property
    def messages(self) -> list[dict[str, Any]]:
        return (self.body or {}).get("messages", [])

    @property
    def last_user_text(self) -> str:
        users = [m.get("content", "") for m in self.messages if m.get("role") == "user"]
        return str(users[-1]) if users else ""


@dataclass(frozen=True)
class FakeReply:
    """How to answer one request. Plain `str` handler results become `FakeReply(content=...)`."""

    content: str = ""
    status: int = 200
    delay_s: float = 0.0
    hang: bool = False
    raw_body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def error(cls, status: int, message: str = "injected fault", retry_after: float | None = None) -> FakeReply:
        headers = {"Retry-After": f"{retry_after:g}"} if retry_after is not None else {}
        body = json.dumps({"error": {"message": message, "type": "fake_error", "code": status}}).encode()
        return cls(status=status, raw_body=body, headers=headers)

    @classmethod
    def malformed(cls) -> FakeReply:
        return cls(raw_body=b"<html><body>502 Bad Gateway</body></html>")

    @classmethod
    def truncated(cls, content: str = "truncated") -> FakeReply:
        full = json.dumps(completion_body(content, "fake", 1, 1))
        return cls(raw_body=full[: len(full) // 2].encode())


Handler = Callable[[FakeRequest], "FakeReply | str"]

# How servers refuse a response_format they do not take: llama-cpp-python's server (HTTP 500 around
# pydantic's literal error), and the 400 / 422 others answer naming the parameter.
REFUSALS: dict[str, tuple[int, str]] = {
    "llama_cpp": (
        500,
        "1 validation error for CreateChatCompletionRequest\nresponse_format.type\n  Input should be 'text' or "
        "'json_object' [type=literal_error, input_value='json_schema', input_type=str]",
    ),
    "400": (400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model."),
    "422": (422, "response_format: unsupported type; expected one of text"),
}


def refusing_formats(
    handler: Handler, accepts: tuple[str, ...] = ("json_object",), shape: str = "llama_cpp"
) -> Handler:
    """`handler` behind a server that takes only the response_format types in `accepts` (no format is always
    taken) and refuses the others as the server named by `shape` does (REFUSALS)."""
    status, message = REFUSALS[shape]

    def answer(request: FakeRequest) -> FakeReply | str:
        kind = ((request.body or {}).get("response_format") or {}).get("type")
        if kind is not None and kind not in accepts:
            return FakeReply.error(status, message)
        return handler(request)

    return answer


@dataclass(frozen=True)
class FaultPlan:
    """Random fault rates applied before the handler; the same seed gives the same faults in order."""

    rate_429: float = 0.0
    rate_500: float = 0.0
    rate_hang: float = 0.0
    rate_malformed: float = 0.0
    retry_after_s: float | None = None
    seed: int = 0


# Not part of the OpenAI protocol: lets a test in another process read the counters.
STATS_PATH = "/fake/stats"


def completion_body(content: str, model: str, prompt_tokens: int, completion_tokens: int) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def count_tokens(text: str) -> int:
    """The fake server's tokenizer: whitespace words plus each CJK character."""
    return len(text.split()) + sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")


def fake_embedding(text: str, dim: int = 64) -> list[float]:
    """A deterministic bag-of-hashed-words vector, so texts sharing words are similar."""
    vec = [0.0] * dim
    for word in text.lower().split() or [text]:
        digest = hashlib.sha256(word.encode()).digest()
        vec[digest[0] % dim] += 1.0 if digest[1] % 2 else -1.0
    norm = math.sqrt(sum(v * v for v in vec)) or 1.0
    return [v / norm for v in vec]
