"""api.endpoints.probe: one cheap question before any work, and why an endpoint did not answer."""

from __future__ import annotations

import socket

from ragstress.api.endpoints import endpoint, probe, probe_address


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_bundled_model_needs_no_probe():
    assert probe(endpoint("judge")) is None


def test_a_closed_port_is_unreachable_and_the_key_never_shows():
    port = _closed_port()
    problem = probe(endpoint("judge", f"http://127.0.0.1:{port}/v1", "m", "sk-probe-SECRET"), timeout_s=2)
    assert problem is not None and problem.reason == "unreachable" and problem.status is None
    assert "ConnectError" in problem.detail and "SECRET" not in problem.detail
    assert probe_address(f"http://127.0.0.1:{port}/answer", timeout_s=2)


def test_a_listening_port_is_reachable():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        assert probe_address(f"http://127.0.0.1:{server.getsockname()[1]}/answer", timeout_s=2) is None
