"""Arranging a noise variant from a ranking, and classifying what a target retrieved."""

from __future__ import annotations

from pathlib import Path

import pytest

from ragstress.core.jsonl import read_records
from ragstress.core.types import Case, Context, Retrieved, TargetResponse
from ragstress.reports.aggregate import build_report
from ragstress.reports.e2e import build_e2e_section
from ragstress.reports.reading.rundir import RunData, load_run
from ragstress.reports.render.e2e_section import e2e_html, e2e_lines
from ragstress.running.composition import compose, mean_shares, with_composition
from ragstress.running.e2e_noise import arrange_noise, depth_for, positives_allowed

LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy_run_v0"

TEXTS = {
    "eiffel-a": "The Eiffel Tower was completed in 1889 for the World's Fair.",
    "eiffel-b": "Gustave Eiffel's company finished the tower in March 1889.",
    "eiffel-c": "Visitors climbed the tower from 15 May 1889.",
    "eiffel-d": "The tower was repainted in 1889 and again later.",
    "tokyo": "Tokyo Tower was completed in 1958.",
    "cn": "The CN Tower was completed in 1976.",
    "pisa": "Construction of the Leaning Tower of Pisa began in 1173.",
    "bridge": "The Brooklyn Bridge opened in 1883.",
    "paris": "Paris hosted the Exposition Universelle.",
}
RANKING = ["tokyo", "cn", "eiffel-a", "pisa", "eiffel-b", "bridge", "paris", "eiffel-c", "eiffel-d"]


def noise_case(case_id: str, ratio: float, answers=(("1889",),), noise=("tokyo",), positive="eiffel-a") -> Case:
    contexts = [Context(text=TEXTS[positive], role="positive", chunk_id=positive)]
    contexts += [Context(text=TEXTS[cid], role="noise", chunk_id=cid) for cid in noise]
    return Case(
        id=case_id,
        seed_id=case_id.split(":")[0],
        testbed="noise",
        lang="en",
        question="When was the Eiffel Tower completed?",
        answers=[list(a) for a in answers],
        contexts=contexts,
        expected="answer",
        params={"noise_ratio": ratio},
    )


def top(ranking: list[str], removed: set[str], k: int) -> list[str]:
    return [cid for cid in ranking if cid not in removed][:k]


@pytest.mark.parametrize(
    ("ratio", "k", "allowed"),
    [(0.0, 5, 5), (0.2, 5, 4), (0.4, 5, 3), (0.6, 5, 2), (0.8, 5, 1), (0.8, 3, 1), (1.0, 5, 0)],
)
def test_positives_allowed_follow_the_ratio(ratio, k, allowed):
    assert positives_allowed(ratio, k) == allowed


@pytest.mark.parametrize(
    ("ratio", "kept", "depth"),
    [(0.0, 1, 1), (0.0, 3, 3), (0.8, 1, 5), (0.6, 2, 5), (0.6, 1, 3), (0.5, 1, 2), (0.8, 0, 5)],
)
def test_depth_holds_the_ratio_beside_the_kept_positives(ratio, kept, depth):
    assert depth_for(ratio, kept, 5) == depth


def test_ratio_zero_with_one_answer_chunk_retrieves_just_that_chunk():
    case = noise_case("s:noise:0", 0.0, answers=(("1173",),), noise=(), positive="pisa")
    plan = arrange_noise([case], TEXTS, {case.id: RANKING}, top_k=5)
    assert plan.kept == {case.id: ["pisa"]} and plan.depth == {case.id: 1}
    assert top(RANKING, plan.remove, 1) == ["pisa"]


def test_a_high_ratio_keeps_the_best_ranked_answer_chunk_and_lifts_it_into_the_top_k():
    case = noise_case("s:noise:0.8", 0.8, noise=("pisa", "cn"))
    plan = arrange_noise([case], TEXTS, {case.id: RANKING}, top_k=2)
    assert plan.kept == {case.id: ["eiffel-a"]}
    assert {"eiffel-b", "eiffel-c", "eiffel-d"} <= plan.remove
    # Top 2 at 0.8 rounds to 1 positive : 1 noise; tokyo goes (not the case's own), cn stays as the distractor.
    assert top(RANKING, plan.remove, 2) == ["cn", "eiffel-a"] and plan.promoted == 1


def test_ratio_zero_keeps_every_answer_chunk_and_lifts_them_up():
    case = noise_case("s:noise:0", 0.0, noise=())
    plan = arrange_noise([case], TEXTS, {case.id: RANKING}, top_k=4)
    assert not plan.remove & {"eiffel-a", "eiffel-b", "eiffel-c", "eiffel-d"}
    assert top(RANKING, plan.remove, 4) == ["eiffel-a", "eiffel-b", "eiffel-c", "eiffel-d"]


def test_a_chunk_kept_for_one_case_is_never_removed_for_another():
    first = noise_case("a:noise:0.8", 0.8)
    # A second seed of the same ratio whose answer (1883) sits only in the bridge chunk, which also ranks low.
    second = noise_case("b:noise:0.8", 0.8, answers=(("1883",),), positive="bridge")
    ranked = {first.id: RANKING, second.id: ["eiffel-b", "tokyo", "cn", "pisa", "paris", "bridge"]}
    plan = arrange_noise([second, first], TEXTS, ranked, top_k=2)
    assert plan.kept == {first.id: ["eiffel-a"], second.id: ["bridge"]}
    # eiffel-b holds the first case's answer and outranks the bridge for the second: it goes, bridge stays.
    assert "eiffel-b" in plan.remove and "bridge" not in plan.remove and "eiffel-a" not in plan.remove
    assert "bridge" in top(ranked[second.id], plan.remove, 2)


def test_composition_classifies_each_returned_passage():
    case = noise_case("s:noise:0.8", 0.8).model_copy(update={"fake_answer": ["1901"]})
    texts = [TEXTS["eiffel-a"], TEXTS["tokyo"], "The Eiffel Tower was completed in 1901.", "未知的文字"]
    got = compose(case, texts, {TEXTS["tokyo"]: "tokyo"}.get)
    assert got.roles == ["positive", "noise", "counterfactual", "noise"]
    assert (got.positive, got.noise, got.counterfactual) == (0.25, 0.5, 0.25)
    assert got.chunk_ids == [None, "tokyo", None, None]
    empty = compose(case, [])
    assert empty.noise is None and empty.roles == []
    failed = TargetResponse(case_id=case.id, answer="", latency_s=0.1, error="boom", contexts=["x"])
    assert with_composition(failed, case).retrieved is None  # nothing to describe when the call failed


def test_the_report_shows_achieved_noise_beside_the_labelled_ratio(tmp_path):
    cases = [noise_case("a:noise:0.8", 0.8), noise_case("b:noise:0.8", 0.8), noise_case("a:noise:0", 0.0)]
    picks = {"a:noise:0.8": ["eiffel-a", "tokyo", "cn", "pisa", "paris"], "a:noise:0": ["eiffel-a", "eiffel-b"]}
    responses = {}
    for case in cases:
        texts = [TEXTS[cid] for cid in picks.get(case.id, [])]
        response = TargetResponse(case_id=case.id, answer="1889", latency_s=0.1, contexts=texts or None)
        responses[(case.id, "case")] = with_composition(response, case)
    section = build_e2e_section(RunData(run_dir=tmp_path, cases=cases, responses=responses))
    rows = {row.variant: row for row in section.rows}
    assert list(rows) == ["noise@0", "noise@0.8"]
    assert (rows["noise@0.8"].labelled_noise, rows["noise@0.8"].noise) == (0.8, 0.8)
    assert (rows["noise@0.8"].n_cases, rows["noise@0.8"].n_with_contexts) == (2, 1)  # b returned no passages
    assert (rows["noise@0"].noise, rows["noise@0"].positive) == (0.0, 1.0)
    assert "| noise@0.8 | 0.80 | 0.80 | 0.20 | 0.00 | 2 (1) |" in e2e_lines(section)
    assert "实际噪声比例" in e2e_html(section)
    assert mean_shares(cases, {k[0]: r.retrieved for k, r in responses.items()})["noise@0.8"]["noise"] == 0.8


def test_older_responses_still_read_and_a_contexts_run_has_no_e2e_section():
    responses = read_records(LEGACY / "responses.jsonl", TargetResponse)
    assert responses and all(r.retrieved is None for r in responses)
    assert build_report(load_run(LEGACY)).e2e is None
    recorded = Retrieved(chunk_ids=[None], roles=["noise"], positive=0.0, noise=1.0, counterfactual=0.0)
    line = responses[0].model_copy(update={"retrieved": recorded}).model_dump_json()
    assert TargetResponse.model_validate_json(line).retrieved == recorded
