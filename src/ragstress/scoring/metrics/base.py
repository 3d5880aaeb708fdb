"""The one metric shape, the metric registry, and the per-case judging context.

A metric is data plus one async function from a CaseJudging to a Score. Judge calls
that several metrics need (the response's statements with their verdicts, the
per-passage verdicts against the reference) are memoised on the CaseJudging, so a
case pays for each of them once however many metrics read it.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ragstress.core.probes import needs_closed_book
from ragstress.core.registry import Registry
from ragstress.core.types import Case, Score, TargetResponse
from ragstress.llm import ChatClient
from ragstress.scoring.metrics import reader_marks
from ragstress.scoring.reader import ReaderView, bundled_model, hashed_features, head_for, reader_text
from ragstress.values.reading import Reading, read

T = TypeVar("T")
Kind = Literal["deterministic", "embedding", "judged"]
Probe = Literal["case", "closed_book"]
BEYOND_RGB = ("conflict", "style", "position", "injection")
"""Testbeds past RGB's four; every case in them asks an answerable question."""
ANSWERABLE = ("noise", "integration", *BEYOND_RGB)
WITH_REFERENCE = ("noise", "integration", "counterfactual", *BEYOND_RGB)
ALL_TESTBEDS = ("noise", "negative", "integration", "counterfactual", *BEYOND_RGB)
NO_TARGET_CONTEXTS = "target returned no contexts"
"""Why a judged metric that reads passages is unscored in e2e mode when the target reported none."""
OVER_BUDGET = "over judge budget"
"""The label of a judged score left unscored because the judge's time budget could not hold it
(scoring.judge_budget): no verdict, so a later score with a larger budget asks for it again."""


@dataclass(frozen=True)
class Metric:
    """A registered metric.

    `llm_calls` is what the metric costs scored on its own; `shared_calls` names the
    memoised judge calls it reads, so metrics listing the same name share one call.
    `probe` says which response it scores: the case itself or the closed-book probe.
    `pass_fail` marks metrics whose every value is 0 or 1 and that reports count as a rate.
    The labels and descriptions are what reports and `ragstress metrics` show, in both languages.
    """

    name: str
    description: str
    description_zh: str
    label_en: str
    label_zh: str
    kind: Kind
    inputs: tuple[str, ...]
    testbeds: tuple[str, ...]
    llm_calls: int
    compute: Callable[[CaseJudging], Awaitable[Score]]
    shared_calls: tuple[str, ...] = ()
    probe: Probe = "case"
    needs_reference: bool = False
    expected: tuple[str, ...] = ("answer", "reject", "flag_error")
    higher_is_better: bool = True
    pass_fail: bool = False
    subset_denominator: bool = False
    """The metric leaves cases outside its own denominator unscored (RGB's correction rate counts flagged
    responses only): a case the target failed on is outside it too, not a failure."""
    whole_response: bool = False
    """A deterministic metric that reads the whole response however long (RGB's exact rules, plain substring tests);
    the others read `CaseJudging.text`, at most the first and last `reading.READ_PART` characters."""

    @property
    def reads_bounded(self) -> bool:
        """Whether the metric reads the bounded text (`CaseJudging.text`) rather than the whole response; judges
        and embedders are given the whole response."""
        return self.kind == "deterministic" and not self.whole_response

    @property
    def reads_contexts(self) -> bool:
        """A judged metric that judges the passages (or the response against them)."""
        return self.kind == "judged" and "contexts" in self.inputs

    def applies(self, case: Case) -> bool:
        """Whether this metric scores `case` at all; if not, it produces no Score for it.

        A closed-book metric applies only where the run asks the probe: every counterfactual case
        and one conflict case per seed (its unplanted one), so the other conflict cells owe none."""
        if case.testbed not in self.testbeds or case.expected not in self.expected:
            return False
        if self.probe == "closed_book" and not needs_closed_book(case):
            return False
        if case.params.get("judged_only") and self.kind != "judged":
            return False  # an imported item with no answer a rule can check by string
        return not self.needs_reference or reference_answer(case) is not None


METRICS: Registry[Metric] = Registry("metric")
"""Every metric by name. Modules in this package register theirs on import."""

ScoreFunction = Callable[["CaseJudging", str], "Score | Awaitable[Score]"]


def metric(
    *,
    kind: Kind,
    label: tuple[str, str],
    description: tuple[str, str],
    inputs: tuple[str, ...],
    testbeds: tuple[str, ...],
    llm_calls: int = 0,
    **options: Any,
) -> Callable[[ScoreFunction], Metric]:
    """Register the decorated function as a metric named after it; the one way to define a metric.

    The function takes the CaseJudging and the metric's name and returns its Score
    (plain functions for rules, coroutines for anything that awaits). `label` and
    `description` are (English, Chinese). Other keywords are Metric fields
    (shared_calls, probe, needs_reference, expected, higher_is_better, pass_fail, subset_denominator,
    whole_response).
    The decorated name becomes the registered Metric, so other code refers to
    `accuracy.name` rather than spelling the name again.
    """

    def register(function: ScoreFunction) -> Metric:
        name = function.__name__
        is_coroutine = inspect.iscoroutinefunction(function)

        async def compute(ctx: CaseJudging) -> Score:
            result = function(ctx, name)
            score = await result if is_coroutine else result  # type: ignore[misc]
            return ctx.noted(score) if entry.reads_bounded else score

        entry = Metric(
            name=name,
            description=description[0],
            description_zh=description[1],
            label_en=label[0],
            label_zh=label[1],
            kind=kind,
            inputs=inputs,
            testbeds=testbeds,
            llm_calls=llm_calls,
            compute=compute,
            **options,
        )
        METRICS.register(name)(entry)
        return entry

    return register


def metric_info(entry: Metric) -> dict[str, Any]:
    """The metadata of a metric as plain JSON (what score.json records in its metric table)."""
    return {
        "name": entry.name,
        "kind": entry.kind,
        "label_en": entry.label_en,
        "label_zh": entry.label_zh,
        "description_en": entry.description,
        "description_zh": entry.description_zh,
        "testbeds": list(entry.testbeds),
        "inputs": list(entry.inputs),
        "llm_calls": entry.llm_calls,
        "probe": entry.probe,
        "higher_is_better": entry.higher_is_better,
        "pass_fail": entry.pass_fail,
        "subset_denominator": entry.subset_denominator,
    }


def metric_table(names: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Name -> metadata for `names` (default: every registered metric), in that order."""
    return {name: metric_info(METRICS.get(name)) for name in (METRICS.names() if names is None else names)}


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
    """Everything the metrics of one (case, response) pair read, with memoised judge calls.

    `contexts` are the passages the target reported, else the case's own passages: in
    contexts mode those are what the target was given. With `e2e` the target retrieved
    for itself, so the case's passages are not what it saw: `contexts` are only what it
    reported (none if it reported none), and `contexts_missing` says it reported none.

    `answer` is the whole response, as judges and RGB's exact rules read it; `reading` is the one Reading of it
    that every other rule reads (`values.reading`), made on the first ask and shared by every metric of the
    response; `text` is its text, what those rules and the learned reader read: the whole response, or its first
    and last parts when it is long, in which case `unread` is the note their Scores carry.
    """

    def __init__(
        self,
        case: Case,
        response: TargetResponse,
        *,
        judge: ChatClient | None = None,
        embedder_for: Callable[[str], Any] | None = None,
        e2e: bool = False,
        use_reader: bool = True,
    ):
        self.case = case
        self.use_reader = use_reader
        self.response = response
        self.judge_client = judge
        self.embedder_for = embedder_for
        self.lang = "zh" if case.lang == "zh" else "en"  # mixed material uses the English prompts
        self.contexts_missing = e2e and response.contexts is None
        if response.contexts is not None:
            self.contexts: list[str] = list(response.contexts)
        else:
            self.contexts = [] if e2e else [c.text for c in case.contexts]
        self.reference = reference_answer(case)
        self.llm_calls = 0
        self._reading: Reading | None = None
        self._reader_features: dict[int, float] | None = None
        self._shared: dict[str, asyncio.Future[Any]] = {}

    @property
    def answer(self) -> str:
        return self.response.answer

    @property
    def reading(self) -> Reading:
        """The response as every free-text rule reads it, made once for all the metrics of the response."""
        if self._reading is None:
            self._reading = read(self.response.answer, self.case.lang)
        return self._reading

    @property
    def text(self) -> str:
        return self.reading.text

    @property
    def unread(self) -> str | None:
        return self.reading.unread

    def reader_view(self, label: str) -> ReaderView | None:
        """The learned reader's view of this response for `label` (answers and planted answer masked, with the
        question and the rules' reading); None when this judging reads with the rules alone (as the reader's own
        training does)."""
        if not self.use_reader:
            return None
        if self._reader_features is None:  # one reading of the response for every head asked
            case = self.case
            marks = reader_marks.marks(self.reading, case.answers, case.fake_answer, case.question, case.testbed)
            masked = reader_text(self.text, case.answers, case.fake_answer)
            self._reader_features = hashed_features(masked, case.question, marks)
        return bundled_model().view(head_for(label, self.case.testbed), self._reader_features)

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

    def noted(self, score: Score) -> Score:
        """`score` with the note that the middle of a long response was not read, when it was not."""
        if self.unread is None:
            return score
        explanation = f"{score.explanation}; {self.unread}" if score.explanation else self.unread
        return score.model_copy(update={"explanation": explanation})

    def score(self, metric: str, value: float, label: str = "", explanation: str = "") -> Score:
        return Score(
            case_id=self.case.id, metric=metric, value=min(1.0, max(0.0, value)), label=label, explanation=explanation
        )

    def unscored(self, metric: str, reason: str) -> Score:
        """No value, and no fault either: the metric has nothing to judge (e.g. no statements)."""
        return Score(case_id=self.case.id, metric=metric, value=None, label="unscored", explanation=reason)

    def failed(self, metric: str, error: str, raw: str | None = None) -> Score:
        """No value because something went wrong; the judge's raw output is kept for a person to read."""
        detail = error if raw is None else f"{error}; raw judge output: {raw!r}"
        return Score(case_id=self.case.id, metric=metric, value=None, label="error", error=detail)
