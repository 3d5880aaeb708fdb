"""An entry the docs mark as internal is not asked; the word "internal" in a description is no such mark."""

import pytest

from ragstress.generators.questions.mddocs_terms import INTERNAL


@pytest.mark.parametrize(
    "line",
    [
        "Internal use only.",
        "This hook is for internal use.",
        "@internal",
        "kettleState (internal)",
        "[Internal] Resets the boiler between tests.",
        "**Internal**",
        "Internal: the shape may change in any release.",
        "仅供内部使用",
        "内部类型，不要直接使用",
    ],
)
def test_a_mark_of_internal_use_is_read(line):
    assert INTERNAL.search(line)


@pytest.mark.parametrize(
    "line",
    [
        "Sets whether the internal module graph is cached between builds.",
        "Internally, the kettle reuses the same steam pipe.",
        "Controls the size of the internal buffer that holds pending writes.",
        "Limits the internal use of memory while brewing.",
        "An internal server error is returned when the pot is empty.",
    ],
)
def test_the_word_in_a_description_is_no_mark(line):
    assert not INTERNAL.search(line)
