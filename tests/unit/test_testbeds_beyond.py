"""Conflict, style and position testbeds on the hand-made chunk pool: exact shares, slots and wordings."""

from __future__ import annotations

import random

import pytest

from ragstress.generators.testbeds.build import TestbedSettings, build_cases
from ragstress.generators.testbeds.counterfactual import make_fake_answer
from ragstress.generators.testbeds.styles import STYLES, restyle
from ragstress.generators.testbeds.value_fakes import DEVIATIONS
from ragstress.values.spans import contains_alias
from tests.unit.test_testbeds import CITY, POOL, SETTINGS, SINGLE, cases_for


def test_conflict_plants_k_of_n_passages_for_every_k_with_one_fake():
    cases = [c for c in cases_for(SINGLE, "conflict") if c.params["deviation"] is None]
    n = cases[0].params["conflict_n"]
    assert n == 2  # eiffel#0 and eiffel#1 hold 1889 (expo#0 too, but in another document)
    assert [c.params["conflict_k"] for c in cases] == list(range(n + 1))
    assert [c.params["conflict_share"] for c in cases] == [0.0, 0.5, 1.0]
    fakes = {tuple(c.fake_answer) for c in cases}
    assert len(fakes) == 1  # one planted value per seed, whatever k
    for case in cases:
        planted = [p for p in case.contexts if p.role == "counterfactual"]
        kept = [p for p in case.contexts if p.role == "positive"]
        assert len(planted) == case.params["conflict_k"] and len(planted) + len(kept) == n
        assert all(contains_alias(p.text, case.fake_answer) and not contains_alias(p.text, ["1889"]) for p in planted)
        assert all(contains_alias(p.text, ["1889"]) for p in kept)
        assert case.expected == "answer" and case.testbed == "conflict"
    assert cases == [c for c in cases_for(SINGLE, "conflict") if c.params["deviation"] is None]  # deterministic


def test_the_plausibility_axis_moves_a_year_by_2_20_and_200():
    far = {c.params["deviation"]: c for c in cases_for(SINGLE, "conflict") if c.params["deviation"]}
    assert set(far) == set(DEVIATIONS)
    moved = {level: abs(int(case.fake_answer[0]) - 1889) for level, case in far.items()}
    assert moved == {"small": 2, "medium": 20, "large": 200}
    assert all(c.params["conflict_share"] == 1.0 for c in far.values())


@pytest.mark.parametrize(("level", "low", "high"), [("small", 1.05, 1.15), ("medium", 1.9, 2.1), ("large", 9, 11)])
def test_quantities_move_by_ten_percent_double_and_tenfold(level, low, high):
    for n in range(10):
        fake = make_fake_answer(
            ["333 metres", "333"], "en", random.Random(n), source_text="", names={}, deviation=level
        )
        ratio = float(fake.aliases[0].split()[0]) / 333
        assert low <= max(ratio, 1 / ratio) <= high, (level, fake.aliases)


def test_a_name_answer_has_no_plausibility_axis():
    cases = cases_for(CITY, "conflict")
    assert cases and all(c.params["deviation"] is None for c in cases)


def test_position_places_the_positive_in_every_slot_among_the_same_noise():
    cases = cases_for(SINGLE, "position")
    assert [c.params["position"] for c in cases] == [1, 2, 3, 4, 5]
    assert [c.params["position_name"] for c in cases] == ["first", None, "middle", None, "last"]
    noise_orders = {tuple(p.chunk_id for p in c.contexts if p.role == "noise") for c in cases}
    assert len(noise_orders) == 1  # only the positive moves
    for slot, case in enumerate(cases, start=1):
        assert case.contexts[slot - 1].role == "positive" and case.contexts[slot - 1].chunk_id == "eiffel#0"


def test_style_asks_the_original_and_every_style_over_the_same_passages():
    cases = cases_for(SINGLE, "style")
    assert [c.params["style"] for c in cases] == ["original", *STYLES]
    assert cases[0].question == SINGLE.question and len({c.question for c in cases}) == len(cases)
    assert len({tuple(p.text for p in c.contexts) for c in cases}) == 1
    chosen = cases_for(SINGLE, "style", TestbedSettings(base_seed=13, styles=("typo",)))
    assert [c.params["style"] for c in chosen] == ["original", "typo"]


@pytest.mark.parametrize(
    ("lang", "question", "answers"),
    [
        ("en", "In what year was the Eiffel Tower completed after years of planning?", [["1889"]]),
        ("en", "Which company manufactures Walkman devices according to Sony documentation?", [["Walkman"]]),
        ("zh", "埃菲尔铁塔是在哪一年建成的？", [["1889年"]]),
        ("zh", "南京长江大桥全长多少米？", [["6772米"]]),
    ],
)
def test_every_style_rewords_without_touching_the_answer(lang, question, answers):
    for style in STYLES:
        for n in range(5):
            changed = restyle(question, style, lang, random.Random(n), answers)
            assert changed != question, (style, changed)
            if contains_alias(question, answers[0]):
                assert contains_alias(changed, answers[0]), (style, changed)


def test_the_new_testbeds_build_through_build_cases_in_order():
    cases = build_cases([SINGLE], POOL, ["conflict", "style", "position"], SETTINGS)
    assert [c.testbed for c in cases] == sorted((c.testbed for c in cases), key=["conflict", "style", "position"].index)
    assert len({c.id for c in cases}) == len(cases)
