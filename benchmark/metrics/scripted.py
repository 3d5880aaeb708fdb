"""A scripted judge for the fake OpenAI server: canned replies per judge prompt.

Tests (ours and yours) use it to pin the judge's verdicts and count what a metric
set really asks for:

    judge = ScriptedJudge({"judge_answer_accuracy_1": "Same facts. [[4]]", ...})
    with FakeOpenAIServer(judge) as server: ...
    judge.counts["judge_answer_accuracy_1"]  # requests that prompt received

A request is recognised by the first line of its first user message, which every
judge prompt keeps free of variables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from benchmark.testing.fake_openai import FakeReply, FakeRequest
from prompts import LANGS, load_prompt, prompt_ids

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
    return _first_lines().get(str(users[0]).splitlines()[0].strip())


class ScriptedJudge:
    """A FakeOpenAIServer handler. A reply is a string, a FakeReply, a list (one per request,
    the last repeating) or a callable of the request. Unscripted prompts get a 500."""

    def __init__(self, replies: Mapping[str, Reply]):
        self.replies = dict(replies)
        self.counts: Counter[str] = Counter()
        self.langs: Counter[str] = Counter()

    def __call__(self, request: FakeRequest) -> str | FakeReply:
        found = identify_prompt(request)
        if found is None or found[0] not in self.replies:
            return FakeReply.error(500, f"unscripted request: {request.last_user_text[:80]!r}")
        prompt_id, lang = found
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
