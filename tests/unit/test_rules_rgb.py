"""The RGB-exact metrics give evalue.py's verdict on every response of our RGB-format fixtures."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from ragstress.core.types import TargetResponse
from ragstress.generators.interop.rgb import read_rgb, rgb_cases
from ragstress.scoring.metrics import score_case
from ragstress.scoring.metrics.rules_rgb import verdict

DATA = Path(__file__).resolve().parents[1] / "data" / "rgb_exact"
PREDICTIONS = [
    json.loads(line) for line in (DATA / "predictions.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()
]
RGB_METRICS = ["accuracy_rgb", "rejection_rgb", "error_detection_rgb", "error_correction_rgb"]


def case_for(item: dict):
    kind, records = read_rgb(DATA / item["file"])
    _, cases = rgb_cases(records, kind, lang=item["file"][:2])
    return next(c for c in cases if c.params["rgb_id"] == item["id"] and c.testbed == item["testbed"])


def expected_scores(item: dict, testbed: str) -> dict[str, float | None]:
    """What evalue.py's tallies make of one record: the per-case share each rate counts."""
    label, flagged = item["label"], item["factlabel"] == 1
    if testbed == "negative":
        return {"rejection_rgb": float(label[0] == -1)}
    if testbed == "counterfactual":
        return {
            "error_detection_rgb": float(flagged),
            "error_correction_rgb": float(0 not in label) if flagged else None,
        }
    return {"accuracy_rgb": float(0 not in label and 1 in label)}


def test_fixtures_cover_every_rule():
    labels = [tuple(item["label"]) for item in PREDICTIONS]
    assert (-1,) in labels and (0,) in labels and (1,) in labels and (1, 0) in labels
    assert {item["factlabel"] for item in PREDICTIONS} == {0, 1}
    assert {item["file"][:2] for item in PREDICTIONS} == {"en", "zh"}


@pytest.mark.parametrize("item", PREDICTIONS, ids=[f"{i['file']}-{i['id']}-{n}" for n, i in enumerate(PREDICTIONS)])
def test_rgb_verdict_matches_evalue(item):
    case = case_for(item)
    record = verdict(item["prediction"], case.answers, case.lang)
    assert (list(record.labels), int(record.flag is not None)) == (item["label"], item["factlabel"]), item["why"]
    response = TargetResponse(case_id=case.id, answer=item["prediction"], latency_s=0.0)
    scores, _ = asyncio.run(score_case(case, response, RGB_METRICS))
    got = {s.metric: s.value for s in scores}
    assert got == expected_scores(item, case.testbed), item["why"]
    assert all(s.explanation and "rgb" in s.explanation for s in scores)


def test_correction_rate_has_the_flagged_denominator():
    fact = [item for item in PREDICTIONS if item["file"].endswith("_fact.json")]
    values = []
    for item in fact:
        case = case_for(item)
        scores, _ = asyncio.run(
            score_case(
                case,
                TargetResponse(case_id=case.id, answer=item["prediction"], latency_s=0.0),
                ["error_correction_rgb"],
            )
        )
        values += [s.value for s in scores if s.value is not None]
    flagged = [item for item in fact if item["factlabel"] == 1]
    assert len(values) == len(flagged) < len(fact)
    assert sum(values) / len(values) == sum(0 not in item["label"] for item in flagged) / len(flagged)
