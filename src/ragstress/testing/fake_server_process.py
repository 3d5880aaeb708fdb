"""The fake OpenAI server in a process of its own, so a client's CPU time can be measured alone.

    python -m ragstress.testing.fake_server_process --latency 0.2 --judge --rate-429 0.05

prints one JSON line `{"base_url": ...}` and serves until its stdin closes (so it
never outlives the process that started it) or it is terminated. From Python:

    with FakeServerProcess(latency_s=0.2, judge=True) as server:
        ... server.base_url ...
        server.stats()["chat_requests"]
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import subprocess
import sys
import urllib.request
from dataclasses import dataclass
from typing import Any

from ragstress.testing.fake_openai import STATS_PATH, FakeOpenAIServer, FaultPlan

START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0


@dataclass
class FakeServerProcess:
    """Starts `python -m ragstress.testing.fake_server_process` with these options; a context manager."""

    latency_s: float = 0.0
    judge: bool = False
    invalid_rate: float = 0.0
    faults: FaultPlan | None = None

    def arguments(self) -> list[str]:
        args = ["--latency", f"{self.latency_s:g}"]
        if self.judge:
            args += ["--judge", "--invalid-rate", f"{self.invalid_rate:g}"]
        if self.faults is not None:
            plan = self.faults
            args += [
                "--rate-429",
                f"{plan.rate_429:g}",
                "--rate-500",
                f"{plan.rate_500:g}",
                "--rate-hang",
                f"{plan.rate_hang:g}",
                "--rate-malformed",
                f"{plan.rate_malformed:g}",
                "--seed",
                str(plan.seed),
            ]
            if plan.retry_after_s is not None:
                args += ["--retry-after", f"{plan.retry_after_s:g}"]
        return args

    def __enter__(self) -> RunningFakeServer:
        command = [sys.executable, "-m", "ragstress.testing.fake_server_process", *self.arguments()]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._running = RunningFakeServer(process, _read_address(process))
        return self._running

    def __exit__(self, *exc_info: object) -> None:
        self._running.stop()


class RunningFakeServer:
    """A started server process: its URL, its counters, and a clean stop."""

    def __init__(self, process: subprocess.Popen, base_url: str):
        self.process = process
        self.base_url = base_url

    @property
    def pid(self) -> int:
        return self.process.pid

    def stats(self) -> dict[str, Any]:
        """The server's counters (FakeOpenAIServer.stats) read over HTTP."""
        with urllib.request.urlopen(self.base_url + STATS_PATH, timeout=10) as reply:
            return json.loads(reply.read())

    def stop(self) -> int:
        """Close its stdin (it exits on EOF), terminating it only if it does not. Returns the exit code."""
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.terminate()
                self.process.wait(STOP_TIMEOUT_S)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return self.process.returncode


def _read_address(process: subprocess.Popen) -> str:
    # A bounded wait: a server that fails to start must not hang the caller.
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        ready = selector.select(START_TIMEOUT_S)
    line = process.stdout.readline() if ready else ""
    if not line:
        process.kill()
        process.wait()
        raise RuntimeError(f"the fake server process did not start (exit code {process.returncode})")
    return json.loads(line)["base_url"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ragstress.testing.fake_server_process",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every reply")
    parser.add_argument("--judge", action="store_true", help="answer judge prompts with valid verdicts (else 'OK')")
    parser.add_argument(
        "--invalid-rate", type=float, default=0.0, help="share of judge replies that are unusable prose"
    )
    for fault in ("429", "500", "hang", "malformed"):
        parser.add_argument(
            f"--rate-{fault}", type=float, default=0.0, help=f"share of chat requests answered with {fault}"
        )
    parser.add_argument("--retry-after", type=float, default=None, help="Retry-After seconds sent with 429s")
    parser.add_argument("--seed", type=int, default=0, help="seed of the fault and invalid-reply draws")
    args = parser.parse_args(argv)

    handler = None
    if args.judge:
        from ragstress.testing.scripted_judge import valid_judge  # the prompts only when judging

        handler = valid_judge(args.invalid_rate, args.seed)
    rates = (args.rate_429, args.rate_500, args.rate_hang, args.rate_malformed)
    faults = FaultPlan(*rates, retry_after_s=args.retry_after, seed=args.seed) if any(rates) else None
    with FakeOpenAIServer(handler, latency_s=args.latency, faults=faults) as server:
        print(json.dumps({"base_url": server.base_url, "pid": os.getpid()}), flush=True)
        sys.stdin.read()  # returns at EOF: the parent closed our stdin or is gone
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
