"""`ragstress score` on responses of 60,000 characters: each read once, in its first and last parts, and said so.

The work is counted, not timed: how many times a long text is brought to the comparable form every rule reads
(`matching.comparable`, through `arabic_numerals`, its first step) and how long those texts are. Reading each
response once for all its metrics, and only its bounded part, keeps both small whatever the number of rules.
"""

from __future__ import annotations

import re

import typer
from typer.testing import CliRunner

from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_records, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.scoring.metrics import METRICS
from ragstress.values import matching
from ragstress.values.reading import READ_PART

LENGTH = 60_000
UNREAD = r"read the first and last 10,000 of (59|60),\d{3} characters \(the middle was not read\)"
EN = "The Eiffel Tower was completed in 1889; some say 1887, not 1889. The documents do not name the architect. "
ZH = "埃菲尔铁塔于1889年建成，有人说是1887年。资料中没有提到建筑师的名字，但文件说铁来自洛林。"


def _long(unit: str, middle: str = "") -> str:
    half = unit * (LENGTH // (2 * len(unit)))
    return half + middle + half


def _case(cid: str, testbed: str, lang: str) -> Case:
    return Case(
        id=cid,
        seed_id="s-" + cid,
        testbed=testbed,
        lang=lang,
        question="In which year was the Eiffel Tower completed?",
        answers=[["1889"]],
        fake_answer=["1887"] if testbed == "counterfactual" else None,
        contexts=[Context(text="The Eiffel Tower was completed in 1889.", role="positive")],
        expected="flag_error" if testbed == "counterfactual" else "answer",
    )


def test_score_reads_two_long_responses_once_each_in_their_first_and_last_parts(tmp_path, monkeypatch):
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    # The only error flag stands in the middle, which the default rules do not read and RGB's rules do.
    flagged = _long(EN, "The documents contain factual errors. ")
    write_records(run_dir / "cases.jsonl", [_case("en", "counterfactual", "en"), _case("zh", "noise", "zh")])
    write_records(
        run_dir / "responses.jsonl",
        [
            TargetResponse(case_id="en", answer=flagged, latency_s=0.1),
            TargetResponse(case_id="en", answer=_long(EN), latency_s=0.1, probe="closed_book"),
            TargetResponse(case_id="zh", answer=_long(ZH), latency_s=0.1),
        ],
    )
    made: list[int] = []
    to_digits = matching.arabic_numerals
    monkeypatch.setattr(matching, "arabic_numerals", lambda text: made.append(len(text)) or to_digits(text))
    names = [name for name in METRICS.names() if METRICS.get(name).kind == "deterministic"]
    app = typer.Typer()
    cli_score.register(app)

    result = CliRunner().invoke(app, ["score", str(run_dir), "--metrics", ",".join(names)])

    assert result.exit_code == 0, result.output
    scores = read_records(run_dir / "scores.jsonl", Score)
    assert len(scores) >= 12 and not [s for s in scores if s.error]
    for score in scores:
        if METRICS.get(score.metric).whole_response:
            assert "not read" not in (score.explanation or ""), score
        else:
            assert re.search(UNREAD, score.explanation or ""), score
    by_name = {s.metric: s for s in scores if s.case_id == "en"}
    assert by_name["error_detection_rgb"].value == 1.0 and by_name["error_detection"].value == 0.0
    long_forms = [n for n in made if n > 1_000]
    assert long_forms and max(long_forms) <= 2 * READ_PART + 2  # only the bounded reading is read
    assert len(long_forms) <= 4 * 3, long_forms  # a few forms per response, not one per rule that reads it
