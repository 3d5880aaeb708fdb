"""Whole-set agreement of both rule sets with the hand labels (tests/data/scoring_labels), as docs/scoring.md reports.

The labels were written apart from the rules; the holdout third was run once, after the
rules were fixed on dev. These figures are floors on the whole file, never per example:
a change that loses agreement fails, one that gains it should raise the floor here and in
docs/scoring.md together.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ragstress.scoring.agreement import load, measure

LABELS = Path(__file__).resolve().parents[1] / "data" / "scoring_labels" / "responses.jsonl"

# (label, rule set) -> (agreeing, decided) on dev and holdout together, as reported in docs/scoring.md.
REPORTED = {
    ("correct", "default"): (464, 476),
    ("rejects", "default"): (464, 470),
    ("flags_error", "default"): (119, 119),
    ("corrects", "default"): (120, 120),
    ("asserts_fake", "default"): (119, 120),
    ("over_refusal", "default"): (369, 373),
    ("correct", "rgb"): (432, 476),
    ("rejects", "rgb"): (396, 470),
    ("flags_error", "rgb"): (91, 119),
    ("corrects", "rgb"): (96, 120),
    # RGB's literal tests, computed independently by the labels' assembly script: exact agreement.
    ("rgb_rejects", "rgb"): (484, 484),
    ("rgb_flags", "rgb"): (484, 484),
    ("rgb_correct", "rgb"): (484, 484),
}


@pytest.fixture(scope="module")
def whole():
    # The second holdout (split holdout2) is measured once, by hand, and not pinned here.
    items = [item for item in load(LABELS) if item.split != "holdout2"]
    results = asyncio.run(measure(items))
    return {(label, rule_set): result for (label, rule_set, split), result in results.items() if split == "whole"}


@pytest.mark.parametrize(("key", "reported"), REPORTED.items(), ids=[f"{k[0]}-{k[1]}" for k in REPORTED])
def test_whole_set_agreement_at_least_as_reported(whole, key, reported):
    result = whole[key]
    agree, decided = reported
    assert result.n == decided  # the same labelled lines are compared
    assert result.agree >= agree, f"{key}: {result.agree}/{result.n} agree, reported {agree}/{decided}"


def test_default_rules_meet_the_goal(whole):
    # The goal is 97% per metric on the whole set.
    for label in ("correct", "rejects", "flags_error", "corrects", "asserts_fake", "over_refusal"):
        assert whole[(label, "default")].rate >= 0.97, label
