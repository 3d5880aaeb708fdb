"""`python -m ragstress.perf --only X` replaces X's rows and keeps the other sections' earlier ones."""

import json

from ragstress.perf import Row
from ragstress.perf.__main__ import _earlier, render_markdown


def _row(section: str, figure: str) -> dict:
    return Row(section, figure, 1.0, 2.0, "s", 0.5, "", "info").as_dict()


def test_a_partial_run_keeps_other_sections_with_when_they_were_measured(tmp_path):
    rows = [_row("ingest", "build"), _row("evaluate", "score"), _row("evaluate", "rescore")]
    (tmp_path / "results.json").write_text(json.dumps(rows), encoding="utf-8")
    old_style = {"finished": "2026-01-02T03:04:05+00:00", "machine": "x86_64", "cores": 2, "seconds": 60.0}
    (tmp_path / "environment.json").write_text(json.dumps(old_style), encoding="utf-8")

    kept, sections = _earlier(tmp_path, {"ingest"})

    assert [row.figure for row in kept] == ["score", "rescore"]
    assert set(sections) == {"evaluate"}
    fresh = {**old_style, "finished": "2026-02-02T00:00:00+00:00"}
    markdown = render_markdown([Row(**_row("ingest", "build")), *kept], {"ingest": fresh, **sections})
    assert "**ingest**: measured 2026-02-02" in markdown
    assert "**evaluate**: measured 2026-01-02" in markdown
    assert markdown.count("| evaluate |") == 2


def test_no_earlier_results_means_nothing_kept(tmp_path):
    assert _earlier(tmp_path, {"ingest"}) == ([], {})
