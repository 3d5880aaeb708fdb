"""The run header: target, mode, endpoints and usage per role, judge, seed, versions, counts.

The manifests arrive parsed (ragstress.core.manifests): a manifest that is missing or
unreadable is None, and each field it lacks shows as "not recorded".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ragstress.core.manifests import RunManifest, ScoreManifest
from ragstress.core.types import TESTBEDS
from ragstress.llm.config import BUNDLED_MODEL
from ragstress.reports.describe import (
    corpus_fingerprint,
    generator_in_words,
    prompt_refs,
    rule_sets_used,
    target_in_words,
)
from ragstress.reports.model import Counts, MetricInfo, RoleInfo, RunHeader
from ragstress.reports.reading.rundir import RunData, redact
from ragstress.scoring.metrics.base import NO_TARGET_CONTEXTS, OVER_BUDGET

BUNDLED_JUDGE_WARNING = (
    f"The judge is the bundled {BUNDLED_MODEL} model (135M parameters). It exists for offline demos and tests; "
    "its verdicts are not reliable, so judged metrics in this report should not be published as results."
)
_USAGE_FIELDS = ("calls", "requests", "retries", "failures", "cache_hits", "prompt_tokens", "completion_tokens")
_ENDPOINT_FIELDS = ("model", "base_url", "bundled", "source", "api_key")


def build_header(
    data: RunData, metrics_used: list[str], metric_table: Mapping[str, MetricInfo] | None = None
) -> RunHeader:
    """Everything above the first section of the report (`metric_table` names each metric's rule set)."""
    run, score, testset = data.run_manifest, data.score_manifest, data.testset_manifest
    roles = (
        (_roles("generate", testset.models, {}) if testset else [])
        + (_roles("run", run.models, run.llm_usage, target_usage=run.target_usage) if run else [])
        + (_roles("score", {}, score.usage, judge=score.judge) if score else [])
    )
    judge = _judge(roles)
    wall = {
        stage: seconds for stage, meta in (("run", run), ("score", score)) if (seconds := _wall_time(meta)) is not None
    }
    target = run.target if run else score.target if score else None
    per_case = score.llm_calls.get("actual_per_case") if score else None
    version = (run.version if run else None) or (testset.ragstress_version if testset else None)
    metrics = list(dict.fromkeys([*(score.metrics if score else []), *metrics_used]))
    return RunHeader(
        run_name=data.run_dir.resolve().name,
        target=redact(target) if isinstance(target, dict) else ({"spec": redact(str(target))} if target else None),
        mode=run.mode if run else None,
        roles=roles,
        judge=judge,
        judge_warning=BUNDLED_JUDGE_WARNING if judge and _is_bundled(judge) else None,
        judge_calls_per_case=float(per_case)
        if isinstance(per_case, (int, float)) and not isinstance(per_case, bool)
        else None,
        random_seed=testset.random_seed if testset else None,
        tool_version=version,
        testset_hash=testset_hash(data),
        started_at=(run.started_at if run else None) or (score.started_at if score else None),
        ended_at=(score.finished_at if score else None) or (run.finished_at if run else None),
        wall_time_s=wall,
        metrics_used=metrics,
        counts=_counts(data),
        target_summary=target_in_words(redact(target)) if target else None,
        target_prompts=prompt_refs(target.get("prompts")) if isinstance(target, dict) else [],
        generator=generator_in_words(data),
        judge_prompts=prompt_refs(score.judge_prompts) if score else [],
        corpus_fingerprint=corpus_fingerprint(data),
        testset_fingerprint=(testset_hash(data) or "")[:12] or None,
        rule_sets=rule_sets_used(metrics, metric_table or {}, judge),
    )


def testset_hash(data: RunData) -> str | None:
    """The test-set hash the run recorded (run.json's testset.sha256), if any."""
    run = data.run_manifest
    return run.testset.sha256 if run and run.testset else None


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _as_role_map(value: Any) -> dict[str, dict[str, Any]]:
    """Endpoints/usage as role -> fields, whether stored as a dict by role or a list of dicts."""
    if isinstance(value, dict):
        return {str(role): fields for role, fields in value.items() if isinstance(fields, dict)}
    if isinstance(value, list):
        return {str(item["role"]): item for item in value if isinstance(item, dict) and item.get("role")}
    return {}


def _roles(stage: str, endpoints: Any, usage: Any, *, target_usage: Any = None, judge: Any = None) -> list[RoleInfo]:
    """One row per role a stage's manifest mentions, endpoint identity merged with its usage."""
    endpoints, usage = _as_role_map(endpoints), _as_role_map(usage)
    if isinstance(judge, dict):
        endpoints.setdefault("judge", judge)
    if isinstance(target_usage, dict) and target_usage and "target" not in usage:
        # A python or http target is not an LLM role; the runner still counts its calls and tokens.
        usage["target"] = target_usage
    rows = []
    for role in dict.fromkeys([*endpoints, *usage]):
        fields = {**redact(endpoints.get(role, {})), **redact(usage.get(role, {}))}
        api_key = fields.get("api_key")
        rows.append(
            RoleInfo(
                stage=stage,
                role=role,
                **{name: _text(fields.get(name)) for name in ("model", "base_url", "source")},
                bundled=fields.get("bundled") if isinstance(fields.get("bundled"), bool) else None,
                api_key=None if api_key in (None, False) else "set",
                **{name: _int(fields.get(name)) for name in _USAGE_FIELDS},
            )
        )
    return rows


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _judge(roles: list[RoleInfo]) -> RoleInfo | None:
    """The judge as the score stage recorded it, else as the run recorded it (bench)."""
    for stage in ("score", "run"):
        for role in roles:
            if role.stage == stage and role.role == "judge":
                return role
    return None


def _is_bundled(role: RoleInfo) -> bool:
    return bool(role.bundled) or role.model == BUNDLED_MODEL


def _wall_time(meta: RunManifest | ScoreManifest | None) -> float | None:
    if meta is None:
        return None
    seconds = getattr(meta, "wall_time_s", None)
    if seconds is not None:
        return float(seconds)
    try:
        return (
            datetime.fromisoformat(str(meta.finished_at)) - datetime.fromisoformat(str(meta.started_at))
        ).total_seconds()
    except (TypeError, ValueError):
        return None


def _counts(data: RunData) -> Counts:
    case_ids = {case.id for case in data.cases}
    answered = {cid for cid, probe in data.responses if probe == "case"}
    own_scores = [s for cid, per in data.scores.items() if cid in case_ids for s in per.values()]
    return Counts(
        cases=len(data.cases),
        cases_by_testbed=dict(Counter(case.testbed for case in data.cases)),
        cases_by_lang=dict(Counter(case.lang for case in data.cases)),
        responses=sum(1 for cid, _ in data.responses if cid in case_ids),
        response_errors=sum(1 for (cid, _), r in data.responses.items() if cid in case_ids and r.error),
        missing_responses=len(case_ids - answered) if data.responses else len(case_ids),
        scores=len(own_scores),
        scored=sum(1 for s in own_scores if s.value is not None),
        unscored=sum(1 for s in own_scores if s.value is None and not s.error),
        score_errors=sum(1 for s in own_scores if s.error),
        unscored_no_contexts=sum(1 for s in own_scores if s.value is None and s.explanation == NO_TARGET_CONTEXTS),
        unscored_over_budget=sum(1 for s in own_scores if s.value is None and s.label == OVER_BUDGET),
        response_errors_by_testbed={
            t: n for t in TESTBEDS if (n := sum(1 for c in data.cases if c.testbed == t and _failed(data, c.id)))
        },
    )


def _failed(data: RunData, case_id: str) -> bool:
    """Whether the target failed on the case itself (its closed-book probe aside)."""
    response = data.responses.get((case_id, "case"))
    return response is not None and bool(response.error)
