"""Small test sets built in code (the case generator is not needed for runner tests)."""

from __future__ import annotations

from pathlib import Path

from ragstress.core.jsonl import write_records
from ragstress.core.types import RGB_TESTBEDS, Case, Context


def make_case(number: int, testbed: str | None = None, lang: str = "en") -> Case:
    """Case `case-<number>`; testbeds rotate; counterfactual cases carry a fake answer."""
    testbed = testbed or RGB_TESTBEDS[number % len(RGB_TESTBEDS)]
    role = {"negative": "noise", "counterfactual": "counterfactual"}.get(testbed, "positive")
    contexts = [
        Context(text=f"Passage {number}: the answer is {number}.", role=role, chunk_id=None),
        Context(text=f"Unrelated passage {number}.", role="noise", chunk_id=None),
    ]
    return Case(
        id=f"case-{number}",
        seed_id=f"seed-{number}",
        testbed=testbed,
        lang=lang,
        question=f"What is the answer to question {number}?",
        answers=[[str(number)]],
        fake_answer=[str(number + 1000)] if testbed == "counterfactual" else None,
        contexts=contexts,
        expected={"negative": "reject", "counterfactual": "flag_error"}.get(testbed, "answer"),
    )


def write_cases(path: Path, count: int) -> list[Case]:
    cases = [make_case(i) for i in range(count)]
    write_records(path, cases)
    return cases
