"""The schema of report.json: every number a rendered report shows, and nothing else.

Bump SCHEMA_VERSION on any change that renames or removes a field (adding an
optional field is compatible). Markdown, HTML, CSV and the comparison are all built
from a `Report`, so whatever they show can be checked against report.json.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ragstress.reports.model.beyond import ConflictSection, PositionSection, StyleSection
from ragstress.reports.model.case import CaseDetail
from ragstress.reports.model.curve import Curve
from ragstress.reports.model.e2e import E2ESection
from ragstress.reports.model.estimate import Estimate, _Model
from ragstress.reports.model.gate import Gating
from ragstress.reports.model.injection import InjectionSection
from ragstress.reports.model.judge import Calibration, Reliability
from ragstress.reports.model.sections import (
    CounterfactualSection,
    IntegrationSection,
    NegativeSection,
    NoiseSection,
)
from ragstress.reports.model.sections import (
    RatioPoint as RatioPoint,  # re-exported: the sections' shapes are part of the model
)

SCHEMA_VERSION = "1.1"


class RoleInfo(_Model):
    """An LLM role as one stage used it: identity (no secret) and its accounting."""

    stage: str = Field(description="Which stage's manifest this comes from: run or score.")
    role: str
    model: str | None = None
    base_url: str | None = None
    bundled: bool | None = None
    source: str | None = None
    api_key: str | None = Field(default=None, description="'set' or None; never the key itself.")
    calls: int | None = None
    requests: int | None = None
    retries: int | None = None
    failures: int | None = None
    cache_hits: int | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None


class Counts(_Model):
    """How many records of each kind the run directory holds."""

    cases: int
    cases_by_testbed: dict[str, int]
    cases_by_lang: dict[str, int]
    responses: int
    response_errors: int
    missing_responses: int
    scores: int
    scored: int
    unscored: int
    score_errors: int
    unscored_no_contexts: int = Field(
        default=0,
        description="Judged scores left unscored because an e2e target reported no passages (never judged on "
        "the case's own passages, which it did not see).",
    )
    unscored_over_budget: int = Field(
        default=0,
        description="Judged scores left unscored because the judge's time budget could not hold them "
        "(`score --judge-budget`); a later score with a larger budget fills them in.",
    )
    response_errors_by_testbed: dict[str, int] = Field(
        default_factory=dict, description="Cases per testbed whose response failed (the target errored)."
    )


class PromptRef(_Model):
    """A prompt a stage used: its id, language, version and the first 8 characters of its sha256."""

    id: str
    lang: str | None = None
    version: int | str | None = None
    sha8: str | None = None


class RunHeader(_Model):
    """Who was tested, how, with what judge, and at what cost. None = not recorded."""

    run_name: str
    target: dict[str, Any] | None = Field(description="Target spec with secrets redacted.")
    mode: str | None
    roles: list[RoleInfo]
    judge: RoleInfo | None
    judge_warning: str | None = Field(description="Set when the judge is the tiny bundled model.")
    judge_calls_per_case: float | None = Field(default=None, description="Judge calls per judged case (score.json).")
    random_seed: int | str | None
    tool_version: str | None
    testset_hash: str | None
    started_at: str | None
    ended_at: str | None
    wall_time_s: dict[str, float] = Field(description="Wall time per stage (run, score) where recorded.")
    metrics_used: list[str]
    counts: Counts
    target_summary: str | None = Field(default=None, description="The target in words: kind, model, endpoint host.")
    target_prompts: list[PromptRef] = Field(default_factory=list, description="Prompts the target recorded.")
    generator: str | None = Field(default=None, description="The test-set generator model and where it ran.")
    judge_prompts: list[PromptRef] = Field(default_factory=list, description="Judge prompts score.json recorded.")
    corpus_fingerprint: str | None = Field(default=None, description="Chunks file sha256 (12 hex) and its size.")
    testset_fingerprint: str | None = Field(default=None, description="First 12 hex of the test set's sha256.")
    rule_sets: list[str] = Field(default_factory=list, description="Which rule sets and judges produced the scores.")


MetricKind = Literal["deterministic", "judged", "embedding", "other"]


class MetricInfo(_Model):
    """One entry of the metric table (score.json's `metric_table`, else the installed registry).

    "other" is a metric that neither the run nor the installed release describes.
    """

    name: str
    kind: MetricKind
    label_en: str
    label_zh: str
    description_en: str
    description_zh: str
    testbeds: list[str] = Field(default_factory=list)
    inputs: list[str] = Field(default_factory=list)
    llm_calls: int | None = None
    probe: str = "case"
    higher_is_better: bool = True
    pass_fail: bool = False
    subset_denominator: bool = False


class MetricRow(_Model):
    """One metric across testbeds: a cell per testbed (absent when it never applied there)."""

    metric: str
    kind: MetricKind
    overall: Estimate
    by_testbed: dict[str, Estimate]


class CardRow(_Model):
    """One line of the results card: a testbed's headline metric in one language (or "all")."""

    testbed: str
    lang: str
    metric: str
    rule_set: str = Field(description="The rule set or judge behind the number (English).")
    headline: Estimate
    rgb_exact: Estimate | None = Field(
        default=None, description="The same headline under RGB-exact rules (the `_rgb` metric), when scored."
    )
    basis: Literal["known", "corpus"] | None = Field(
        default=None,
        description="Counterfactual rows: the cases the target knows closed-book, or every case by the corpus's "
        "own passages when it knows none (as the counterfactual section headlines).",
    )


class CompareCardRow(_Model):
    """A results-card line for several runs: the same testbed, language and metric in each (None: absent)."""

    testbed: str
    lang: str
    metric: str
    rule_set: str
    estimates: list[Estimate | None]
    rgb_exact: list[Estimate | None] = Field(default_factory=list, description="Empty when no run scored `_rgb`.")


class MethodNote(_Model):
    """One paragraph of the methods section, in both languages, built from the run's own records."""

    key: str
    title_en: str
    title_zh: str
    text_en: list[str]
    text_zh: list[str]


class Report(_Model):
    """Top level of report.json."""

    schema_version: str = SCHEMA_VERSION
    generated_at: str
    generator_version: str = Field(description="ragstress version that built the report.")
    header: RunHeader
    noise: NoiseSection
    negative: NegativeSection
    integration: IntegrationSection
    counterfactual: CounterfactualSection
    metrics: list[MetricRow] = Field(description="Every metric found in scores.jsonl, overall and per testbed.")
    metric_table: dict[str, MetricInfo] = Field(default_factory=dict, description="What each metric is and its labels.")
    cases: list[CaseDetail]
    warnings: list[str]
    failure: str | None = Field(
        default=None,
        description="'all N cases failed: <first cause>' when the target failed on every case: nothing was measured.",
    )
    error_rates: dict[str, Estimate] = Field(
        default_factory=dict,
        description="Share of cases the target failed on (or never answered): 'all' and per testbed.",
    )
    gating: Gating | None = None
    calibration: Calibration | None = Field(
        default=None, description="Judged metrics calibrated with a human label file (report --labels)."
    )
    reliability: Reliability | None = Field(
        default=None, description="Judge self-consistency and two-judge agreement (ragstress reliability)."
    )
    curves: list[Curve] = Field(
        default_factory=list, description="Robustness curves: accuracy and judged correctness against noise ratio."
    )
    card: list[CardRow] = Field(
        default_factory=list, description="The results card: headline metric per testbed and language, with n."
    )
    methods: list[MethodNote] = Field(default_factory=list, description="How the numbers were made, en and zh.")
    conflict: ConflictSection | None = Field(default=None, description="Knowledge conflict: adoption by dose.")
    style: StyleSection | None = Field(default=None, description="Query style: each style paired with the original.")
    position: PositionSection | None = Field(default=None, description="Accuracy by the answer passage's slot.")
    injection: InjectionSection | None = Field(
        default=None, description="Prompt injection: how often the injected passage took over, by kind, slot, language."
    )
    e2e: E2ESection | None = Field(
        default=None,
        description="e2e runs: per variant, the labelled noise ratio and the shares of what was retrieved.",
    )
