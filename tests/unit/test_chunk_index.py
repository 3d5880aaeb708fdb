"""The chunk index finds exactly the chunks that reading every chunk would: aliases, restated values, noise."""

import random

from ragstress.core.types import Chunk, SeedQuestion
from ragstress.generators.testbeds.chunk_index import ChunkIndex
from ragstress.generators.testbeds.pool import ChunkPool
from ragstress.values.restated import restated_answer, restates_any_answer
from ragstress.values.spans import contains_alias, contains_any_answer

TEXTS = [
    "The bridge was completed in 1889 and is 1,063 metres long.",
    "Completed in '89, it opened on 31 March 1889 to great crowds.",
    "Its length, 1063 metres, made it the longest of its day.",
    "Eighteen eighty-nine was the year the tower rose over Paris.",
    "The Parisian press praised it; Gustave Eiffel was pleased.",
    "It was repainted in 1890. The deck holds 19,370 rivets.",
    "埃菲尔铁塔于1889年建成，高约300米，位于巴黎。",
    "铁塔于一八八九年三月三十一日落成，巴黎人称之为铁娘子。",
    "A 5 \u212ailometre walk (written with a Kelvin sign) leads there; -a and -A are options.",
    "Nothing here: a quiet passage about rivers, ferries and lamps.",
    "The Khalifa bin Zayed bridge opened on March 31, 1889 in the old town.",
    "Visitors: 2.5 million a year, about 2,500,000 people.",
]
CHUNKS = {
    f"d{i // 3}#{i % 3}": Chunk(id=f"d{i // 3}#{i % 3}", doc_id=f"d{i // 3}", text=t, start=0, end=len(t))
    for i, t in enumerate(TEXTS)
}
ALIASES = [
    ["1889"],
    ["1889年"],
    ["1,063 metres", "1063"],
    ["Paris"],
    ["巴黎"],
    ["Gustave Eiffel"],
    ["kilometre"],
    ["-a"],
    ["31 March 1889"],
    ["March 1889"],
    ["3月31日"],
    ["2.5 million"],
    ["19370"],
    ["Khalifa bin Zayed"],
    ["nowhere at all"],
    ["  "],
]


def test_holding_and_restating_are_what_reading_every_chunk_says():
    index = ChunkIndex(CHUNKS)
    for aliases in ALIASES:
        read = {cid for cid, c in CHUNKS.items() if contains_alias(c.text, aliases)}
        assert index.holding(aliases) == read, aliases
        restated = {cid for cid, c in CHUNKS.items() if restated_answer(c.text, aliases)}
        assert index.restating(aliases) == restated, aliases
        joined = "\n".join(c.text for c in CHUNKS.values())
        assert index.corpus_holds(aliases) == contains_alias(joined, aliases), aliases
    # The Kelvin sign matches "k" case-insensitively: the index must not lose that chunk.
    assert "d2#2" in index.holding(["kilometre"])
    assert {"d0#1", "d1#0", "d2#1"} <= index.restating(["1889"])  # '89, "Eighteen eighty-nine", 一八八九年


def _brute_noise(pool: ChunkPool, seed: SeedQuestion) -> list[str]:
    """The noise rule read chunk by chunk, as the pool applied it before the index."""
    positives = {cid for ids in pool.positives_per_fact(seed) for cid in ids}
    banned = positives | set(pool.not_noise.get(seed.id, ()))
    return [
        cid
        for cid, c in pool.chunks.items()
        if cid not in banned
        and not contains_any_answer(c.text, seed.answers)
        and restates_any_answer(c.text, seed.answers) is None
    ]


def test_pool_noise_matches_the_chunk_by_chunk_rule():
    seeds = [
        SeedQuestion(id=f"s{i}", question="q?", answers=[aliases], chunk_ids=[cid], lang="en", origin="curated")
        for i, (aliases, cid) in enumerate(zip(ALIASES[:14], list(CHUNKS) * 2))
    ]
    pool = ChunkPool(
        CHUNKS, {s.id: tuple(reversed(list(CHUNKS))) for s in seeds}, not_noise={"s0": frozenset({"d3#0"})}
    )
    for seed in seeds:
        eligible = _brute_noise(pool, seed)
        assert pool.noise_available(seed) == len(eligible), seed.answers
        for mode in ("hard", "random"):
            picked = pool.noise_ids(seed, 4, mode, random.Random(3))
            assert set(picked) <= set(eligible) and len(picked) == min(4, len(eligible)), (seed.answers, mode)


def test_a_pool_made_with_other_chunks_gets_its_own_index():
    from dataclasses import replace

    pool = ChunkPool(CHUNKS)
    assert replace(pool, not_noise={"s": frozenset()}).index is pool.index
    fewer = dict(list(CHUNKS.items())[:3])
    assert pool.index.holding(["Paris"]) == {"d1#0"}
    assert replace(pool, chunks=fewer).index.holding(["Paris"]) == set()
