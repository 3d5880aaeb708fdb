"""Connecting to a Ray cluster that is not there gives up within a bound, naming the address and the cause.

Before, `--ray-address` with nothing listening (or something that is not Ray) left `ray.init`
retrying for ever: ten minutes of Ray's warnings and no result. The bound each test enforces is the
subprocess timeout, set far above the connect timeout so that a loaded machine's slow start-up
(importing torch and Ray) is not mistaken for retrying.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("ray")

SILENT_PORT = """
import socket, sys
from ragstress.distributed.cluster import RayOptions, RayUnavailable, ray_session

server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(8)  # accepts connections and never answers them
address = f"127.0.0.1:{server.getsockname()[1]}"
try:
    with ray_session(RayOptions(address=address, connect_timeout=4)):
        sys.exit("connected to a port that is not Ray")
except RayUnavailable as exc:
    print(exc)
    sys.exit(2)
"""


def test_a_wrong_ray_address_exits_2_instead_of_retrying(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text("The bridge opened in 1932.", encoding="utf-8")
    command = [sys.executable, "-m", "ragstress.cli", "build", str(docs), "--index", str(tmp_path / "index")]
    done = subprocess.run(
        [*command, "--executor", "ray", "--ray-address", "127.0.0.1:1"],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 2, done.stderr
    (line,) = [x for x in done.stderr.splitlines() if x.startswith("error:")]
    assert line.startswith("error: cannot connect to the Ray cluster at 127.0.0.1:1: ")


def test_a_port_that_is_open_but_not_ray_is_given_up_on_after_the_timeout():
    done = subprocess.run([sys.executable, "-c", SILENT_PORT], capture_output=True, text=True, timeout=180)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "no Ray answer within 4s" in done.stdout
