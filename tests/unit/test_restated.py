"""The numeric/date answer check: reformatted numbers and dates count as stating the answer."""

from __future__ import annotations

import random

import pytest

from ragstress.core.types import Chunk, SeedQuestion
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.values.restated import dates_in, numbers_in, restated_answer, restates_any_answer


@pytest.mark.parametrize(
    "text, aliases",
    [
        ("The spire brings it to 1,063 feet.", ["1063 feet", "1063"]),
        ("It has 1 063 steps.", ["1063"]),
        ("About 1.2 million people visit each year.", ["1,200,000"]),
        ("每年接待游客约120万人。", ["1200000人"]),
        ("The tower opened on March 31, 1889.", ["31 March 1889"]),
        ("Opening day was 1889-03-31.", ["31 March 1889"]),
        ("铁塔于1889年3月31日落成。", ["31 March 1889"]),
        ("It opened on 31 March 1889 to the public.", ["March 1889"]),
    ],
)
def test_reformatted_numbers_and_dates_are_found(text, aliases):
    assert restated_answer(text, aliases) is not None


@pytest.mark.parametrize(
    "text, aliases",
    [
        ("The tower is 330 metres tall.", ["331"]),
        ("It opened in March 1889.", ["31 March 1889"]),  # a month does not state the day
        ("Work took 2 years and 5 months.", ["5"]),  # one-digit values are everywhere: not matched
        ("The bridge spans 1,280 metres.", ["Joseph Strauss"]),
        ("In 1889 the fair opened.", ["12 May 1889"]),  # the year alone is not the date
    ],
)
def test_other_values_are_not_taken_for_the_answer(text, aliases):
    assert restated_answer(text, aliases) is None


def test_values_read_from_text():
    assert numbers_in("1,063 steps, 2.5 billion and 3万") == {1063, 2500000000, 30000}
    assert numbers_in("a 330 m mast") == {330}  # "m" is metres here, never millions
    assert dates_in("from 4 July 1976 to July 1977") == {(1976, 7, 4), (1977, 7, None)}


def test_a_chunk_restating_the_answer_is_never_noise():
    texts = {
        "a#0": ("a", "The Chrysler Building rises 1046 feet above Lexington Avenue."),
        "b#0": ("b", "Its rival topped out at 1,046 feet, a record at the time."),
        "c#0": ("c", "The harbour ferry runs every twenty minutes."),
        "d#0": ("d", "The museum opened in the spring."),
    }
    chunks = {cid: Chunk(id=cid, doc_id=doc, text=text, start=0, end=len(text)) for cid, (doc, text) in texts.items()}
    seed = SeedQuestion(
        id="s",
        question="How tall is the Chrysler Building?",
        answers=[["1046 feet", "1046"]],
        chunk_ids=["a#0"],
        lang="en",
        origin="curated",
    )
    pool = ChunkPool(chunks, {"s": ("a#0", "b#0", "c#0", "d#0")})
    assert restates_any_answer(texts["b#0"][1], seed.answers)
    assert pool.noise_available(seed) == 2
    assert set(pool.noise_ids(seed, 3, "hard", random.Random(1))) == {"c#0", "d#0"}
