"""Agreement of both rule sets with the hand labels (tests/data/scoring_labels), per split, as docs/scoring.md reports.

The labels were written apart from the rules. `dev` and `dev2` are where the rules are tuned
(`dev2` was measured once as the second holdout before it was opened); `holdout`, `holdout3` and
`holdout4` have only ever been measured, never read (holdout4's floors are its first measurement, 2026-11-24). These are floors on each split's figure, never per example: a change
that loses agreement on any split fails, one that gains it should raise the floor here and in
docs/scoring.md together. A split written later gets its own entry in REPORTED.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ragstress.scoring.agreement import load, measure

LABELS = Path(__file__).resolve().parents[1] / "data" / "scoring_labels" / "responses.jsonl"

# split -> (label, rule set) -> (agreeing, decided), as reported in docs/scoring.md; "whole" is every line.
# The rgb_* rows compare RGB's rule with RGB's literal tests, computed independently by the labels'
# assembly script: they agree on every line.
REPORTED = {
    "dev": {
        ("correct", "default"): (310, 313),
        ("correct", "rgb"): (282, 313),
        ("rejects", "default"): (310, 310),
        ("rejects", "rgb"): (263, 310),
        ("flags_error", "default"): (78, 78),
        ("flags_error", "rgb"): (56, 78),
        ("corrects", "default"): (79, 79),
        ("corrects", "rgb"): (59, 79),
        ("asserts_fake", "default"): (79, 79),
        ("over_refusal", "default"): (247, 247),
        ("over_refusal", "rgb"): (223, 247),
        ("rgb_rejects", "rgb"): (321, 321),
        ("rgb_flags", "rgb"): (321, 321),
        ("rgb_correct", "rgb"): (321, 321),
    },
    "dev2": {
        # 156 since the reader of the sixth round: it reads one hedged guess ('我猜大概是2008年前后') as the answer,
        # as its newer writers label a committed guess; this split's convention reads it as stating nothing.
        ("correct", "default"): (156, 158),
        ("correct", "rgb"): (142, 158),
        ("rejects", "default"): (157, 157),
        ("rejects", "rgb"): (128, 157),
        ("flags_error", "default"): (94, 94),
        ("flags_error", "rgb"): (56, 94),
        ("corrects", "default"): (98, 98),
        ("corrects", "rgb"): (67, 98),
        ("asserts_fake", "default"): (96, 98),
        ("over_refusal", "default"): (129, 129),
        ("over_refusal", "rgb"): (116, 129),
        ("rgb_rejects", "rgb"): (160, 160),
        ("rgb_flags", "rgb"): (160, 160),
        ("rgb_correct", "rgb"): (160, 160),
    },
    "holdout": {
        ("correct", "default"): (162, 163),
        ("correct", "rgb"): (150, 163),
        ("rejects", "default"): (160, 160),
        ("rejects", "rgb"): (133, 160),
        ("flags_error", "default"): (41, 41),
        ("flags_error", "rgb"): (35, 41),
        ("corrects", "default"): (41, 41),
        ("corrects", "rgb"): (37, 41),
        ("asserts_fake", "default"): (41, 41),
        ("over_refusal", "default"): (126, 126),
        ("over_refusal", "rgb"): (113, 126),
        ("rgb_rejects", "rgb"): (163, 163),
        ("rgb_flags", "rgb"): (163, 163),
        ("rgb_correct", "rgb"): (163, 163),
    },
    "holdout3": {
        ("correct", "default"): (153, 157),
        ("correct", "rgb"): (138, 157),
        ("rejects", "default"): (155, 155),
        ("rejects", "rgb"): (133, 155),
        ("flags_error", "default"): (95, 97),
        ("flags_error", "rgb"): (63, 97),
        ("corrects", "default"): (99, 99),
        ("corrects", "rgb"): (69, 99),
        ("asserts_fake", "default"): (99, 99),
        ("over_refusal", "default"): (136, 136),
        ("over_refusal", "rgb"): (123, 136),
        ("rgb_rejects", "rgb"): (160, 160),
        ("rgb_flags", "rgb"): (160, 160),
        ("rgb_correct", "rgb"): (160, 160),
    },
    "holdout4": {
        ("correct", "default"): (244, 253),
        ("correct", "rgb"): (205, 253),
        ("rejects", "default"): (253, 254),
        ("rejects", "rgb"): (209, 254),
        ("flags_error", "default"): (84, 84),
        ("flags_error", "rgb"): (56, 84),
        ("corrects", "default"): (82, 84),
        ("corrects", "rgb"): (62, 84),
        ("asserts_fake", "default"): (82, 84),
        ("over_refusal", "default"): (204, 204),
        ("over_refusal", "rgb"): (189, 204),
        ("rgb_rejects", "rgb"): (254, 254),
        ("rgb_flags", "rgb"): (254, 254),
        ("rgb_correct", "rgb"): (254, 254),
    },
    "whole": {
        ("correct", "default"): (1025, 1044),  # the dev2 line above
        ("correct", "rgb"): (917, 1044),
        ("rejects", "default"): (1035, 1036),
        ("rejects", "rgb"): (866, 1036),
        ("flags_error", "default"): (392, 394),
        ("flags_error", "rgb"): (266, 394),
        ("corrects", "default"): (399, 401),
        ("corrects", "rgb"): (294, 401),
        ("asserts_fake", "default"): (397, 401),
        ("over_refusal", "default"): (842, 842),
        ("over_refusal", "rgb"): (764, 842),
        ("rgb_rejects", "rgb"): (1058, 1058),
        ("rgb_flags", "rgb"): (1058, 1058),
        ("rgb_correct", "rgb"): (1058, 1058),
    },
}
FLOORS = [(split, key, figure) for split, by_key in REPORTED.items() for key, figure in by_key.items()]


@pytest.fixture(scope="module")
def measured():
    return asyncio.run(measure(load(LABELS)))


@pytest.mark.parametrize(("split", "key", "reported"), FLOORS, ids=[f"{s}-{k[0]}-{k[1]}" for s, k, _ in FLOORS])
def test_agreement_at_least_as_reported(measured, split, key, reported):
    result = measured[(*key, split)]
    agree, decided = reported
    assert result.n == decided  # the same labelled lines are compared
    assert result.agree >= agree, f"{split} {key}: {result.agree}/{result.n} agree, reported {agree}/{decided}"


def test_every_split_of_the_file_has_its_floors(measured):
    assert {split for _, _, split in measured} == set(REPORTED)
