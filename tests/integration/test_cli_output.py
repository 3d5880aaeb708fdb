"""What the command line prints, read as a user reads it: --help's install hints, and output in a pipe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fixtures_run.cases import write_cases
from typer.testing import CliRunner

from ragstress.cli import app
from ragstress.core.jsonl import write_records
from ragstress.core.types import TargetResponse
from ragstress.scoring.metrics import METRICS


def piped(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`ragstress ARGS` with stdout and stderr going to pipes, no $COLUMNS: as `ragstress ... | tee log` runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run(
        [sys.executable, "-m", "ragstress.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def test_help_gives_install_hints_with_their_extras():
    # rich reads "[ray]" as markup unless it is escaped: the hint would lose the extra it names.
    run_help = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "200"})
    report_help = CliRunner().invoke(app, ["report", "--help"], env={"COLUMNS": "200"})
    assert run_help.exit_code == report_help.exit_code == 0
    assert "pip install 'ragstress[ray]'" in run_help.output
    assert "ragstress[mlflow]" in report_help.output
    assert "'ragstress')" not in run_help.output


def test_score_in_a_pipe_names_its_long_run_directory_whole(tmp_path):
    run_dir = tmp_path / ("a-run-directory-with-a-long-name-" * 3) / "run-0123456789abcdef0123456789abcdef"
    run_dir.mkdir(parents=True)
    cases = write_cases(run_dir / "cases.jsonl", 4)
    write_records(
        run_dir / "responses.jsonl",
        [TargetResponse(case_id=c.id, answer=c.answers[0][0], latency_s=0.1) for c in cases],
    )
    result = piped("score", str(run_dir), "--metrics", "accuracy,rejection")
    assert result.returncode == 0, result.stderr
    # The table's title names the folder given, in one piece (score.json calls it ".").
    assert any(line.strip() == f"Scores in {run_dir}" for line in result.stdout.splitlines()), result.stdout


def test_a_piped_table_keeps_every_name_whole():
    result = piped("metrics")
    assert result.returncode == 0, result.stderr
    assert [name for name in METRICS.names() if name not in result.stdout] == []
