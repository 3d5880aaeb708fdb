"""The committed blind-read verdicts: well-shaped, every fault named, and only full verdicts counted."""

from __future__ import annotations

import json

from ragstress.perf.generation_quality import READINGS, read_judgements

FIELDS = ("well_formed", "answerable", "answer_ok", "useful")


def _rows() -> list[dict]:
    return [
        json.loads(line)
        for path in sorted(READINGS.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def test_verdicts_under_the_protocol_give_every_field_and_name_every_fault():
    full = [r for r in _rows() if "answer_ok" in r]
    assert full, "no verdicts under the blind-read protocol are committed"
    for corpus in {r["corpus"] for r in full}:
        mine = [r for r in full if r["corpus"] == corpus]
        assert len(mine) >= 40 and len({r["question"] for r in mine}) == len(mine), corpus
    for row in full:
        assert all(isinstance(row[f], bool) for f in FIELDS), row
        assert row["question"].endswith(("?", "？")) and row["read"].startswith("2026-")
        assert row["note"] or all(row[f] for f in FIELDS), row  # every fault is named


def test_only_verdicts_that_say_all_three_are_counted():
    full = [r for r in _rows() if "answer_ok" in r]
    judged = read_judgements()
    assert set(judged) == {r["question"] for r in full}
    for row in full:
        assert judged[row["question"]] == (row["well_formed"] and row["answerable"] and row["answer_ok"])
