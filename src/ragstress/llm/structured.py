"""Structured output: ask for JSON in the form the endpoint takes, read it defensively, validate it, re-ask once.

Small and remote models alike wrap JSON in code fences, prose or trailing commas.
The reader takes the *last* well-formed object that validates, so text a corpus or
a response smuggles into the output (an earlier `{"verdict": 1}`) cannot win over
the model's own final answer. A reply that never validates becomes a
StructuredFailure that keeps the raw text, never a made-up value.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from ragstress.llm import json_modes
from ragstress.llm.client import ChatClient, ChatResult
from ragstress.llm.config import JsonMode
from ragstress.llm.failures import LLMError
from ragstress.prompts import load_prompt

T = TypeVar("T", bound=BaseModel)

_TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def json_candidates(text: str) -> list[Any]:
    """Every top-level JSON object or array found in `text`, in order of appearance.

    Scans for balanced braces outside strings, so fences and surrounding prose are
    ignored; each candidate is parsed as is, then with trailing commas removed.
    """
    found: list[Any] = []
    i = 0
    while i < len(text):
        if text[i] not in "{[":
            i += 1
            continue
        end = _balanced_end(text, i)
        if end is None:
            i += 1
            continue
        snippet = text[i:end]
        for attempt in (snippet, _TRAILING_COMMA.sub(r"\1", snippet)):
            try:
                found.append(json.loads(attempt))
                break
            except json.JSONDecodeError:
                continue
        else:
            i += 1
            continue
        i = end
    return found


def _balanced_end(text: str, start: int) -> int | None:
    depth = 0
    in_string = False
    escaped = False
    for j in range(start, len(text)):
        ch = text[j]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return j + 1
    return None


def parse_structured(text: str, schema: type[T]) -> T:
    """The last JSON value in `text` that validates against `schema`; ValueError naming the problem otherwise."""
    candidates = json_candidates(text)
    if not candidates:
        raise ValueError("no JSON object found in the reply")
    last_error: ValidationError | None = None
    for value in reversed(candidates):
        try:
            return schema.model_validate(value)
        except ValidationError as exc:
            last_error = exc
    assert last_error is not None
    first = last_error.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(root)"
    raise ValueError(f"JSON does not match the schema: {where}: {first['msg']}")


@dataclass(frozen=True)
class StructuredResult(Generic[T]):
    """Either a validated value or a failure with its reason; `raw` always holds the last reply."""

    value: T | None
    raw: str
    error: str | None
    attempts: int

    @property
    def ok(self) -> bool:
        return self.value is not None


@lru_cache(maxsize=256)
def json_schema_of(schema: type[BaseModel]) -> dict[str, Any]:
    """The schema's JSON schema, built once per class: pydantic takes milliseconds to build one,
    which every judge call would otherwise pay. Callers must not modify the returned dict."""
    return schema.model_json_schema()


@lru_cache(maxsize=256)
def _gbnf_cached(schema: type[BaseModel]) -> str:
    return gbnf_for(json_schema_of(schema))


def constraint_for(mode: JsonMode, schema: type[BaseModel]) -> dict[str, Any]:
    """The request arguments that constrain a reply to the schema in `mode` (llm/json_modes.py)."""
    if mode == "grammar":
        return {"grammar": _gbnf_cached(schema)}
    json_schema = json_schema_of(schema)
    if mode == "json_schema":
        return {
            "response_format": {"type": "json_schema", "json_schema": {"name": schema.__name__, "schema": json_schema}}
        }
    if mode == "json_object":
        # llama-cpp-python's server constrains its output to a schema given here; a server that
        # only knows JSON mode still returns an object, and the prompt states the schema too.
        return {"response_format": {"type": "json_object", "schema": json_schema}}
    return {}


def stated_schema(messages: list[dict[str, Any]], mode: JsonMode, schema: type[BaseModel], lang: str) -> list[dict]:
    """The messages as sent in `mode`: where the request cannot carry the schema (text) or may not
    enforce it (json_object), the last user message ends with the schema in words."""
    if mode not in ("json_object", "text"):
        return messages
    written = json.dumps(json_schema_of(schema), ensure_ascii=False)
    hint = load_prompt("json_reply", lang).render(schema=written)
    if messages and messages[-1].get("role") == "user":
        last = messages[-1]
        if written in str(last["content"]):  # a re-ask states the schema already
            return messages
        return [*messages[:-1], {**last, "content": f"{last['content']}\n\n{hint}"}]
    return [*messages, {"role": "user", "content": hint}]


async def chat_structured(
    client: ChatClient,
    messages: list[dict[str, Any]],
    schema: type[BaseModel],
    *,
    lang: str = "en",
    temperature: float = 0.0,
    max_tokens: int | None = None,
) -> ChatResult:
    """One chat call asking for `schema` in the endpoint's JSON mode; a refused mode is followed by the next.

    A refusal (json_modes.is_format_refusal) is not retried: with `auto` the call goes on in the
    next weaker mode at once, and the endpoint's mode is remembered. LLMError when it fails for good.
    """
    for _ in json_modes.FALLBACK:
        mode = client.json_mode()
        try:
            reply = await client.chat(
                stated_schema(messages, mode, schema, lang),
                temperature=temperature,
                max_tokens=max_tokens,
                **constraint_for(mode, schema),
            )
        except LLMError as exc:
            if exc.format_refused and client.json_mode_refused(mode):
                continue
            raise
        client.json_mode_answered(mode)
        return reply
    raise AssertionError("unreachable: the last fallback mode carries no response_format to refuse")


# The longest free-text string a grammar admits (a reason, a statement). On the bundled
# model every generated token is slow and a small model, once inside a string, may go on
# until max_tokens; one sentence fits. Only the grammar is bounded: an endpoint without
# grammars may write longer strings, and they still validate.
GRAMMAR_STRING_CHARS = 160


def _bounded_strings(node: Any) -> Any:
    """A copy of a JSON schema in which every free string has at most GRAMMAR_STRING_CHARS characters."""
    if isinstance(node, list):
        return [_bounded_strings(item) for item in node]
    if not isinstance(node, dict):
        return node
    bounded = {key: _bounded_strings(value) for key, value in node.items()}
    if bounded.get("type") == "string" and "enum" not in bounded and "const" not in bounded:
        bounded["maxLength"] = min(bounded.get("maxLength", GRAMMAR_STRING_CHARS), GRAMMAR_STRING_CHARS)
    return bounded


def gbnf_for(json_schema: dict[str, Any]) -> str:
    """A llama.cpp grammar for the schema: strings bounded in length, without raw control characters.

    llama-cpp-python's string rule admits newlines, so a small model could wander off
    inside a string until max_tokens; JSON forbids them, so the grammar may too.
    """
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    grammar = json_schema_to_gbnf(json.dumps(_bounded_strings(json_schema)))
    return grammar.replace('char ::= [^"\\\\]', 'char ::= [^"\\\\\\x7F\\x00-\\x1F]', 1)


async def ask_structured(
    client: ChatClient,
    messages: list[dict[str, Any]],
    schema: type[T],
    *,
    lang: str = "en",
    temperature: float = 0.0,
    max_tokens: int | None = None,
) -> StructuredResult[T]:
    """Ask for a JSON reply matching `schema`; re-ask once with the validation error.

    Transport failures (after the client's retries) are returned as failures too,
    so callers record one kind of error with its cause.
    """
    conversation = list(messages)
    raw = ""
    for attempt in (1, 2):
        try:
            reply = await chat_structured(
                client, conversation, schema, lang=lang, temperature=temperature, max_tokens=max_tokens
            )
        except LLMError as exc:
            return StructuredResult(None, raw, str(exc), attempt)
        raw = reply.text
        try:
            return StructuredResult(parse_structured(raw, schema), raw, None, attempt)
        except ValueError as exc:
            error = str(exc)
        if attempt == 2:
            return StructuredResult(None, raw, f"invalid structured output after re-asking: {error}", attempt)
        reask = load_prompt("reask_json", lang).render(
            error=error, schema=json.dumps(json_schema_of(schema), ensure_ascii=False)
        )
        conversation = [*messages, {"role": "assistant", "content": raw}, {"role": "user", "content": reask}]
    raise AssertionError("unreachable")
