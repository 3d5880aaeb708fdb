"""Builds small run directories for the report tests, through the record types.

`write_run(path, profile)` writes cases.jsonl, responses.jsonl, scores.jsonl, run.json,
score.json and testset.json for all four testbeds in English and Chinese, with one
errored response, one unscored score and one judge parse failure. Profiles:

- "robust": answers correctly at every noise ratio, rejects, flags errors;
- "fragile": correct only without noise, never rejects, swallows counterfactuals.

`hostile=True` plants HTML/JS injection payloads in questions, passages, responses
and explanations; the payloads set `window.__pwned` if they ever run.
"""

from __future__ import annotations

import json
from pathlib import Path

from ragstress.core.jsonl import write_json, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse, Usage

PAYLOADS = (
    "<script>window.__pwned = 1; alert(1)</script>",
    '"><img src=x onerror="window.__pwned=1;alert(1)">',
    "<svg onload=\"window.__pwned=1;alert('svg')\"></svg>",
    '\'><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
    "</script><script>window.__pwned=1</script>{{css}}",
)
NOISE_RATIOS = (0.0, 0.4, 0.8)
QUESTIONS = {
    "en": ("When was the Eiffel Tower completed?", [["1889"]], "The Eiffel Tower was completed in 1889.", "1899"),
    "zh": ("埃菲尔铁塔是哪一年建成的？", [["1889", "1889年"]], "埃菲尔铁塔于1889年建成。", "1899"),
}
NOISE_TEXT = {"en": "The Louvre is a museum in Paris.", "zh": "卢浮宫是巴黎的一座博物馆。"}


def _case(cid: str, testbed: str, lang: str, ratio: float | None, expected: str, hostile: bool) -> Case:
    question, answers, positive, fake = QUESTIONS[lang]
    if hostile:
        question = f"{question} {PAYLOADS[0]} {PAYLOADS[1]}"
        positive = f"{positive} {PAYLOADS[2]} {PAYLOADS[3]}"
    contexts = []
    if testbed == "counterfactual":
        contexts.append(Context(text=positive.replace("1889", fake), role="counterfactual", chunk_id=f"{cid}-cf"))
    elif testbed != "negative":
        contexts.append(Context(text=positive, role="positive", chunk_id=f"{cid}-pos"))
    n_noise = 1 if testbed == "negative" else int(round((ratio or 0) * 5))
    contexts += [Context(text=NOISE_TEXT[lang], role="noise", chunk_id=f"{cid}-n{i}") for i in range(n_noise)]
    params = {"n_passages": len(contexts), "reference": positive}
    if ratio is not None:
        params["noise_ratio"] = ratio
    return Case(
        id=cid,
        seed_id=f"seed-{lang}",
        testbed=testbed,
        lang=lang,
        question=question,
        answers=answers,
        fake_answer=[fake] if testbed == "counterfactual" else None,
        contexts=contexts,
        expected=expected,
        params=params,
    )


def build_cases(hostile: bool = False) -> list[Case]:
    cases = []
    for lang in ("en", "zh"):
        for ratio in NOISE_RATIOS:
            for k in range(2):
                cases.append(_case(f"noise-{lang}-{int(ratio * 10)}-{k}", "noise", lang, ratio, "answer", hostile))
        for k in range(2):
            cases.append(_case(f"neg-{lang}-{k}", "negative", lang, 1.0, "reject", hostile))
        for ratio in (0.0, 0.4):
            cases.append(_case(f"int-{lang}-{int(ratio * 10)}", "integration", lang, ratio, "answer", hostile))
        for k in range(2):
            cases.append(_case(f"cf-{lang}-{k}", "counterfactual", lang, None, "flag_error", hostile))
    return cases


def _correct(case: Case, profile: str) -> bool:
    if profile == "robust":
        return True
    return (case.params.get("noise_ratio") or 0.0) == 0.0


def write_run(
    run_dir: Path,
    profile: str = "robust",
    *,
    hostile: bool = False,
    bundled_judge: bool = True,
    other_testset: bool = False,
) -> Path:
    """Write a complete run directory; returns it."""
    run_dir = Path(run_dir)
    cases = build_cases(hostile)
    responses: list[TargetResponse] = []
    scores: list[Score] = []
    good = profile == "robust"
    payload = f" {PAYLOADS[1]} {PAYLOADS[4]}" if hostile else ""

    def score(
        cid: str, metric: str, value: float | None, label: str = "", explanation: str = "", error: str | None = None
    ):
        scores.append(
            Score(case_id=cid, metric=metric, value=value, label=label, explanation=explanation + payload, error=error)
        )

    for case in cases:
        cid, ok = case.id, _correct(case, profile)
        if cid == "noise-en-4-1":  # the target failed on this one
            # The scorer writes no score for a failed response.
            responses.append(TargetResponse(case_id=cid, answer="", latency_s=0.2, error="HTTP 500 from target"))
            continue
        if case.testbed in ("noise", "integration"):
            text = ("1889" if ok else "1900") + payload
            responses.append(
                TargetResponse(
                    case_id=cid, answer=text, latency_s=0.5, usage=Usage(prompt_tokens=50, completion_tokens=5)
                )
            )
            score(
                cid,
                "accuracy",
                float(ok),
                "1/1 facts" if ok else "0/1 facts",
                "'1889': found" if ok else "'1889': missing",
            )
            score(cid, "over_refusal", 0.0, "answered", "no refusal phrase")
            if case.testbed == "integration":
                score(cid, "answer_match_partial", 1.0 if ok else 0.5, "partial")
            if cid == "noise-zh-0-1":
                score(cid, "faithfulness", None, "unscored", "no statements in the response")
            else:
                score(cid, "faithfulness", 0.9 if ok else 0.4, "supported", "statements supported")
            score(cid, "answer_correctness", 0.8 if ok else 0.2, "", "F1 over statements")
            score(
                cid,
                "rag_judge",
                float(ok),
                "relevance 1 truthfulness 1 accuracy 1" if ok else "relevance 1 truthfulness 0 accuracy 0",
            )
        elif case.testbed == "negative":
            text = ("I cannot answer from the documents." if good else "1889") + payload
            responses.append(TargetResponse(case_id=cid, answer=text, latency_s=0.4))
            score(cid, "rejection", float(good), "refused" if good else "answered")
            if cid == "neg-zh-1":
                score(
                    cid,
                    "rejection_judged",
                    None,
                    "error",
                    error="no verdict token; raw judge output: 'maybe? [[x]]'" + payload,
                )
            else:
                score(cid, "rejection_judged", float(good), "judged")
        else:
            knows = cid != "cf-zh-1"
            responses.append(
                TargetResponse(case_id=cid, probe="closed_book", answer="1889" if knows else "no idea", latency_s=0.3)
            )
            text = ("The documents contain factual errors; the answer is 1889." if good else "1899") + payload
            responses.append(TargetResponse(case_id=cid, answer=text, latency_s=0.6))
            score(cid, "closed_book_accuracy", float(knows), "1/1 facts" if knows else "0/1 facts")
            score(cid, "answer_match", float(good), "")
            score(cid, "error_detection", float(good), "flagged" if good else "not flagged")
            score(cid, "error_detection_judged", float(good), "")
            score(cid, "error_correction", float(good), "corrected" if good else "not corrected")

    write_records(run_dir / "cases.jsonl", cases)
    write_records(run_dir / "responses.jsonl", responses)
    write_records(run_dir / "scores.jsonl", scores)
    # Manifests shaped as ragstress.running.run_dir.run_record and ragstress.scoring.scorer write them.
    judge_endpoint = {
        "role": "judge",
        "model": "SmolLM2-135M-Instruct",
        "base_url": None,
        "bundled": True,
        "source": "bundled",
        "api_key": None,
    }
    if not bundled_judge:
        judge_endpoint = {
            "role": "judge",
            "model": "gpt-4o-mini",
            "base_url": "https://api.example.com/v1",
            "bundled": False,
            "source": "RAGSTRESS_JUDGE_BASE_URL",
            "api_key": "set",
        }
    target_endpoint = {
        "role": "target",
        "model": f"{profile}-model",
        "base_url": "http://127.0.0.1:9/v1",
        "bundled": False,
        "source": "flag",
        "api_key": "set",
    }
    target = {
        "kind": "http",
        "spec": "https://user:hunter2@rag.example.com/ask?api_key=sk-should-never-show",
        "api_key": "sk-should-never-show",
    }
    write_json(
        run_dir / "run.json",
        {
            "tool": "ragstress",
            "version": "0.1.0",
            "status": "complete",
            "target": target,
            "mode": "e2e",
            "models": {"target": target_endpoint},
            "testset": {"path": "/somewhere/cases.jsonl", "sha256": "abc123" + ("-other" if other_testset else "")},
            "selection": {},
            "shard": None,
            "started_at": "2026-11-22T04:00:00+00:00",
            "finished_at": "2026-11-22T04:01:30+00:00",
            "counts": {"cases": len(cases), "jobs": len(responses), "done": len(responses), "errors": 1, "pending": 0},
            "target_usage": {"calls": len(responses), "prompt_tokens": 1000, "completion_tokens": 120},
            "llm_usage": {
                "target": {
                    **target_endpoint,
                    "calls": 27,
                    "requests": 29,
                    "retries": 2,
                    "failures": 1,
                    "cache_hits": 3,
                    "prompt_tokens": 1000,
                    "completion_tokens": 120,
                }
            },
        },
    )
    write_json(
        run_dir / "score.json",
        {
            "run_dir": str(run_dir),
            "target": target,
            "metrics": sorted({s.metric for s in scores}),
            "judge": judge_endpoint,
            "cases": len(cases),
            "responses_scored": len(responses) - 1,
            "target_errored": 1,
            "missing_responses": 0,
            "llm_calls": {
                "cases_judged": 20,
                "actual_total": 40,
                "naive_total": 80,
                "actual_per_case": 2.0,
                "naive_per_case": 4.0,
            },
            "usage": {
                "judge": {
                    **judge_endpoint,
                    "calls": 40,
                    "requests": 41,
                    "retries": 1,
                    "failures": 1,
                    "cache_hits": 0,
                    "prompt_tokens": 9000,
                    "completion_tokens": 800,
                }
            },
        },
    )
    write_json(
        run_dir / "testset.json",
        {
            "ragstress_version": "0.1.0",
            "random_seed": 42,
            "models": {
                "generator": {
                    "role": "generator",
                    "model": "SmolLM2-135M-Instruct",
                    "base_url": None,
                    "bundled": True,
                    "source": "bundled",
                    "api_key": None,
                }
            },
        },
    )
    return run_dir


if __name__ == "__main__":  # regenerate by hand: python tests/data/report_fixtures/make_runs.py OUT
    import sys

    out = Path(sys.argv[1])
    for name in ("robust", "fragile"):
        write_run(out / name, name, hostile="--hostile" in sys.argv)
    print(json.dumps(sorted(str(p) for p in out.iterdir())))
