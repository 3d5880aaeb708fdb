"""The Python API's score stage: `ragstress.score(run_dir)` scores a run's responses without asking the target.

Deterministic rules, embedding similarity and the LLM judge score each (case, response)
pair into scores.jsonl; score.json sums them up. `ragstress score` and `bench` call this
function; `previous_judges` says which judges scored what scores.jsonl already holds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ragstress.api.endpoints import ClientSettings, Endpoint, cache_file, role_endpoint


def score(
    run_dir: str | Path,
    *,
    metrics: str | Sequence[str] | None = None,
    judge_base_url: str | None = None,
    judge_model: str | None = None,
    judge_api_key: str | None = None,
    concurrency: int = 4,
    rescore: bool = False,
    endpoints: Mapping[str, Endpoint] | None = None,
    cache_dir: str | Path | None = None,
    resolve_uncertain: bool = False,
    executor: str = "local",
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: Mapping[str, float] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    retry_errors: bool = False,
    client_settings: ClientSettings | None = None,
    judge_budget: float | None = None,
    on_judge_plan: Callable[[Any], None] | None = None,
) -> dict[str, Any]:
    """Score the responses of `run_dir` into scores.jsonl and score.json; returns score.json's content.

    Judged metrics use the judge at `judge_base_url` (OpenAI protocol), or the bundled model;
    `endpoints["judge"]`, an Endpoint, replaces the judge_* values. `cache_dir` caches LLM
    answers (none by default). `resolve_uncertain` has the judge (not the bundled model) decide
    the rule verdicts marked uncertain. `executor="ray"` scores the cases in Ray actors (see `run`),
    their judge calls going through the same cache file. EveryCallFailed (score.json not written)
    when every judge call failed. `on_progress(done, total)` is called once before the first case
    is scored and after each one. `retry_errors` scores again the pairs whose recorded score is an
    error; `client_settings` sets the judge client's timeout, retries and concurrency.

    `judge_budget` caps the seconds of judged work: by default 300 with the bundled judge (whose
    calls take seconds each) and no cap with a judge endpoint, `math.inf` for none. Every
    deterministic metric is scored; judged metrics that do not fit are left unscored with the
    reason, and a later `score` with a larger budget scores them. `on_judge_plan` receives each
    plan (a scoring.judge_plan.JudgePlan, `.lines()` to print) as it is made.
    """
    from ragstress.distributed import parse_executor
    from ragstress.llm import LLMSession
    from ragstress.scoring.scorer import score_run

    judge = role_endpoint(endpoints, "judge", judge_base_url, judge_model, judge_api_key)
    ray = parse_executor(executor, ray_address, actors, actor_resources)

    async def go() -> dict[str, Any]:
        async with LLMSession({"judge": judge}, client_settings, cache_path=cache_file(cache_dir)) as llm:
            return await score_run(
                Path(run_dir),
                metrics=metrics,
                llm=llm,
                concurrency=concurrency,
                rescore=rescore,
                retry_errors=retry_errors,
                resolve_uncertain=resolve_uncertain,
                ray=ray,
                judge_budget=judge_budget,
                on_judge_plan=on_judge_plan,
                **progress_hooks(on_progress),
            )

    return asyncio.run(go())


def over_budget_lines(summary: Mapping[str, Any]) -> list[str]:
    """What a score's summary says the judge budget left unscored, and how to score it; empty when nothing."""
    from ragstress.scoring.scorer import over_budget_lines as lines  # imported late: `--help` stays fast

    return lines(summary)


def progress_hooks(on_progress: Callable[[int, int], None] | None) -> dict[str, Any]:
    """score_run's on_planned/on_case_done hooks, turned into on_progress(done, total) calls."""
    if on_progress is None:
        return {}
    state = {"done": 0, "total": 0}

    def planned(total: int) -> None:
        state["total"] = total
        on_progress(0, total)

    def case_done(_case_id: str) -> None:
        state["done"] += 1
        on_progress(state["done"], state["total"])

    return {"on_planned": planned, "on_case_done": case_done}


def previous_judges(run_dir: str | Path, judge: Endpoint) -> list[str]:
    """The models of the judges other than `judge` whose scores scores.jsonl holds (per score.json), sorted.

    A run whose score.json is missing or unreadable has none to name.
    """
    from ragstress.core.jsonl import RecordFileError
    from ragstress.core.manifests import ScoreManifest, read_manifest
    from ragstress.core.rundir import RunDir

    try:
        previous = read_manifest(RunDir(Path(run_dir)).score_manifest, ScoreManifest).judges_in_scores
    except RecordFileError:
        return []
    return sorted(
        {str(j.get("model")) for j in previous if (j.get("model"), j.get("base_url")) != (judge.model, judge.base_url)}
    )


__all__ = ["previous_judges", "progress_hooks", "score"]
