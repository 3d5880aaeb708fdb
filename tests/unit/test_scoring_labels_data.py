"""The hand-labelled scoring set (tests/data/scoring_labels) is well formed and its counts hold.

Only the file's shape is checked here, no scoring rule: agreement of the rules with these labels is
measured elsewhere, on the whole set, never example by example.
"""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "scoring_labels"
TESTBEDS = {"noise", "negative", "integration", "counterfactual"}
READER_LABELS = {"correct", "rejects", "flags_error", "corrects", "asserts_fake", "over_refusal"}
RGB_LABELS = {"rgb_rejects", "rgb_flags", "rgb_correct"}
SPLITS = {"dev", "dev2", "holdout", "holdout3", "holdout4"}
COUNTERFACTUAL_ONLY = {"flags_error", "corrects", "asserts_fake"}
FIELDS = {"id", "lang", "testbed", "question", "answers", "fake_answer", "response", "style", "hard", "labels", "split"}
STYLES_IN_BOTH = {
    "terse",
    "verbose",
    "hedged",
    "refusing",
    "side_refusal",
    "flagging",
    "negated_flag",
    "echoing",
    "mixed_language",
    "wrong",
    "partial",
    "reformatted",
    "correcting",
    "asserting_fake",
}


def _rows() -> list[dict]:
    lines = (DATA_DIR / "responses.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return _rows()


def test_every_row_has_the_documented_fields_and_types(rows):
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for r in rows:
        where = r.get("id", "?")
        assert set(r) == FIELDS, where
        assert r["lang"] in {"en", "zh"} and r["testbed"] in TESTBEDS and r["split"] in SPLITS, where
        assert r["question"].strip() and r["response"].strip() and r["style"].strip(), where
        assert isinstance(r["hard"], bool), where
        facts = r["answers"]
        assert facts and all(isinstance(f, list) and f for f in facts), where
        assert all(isinstance(a, str) and a.strip() for f in facts for a in f), where
        if r["testbed"] == "counterfactual":
            assert isinstance(r["fake_answer"], str) and r["fake_answer"].strip(), where
        else:
            assert r["fake_answer"] is None, where
        labels = r["labels"]
        assert set(labels) == READER_LABELS | RGB_LABELS, where
        assert all(labels[k] in (True, False, None) for k in READER_LABELS), where
        assert all(isinstance(labels[k], bool) for k in RGB_LABELS), where


def test_labels_are_null_exactly_where_the_metric_does_not_apply(rows):
    for r in rows:
        labels, where = r["labels"], r["id"]
        if r["testbed"] != "counterfactual":
            assert all(labels[k] is None for k in COUNTERFACTUAL_ONLY), where
        if r["testbed"] == "negative":
            assert labels["over_refusal"] is None, where
        else:
            assert labels["over_refusal"] == labels["rejects"], where


def test_labels_respect_the_definitions_they_are_built_on(rows):
    """Implications that follow from the definitions themselves (a refusal is never correct, etc.)."""
    for r in rows:
        labels, where = r["labels"], r["id"]
        if labels["rejects"] is True:
            assert labels["correct"] is False, where
        if labels["corrects"] is True:
            assert labels["correct"] is True and labels["asserts_fake"] is False, where
        if labels["rgb_rejects"]:
            assert not labels["rgb_correct"], where


def test_undecidable_labels_are_few(rows):
    undecided = [r["id"] for r in rows if any(r["labels"][k] is None for k in ("correct", "rejects"))]
    assert 0 < len(undecided) <= 0.05 * len(rows)


def test_counts_size_languages_testbeds_and_styles(rows):
    langs = Counter(r["lang"] for r in rows)
    assert len(rows) >= 440
    assert abs(langs["en"] - langs["zh"]) <= 0.02 * len(rows)
    per_group = Counter((r["lang"], r["testbed"]) for r in rows)
    assert all(per_group[(lang, tb)] >= 40 for lang in ("en", "zh") for tb in TESTBEDS), per_group
    for lang in ("en", "zh"):
        styles = {r["style"] for r in rows if r["lang"] == lang}
        assert STYLES_IN_BOTH <= styles, STYLES_IN_BOTH - styles
    # The later sets are weighted to hard lines (holdout4 more than half), so the whole file is harder than the first set.
    assert 0.25 <= sum(r["hard"] for r in rows) / len(rows) <= 0.45
    for metric in READER_LABELS:
        values = Counter(r["labels"][metric] for r in rows)
        assert values[True] >= 15 and values[False] >= 15, (metric, values)


def test_holdout_is_a_third_of_every_language_and_testbed(rows):
    groups: dict[tuple, Counter] = {}
    for r in rows:
        groups.setdefault((r["lang"], r["testbed"]), Counter())[r["split"]] += 1
    for key, split in groups.items():
        total = split["dev"] + split["holdout"]
        assert abs(split["holdout"] - total / 3) <= 1, key


@pytest.mark.parametrize("split, tag", [("dev2", "h2"), ("holdout3", "h3")])
def test_later_sets_are_balanced_and_weighted_to_counterfactual(rows, split, tag):
    later = [r for r in rows if r["split"] == split]
    langs = Counter(r["lang"] for r in later)
    assert len(later) == 160 and langs["en"] == langs["zh"] == 80
    assert sum(r["testbed"] == "counterfactual" for r in later) >= 100
    assert all(r["id"].split("-")[2] == tag for r in later)


def test_the_fourth_holdout_covers_both_languages_every_testbed_and_hard_lines(rows):
    later = [r for r in rows if r["split"] == "holdout4"]
    langs = Counter(r["lang"] for r in later)
    assert len(later) >= 240 and langs["en"] >= 120 and langs["zh"] >= 120
    assert {(r["lang"], r["testbed"]) for r in later} == {(lang, t) for lang in ("en", "zh") for t in TESTBEDS}
    assert sum(r["hard"] for r in later) >= 0.35 * len(later)
    assert all(r["id"].split("-")[2] == "h4" for r in later)


def test_file_matches_its_hand_written_source():
    spec = importlib.util.spec_from_file_location("scoring_labels_assemble", DATA_DIR / "assemble.py")
    assemble = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(assemble)
    assert assemble.build() == _rows(), (
        "responses.jsonl differs from source/: run tests/data/scoring_labels/assemble.py"
    )
