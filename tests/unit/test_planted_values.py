"""Planted values are values of their kind, written wherever and however a passage writes the truth.

The review's cases: a Chinese month-day shifted like a year with every digit replaced (4月24日 ->
33月233日), a date written twice of which one form kept the truth (14 June 1919 … June 14, 1919),
a quantity typed as a name ("holds about Oradel Clock Tower, or 2,500,000 rivets"), and 250万
beside 2500000.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from ragstress.core.types import Chunk, SeedQuestion
from ragstress.generators.questions.cross_aliases import add_cross_aliases
from ragstress.generators.testbeds.build import TestbedSettings, build_cases
from ragstress.generators.testbeds.counterfactual import make_fake_answer, plant_passage
from ragstress.generators.testbeds.planting import planting_stats
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.generators.testbeds.value_fakes import DEVIATIONS, answer_kind
from ragstress.values.forms import Date, date_mentions, impossible_dates, number_mentions
from ragstress.values.restated import restated_answer
from ragstress.values.rewriting import replace_value
from ragstress.values.spans import contains_alias

NAMES = {"en:words3": ("Oradel Clock Tower",), "en:words2": ("Oradel Tower",), "en:place": ("Lyon",)}
DRAWS = [None] * 30 + list(DEVIATIONS)


def fakes(aliases, lang="en", text="", deviations=DRAWS):
    """One fake per draw (30 random, then one per deviation), from differently seeded generators."""
    made = []
    for n, deviation in enumerate(deviations):
        fake = make_fake_answer(aliases, lang, random.Random(n), source_text=text, names=NAMES, deviation=deviation)
        assert not isinstance(fake, str), (aliases, deviation, fake)
        made.append(fake)
    return made


def planted(text, aliases, lang="en"):
    """Every planting of `text` over the draws: each must succeed and hold a real date and no truth."""
    results = []
    for fake in fakes(aliases, lang, text):
        passage, problem = plant_passage(text, aliases, fake)
        assert problem is None, (fake.aliases, problem)
        assert not impossible_dates(passage), passage
        assert not contains_alias(passage, aliases) and restated_answer(passage, aliases) is None, passage
        assert contains_alias(passage, fake.aliases)
        results.append((fake, passage))
    return results


@pytest.mark.parametrize("truth", ["4月24日", "7月24日", "2月20日"])
def test_a_month_day_without_a_year_moves_within_the_calendar(truth):
    text = f"东方红一号于1970年{truth}发射，{truth}后来成为纪念日。"
    for fake, passage in planted(text, [truth], "zh"):
        [mention] = date_mentions(fake.aliases[0])
        assert fake.kind == "date" and mention.value.year is None and mention.value.exists()
        assert fake.aliases[0] != truth and passage.count("1970年") == 1  # the year is not the answer: it stays


def test_the_reviewed_month_days_are_impossible_and_the_planted_ones_are_not():
    for text in ("33月233日", "-4月2-4日", "30月24日", "27月270日", "1970年-14月2-14日", "June 31", "29 February 1901"):
        assert impossible_dates(text), text
    assert not impossible_dates("1970年4月24日、2月29日、29 February 2000、1958-1960年、3-5月")


def test_a_full_chinese_date_changes_its_year_only():
    for fake, passage in planted("东方红一号于1970年4月24日发射。", ["1970年4月24日"], "zh"):
        date = fake.values[1]
        assert fake.kind == "date" and (date.month, date.day) == (4, 24) and date.year != 1970
        assert f"{date.year}年4月24日" in passage


def test_a_date_written_twice_is_planted_in_both_forms():
    text = "The first flight left on 14 June 1919; newspapers printed it as June 14, 1919, and it was the talk of '19."
    for fake, passage in planted(text, ["14 June 1919"]):
        year = fake.values[1].year
        assert f"14 June {year}" in passage and f"June 14, {year}" in passage and f"'{year % 100:02d}" in passage


def test_a_year_is_replaced_in_every_form_and_only_as_a_whole_token():
    text = "In 1919 (1919年, June 14, 1919) the line carried 19190 passengers and 2,191,900 parcels."
    for fake, passage in planted(text, ["1919"]):
        assert "19190 passengers" in passage and "2,191,900" in passage
        assert passage.count(str(fake.values[1].year)) == 3


def test_a_quantity_is_planted_as_a_quantity_in_each_of_its_forms():
    text = "The tower holds about 2.5 million, or 2,500,000 rivets, and weighs 7,300 tonnes."
    for aliases in (["2.5 million", "2,500,000"], ["about 2.5 million rivets"]):
        for fake, passage in planted(text, aliases):
            value = fake.values[1]
            assert fake.kind == "number" and "Oradel" not in passage
            assert f"{value:,f}".split(".")[0] in passage  # 2,500,000 -> e.g. 2,900,000
            assert f"{value / 10**6:.1f} million" in passage
            assert "7,300 tonnes" in passage and "500" not in passage.replace(f"{value:,f}", "")


def test_the_numeral_alone_of_a_scaled_quantity_moves_with_it():
    for aliases, lang in ((["2.5 million", "2.5"], "en"), (["250万", "250"], "zh")):
        for fake in fakes(aliases, lang):
            scale = 10**6 if lang == "en" else 10**4
            assert Decimal(fake.replacements[aliases[1]]) * scale == fake.values[1]


def test_a_quantity_is_never_typed_or_planted_as_a_name():
    for answer in ("2.5 million rivets", "about 2.5 million rivets", "six million", "二百五十万", "约120万人"):
        assert answer_kind(answer, "zh" if "万" in answer else "en") == "number", answer
    fake = make_fake_answer(["six million"], "en", random.Random(1), source_text="", names=NAMES)
    assert fake == "a number in a form that cannot be planted"
    for name, lang in (
        ("Apollo 11", "en"),
        ("7-Eleven", "en"),
        ("十三陵", "zh"),
        ("二十四节气", "zh"),
        ("东方红一号", "zh"),
    ):
        assert answer_kind(name, lang) == "name", name


def test_wan_and_plain_digits_are_one_value():
    text = "每年约250万人次到访，即2500000人次。"
    for fake, passage in planted(text, ["250万", "2500000"], "zh"):
        value = fake.values[1]
        assert f"{value / 10**4:.0f}万" in passage and f"{value:f}" in passage


def test_29_february_moves_only_to_a_leap_year():
    text = "The exchange opened on 29 February 1920."
    for n in range(30):
        fake = make_fake_answer(["29 February 1920"], "en", random.Random(n), source_text=text, names={})
        year = fake.values[1].year
        assert year % 4 == 0 and (year % 100 or year % 400 == 0)
    # Two years away no 29 February exists: no fake rather than an impossible one.
    fake = make_fake_answer(["29 February 1920"], "en", random.Random(1), source_text=text, names={}, deviation="small")
    assert isinstance(fake, str) and "29 February" in fake


def test_a_year_before_the_common_era_stays_one():
    for aliases, text in ((["公元前221年"], "秦于公元前221年统一六国。"), (["221 BC"], "Qin unified China in 221 BC.")):
        lang = "zh" if "年" in text else "en"
        for fake, passage in planted(text, aliases, lang):
            assert fake.values[1].bce and fake.values[1].year >= 1 and "-" not in passage


def test_a_passage_that_would_still_show_the_truth_is_not_planted():
    fake = make_fake_answer(["1919"], "en", random.Random(1), source_text="", names={})
    passage, problem = plant_passage("It opened in 1919 (nineteen nineteen).", ["1919"], fake)
    assert passage is None and problem == "the truth is restated in another form"
    passage, problem = plant_passage("It opened in 1919, the 1,919th day.", ["1919"], fake)
    assert passage is None and problem == "the truth is restated in another form"


def test_each_place_keeps_its_own_form():
    text = "On June 14th, 1919 (14th of June; JUNE 14 1919; Jun. 14, 1919; 1919/06/14; 1919年6月14日)"
    assert replace_value(text, Date(None, 6, 14), Date(None, 7, 3)) == (
        "On July 3rd, 1919 (3rd of July; JULY 3 1919; Jul. 3, 1919; 1919/07/03; 1919年7月3日)"
    )
    assert replace_value("Sept. 9, 1919 and 9 sept 1919", Date(None, 9, 9), Date(None, 10, 1)) == (
        "Oct. 1, 1919 and 1 oct 1919"
    )


def test_values_are_read_as_whole_tokens():
    assert [m.value for m in number_mentions("2,500,000 and 19190 and 3.8.1")] == [Decimal(2500000), Decimal(19190)]
    assert replace_value("2,500,000 rivets, 500 bolts", Decimal(500), Decimal(600)) == "2,500,000 rivets, 600 bolts"
    assert replace_value("19190 and 1919", Date(1919), Date(1921)) == "19190 and 1921"
    # A date's day is no quantity: 24 floors is not restated by 24 June.
    assert restated_answer("It opened on 24 June.", ["24 floors", "24"]) is None
    assert restated_answer("It returned on April 24.", ["4月24日"])  # a month-day in another language's form
    assert restated_answer("Class of '19.", ["1919"])


CHUNKS = {
    "a#0": Chunk(
        id="a#0", doc_id="a", text="The Sky Bridge opened on 14 June 1919 and holds 2,500,000 rivets.", start=0, end=1
    ),
    "a#1": Chunk(
        id="a#1", doc_id="a", text="It was nineteen nineteen when the bridge, finished in 1919, opened.", start=1, end=2
    ),
    "b#0": Chunk(id="b#0", doc_id="b", text="Lyon is a city in France with 1,063 steps.", start=0, end=1),
}


def seed(sid, question, answers):
    return SeedQuestion(id=sid, question=question, answers=answers, chunk_ids=["a#0"], lang="en", origin="curated")


def test_plantings_not_made_are_counted_by_reason():
    seeds = [
        seed("rivets", "How many rivets does the Sky Bridge hold?", [["2,500,000 rivets", "2,500,000"]]),
        seed("year", "In which year did the Sky Bridge open?", [["1919"]]),
    ]
    pool = ChunkPool(CHUNKS, names=NAMES)
    settings = TestbedSettings()
    cases = build_cases(seeds, pool, ["counterfactual", "conflict"], settings)
    stats = planting_stats(seeds, pool, ["counterfactual", "conflict"], settings)
    by_testbed = stats["by_testbed"]
    assert {c.seed_id for c in cases} == {"rivets"}  # a#1 says the year in words: the year seed gets no case
    assert by_testbed["counterfactual"] == {
        "tried": 2,
        "made": 1,
        "not_made": {"passage: the truth is restated in another form": 1},
    }
    assert by_testbed["conflict"]["made"] == 1 and by_testbed["conflict:large"]["tried"] == 1
    assert stats["examples"][0] == {
        "seed_id": "year",
        "testbed": "counterfactual",
        "reason": "passage: the truth is restated in another form",
    }


async def test_a_quantity_answer_is_not_sent_for_a_name_in_the_other_language():
    seeds = [seed("rivets", "How many rivets does it hold?", [["2.5 million rivets"]])]
    updated, counts = await add_cross_aliases(None, seeds, {})  # no client needed: nothing is asked
    assert updated == seeds and counts == {"asked": 0, "kept": 0, "rejected": {}}


def test_an_e2e_rewrite_never_leaves_a_date_no_calendar_has():
    from ragstress.core.types import Case
    from ragstress.running.e2e_answers import rewrite_with_fake

    case = Case(
        id="c",
        seed_id="s",
        testbed="counterfactual",
        lang="zh",
        question="有多少层？",
        answers=[["24层", "24"]],
        fake_answer=["37层", "37"],
        contexts=[],
        expected="flag_error",
        params={"fake_replacements": {"24层": "37层", "24": "37"}},
    )
    assert rewrite_with_fake("大楼共24层。", case) == "大楼共37层。"
    assert rewrite_with_fake("大楼共24层，于2月24日开放。", case) is None
