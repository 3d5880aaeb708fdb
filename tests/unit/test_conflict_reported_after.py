"""A value reported from a source by words after it, or by a second camp whose verb is left out, is not the
response's own answer (placement.py, layout_en.SOURCE_GIVES and SOURCE_GIVES_AFTER)."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import conclusion
from ragstress.values.reading import read

ANSWERS, FAKE, QUESTION = [["1889"]], ["1879"], "In which year was the tower completed?"


@pytest.mark.parametrize(
    "text",
    [
        "The sources differ: 1889 according to passage 1, 1879 according to passage 3.",
        "Dates vary: 1889 per article 1, 1879 per article 2.",
        "The leaflets disagree: some give 1889, others 1879.",
        "Passages 1 and 2 say 1889; the rest 1879.",
    ],
)
def test_both_values_reported_conclude_neither(text):
    found = conclusion.read(read(text), ANSWERS, FAKE, QUESTION)
    assert found.concluded is None, found.why
    assert {p.role for p in found.placed} == {"reported"}


@pytest.mark.parametrize(
    ("text", "concluded"),
    [
        # A value asserted, with another one reported after it, is still the answer.
        ("It was completed in 1889; 1879 according to passage 3, which is a misprint.", "truth"),
        # 'according to' followed by more than a source does not end the clause.
        ("1879 according to passage 3 is the year the plans were approved; it was completed in 1889.", "truth"),
        # 'per the source' names no one source among several: the value may be the response's own.
        ("It was finished in 1879 per the source.", "fake"),
        # 'others' heading a clause with its own verb is not a gapped camp.
        ("It opened in 1879, and others followed later.", "fake"),
    ],
)
def test_a_value_of_the_response_stays_asserted(text, concluded):
    found = conclusion.read(read(text), ANSWERS, FAKE, QUESTION)
    assert found.concluded == concluded, found.why
