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
from ragstress.running.e2e_noise import arrange, positives_allowed

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


def retrieve(plan, ranking: list[str], removed: set[str] = frozenset()) -> list[str]:
    """What the arranged retriever returns for a question ranked `ranking`: kept ones, then the best not hidden."""
    rest = [cid for cid in ranking if cid not in removed and cid not in plan.hide and cid not in plan.keep]
    return [cid for cid in ranking if cid in plan.keep or cid in rest[: plan.depth - len(plan.keep)]]


@pytest.mark.parametrize(
    ("ratio", "k", "allowed"),
    [(0.0, 5, 5), (0.2, 5, 4), (0.4, 5, 3), (0.6, 5, 2), (0.8, 5, 1), (0.8, 3, 1), (1.0, 5, 0)],
)
def test_positives_allowed_follow_the_ratio(ratio, k, allowed):
    assert positives_allowed(ratio, k) == allowed


def test_ratio_zero_with_one_passage_retrieves_just_one_answer_chunk():
    # The fact is stated in four chunks, the case holds one passage: its question retrieves one, the best-ranked.
    case = noise_case("s:noise:0", 0.0, noise=())
    plan = arrange([case], TEXTS, {case.id: RANKING}, top_k=5, thin=True).arranged[case.id]
    assert (plan.depth, plan.keep) == (1, ("eiffel-a",))
    assert plan.hide == {"eiffel-b", "eiffel-c", "eiffel-d"}
    assert retrieve(plan, RANKING) == ["eiffel-a"]


def test_a_high_ratio_keeps_one_answer_chunk_and_fills_with_the_best_distractors():
    case = noise_case("s:noise:0.8", 0.8, noise=("pisa", "cn", "tokyo", "bridge"))
    found = arrange([case], TEXTS, {case.id: RANKING}, top_k=5, thin=True)
    plan = found.arranged[case.id]
    assert (plan.depth, plan.keep) == (5, ("eiffel-a",))
    assert {"eiffel-b", "eiffel-c", "eiffel-d"} <= found.remove  # thinned for targets that rewrite the question
    assert retrieve(plan, RANKING, found.remove) == ["tokyo", "cn", "eiffel-a", "pisa", "bridge"]


def test_a_chunk_kept_for_one_case_is_hidden_from_another_of_the_same_variant():
    first = noise_case("a:noise:0.5", 0.5)
    # A second seed whose answer (1889 too) ranks best in another chunk: each keeps its own, hides the other's.
    second = noise_case("b:noise:0.5", 0.5, positive="eiffel-b")
    ranked = {first.id: RANKING, second.id: ["eiffel-b", "eiffel-a", "tokyo", "cn"]}
    found = arrange([second, first], TEXTS, ranked, top_k=5, thin=True)
    assert found.arranged[first.id].keep == ("eiffel-a",) and found.arranged[second.id].keep == ("eiffel-b",)
    assert not {"eiffel-a", "eiffel-b"} & found.remove  # a kept chunk stays in the store
    assert retrieve(found.arranged[second.id], ranked[second.id]) == ["eiffel-b", "tokyo"]  # 0.5 held


def test_an_integration_case_keeps_one_chunk_per_fact():
    case = noise_case("s:integration:0", 0.0, answers=(("1889",), ("1958",)), noise=()).model_copy(
        update={"testbed": "integration"}
    )
    case = case.model_copy(update={"contexts": case.contexts + [Context(text=TEXTS["tokyo"], role="positive")]})
    plan = arrange([case], TEXTS, {case.id: RANKING}, top_k=5).arranged[case.id]
    assert plan.depth == 2 and set(plan.keep) == {"eiffel-a", "tokyo"}
    assert retrieve(plan, RANKING) == ["tokyo", "eiffel-a"]


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
