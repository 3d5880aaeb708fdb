"""Questions on a migration guide's nested list of deprecations, each asked with its owner."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions import mddocs
from ragstress.generators.questions.mddocs_deprecations import deprecation_items, deprecation_questions

LIST = (
    "> Every deprecation below applies from 3.0.\n\n"
    "- Teapot\n"
    "  - warmTime is deprecated and replaced by heat.duration.\n"
    "  - spout 弃用，变为 pourer。\n"
    "  - Lid handle is deprecated and replaced by grip.\n\n"
    "- Cup\n"
    "  - size is deprecated, use volume instead.\n"
    "- warmer is deprecated and replaced by heater.\n"
    "A paragraph ends the list.\n"
    "  - rim is deprecated and replaced by edge.\n"
)


def test_each_deprecated_name_is_asked_with_its_owner():
    assert [(q[0], q[1]) for q in deprecation_questions(LIST, "Kettle")] == [
        ("In Kettle, what replaces the deprecated warmTime of Teapot?", ["heat.duration"]),
        ("在 Kettle 中，Teapot 已弃用的 spout 由什么替代？", ["pourer"]),
        ("In Kettle, what replaces the deprecated size of Cup?", ["volume"]),
    ]


def test_items_without_an_owner_or_with_a_phrase_are_not_asked():
    owners = {(owner, old) for owner, old, _, _ in deprecation_items(LIST)}
    # "Lid handle" is no name; "warmer" stands at the margin, under no owner; "rim" is past the list's end.
    assert ("Teapot", "Lid handle") not in owners
    assert not any(old in ("warmer", "rim") for _, old in owners)


def test_a_chunk_of_deprecations_asks_about_as_many_as_a_table_chunk():
    chunk = Chunk(id="c", doc_id="guide/migrate.md", text=LIST, start=0, end=len(LIST))
    assert mddocs.entry_count(chunk) == 3


def test_a_name_that_says_its_owner_is_not_given_it_twice():
    text = "- Teapot\n  - Teapot is deprecated and replaced by Kettle.\n  - Teapot.Lid 弃用，变为 Kettle.Lid。\n"
    assert [q[0] for q in deprecation_questions(text, "Brew")] == [
        "In Brew, what replaces the deprecated Teapot?",
        "在 Brew 中，已弃用的 Teapot.Lid 由什么替代？",
    ]
