"""The one metric shape, the metric registry, and the per-case judging context.

A metric is data plus one async function from a CaseJudging to a Score. Judge calls
that several metrics need (the response's statements with their verdicts, the
per-passage verdicts against the reference) are memoised on the CaseJudging, so a
case pays for each of them once however many metrics read it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ragstress.llm import ChatClient
from ragstress.core.registry import Registry
from ragstress.core.types import Case, Score, TargetResponse

T = TypeVar("T")
Kind = Literal["deterministic", "embedding", "judged"]
Probe = Literal["case", "closed_book"]
ANSWERABLE = ("noise", "integration")
WITH_REFERENCE = ("noise", "integration", "counterfactual")
ALL_TESTBEDS = ("noise", "negative", "integration", "counterfactual")


@dataclass(frozen=True)
class Metric:
    """A registered metric.

    `llm_calls` is what the metric costs scored on its own; `shared_calls` names the
    memoised judge calls it reads, so metrics listing the same name share one call.
    `probe` says which response it scores: the case itself or the closed-book probe.
    """

    name: str
    description: str
    kind: Kind
    inputs: tuple[str, ...]
    testbeds: tuple[str, ...]
    llm_calls: int
    compute: Callable[[CaseJudging], Awaitable[Score]]
    shared_calls: tuple[str, ...] = ()
    probe: Probe = "case"
    needs_reference: bool = False
    expected: tuple[str, ...] = ("answer", "reject", "flag_error")

    def applies(self, case: Case) -> bool:
        """Whether this metric scores `case` at all; if not, it produces no Score for it."""
        if case.testbed not in self.testbeds or case.expected not in self.expected:
            return False
        return not self.needs_reference or reference_answer(case) is not None


METRICS: Registry[Metric] = Registry("metric")
"""Every metric by name. Modules in this package register theirs on import."""


def register_metric(metric: Metric) -> Metric:
    """Add `metric` to METRICS under its name."""
    return METRICS.register(metric.name)(metric)


def reference_answer(case: Case) -> str | None:
    """The full-sentence reference if the case has one, else the first alias of each fact."""
    reference = case.params.get("reference")
    if isinstance(reference, str) and reference.strip():
        return reference.strip()
    if not case.answers:
        return None
    separator = "；" if case.lang == "zh" else "; "
    return separator.join(aliases[0] for aliases in case.answers)


class CaseJudging:
    """Everything the metrics of one (case, response) pair read, with memoised judge calls."""

    def __init__(
        self,
        case: Case,
        response: TargetResponse,
        *,
        judge: ChatClient | None = None,
        embedder_for: Callable[[str], Any] | None = None,
    ):
        self.case = case
        self.response = response
        self.judge_client = judge
        self.embedder_for = embedder_for
        self.lang = "zh" if case.lang == "zh" else "en"  # mixed material uses the English prompts
        self.contexts: list[str] = (
            list(response.contexts) if response.contexts is not None else [c.text for c in case.contexts]
        )
        self.reference = reference_answer(case)
        self.llm_calls = 0
        self._shared: dict[str, asyncio.Future[Any]] = {}

    @property
    def answer(self) -> str:
        return self.response.answer

    @property
    def judge(self) -> ChatClient:
        if self.judge_client is None:
            raise RuntimeError("this metric needs a judge model, and none was configured")
        return self.judge_client

    async def once(self, key: str, make: Callable[[], Awaitable[T]]) -> T:
        """Run `make()` the first time `key` is asked for; later callers await the same result."""
        if key not in self._shared:
            self._shared[key] = asyncio.ensure_future(make())
        return await self._shared[key]

    def score(self, metric: str, value: float, label: str = "", explanation: str = "") -> Score:
        return Score(case_id=self.case.id, metric=metric, value=min(1.0, max(0.0, value)), label=label,
                     explanation=explanation)  # fmt: skip

    def unscored(self, metric: str, reason: str) -> Score:
        """No value, and no fault either: the metric has nothing to judge (e.g. no statements)."""
        return Score(case_id=self.case.id, metric=metric, value=None, label="unscored", explanation=reason)

    def failed(self, metric: str, error: str, raw: str | None = None) -> Score:
        """No value because something went wrong; the judge's raw output is kept for a person to read."""
        detail = error if raw is None else f"{error}; raw judge output: {raw!r}"
        return Score(case_id=self.case.id, metric=metric, value=None, label="error", error=detail)
