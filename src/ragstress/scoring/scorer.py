"""Score a run directory: cases.jsonl + responses.jsonl -> scores.jsonl + score.json.

The target is never called again, so a run can be re-scored with another judge or
other metrics. Scores are appended as each case finishes; an interrupted score
resumes by skipping the (case, metric) pairs already in scores.jsonl, unless
`rescore` asks for those metrics to be computed afresh, or `retry_errors` for the
pairs whose score recorded an error (a judge that failed for good). Both drop the
lines concerned by an atomic rewrite before scoring, so each (case, metric) is in
scores.jsonl at most once whenever scoring stops.

With the bundled judge, or a `judge_budget`, the judged metrics get a time budget
(scoring.judge_budget): every deterministic score is made first, then the judged metrics
that fit, and the pairs of those that do not are written unscored with the reason (label
OVER_BUDGET). Those hold no verdict, so every later score asks for them again.

A response whose `error` is set gets no scores at all: the target failed, there is
nothing to judge, and a 0 would blame the answer for the transport. The summary
counts such responses as `target_errored` instead.

In an e2e run (run.json's mode) the target retrieved for itself: judged metrics that
read passages judge the passages it returned, and are unscored ("target returned no
contexts") when it returned none, never computed on the passages the case was built with.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ragstress.core.jsonl import (
    RecordAppender,
    iter_records,
    read_records,
    repair_torn_tail,
)
from ragstress.core.manifests import RunManifest, ScoreManifest, read_manifest, write_manifest
from ragstress.core.rundir import RunDir
from ragstress.core.types import Case, Score, TargetResponse
from ragstress.llm import LLMSession
from ragstress.prompts import LANGS, load_prompt, prompt_ids
from ragstress.scoring.judge_budget import (
    JudgeBudget,
    budget_for,
    budget_summary,
    earlier_timings,
    score_within_budget,
)
from ragstress.scoring.judge_plan import JudgePlan, call_groups
from ragstress.scoring.metrics import (
    METRICS,
    OVER_BUDGET,
    RESOLVED,
    metric_table,
    naive_calls,
    score_case,
)
from ragstress.scoring.score_work import drop_scores, judges_in_scores, plan_work, previous_summary, read_responses


def judge_prompt_identities(langs: set[str]) -> list[dict[str, object]]:
    """Id, language, version and sha of every judge prompt in the languages scored."""
    prompt_langs = sorted({"en" if lang == "mixed" else lang for lang in langs} & set(LANGS))
    return [
        load_prompt(pid, lang).identity()
        for lang in prompt_langs
        for pid in prompt_ids(lang)
        if pid.startswith("judge_")
    ]


def _summarise_metric(scores: list[Score]) -> dict[str, Any]:
    values = [s.value for s in scores if s.value is not None]
    return {
        "scored": len(values),
        "unscored": sum(s.value is None and s.error is None for s in scores),
        # Of the unscored, those the judge budget left (a later score with a larger budget fills them in).
        "over_budget": sum(s.value is None and s.label == OVER_BUDGET for s in scores),
        "errored": sum(s.error is not None for s in scores),
        "mean": sum(values) / len(values) if values else None,  # over scored cases only; unscored is not 0
    }


def over_budget_lines(summary: Mapping[str, object]) -> list[str]:
    """What a score's summary says the judge budget left unscored, and how to score it; empty when nothing."""
    per_metric = summary.get("per_metric") or {}
    left = {name: row["over_budget"] for name, row in per_metric.items() if row.get("over_budget")}  # type: ignore[union-attr]
    if not left:
        return []
    seconds = (summary.get("judge_budget") or {}).get("budget_s")  # type: ignore[union-attr]
    return [
        f"left unscored by the judge budget of {seconds:g} s: "
        + ", ".join(f"{name} {count}" for name, count in left.items()),
        "every deterministic metric is scored; `ragstress score` again with a larger --judge-budget "
        "(inf: no limit) judges the rest, keeping every score already made",
    ]


def _resolved_counts(scores: list[Score]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for score in scores:
        if (score.certainty_reason or "").endswith(RESOLVED):
            counts[score.metric] = counts.get(score.metric, 0) + 1
    return counts


async def score_run(
    run_dir: Path,
    *,
    metrics: str | Sequence[str] | None = None,
    llm: LLMSession | None = None,
    embedder_for: Callable[[str], Any] | None = None,
    concurrency: int = 4,
    rescore: bool = False,
    retry_errors: bool = False,
    on_case_done: Callable[[str], None] | None = None,
    resolve_uncertain: bool = False,
    ray: Any = None,
    on_planned: Callable[[int], None] | None = None,
    judge_budget: float | None = None,
    on_judge_plan: Callable[[JudgePlan], None] | None = None,
) -> dict[str, Any]:
    """Score every response in `run_dir` with `metrics` (default: all) and return the summary.

    `llm` supplies the judge (needed only if a judged metric is chosen); `embedder_for`
    maps a case language to an embedder (default: the bundled models); at most
    `concurrency` cases are scored at once (one with the bundled judge); `rescore` recomputes `metrics` everywhere,
    `retry_errors` only where their score is an error; `resolve_uncertain` has the judge decide the rule
    verdicts marked uncertain (rejection, over-refusal, error detection), with a judge other than the
    bundled model. `on_planned` receives the number of cases to score before the first, `on_case_done`
    each case's id as it is scored. `judge_budget` caps the seconds of judged work (scoring.judge_budget):
    by default 300 with the bundled judge and no cap with another, `math.inf` none; judged metrics that
    do not fit are left unscored with the reason, and `on_judge_plan` receives each plan as it is made
    (before judging, once measured, when a metric is stopped). `ray` (RayOptions) scores the cases in Ray actors (scoring.ray_score); the judge's
    answers go through this session's cache file either way. Raises RecordFileError for unreadable
    input, UnknownNameError for misspelt metric names, ValueError for a missing judge, and
    EveryCallFailed (score.json left as it was) when every judge call failed.
    """
    run_dir = Path(run_dir)
    started_at, clock = datetime.now(UTC), time.monotonic()
    names = METRICS.resolve(metrics) if metrics else METRICS.names()
    judged = [n for n in names if METRICS.get(n).kind == "judged"]
    if judged and llm is None:
        raise ValueError(f"metrics {', '.join(judged)} need a judge model")
    if concurrency < 1:
        raise ValueError("concurrency must be at least 1")
    files = RunDir(run_dir)
    cases = read_records(files.cases, Case)
    responses = {(r.case_id, r.probe): r for r in read_responses(files.responses)}
    run_info = (
        read_manifest(files.run_manifest, RunManifest).model_dump(mode="json") if files.run_manifest.exists() else {}
    )
    # In e2e mode the target retrieved for itself: passage-reading judges use what it returned.
    e2e = run_info.get("mode") == "e2e"
    scores_path = files.scores
    repair_torn_tail(scores_path)  # an interrupted score may have left half a line
    # Pairs the judge budget left hold no verdict: every score asks for them again.
    dropped = drop_scores(
        scores_path, names, lambda s: rescore or (retry_errors and s.error is not None) or s.label == OVER_BUDGET
    )
    retried = dropped.total() - dropped[OVER_BUDGET]
    done = {(s.case_id, s.metric) for s in iter_records(scores_path, Score)} if scores_path.exists() else set()

    work, counts = plan_work(cases, responses, names, done)
    if on_planned is not None:
        on_planned(len(work))  # how many on_case_done calls will follow: a progress display's total

    if resolve_uncertain and (llm is None or llm.judge.endpoint.is_bundled):
        raise ValueError("--resolve-uncertain judge needs a judge endpoint other than the bundled model")
    judge = llm.judge if (judged or resolve_uncertain) and llm is not None else None
    if judge is not None and judge.endpoint.is_bundled and ray is None:
        # The bundled model answers one request at a time anyway; one case at a time keeps a
        # case's judge calls consecutive, so each reuses the prompt prefix the case's previous
        # call left evaluated (judge.judge_messages) instead of meeting another case's.
        concurrency = 1
    limit = asyncio.Semaphore(concurrency)
    calls = {"actual": 0, "naive": 0, "cases": 0}

    write_lock = asyncio.Lock()

    def append_all(appender: RecordAppender, scores: list[Score]) -> None:
        for score in scores:
            appender.append(score)

    remote = None
    if ray is not None and work:
        from ragstress.scoring.ray_score import RemoteScorer

        remote = RemoteScorer.start(ray, llm, concurrency)

    async def scored(case: Case, response: TargetResponse, pending: list[str]) -> tuple[list[Score], int]:
        if remote is not None:
            return await remote.score(case, response, pending, e2e, resolve_uncertain)
        scores, ctx = await score_case(
            case,
            response,
            pending,
            judge=judge,
            embedder_for=embedder_for,
            e2e=e2e,
            resolve_uncertain=resolve_uncertain,
        )
        return scores, ctx.llm_calls

    given_budget = judge_budget
    budget_s = budget_for(judge_budget, judge.endpoint.is_bundled) if judge is not None and judged else None
    groups = call_groups(names) if budget_s is not None else []
    budget = None
    if budget_s is not None and groups:
        earlier = earlier_timings(previous_summary(run_dir), judge.endpoint.public_dict())
        budget = JudgeBudget(budget_s, groups, concurrency, earlier=earlier)

    def finish(case: Case, llm_calls: int, scored_names: list[str]) -> None:
        counts["responses_scored"] += 1
        cost = naive_calls([METRICS.get(n) for n in scored_names])
        if cost:
            calls["cases"] += 1
            calls["actual"] += llm_calls
            calls["naive"] += cost
        if on_case_done is not None:
            on_case_done(case.id)

    with RecordAppender(scores_path) as appender:

        async def write(scores: list[Score]) -> None:
            # Each append fsyncs; off the event loop, so judge calls in flight are not held up meanwhile.
            async with write_lock:
                await asyncio.to_thread(append_all, appender, scores)

        async def score_some(case: Case, response: TargetResponse, pending: list[str]) -> int:
            async with limit:
                scores, llm_calls = await scored(case, response, pending)
            await write(scores)
            return llm_calls

        async def score_one(case: Case, response: TargetResponse, pending: list[str]) -> None:
            finish(case, await score_some(case, response, pending), pending)

        try:
            if budget is None:
                await asyncio.gather(*(score_one(*item) for item in work))
            else:
                await score_within_budget(
                    work, budget, score_some, scored, write, finish, on_judge_plan, None if remote else judge.ready
                )
        finally:
            if remote is not None:
                await remote.close()

    usage = remote.usage() if remote is not None else llm.usage() if llm is not None else {}
    if llm is not None:
        # Scores made of judge failures alone are recorded in scores.jsonl (--retry-errors asks again),
        # but no score.json presents them as a scored run.
        llm.check_answered(usage)
    all_scores = [s for s in iter_records(scores_path, Score) if s.metric in names]
    judge_info = llm.public_endpoint("judge", usage.get("judge")) if judge is not None and llm is not None else None
    judged_cases = calls["cases"]
    summary: dict[str, Any] = {
        "run_dir": ".",  # the manifest sits in the run directory it describes
        "target": run_info.get("target"),
        "metrics": names,
        # The metadata of each metric scored, so a report of this run needs no registry to label it.
        "metric_table": metric_table(names),
        "judge": judge_info,
        "judges_in_scores": judges_in_scores(run_dir, judge_info if calls["cases"] else None, rescore),
        # Which judge prompt texts produced the verdicts, so a report can name their versions.
        "judge_prompts": judge_prompt_identities({c.lang for c in cases}) if judge_info else [],
        **counts,
        "retried_errors": 0 if rescore else retried,
        # The judge's time budget: its seconds, what it measured, and which metrics it left unscored.
        "judge_budget": budget_summary(budget, given_budget),
        # How many uncertain rule verdicts the judge decided (`resolve_uncertain`), per metric.
        "resolved_by_judge": _resolved_counts(all_scores),
        "llm_calls": {
            "cases_judged": judged_cases,
            "actual_total": calls["actual"],
            "naive_total": calls["naive"],
            "actual_per_case": calls["actual"] / judged_cases if judged_cases else None,
            "naive_per_case": calls["naive"] / judged_cases if judged_cases else None,
        },
        "usage": usage,
        **({"executor": remote.executor()} if remote is not None else {}),
        "started_at": started_at.isoformat(timespec="seconds"),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "wall_time_s": round(time.monotonic() - clock, 3),
        "per_metric": {n: _summarise_metric([s for s in all_scores if s.metric == n]) for n in names},
    }
    write_manifest(files.score_manifest, summary, ScoreManifest)
    return summary
