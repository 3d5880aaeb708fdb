"""The committed blind-read judgements: well-shaped, and the ones `make perf` counts say both verdicts."""

from __future__ import annotations

import json

from ragstress.perf.generation_quality import READINGS, read_judgements

CORPORA = {"sample-en", "sample-zh", "python-docs", "manpages-zh"}


def test_readings_with_passages_give_both_verdicts_and_name_every_fault():
    rows = [json.loads(line) for line in READINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
    with_passage = [r for r in rows if "answerable" in r]
    assert {r["corpus"] for r in with_passage} == CORPORA
    for corpus in CORPORA:
        mine = [r for r in with_passage if r["corpus"] == corpus]
        assert len(mine) >= 40 and len({r["question"] for r in mine}) == len(mine), corpus
    for row in with_passage:
        assert isinstance(row["well_formed"], bool) and isinstance(row["answerable"], bool)
        assert row["question"].endswith(("?", "？")) and row["read"].startswith("2026-")
        assert row["note"] or (row["well_formed"] and row["answerable"])  # every fault is named
    # Earlier readings of the question alone say nothing of answerability and are not counted.
    judged = read_judgements()
    assert set(judged) == {r["question"] for r in with_passage}
    assert all(judged[r["question"]] == (r["well_formed"] and r["answerable"]) for r in with_passage)
