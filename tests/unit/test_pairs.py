"""Two-part questions: two milestones of one subject, from two chunks of one document."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.pairs import insitu_pair
from ragstress.generators.questions.seeds import Target, usable_spans


def _chunk(n: int, text: str, doc: str = "lighthouse.txt") -> Chunk:
    return Chunk(id=f"c{n}", doc_id=doc, text=text, start=0, end=len(text))


def _target(a: Chunk, b: Chunk) -> Target:
    return Target((a, b), (usable_spans(a, "en")[0], usable_spans(b, "en")[0]), "en")


def test_two_milestones_of_one_subject_are_asked_together_the_second_taking_it_up_with_it():
    a = _chunk(1, "Varna Lighthouse\n\nThe Varna Lighthouse was completed in 1874.")
    b = _chunk(2, "The Varna Lighthouse was reopened in 1921 after repairs.")
    titles = {"lighthouse.txt": "Varna Lighthouse"}
    pair = insitu_pair(_target(a, b), titles, {"lighthouse.txt": "the Varna Lighthouse"})
    assert pair is not None
    assert pair.question == (
        "In what year was the Varna Lighthouse completed, and in what year was it reopened after repairs?"
    )
    assert pair.answers == [["1874"], ["1921"]] and pair.chunk_ids == ["c1", "c2"]


def test_facts_that_are_not_milestones_make_no_pair():
    a = _chunk(1, "Varna Lighthouse\n\nThe Varna Lighthouse is 42 metres tall.")
    b = _chunk(2, "The Varna Lighthouse was reopened in 1921 after repairs.")
    titles = {"lighthouse.txt": "Varna Lighthouse"}
    assert insitu_pair(_target(a, b), titles, {"lighthouse.txt": "the Varna Lighthouse"}) is None
