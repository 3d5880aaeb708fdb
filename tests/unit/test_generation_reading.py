"""The committed blind-read verdicts: well-shaped, every fault named, and only full verdicts counted."""

from __future__ import annotations

import json

from ragstress.perf.generation_quality import READINGS, read_judgements

FIELDS = ("well_formed", "answerable", "answer_ok", "useful")


def _rounds() -> dict[str, list[dict]]:
    return {
        path.name: [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for path in sorted(READINGS.glob("*.jsonl"))
    }


def _rows() -> list[dict]:
    return [row for rows in _rounds().values() for row in rows]


def test_verdicts_under_the_protocol_give_every_field_and_name_every_fault():
    rounds = {name: rows for name, rows in _rounds().items() if rows and "answer_ok" in rows[0]}
    assert rounds, "no verdicts under the blind-read protocol are committed"
    for name, rows in rounds.items():  # one round: a sample of 40 of one corpus (all when it has fewer), each once
        assert 0 < len(rows) <= 40 and len({r["question"] for r in rows}) == len(rows), name
        assert len({r["corpus"] for r in rows}) == 1, name
    full = [r for rows in rounds.values() for r in rows]
    for row in full:
        assert all(isinstance(row[f], bool) for f in FIELDS), row
        assert row["question"].endswith(("?", "？")) and row["read"].startswith("2026-")
        assert row["note"] or all(row[f] for f in FIELDS), row  # every fault is named


def test_only_verdicts_that_say_all_three_are_counted_the_latest_reading_of_a_question_winning():
    full = [r for r in _rows() if "answer_ok" in r]
    latest = {r["question"]: r["well_formed"] and r["answerable"] and r["answer_ok"] for r in full}
    assert read_judgements() == latest
