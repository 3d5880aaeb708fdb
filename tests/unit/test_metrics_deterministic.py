"""The deterministic metrics agree 100% with a hand-labelled set in both languages.

tests/data/deterministic_labelled.jsonl holds (question, contexts, response,
expected) items; each item's `expected` lists every deterministic metric that
applies to it, so a metric that starts applying (or stops) fails the test too.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.scoring.metrics import METRICS, refusal, rules, score_case
from ragstress.values.matching import contains_alias, normalise
from ragstress.values.reading import read

DATA = Path(__file__).parents[1] / "data" / "deterministic_labelled.jsonl"
ITEMS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
# The RGB-exact `*_rgb` metrics are checked against their own fixtures (test_rules_rgb.py).
DETERMINISTIC = [n for n in METRICS if METRICS.get(n).kind == "deterministic" and not n.endswith("_rgb")]
EXPECTED_BY_TESTBED = {"negative": "reject", "counterfactual": "flag_error"}


def build(item: dict) -> tuple[Case, TargetResponse]:
    role = "counterfactual" if item["testbed"] == "counterfactual" else "positive"
    if item["testbed"] == "negative":
        role = "noise"
    case = Case(
        id=item["id"],
        seed_id="seed-" + item["id"],
        testbed=item["testbed"],
        lang=item["lang"],
        question=item["question"],
        answers=item["answers"],
        fake_answer=item["fake_answer"],
        contexts=[Context(text=t, role=role) for t in item["contexts"]],
        expected=EXPECTED_BY_TESTBED.get(item["testbed"], "answer"),
    )
    return case, TargetResponse(case_id=case.id, probe=item["probe"], answer=item["response"], latency_s=0.1)


def test_the_labelled_set_is_big_enough_and_bilingual():
    assert len(ITEMS) >= 40
    assert sum(i["lang"] == "zh" for i in ITEMS) >= 20 and sum(i["lang"] == "en" for i in ITEMS) >= 20
    assert len({i["id"] for i in ITEMS}) == len(ITEMS)


@pytest.mark.parametrize("item", ITEMS, ids=[i["id"] for i in ITEMS])
def test_labelled_item(item):
    case, response = build(item)
    scores, ctx = asyncio.run(score_case(case, response, DETERMINISTIC))
    got = {s.metric: s.value for s in scores}
    assert got == {k: float(v) for k, v in item["expected"].items()}, [s.explanation for s in scores]
    assert ctx.llm_calls == 0 and all(s.explanation for s in scores)


def test_normalisation_decisions():
    assert normalise("１，０００ ＡＢＣ") == "1000 abc"
    assert normalise("巴 黎  is   here") == "巴黎is here"
    assert normalise("1,2 and 10,000,000") == "1,2 and 10000000"


def test_alias_boundaries():
    assert contains_alias("in 1889.", ["1889"]) == "1889"
    assert contains_alias("18890", ["1889"]) is None
    assert contains_alias("1889年", ["1889"]) == "1889"
    assert contains_alias("位于巴黎市", ["巴黎"]) == "巴黎"


def test_refusal_and_assertion_helpers():
    assert not refusal.refusal(read("The answer is Paris.")).value
    assert refusal.refusal(read("资料不足")).hit.span == "资料不足"
    assert rules.stance(read("It is not Rome. It is Paris."), ["Rome"]).asserted is None
    assert rules.stance(read("It is Rome."), ["Rome"]).asserted.span == "rome"
