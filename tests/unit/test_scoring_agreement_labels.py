"""Whole-set agreement of both rule sets with the hand labels (tests/data/scoring_labels), as docs/scoring.md reports.

The labels were written apart from the rules; each holdout was run once, after the
rules were fixed on dev. The issue's goal (97% per metric) is not met by every metric
(docs/scoring.md says which), so these are floors, not the goal. These figures are floors on the whole file, never per example:
a change that loses agreement fails, one that gains it should raise the floor here and in
docs/scoring.md together.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ragstress.scoring.agreement import load, measure

LABELS = Path(__file__).resolve().parents[1] / "data" / "scoring_labels" / "responses.jsonl"

# (label, rule set) -> (agreeing, decided) on every split (dev, holdout, holdout2), as reported in docs/scoring.md.
REPORTED = {
    ("correct", "default"): (616, 634),
    ("rejects", "default"): (618, 627),
    ("flags_error", "default"): (202, 213),
    ("corrects", "default"): (217, 218),
    ("asserts_fake", "default"): (213, 218),
    ("over_refusal", "default"): (496, 502),
    ("correct", "rgb"): (574, 634),
    ("rejects", "rgb"): (524, 627),
    ("flags_error", "rgb"): (147, 213),
    ("corrects", "rgb"): (163, 218),
    # RGB's literal tests, computed independently by the labels' assembly script: exact agreement.
    ("rgb_rejects", "rgb"): (644, 644),
    ("rgb_flags", "rgb"): (644, 644),
    ("rgb_correct", "rgb"): (644, 644),
}


@pytest.fixture(scope="module")
def whole():
    results = asyncio.run(measure(load(LABELS)))
    return {(label, rule_set): result for (label, rule_set, split), result in results.items() if split == "whole"}


@pytest.mark.parametrize(("key", "reported"), REPORTED.items(), ids=[f"{k[0]}-{k[1]}" for k in REPORTED])
def test_whole_set_agreement_at_least_as_reported(whole, key, reported):
    result = whole[key]
    agree, decided = reported
    assert result.n == decided  # the same labelled lines are compared
    assert result.agree >= agree, f"{key}: {result.agree}/{result.n} agree, reported {agree}/{decided}"
