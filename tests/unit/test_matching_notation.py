"""Notations of one value read alike (`values.notation`): superscript powers, powers of ten, a unit to the power
minus one, time units in their abbreviations, a degree sign's spacing, digits grouped by spaces and ranges with an
arrow. Examples written for these tests."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.rules import facts_stated
from ragstress.values.matching import comparable
from ragstress.values.notation import powers
from ragstress.values.reading import read

STATED = [
    ("Its mass is about 5.97 × 10²⁴ kg.", ["5.97 x 10^24 kg"]),  # a superscript power against a caret
    ("Its mass is about 5.97x10^24 kg.", ["5.97 × 10²⁴ kg"]),
    ("The charge is 1.6·10⁻¹⁹ C.", ["1.6 × 10^-19 C"]),
    ("Planck's constant: 6.63 * 10^-34 J s.", ["6.63×10⁻³⁴ J s"]),
    ("Sound in water: 1480 m s⁻¹.", ["1480 m/s"]),  # a unit to the power minus one divides
    ("Aluminium: 2.7 g cm⁻³.", ["2.7 g/cm³"]),
    ("The flight takes 95 mins.", ["95 minutes"]),  # a span of time in its abbreviations
    ("The flight takes 95 minutes.", ["95 min"]),
    ("Battery life is 11 hrs.", ["11 hours"]),
    ("Battery life is 11h.", ["11 hours"]),
    ("The pause lasts 40 secs.", ["40 seconds"]),
    ("The central bank cut by 25 bps.", ["25 basis points"]),  # basis points in their abbreviation
    ("A spread of 140 basis points.", ["140 bps"]),
    ("The ferry sails at 6 in the morning.", ["6 am"]),  # an hour with its part of the day
    ("The last tram leaves at 11:40 at night.", ["11:40 pm"]),
    ("Doors open at 7 in the evening.", ["7 pm"]),
    ("Nitrogen boils at 77 °K, or so the sheet says.", ["77°K"]),  # a degree sign's spacing
    ("Set the oven to 180°C.", ["180 °C"]),
    ("Light covers 299 792 km each second.", ["299,792 km"]),  # digits grouped by spaces
    ("The stadium seats 1 250 000 people? No: 125 000.", ["125000"]),
    ("Doses rise 10 → 20 mg over a week.", ["10-20 mg"]),  # a range with an arrow
    ("Torque is given in N m.", ["N·m"]),  # a dot between units is a product
    ("Impulse: 12 kg⋅m/s.", ["12 kg m/s"]),
    ("水的比热容为4.2×10³ J/(kg·℃)。", ["4.2×10^3 J/(kg·℃)"]),
]
NOT_STATED = [
    ("Its mass is about 5.97 × 10²³ kg.", ["5.97 x 10^24 kg"]),
    ("The code is 10⁸.", ["108"]),  # a power is not the digits run together
    ("The flight takes 95 hours.", ["95 minutes"]),
    ("The pause lasts 40 mins.", ["40 seconds"]),
    ("The central bank cut by 25 bps.", ["250 basis points"]),
    ("The rate rose 25 percent.", ["25 basis points"]),  # a per cent is no basis point
    ("The ferry sails at 6 in the evening.", ["6 am"]),
    ("In 1889 in the morning the tower opened.", ["9 am"]),  # the end of a year is no hour
    ("In 2019 300 people came.", ["2019300"]),  # two numbers side by side are not one
    ("Light covers 299 792 458 m each second.", ["299792 m"]),
]


@pytest.mark.parametrize(("text", "aliases"), STATED)
def test_fact_stated_in_another_notation(text, aliases):
    assert facts_stated(read(text), [aliases])[0], (text, comparable(text))


@pytest.mark.parametrize(("text", "aliases"), NOT_STATED)
def test_fact_not_stated_by_a_near_notation(text, aliases):
    assert not facts_stated(read(text), [aliases])[0], (text, comparable(text))


def test_superscripts_read_as_powers():
    assert powers("10⁸ m s⁻¹") == "10^8 m s^-1"
    assert powers("no superscript") == "no superscript"
    assert comparable("x²") == "x^2" and comparable("c = 3 × 10⁸") == "c = 300000000"


def test_a_dot_in_a_chinese_name_is_kept():
    assert comparable("列夫·托尔斯泰") == "列夫·托尔斯泰"


def test_a_bare_unit_letter_without_a_number_is_left_alone():
    assert comparable("h is for hours, s for seconds") == "h is for hours, s for seconds"


def test_long_text_reads_in_linear_time():
    import time

    text = "1 000 " * 10_000 + "x ² · 10" * 1000
    start = time.perf_counter()
    comparable(text)
    assert time.perf_counter() - start < 2.0
