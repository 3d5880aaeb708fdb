"""The four testbeds on a hand-made chunk pool: passage counts, roles, and determinism."""

from __future__ import annotations

import pytest

from ragstress.core.registry import UnknownNameError
from ragstress.core.types import RGB_TESTBEDS, Chunk, SeedQuestion
from ragstress.core.types import TESTBEDS as ALL
from ragstress.generators.testbeds.build import TESTBEDS, TestbedSettings, build_cases, noise_count
from ragstress.generators.testbeds.counterfactual import name_inventory
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.values.spans import contains_alias, contains_any_answer

TEXTS = {
    "eiffel#0": ("eiffel", "The Eiffel Tower in Paris was completed in 1889 for the world's fair."),
    "eiffel#1": ("eiffel", "By 1889 the tower was the tallest structure; Gustave Eiffel's firm built it."),
    "eiffel#2": ("eiffel", "Today the tower welcomes millions of visitors every year."),
    "tokyo#0": ("tokyo", "Tokyo Tower in Tokyo was completed in 1958 and is 333 metres tall."),
    "cn#0": ("cn", "The CN Tower in Toronto opened in 1976."),
    "pisa#0": ("pisa", "Construction of the Leaning Tower of Pisa began in 1173 in Pisa."),
    "expo#0": ("expo", "The Exposition Universelle of 1889 marked the French Revolution's centenary."),
    "bridge#0": ("bridge", "The Golden Gate Bridge in San Francisco opened in 1937."),
    "bridge#1": ("bridge2", "The Brooklyn Bridge in New York opened in 1883."),
    "river#0": ("river", "The Danube flows into the Black Sea after passing Vienna and Budapest."),
}
CHUNKS = {cid: Chunk(id=cid, doc_id=doc, text=text, start=0, end=len(text)) for cid, (doc, text) in TEXTS.items()}
SINGLE = SeedQuestion(
    id="s1",
    question="In which year was the Eiffel Tower completed?",
    answers=[["1889"]],
    chunk_ids=["eiffel#0"],
    lang="en",
    origin="curated",
)
CITY = SeedQuestion(
    id="s2",
    question="In which city does the CN Tower stand?",
    answers=[["Toronto"]],
    chunk_ids=["cn#0"],
    lang="en",
    origin="curated",
)
PAIR = SeedQuestion(
    id="p1",
    question="When did the Golden Gate Bridge and the Brooklyn Bridge open?",
    answers=[["1937"], ["1883"]],
    chunk_ids=["bridge#0", "bridge#1"],
    lang="en",
    origin="curated",
)
# "expo#0" is the nearest neighbour but holds the answer: it must never be noise.
NEIGHBOURS = {
    "s1": (
        "eiffel#0",
        "expo#0",
        "eiffel#1",
        "eiffel#2",
        "tokyo#0",
        "cn#0",
        "pisa#0",
        "bridge#0",
        "bridge#1",
        "river#0",
    ),
    "s2": ("cn#0", "tokyo#0", "eiffel#0", "pisa#0", "expo#0", "river#0", "bridge#0"),
    "p1": ("bridge#0", "bridge#1", "river#0", "cn#0", "tokyo#0", "pisa#0", "eiffel#2"),
}
POOL = ChunkPool(CHUNKS, NEIGHBOURS, names=name_inventory([c.text for c in CHUNKS.values()], "en"))
SETTINGS = TestbedSettings(base_seed=13)


def cases_for(seed, testbed, settings=SETTINGS):
    return TESTBEDS.get(testbed)(seed, POOL, settings)


def test_registry_knows_every_testbed_and_suggests_names():
    assert set(TESTBEDS.names()) == set(ALL) and TESTBEDS.names()[:4] == list(RGB_TESTBEDS)
    with pytest.raises(UnknownNameError, match="did you mean 'negative'"):
        TESTBEDS.resolve("noise,negativ")


@pytest.mark.parametrize("ratio, expected", [(0, 0), (0.2, 1), (0.4, 2), (0.6, 3), (0.8, 4), (1.0, 5)])
def test_noise_count_follows_rgb(ratio, expected):
    assert noise_count(ratio) == expected


@pytest.mark.parametrize("mode", ["hard", "random"])
def test_noise_cases_hold_exactly_their_ratio_and_clean_noise(mode):
    cases = cases_for(SINGLE, "noise", TestbedSettings(noise_mode=mode))
    # Two chunks hold the answer: 0.2 (4 positives : 1) and 0.4 (3 : 2) are out of reach and dropped.
    assert [c.params["noise_ratio"] for c in cases] == [0.0, 0.6, 0.8]
    for case in cases:
        noise = [c for c in case.contexts if c.role == "noise"]
        positive = [c for c in case.contexts if c.role == "positive"]
        assert len(noise) == case.params["n_noise"] and len(positive) == case.params["n_positive"]
        assert len(noise) / len(case.contexts) == case.params["noise_ratio"]
        assert "noise_ratio_requested" not in case.params
        assert case.params["n_passages"] == len(case.contexts) <= 5
        assert not any(contains_any_answer(c.text, case.answers) for c in noise)
        assert all(contains_alias(c.text, case.answers[0]) for c in positive)
        assert "expo#0" not in {c.chunk_id for c in case.contexts}
        assert case.expected == "answer" and case.id == f"s1:noise:{case.params['noise_ratio']:g}"
        assert case.params["positive_chunk_ids"] == ["eiffel#0"]
        assert case.params["reference"] == "The Eiffel Tower in Paris was completed in 1889 for the world's fair."
        assert sorted(case.params["passage_rank"]) == sorted(list(range(len(positive))) + list(range(len(noise))))
    assert [(c.params["n_positive"], c.params["n_noise"]) for c in cases] == [(2, 0), (2, 3), (1, 4)]


def test_one_chunk_answers_keep_only_reachable_ratios_or_mark_the_nearest():
    exact = cases_for(CITY, "noise")
    assert [(c.params["n_positive"], c.params["n_noise"]) for c in exact] == [(1, 0), (1, 4)]
    assert [c.params["noise_ratio"] for c in exact] == [0.0, 0.8]
    nearest = cases_for(CITY, "noise", TestbedSettings(ratio_policy="nearest"))
    achieved = {
        c.params["noise_ratio_requested"]: c.params["noise_ratio"]
        for c in nearest
        if "noise_ratio_requested" in c.params
    }
    # 1 positive with k noise gives k/(k+1); each missing ratio takes the nearest share not yet shown.
    assert achieved == {0.2: 0.5, 0.4: 0.6667, 0.6: 0.75}
    for case in nearest:
        assert case.params["n_noise"] / case.params["n_passages"] == pytest.approx(case.params["noise_ratio"], abs=1e-4)


def test_hard_noise_takes_the_nearest_alias_free_chunks():
    case = cases_for(SINGLE, "noise")[-1]  # ratio 0.8: four noise passages
    noise = {c.chunk_id for c in case.contexts if c.role == "noise"}
    assert noise == {"eiffel#2", "tokyo#0", "cn#0", "pisa#0"}


def test_negative_rejection_has_five_noise_passages_and_expects_a_refusal():
    [case] = cases_for(SINGLE, "negative")
    assert case.expected == "reject" and case.params["noise_ratio"] == 1.0
    assert len(case.contexts) == 5 and all(c.role == "noise" for c in case.contexts)
    assert not any(contains_any_answer(c.text, case.answers) for c in case.contexts)


def test_integration_holds_a_positive_per_fact():
    cases = cases_for(PAIR, "integration")
    # One chunk per fact: 2 positives reach only 0 (0.2 needs 4 : 1, 0.4 needs 3 : 2).
    assert [c.params["noise_ratio"] for c in cases] == [0.0]
    for case in cases:
        positives = [c for c in case.contexts if c.role == "positive"]
        for aliases in case.answers:
            assert any(contains_alias(c.text, aliases) for c in positives)
        assert sum(c.role == "noise" for c in case.contexts) / len(case.contexts) == case.params["noise_ratio"]
        assert not any(contains_any_answer(c.text, case.answers) for c in case.contexts if c.role == "noise")
    assert cases_for(SINGLE, "integration") == [] and cases_for(PAIR, "noise") == []


@pytest.mark.parametrize("seed", [SINGLE, CITY])
def test_counterfactual_passages_carry_the_fake_never_the_truth(seed):
    [case] = cases_for(seed, "counterfactual")
    assert case.expected == "flag_error" and case.fake_answer
    assert case.fake_answer[0] not in seed.answers[0]
    for context in case.contexts:
        assert context.role == "counterfactual" and context.chunk_id in POOL.chunks
        assert not contains_alias(context.text, seed.answers[0])
        assert contains_alias(context.text, case.fake_answer)
    truth = case.params["true_passages"]
    assert {POOL.chunk(c.chunk_id).text for c in case.contexts} == set(truth)


def test_counterfactual_year_is_shifted_and_city_replaced_by_a_place():
    [year] = cases_for(SINGLE, "counterfactual")
    assert year.fake_answer[0].isdigit() and len(year.fake_answer[0]) == 4 and year.params["fake_kind"] == "year"
    [city] = cases_for(CITY, "counterfactual")
    assert city.params["fake_kind"] == "name (en:place)"
    assert city.fake_answer[0] in POOL.names["en:place"]


def test_cases_are_deterministic_and_depend_on_the_seed():
    first = build_cases([SINGLE, CITY, PAIR], POOL, list(TESTBEDS), TestbedSettings(noise_mode="random"))
    again = build_cases([SINGLE, CITY, PAIR], POOL, list(TESTBEDS), TestbedSettings(noise_mode="random"))
    other = build_cases([SINGLE, CITY, PAIR], POOL, list(TESTBEDS), TestbedSettings(base_seed=14, noise_mode="random"))
    dump = lambda cases: "\n".join(c.model_dump_json() for c in cases)  # noqa: E731
    assert dump(first) == dump(again)
    assert dump(first) != dump(other)
    # A case does not change when other seeds are added: its randomness comes from its own id.
    alone = build_cases([CITY], POOL, ["noise"], TestbedSettings(noise_mode="random"))
    assert dump(alone) == dump([c for c in first if c.seed_id == "s2" and c.testbed == "noise"])
