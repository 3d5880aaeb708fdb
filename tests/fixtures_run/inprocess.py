"""The `ragstress` CLI inside the test process, and small helpers for bad-input tests.

In-process calls skip a new interpreter's start-up (seconds on a busy machine); the
tests that must see a real process (exit status, memory, timing) use subprocesses.
"""

from __future__ import annotations

import hashlib
import shutil
import socket
from pathlib import Path

from typer.testing import CliRunner

from fixtures_run.cases import write_cases

# Variables of the developer's shell that would point a test at a real service.
_CLEAN_ENV = {
    "OPENAI_BASE_URL": None,
    "OPENAI_API_KEY": None,
    "RAGSTRESS_JUDGE_API_KEY": None,
    "RAGSTRESS_TARGET_API_KEY": None,
    "RAGSTRESS_GENERATOR_API_KEY": None,
    "COLUMNS": "200",
}


def invoke(*args: object, env: dict[str, str | None] | None = None):
    """Run `ragstress ARGS` in this process; the result gains `flat`, its output with rich's line wrapping undone."""
    from ragstress.cli import app

    result = CliRunner().invoke(app, [str(a) for a in args], env={**_CLEAN_ENV, **(env or {})})
    result.flat = " ".join(result.output.split())
    return result


def make_echo_run(root: Path) -> tuple[Path, Path]:
    """(cases.jsonl of 4 cases, a run of the echo target on them) under `root`."""
    write_cases(root / "cases.jsonl", 4)
    result = invoke("run", root / "cases.jsonl", "--target", "python:fixtures_run.targets:echo", "--out", root / "run")
    assert result.exit_code == 0, result.output
    return root / "cases.jsonl", root / "run"


def copy_run(run: Path, tmp_path: Path) -> Path:
    """A copy of a run directory to change freely."""
    return Path(shutil.copytree(run, tmp_path / "run"))


def snapshot(directory: Path) -> dict[str, str]:
    """sha256 of every file under `directory`, by relative path: equal snapshots mean byte-identical trees."""
    return {
        str(p.relative_to(directory)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
