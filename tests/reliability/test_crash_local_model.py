"""The bundled llama.cpp server SIGKILLed while `ragstress run` waits on it: restarted, and the run finishes."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from fixtures_run.cases import write_cases

from ragstress.core.jsonl import read_json

pytestmark = pytest.mark.slow
RUN_BOUND_S = 150  # model start-up twice plus five short answers on two busy cores, with room to spare


def server_children(parent: int) -> list[int]:
    """Pids of bundled model servers whose parent is `parent`."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and b"ragstress.llm.local_main" in cmdline:
            found.append(int(entry.name))
    return found


def test_a_killed_model_server_is_restarted_and_the_run_completes(tmp_path, cli, rel):
    testset = tmp_path / "cases.jsonl"
    cases = write_cases(testset, 4)
    out = tmp_path / "run"
    started = time.monotonic()
    process = cli.start(
        "run",
        testset,
        "--target",
        "baseline",
        "--out",
        out,
        "--timeout",
        60,
        "--max-retries",
        3,
        "--retry-backoff",
        0.2,
        "--no-cache",
    )
    try:
        # Once the first answer is written the next request is already on its way to the server.
        rel.wait_for_lines(out / "responses.jsonl", 1, process, timeout_s=RUN_BOUND_S)
        (first,) = server_children(process.pid)
        os.kill(first, signal.SIGKILL)
        killed_at = time.monotonic()
        restarted = []
        while process.poll() is None and time.monotonic() - started < RUN_BOUND_S:
            restarted = restarted or [pid for pid in server_children(process.pid) if pid != first]
            time.sleep(0.1)
        assert process.poll() is not None, f"the run did not finish within {RUN_BOUND_S}s"
        stderr = process.stderr.read().decode()
    finally:
        rel.kill_hard(process)
    assert process.returncode == 0, stderr
    assert restarted, "no new model server was started after the kill"
    responses = rel.unique_responses(out)
    assert set(responses) == rel.expected_pairs(cases)
    assert all(r.answer.strip() if r.error is None else "target endpoint" in r.error for r in responses.values())
    counts = read_json(out / "run.json")["counts"]
    assert counts["done"] == counts["jobs"] == len(responses) and counts["pending"] == 0
    print(
        f"\nserver {first} killed {killed_at - started:.1f}s into the run; restarted as {restarted[0]}; "
        f"run finished after {time.monotonic() - started:.1f}s with {counts['errors']} error(s) of {counts['jobs']}"
    )
