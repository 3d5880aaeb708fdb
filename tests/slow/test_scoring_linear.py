"""Deterministic scoring below the bound costs time linear in a response's length.

CPU time, best of three, of every deterministic metric and the learned reader on the long-response shapes of
`make perf` (English and Chinese prose, runs of spaces, a fenced JSON answer, hundreds of mentions, repeated
refusal and flag phrases, run-on text with no punctuation, quoted and bracketed values): twice the length may cost at most 2.5 times as much. Before the lookups were made
once per response, doubling cost three to four times as much.
"""

from __future__ import annotations

import pytest

from ragstress.perf import long_responses

pytestmark = pytest.mark.slow


def test_doubling_a_response_below_the_bound_at_most_about_doubles_its_cost():
    long_responses._cost(2_000, 1)  # weights loaded and patterns compiled outside the timing
    short, double = long_responses._cost(4_000, 3), long_responses._cost(8_000, 3)
    assert double / short <= long_responses.DOUBLING_FACTOR, (short, double)
