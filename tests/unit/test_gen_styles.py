"""Question styles: pure functions of (question, rng), labelled on the case, answers untouched."""

from __future__ import annotations

import random

import pytest

from ragstress.core.types import Case, Context
from ragstress.generators.spans import contains_alias
from ragstress.generators.styles import STYLES, styled_cases, typo


def case(lang: str, question: str, answer: str, ratio: float = 0.0) -> Case:
    return Case(
        id=f"s1:noise:{ratio}",
        seed_id="s1",
        testbed="noise",
        lang=lang,
        question=question,
        answers=[[answer]],
        contexts=[Context(text=f"text {answer}", role="positive", chunk_id="c1")],
        expected="answer",
        params={"noise_ratio": ratio},
    )


@pytest.mark.parametrize(
    ("lang", "question", "answer"),
    [
        ("en", "In what year was the Eiffel Tower completed after years of planning?", "1889"),
        ("zh", "埃菲尔铁塔于哪一年建成？在哪里建成的？", "1889年"),
    ],
)
def test_every_style_changes_the_wording_deterministically_and_is_labelled(lang, question, answer):
    cases = [case(lang, question, answer), case(lang, question, answer, 0.4)]
    first = styled_cases(cases, tuple(STYLES), base_seed=13)
    again = styled_cases(cases, tuple(STYLES), base_seed=13)
    assert first == again
    assert [c.params["style"] for c in first] == list(STYLES)  # only the noise-free case is restyled
    assert all(c.question != question and c.answers == [[answer]] for c in first)
    assert len({c.id for c in first}) == 3 and all(c.id.endswith(c.params["style"]) for c in first)


def test_typos_never_touch_the_answer_words():
    question = "Which company manufactures Walkman devices according to Sony documentation?"
    for n in range(20):
        changed = typo(question, "en", random.Random(n), [["Walkman"]])
        assert changed != question and contains_alias(changed, ["Walkman"])


def test_an_unknown_style_is_an_error():
    with pytest.raises(ValueError, match="unknown question style 'tpyo'"):
        styled_cases([case("en", "What?", "x")], ("tpyo",), base_seed=1)
