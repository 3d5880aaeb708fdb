"""The committed blind-read judgements: well-shaped, 40 per language, and the share the docs report."""

from __future__ import annotations

import json

from ragstress.perf.generation_quality import READINGS, read_judgements


def test_readings_cover_40_questions_per_language_with_a_verdict_each():
    rows = [json.loads(line) for line in READINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert {r["lang"] for r in rows} == {"en", "zh"}
    for lang in ("en", "zh"):
        mine = [r for r in rows if r["lang"] == lang]
        assert len(mine) >= 40 and len({r["question"] for r in mine}) == len(mine)
        assert all(isinstance(r["well_formed"], bool) and r["question"].endswith(("?", "？")) for r in mine)
        assert all(r["note"] for r in mine if not r["well_formed"])  # every fault is named
    assert len(read_judgements()) == len(rows)
