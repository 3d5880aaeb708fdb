"""The suite's leaked-server check counts the servers its own tests start, not one the user runs beside it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

# argv ends in "chroma run", which the check looks for; the process itself only sleeps.
SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)", "chroma", "run"]


def _suite_conftest(config):
    # The suite's own conftest as pytest loaded it (its session token is made at import).
    wanted = Path(__file__).resolve().parents[1] / "conftest.py"
    return next(p for p in config.pluginmanager.get_plugins() if getattr(p, "__file__", None) == str(wanted))


def test_a_server_started_outside_the_test_session_is_not_reported_as_leaked(pytestconfig):
    conftest = _suite_conftest(pytestconfig)
    outside = {k: v for k, v in os.environ.items() if k != conftest._OWNER_VARIABLE}
    user_server = subprocess.Popen(SLEEPER, env=outside)
    test_server = subprocess.Popen(SLEEPER)  # inherits the session's environment, as the tests' servers do
    try:
        deadline = time.monotonic() + 10
        while test_server.pid not in (found := conftest._server_pids()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert test_server.pid in found
        assert user_server.pid not in found
    finally:
        for process in (user_server, test_server):
            process.kill()
            process.wait(timeout=10)
