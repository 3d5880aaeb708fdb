"""The Python API: lazy exports, and score/report on a real run directory."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ragstress
from ragstress.core.rundir import RunDir

LEGACY = Path(__file__).resolve().parents[1] / "data" / "legacy_run_v0"
DETERMINISTIC = "answer_match,accuracy,rejection,over_refusal,error_detection,closed_book_accuracy"


@pytest.fixture
def run_dir(tmp_path) -> RunDir:
    """A copy of the legacy run without its scores: the API must score and report it."""
    out = RunDir(tmp_path / "run")
    shutil.copytree(LEGACY, out.path)
    for name in (out.scores, out.score_manifest, *out.report_files().values()):
        name.unlink()
    return out


def test_importing_ragstress_loads_no_stage_and_no_heavy_library():
    code = "import sys, ragstress; print(sorted(m for m in sys.modules if m.split('.')[0] in ('chromadb', 'torch', 'onnxruntime') or m == 'ragstress.api.stages'))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"
    assert callable(ragstress.report) and ragstress.Report.__name__ == "Report"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ragstress.nothing  # noqa: B018


def test_score_then_report_with_gates(run_dir):
    summary = ragstress.score(run_dir.path, metrics=DETERMINISTIC)
    assert run_dir.scores.is_file() and run_dir.score_manifest.is_file()
    assert summary["metrics"] == DETERMINISTIC.split(",")
    report = ragstress.report(run_dir.path, fail_under=["rejection@negative=0.5", "accuracy=0.99"])
    assert set(report.rates) >= {"rejection", "accuracy"}
    assert report.rate("rejection", "negative") == pytest.approx(2 / 3)
    assert report.passed is False and len(report.failed_checks) == 1 and "accuracy" in report.failed_checks[0]
    assert run_dir.report_html.is_file() and report.paths["report.json"] == run_dir.report_json
    assert ragstress.report(run_dir.path, fail_under=["rejection@negative=0.5"], write=False).passed
    # Three negative cases: the point estimate clears 0.5, the interval's lower end cannot.
    lower = ragstress.report(run_dir.path, fail_under=["rejection@negative=0.5"], gate_on="lower", write=False)
    assert not lower.passed and "rejection" in lower.failed_checks[0]
    assert ragstress.report(run_dir.path, max_error_rate=0.0, write=False).passed  # the legacy target never failed
    with pytest.raises(KeyError, match="faithfulness"):
        report.rate("faithfulness")
    _check_dataframe(report)


def _check_dataframe(report) -> None:
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="needs pandas"):
            report.to_dataframe()
        return
    frame = report.to_dataframe()
    assert {"metric", "testbed", "value", "low", "high", "n"} <= set(frame.columns)
    assert frame[(frame.metric == "rejection") & (frame.testbed == "negative")]["value"].iloc[0] == pytest.approx(2 / 3)


def test_the_api_reads_no_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("RAGSTRESS_JUDGE_BASE_URL", "http://127.0.0.1:9/v1")
    assert ragstress.endpoint("judge").is_bundled
    given = ragstress.endpoint("judge", "http://127.0.0.1:8000/v1", "m", "k")
    assert (given.base_url, given.model, given.api_key) == ("http://127.0.0.1:8000/v1", "m", "k")
