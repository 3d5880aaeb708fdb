"""A JSON answer that names its unit in a field's key states the number with that unit."""

from __future__ import annotations

import json

import pytest

from ragstress.scoring.lexicon.en.json_units import EXAMPLES, KEY_UNITS
from ragstress.scoring.metrics import json_units
from ragstress.scoring.metrics.refusal import refusal
from ragstress.scoring.metrics.rules import facts_stated
from ragstress.values.reading import read


def test_every_unit_has_an_example():
    assert set(EXAMPLES) == set(KEY_UNITS)


@pytest.mark.parametrize("unit", sorted(KEY_UNITS))
def test_every_unit_key_states_its_example(unit):
    response, answer = EXAMPLES[unit]
    stated, report = facts_stated(read(response), [[answer]])
    assert stated, report


def test_a_unit_key_inside_the_answer_field_states_the_fact():
    response = '{"status": "ok", "answer": {"carry_on_kg": 10, "laptop_bag_kg": 3}}'
    assert facts_stated(read(response), [["10 kg"]])[0]
    assert not facts_stated(read(response), [["12 kg"]])[0]


@pytest.mark.parametrize(
    "response",
    [
        '{"refund_days": 14}',  # the fact asked is 30 days
        '{"days": 30}',  # a key that is only a unit names no field
        '{"days_left": 30}',  # the unit is not the key's last word
        '{"refund_days": true}',
        "The refund_days field is 30.",  # prose, not a JSON answer
    ],
)
def test_no_unit_read_where_none_is_stated(response):
    assert not facts_stated(read(response), [["30 days"]])[0]


def test_with_unit_writes_whole_floats_as_integers():
    assert json_units.with_unit("term_years", 4.0) == "4 years"
    assert json_units.with_unit("rate_percent", 2.5) == "2.5%"


@pytest.mark.parametrize(
    "response",
    ['{"hotel": null, "check_out_time": null}', '{"作者": null, "出版年份": ""}', '{"city": "", "note": "not stated"}'],
)
def test_a_json_answer_with_every_field_empty_refuses(response):
    assert refusal(read(response), [["Lisbon"]]).value is True


@pytest.mark.parametrize("response", ['{"city": "Lisbon", "year": null}', '{"city": null, "sources_conflict": true}'])
def test_a_json_answer_with_a_field_set_does_not_refuse_for_it(response):
    assert refusal(read(response), [["Lisbon"]]).value is not True


def test_the_examples_are_json_objects():
    for response, _ in EXAMPLES.values():
        assert isinstance(json.loads(response), dict)
