"""A generation's result stays cheap to print however many cases it holds."""

from ragstress.core.types import Case, Context, SeedQuestion
from ragstress.generators.testset import TestsetResult


def _case(n: int) -> Case:
    return Case(
        id=f"s{n}:noise:0",
        seed_id=f"s{n}",
        testbed="noise",
        lang="en",
        question="In which year was the bridge completed?",
        answers=[["1889"]],
        contexts=[Context(text="The bridge was completed in 1889. " * 20, role="positive", chunk_id="d#0")],
        expected="answer",
    )


def test_repr_gives_counts_not_every_case():
    # Python 3.11's asyncio.run reprs the finished task, result included, on its way out: a full repr of
    # ten thousand seeds' cases cost minutes after the work was done.
    seed = SeedQuestion(id="s0", question="q?", answers=[["1889"]], chunk_ids=["d#0"], lang="en", origin="curated")
    small = TestsetResult([seed], [_case(0)], [])
    large = TestsetResult([seed] * 3, [_case(n) for n in range(2000)], [])
    assert repr(large) == "TestsetResult(seeds=3, cases=2000, rejected=0)"
    assert len(repr(large)) - len(repr(small)) < 10
