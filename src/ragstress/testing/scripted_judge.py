"""A scripted judge for the fake OpenAI server: canned replies per judge prompt.

Tests (ours and yours) use it to pin the judge's verdicts and count what a metric
set really asks for:

    judge = ScriptedJudge({"judge_answer_accuracy_1": "Same facts. [[4]]", ...})
    with FakeOpenAIServer(judge) as server: ...
    judge.counts["judge_answer_accuracy_1"]  # requests that prompt received

A request is recognised by the first line of its task, which every judge prompt keeps
free of variables. The task follows the case's material in the first user message, so
the task line found last in it wins: material quoting a task line cannot pose as one.
"""

from __future__ import annotations

import json
import random
import threading
import zlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from ragstress.prompts import LANGS, load_prompt, prompt_ids
from ragstress.testing.fake_openai import FakeReply, FakeRequest

Reply = str | FakeReply | Sequence[str] | Callable[[FakeRequest], "str | FakeReply"]


@cache
def _first_lines() -> dict[str, tuple[str, str]]:
    lines: dict[str, tuple[str, str]] = {}
    for lang in LANGS:
        for prompt_id in prompt_ids(lang):
            if prompt_id.startswith("judge_"):
                lines[load_prompt(prompt_id, lang).text.splitlines()[0].strip()] = (prompt_id, lang)
    return lines


def identify_prompt(request: FakeRequest) -> tuple[str, str] | None:
    """(prompt id, language) of a judge request, or None for anything else."""
    users = [m.get("content", "") for m in request.messages if m.get("role") == "user"]
    if not users:
        return None
    text = str(users[0])
    found = [(text.rfind(line), ident) for line, ident in _first_lines().items() if line in text]
    return max(found)[1] if found else None


class ScriptedJudge:
    """A FakeOpenAIServer handler. A reply is a string, a FakeReply, a list (one per request,
    the last repeating) or a callable of the request. Unscripted prompts get a 500."""

    def __init__(self, replies: Mapping[str, Reply]):
        self.replies = dict(replies)
        self.counts: Counter[str] = Counter()
        self.langs: Counter[str] = Counter()
        self._lock = threading.Lock()

    def __call__(self, request: FakeRequest) -> str | FakeReply:
        found = identify_prompt(request)
        if found is None or found[0] not in self.replies:
            return FakeReply.error(500, f"unscripted request: {request.last_user_text[:80]!r}")
        prompt_id, lang = found
        with self._lock:  # the fake server answers from many threads at once
            seen = self.counts[prompt_id]
            self.counts[prompt_id] += 1
            self.langs[lang] += 1
        reply = self.replies[prompt_id]
        if callable(reply):
            return reply(request)
        if isinstance(reply, (str, FakeReply)):
            return reply
        return reply[min(seen, len(reply) - 1)]

    @property
    def total(self) -> int:
        return sum(self.counts.values())


# Rating scales of the text-verdict prompts (see judged_nvidia.py); the RAG judge is separate.
_RATING_SCALES = {
    "judge_answer_accuracy_1": (0, 2, 4),
    "judge_answer_accuracy_2": (0, 2, 4),
    "judge_context_relevance_1": (0, 1, 2),
    "judge_context_relevance_2": (0, 1, 2),
    "judge_groundedness_1": (0, 1, 2),
    "judge_groundedness_2": (0, 1, 2),
}
_STRUCTURED = (
    "judge_statements",
    "judge_statements_reference",
    "judge_context_audit",
    "judge_rejection",
    "judge_error_detection",
    "judge_over_refusal",
    "judge_conflict",
)


def _pick(options: Sequence, request: FakeRequest, salt: str) -> object:
    # Varied but reproducible: the same request always gets the same verdict.
    digest = zlib.crc32(f"{salt}|{request.last_user_text}".encode())
    return options[digest % len(options)]


def instance_of(schema: dict, request: FakeRequest, defs: dict | None = None, where: str = "") -> object:
    """A value valid for the JSON schema `schema` (the subset pydantic emits), verdicts varied per request."""
    defs = schema.get("$defs", {}) if defs is None else defs
    if "$ref" in schema:
        return instance_of(defs[schema["$ref"].rsplit("/", 1)[-1]], request, defs, where)
    if "enum" in schema or "const" in schema:
        return _pick(schema.get("enum") or [schema["const"]], request, where)
    kind = schema.get("type")
    if kind == "object":
        return {name: instance_of(sub, request, defs, f"{where}.{name}") for name, sub in schema["properties"].items()}
    if kind == "array":
        low, high = schema.get("minItems", 1), schema.get("maxItems", 3)
        count = schema["minItems"] if "minItems" in schema else min(high, max(low, 1 + zlib.crc32(where.encode()) % 3))
        return [instance_of(schema["items"], request, defs, f"{where}[{i}]") for i in range(count)]
    if kind == "boolean":
        return _pick((True, False), request, where)
    return f"scripted text for {where.lstrip('.') or 'value'}"


def _structured_reply(request: FakeRequest) -> str | FakeReply:
    # The schema rides in json_schema.schema, or beside a json_object type as llama-cpp-python's server takes it.
    form = (request.body or {}).get("response_format") or {}
    schema = (form.get("json_schema") or {}).get("schema") or form.get("schema")
    if schema is None:
        return FakeReply.error(500, "the valid judge script needs the response_format json_schema of a judge request")
    return json.dumps(instance_of(schema, request), ensure_ascii=False)


def _rating_reply(scale: tuple[int, ...]) -> Callable[[FakeRequest], str]:
    return lambda request: f"Scripted reasoning. [[{_pick(scale, request, 'rating')}]]"


def _rag_reply(request: FakeRequest) -> str:
    found = identify_prompt(request)
    labels = (
        ("相关性：", "真实性：", "准确性：")
        if found and found[1] == "zh"
        else ("relevance: ", "truthfulness: ", "accuracy: ")
    )
    bits = [_pick((0, 1, 1), request, label) for label in labels[:2]]
    return "Scripted reasoning.\n" + "\n".join(f"{label}{{{{{v}}}}}" for label, v in zip(labels, [*bits, min(bits)]))


def valid_judge(invalid_rate: float = 0.0, seed: int = 0) -> ScriptedJudge:
    """A ScriptedJudge answering every judge prompt with a valid verdict (varied per request).

    Structured prompts are answered from the request's `response_format` schema, so
    the endpoint must use json_mode json_schema or json_object (auto starts with json_schema). With
    `invalid_rate`, that share of replies is unusable prose instead: a judge that
    misbehaves, which the metrics must record rather than lose.
    """
    rng = random.Random(seed)
    lock = threading.Lock()

    def maybe_invalid(reply: Callable[[FakeRequest], str | FakeReply]) -> Callable[[FakeRequest], str | FakeReply]:
        def answer(request: FakeRequest) -> str | FakeReply:
            with lock:
                spoil = rng.random() < invalid_rate
            return "I would rather not give a verdict in that format." if spoil else reply(request)

        return answer

    replies: dict[str, Reply] = {pid: maybe_invalid(_rating_reply(scale)) for pid, scale in _RATING_SCALES.items()}
    replies.update({pid: maybe_invalid(_structured_reply) for pid in _STRUCTURED})
    replies["judge_rag"] = maybe_invalid(_rag_reply)
    return ScriptedJudge(replies)
