"""Bridge questions: an entity one chunk names, and a fact another chunk states about it (en and zh)."""

from __future__ import annotations

import random

from ragstress.core.types import Chunk
from ragstress.generators.questions.bridges import bridge_candidates
from ragstress.generators.questions.synthesis import document_titles


def _chunks(texts: dict[str, str]) -> list[Chunk]:
    return [Chunk(id=f"c-{doc}", doc_id=doc, text=text, start=0, end=len(text)) for doc, text in texts.items()]


def test_an_english_bridge_asks_for_the_entity_and_the_fact_reached_through_it():
    chunks = _chunks(
        {
            "library.txt": "Larkspur Library\n\nThe Larkspur Library was designed by Mirela Vance. It holds 40,000 maps.",
            "vance.txt": "Mirela Vance\n\nMirela Vance was born in 1921 in a small fishing town.",
            "harbour.txt": "Old Harbour\n\nThe harbour was dredged in 1890 to let larger ships in.",
        }
    )
    langs = dict.fromkeys((c.id for c in chunks), "en")
    (bridge,) = bridge_candidates(chunks, langs, document_titles(chunks), random.Random(1))
    assert bridge.question == (
        "Who designed the Larkspur Library, and in what year was that person born in a small fishing town?"
    )
    assert bridge.answers == [["Mirela Vance"], ["1921"]]
    assert bridge.chunk_ids == ["c-library.txt", "c-vance.txt"]
    assert bridge.question_type.shape == "bridge" and bridge.question_type.span_kinds == ["name", "year"]
    # The second hop is checked with the entity named, as a retriever would meet it.
    assert bridge.probes == (bridge.question, "In what year was Mirela Vance born in a small fishing town?")


def test_a_chinese_bridge_names_the_person_as_ci_ren():
    chunks = _chunks(
        {
            "library.txt": "星湖图书馆\n\n星湖图书馆由玛丽亚·韦斯设计，馆内藏有四万幅地图。",
            "weiss.txt": "玛丽亚·韦斯\n\n玛丽亚·韦斯于1921年出生在一个渔村。",
        }
    )
    langs = dict.fromkeys((c.id for c in chunks), "zh")
    (bridge,) = bridge_candidates(chunks, langs, document_titles(chunks), random.Random(1))
    assert bridge.question == "星湖图书馆由谁设计？此人是在哪一年出生在一个渔村的？"
    assert bridge.answers[0] == ["玛丽亚·韦斯"] and "1921年" in bridge.answers[1]


def test_no_bridge_without_a_second_document_that_states_a_fact_about_the_entity():
    chunks = _chunks(
        {
            "library.txt": "Larkspur Library\n\nThe Larkspur Library was designed by Mirela Vance.",
            "other.txt": "Mirela Vance\n\nMirela Vance liked maps of every kind.",
        }
    )
    langs = dict.fromkeys((c.id for c in chunks), "en")
    assert bridge_candidates(chunks, langs, document_titles(chunks), random.Random(1)) == []
