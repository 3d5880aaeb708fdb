"""Fact spans, answer aliases and matching, fake answers, and curated seed mapping."""

from __future__ import annotations

import json
import random

import pytest

from ragstress.core.jsonl import RecordFileError
from ragstress.core.types import Chunk
from ragstress.generators.questions.curated import map_curated, read_seed_file
from ragstress.generators.questions.seeds import answer_aliases
from ragstress.generators.testbeds.counterfactual import make_fake_answer, name_inventory, plant_passage
from ragstress.values.spans import (
    FactSpan,
    answer_sentences,
    contains_alias,
    default_aliases,
    extract_spans,
    replace_aliases,
)

EN = (
    "The Eiffel Tower stands in Paris. Work began in January 1887, and the tower was completed in 1889. "
    "It rose about 300 metres and is held by 2,500,000 rivets. Gustave Eiffel's firm built it."
)
ZH = "长城总长度为8851.8公里。2012年，国家文物局认定了历代长城的长度。黄河在山东省东营市注入渤海。1997年7月1日，香港回归。"


def kinds(spans):
    return {(s.kind, s.text) for s in spans}


def test_english_spans_cover_years_dates_numbers_and_names():
    found = kinds(extract_spans(EN, "en"))
    assert {
        ("year", "1889"),
        ("date", "January 1887"),
        ("number", "300 metres"),
        ("number", "2,500,000 rivets"),
    } <= found
    assert {("name", "Paris"), ("name", "Gustave Eiffel's")} & found
    assert ("name", "Eiffel Tower") in found
    assert not any(text in ("The", "It", "Work", "January") for _, text in found)


def test_chinese_spans_cover_years_dates_numbers_and_places():
    found = kinds(extract_spans(ZH, "zh"))
    assert {("number", "8851.8公里"), ("year", "2012年"), ("date", "1997年7月1日")} <= found
    assert {("name", "山东省"), ("name", "渤海")} <= found


def test_spans_are_in_text_order_and_offsets_are_exact():
    spans = extract_spans(EN, "en")
    assert [s.start for s in spans] == sorted(s.start for s in spans)
    assert all(EN[s.start : s.end] == s.text for s in spans)


@pytest.mark.parametrize(
    "answer, lang, expected",
    [
        ("1998", "zh", ["1998", "1998年"]),
        ("1998年", "zh", ["1998年", "1998"]),
        ("6,650 kilometres", "en", ["6,650 kilometres", "6,650", "6650"]),
        ("8851.8公里", "zh", ["8851.8公里", "8851.8"]),
        ("16 July 1969", "en", ["16 July 1969"]),
        ("Paris", "en", ["Paris"]),
    ],
)
def test_default_aliases(answer, lang, expected):
    assert default_aliases(answer, lang) == expected


def test_matching_respects_token_edges_in_both_scripts():
    assert contains_alias("opened in 1937.", ["1937"])
    assert not contains_alias("in 19370", ["1937"]) and not contains_alias("6,650,000 people", ["6,650"])
    assert contains_alias("1998年建成", ["1998"]) and contains_alias("注入渤海。", ["渤海"])
    assert contains_alias("the united kingdom", ["United Kingdom"])
    assert not contains_alias("Parisian cafes", ["Paris"])


def test_replacement_is_consistent_longest_first():
    text = "It is 333 metres tall; the 333-metre mast was added later."
    assert replace_aliases(text, {"333 metres": "371 metres", "333": "371"}) == (
        "It is 371 metres tall; the 371-metre mast was added later."
    )


def test_llm_aliases_are_kept_only_when_they_denote_the_answer():
    span = FactSpan("United Kingdom", "name", 0, 14)
    kept = answer_aliases(span, ["UK", "U.K.", "Britain and Ireland", "the", "1998"], "en")
    assert kept[0] == "United Kingdom" and "UK" in kept and "the" not in kept and "1998" not in kept
    assert answer_aliases(FactSpan("1998", "year", 0, 4), ["1998年", "1999"], "zh") == ["1998", "1998年"]


def test_answer_sentences_pick_the_fact_bearing_sentence():
    assert answer_sentences(EN, ["1889"]) == ["Work began in January 1887, and the tower was completed in 1889."]
    assert answer_sentences(ZH, ["渤海"]) == ["黄河在山东省东营市注入渤海。"]


@pytest.mark.parametrize(
    "aliases, kind",
    [
        (["1889"], "year"),
        (["333 metres", "333"], "number"),
        (["6,650 kilometres", "6,650", "6650"], "number"),
        (["1997年7月1日"], "date"),
        (["1925年", "1925"], "year"),
    ],
)
def test_fake_numbers_keep_their_type_and_every_alias_changes(aliases, kind):
    fake = make_fake_answer(aliases, "en", random.Random(3), source_text="", names={})
    assert fake is not None and fake.kind == kind
    assert set(fake.replacements) == set(aliases)
    assert not any(a in fake.aliases for a in aliases)
    if "," in aliases[0]:
        assert "," in fake.aliases[0]
    text = " and ".join(aliases)
    rewritten, problem = plant_passage(text, aliases, fake)
    assert problem is None and not contains_alias(rewritten, aliases)


def test_fake_name_is_of_the_same_kind_and_shares_no_word():
    names = {"zh:市": ("东营市", "深圳市"), "zh:海": ("东海",)}
    fake = make_fake_answer(["东营市", "东营"], "zh", random.Random(1), source_text="注入东营市", names=names)
    assert fake.aliases == ["深圳市"]
    no_fake = make_fake_answer(["渤海"], "zh", random.Random(1), source_text="渤海", names={"zh:市": ("深圳市",)})
    assert no_fake == "no other name of its kind (zh:海) in the corpus"


def write_seeds(path, rows):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


CHUNKS = [
    Chunk(id="a0", doc_id="a.txt", text="Alpha intro without facts.", start=0, end=26),
    Chunk(id="a1", doc_id="a.txt", text="Alpha opened in 1901.", start=26, end=47),
    Chunk(id="b0", doc_id="b.txt", text="Beta opened in 1911.", start=0, end=20),
]


def test_curated_seeds_map_to_the_chunk_holding_the_answer(tmp_path):
    rows = [
        {"id": "c1", "question": "When did Alpha open?", "answers": [["1901"]], "doc_ids": ["a.txt"], "lang": "en"},
        {
            "id": "c2",
            "question": "When did Alpha and Beta open?",
            "answers": [["1901"], ["1911"]],
            "doc_ids": ["a.txt", "b.txt"],
        },
        {"id": "c3", "question": "When did Gamma open?", "answers": [["1921"]], "doc_ids": ["c.txt"]},
        {"id": "c4", "question": "When did Beta close?", "answers": [["1999"]], "doc_ids": ["b.txt"]},
        {"id": "c1", "question": "When did Alpha open again?", "answers": [["1901"]], "doc_ids": ["a.txt"]},
    ]
    seeds, rejected = map_curated(read_seed_file(write_seeds(tmp_path / "s.jsonl", rows)), CHUNKS)
    assert [(s.id, s.chunk_ids, s.origin, s.lang) for s in seeds] == [
        ("c1", ["a1"], "curated", "en"),
        ("c2", ["a1", "b0"], "curated", "en"),
    ]
    assert [(r.candidate_id, r.gate) for r in rejected] == [
        ("c3", "seed_file"),
        ("c4", "seed_file"),
        ("c1", "seed_file"),
    ]
    assert "not in the index" in rejected[0].reason and "no chunk" in rejected[1].reason
    assert "appears earlier" in rejected[2].reason


def test_a_broken_seed_file_line_is_named(tmp_path):
    path = tmp_path / "s.jsonl"
    path.write_text(
        '{"id": "x", "question": "Q?", "answers": [["1"]], "doc_ids": ["a.txt"]}\n{"id": "y", "question": ""}\n'
    )
    with pytest.raises(RecordFileError, match="line 2"):
        read_seed_file(path)


def test_chinese_person_answers_get_a_person_as_fake():
    texts = [
        "该工程由秦国蜀郡太守李冰主持修建。",
        "苏联航天员尤里·加加林乘坐东方一号进入太空。",
        "创始人任正非于1987年创办了公司。",
    ]
    names = name_inventory(texts, "zh")
    assert names["zh:person"] == ("任正非", "尤里·加加林", "李冰")
    fake = make_fake_answer(
        ["屠呦呦"], "zh", random.Random(0), source_text="", names=names, question="发现青蒿素的是谁？"
    )
    assert fake.kind == "name (zh:person)" and fake.aliases[0] in names["zh:person"]


def test_a_fake_is_of_the_same_kind_of_word_never_a_persons_name_for_a_term():
    texts = [
        "Our proxy was a few thousand lines of Python code. The new one is written in Rust.",
        "As Peter said, the rewrite paid for itself. The team moved to HTTP/2 and GPT-4o, and dropped RAG for GPS.",
        "Later releases added TCP/IP support and the H100 cards.",
    ]
    names = name_inventory(texts, "en")
    assert "Peter" in names["en:person"] and {"Python", "Rust"} <= set(names["en:term"])
    python = make_fake_answer(["Python"], "en", random.Random(1), source_text=texts[0], names=names)
    assert python is not None and python.aliases == ["Rust"]
    # A term's fake is a term of its shape from the corpus, not in the passage (GPS is): an acronym for an acronym.
    for truth, fakes in (("RAG", {"TCP"}), ("HTTP/2", {"TCP/IP"}), ("GPT-4o", {"H100"})):
        fake = make_fake_answer([truth], "en", random.Random(1), source_text=texts[1], names=names)
        assert fake is not None and set(fake.aliases) == fakes, truth


def test_a_number_alias_keeps_its_scale_word():
    # "2.5" alone is not 2.5 million: a reply giving it would be read as right.
    assert default_aliases("100 million", "en") == ["100 million"]
    assert default_aliases("2.5 million people", "en") == ["2.5 million people", "2.5 million"]
    assert default_aliases("70万千瓦", "zh") == ["70万千瓦", "70万"]
