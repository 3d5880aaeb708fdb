"""Where Ray work runs: the executor options every stage takes, and the connection to a cluster.

`RayOptions` is plain data (the CLI and the Python API build it); `ray_session` connects
to the cluster it names, or starts a local Ray instance, and leaves a connection it did
not make alone, so `bench` connects once and its stages share that connection.

Connecting is bounded: `ray.init` against an address where no cluster answers retries for
minutes (or for ever, when something else holds the port), so the address's port is tried
first, and `ray.init` itself runs in a thread that is given up on after `connect_timeout`.
"""

from __future__ import annotations

import json
import logging
import math
import os
import socket
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

EXECUTORS = ("local", "ray")
LOOPBACK = "127.0.0.1"
INSTALL_HINT = "pip install 'ragstress[ray]'"
CONNECT_TIMEOUT_S = 45.0
"""How long connecting to a cluster may take before the stage gives up (the port check included)."""
PORT_CHECK_S = 10.0
"""How long the address's port gets to accept a TCP connection, within CONNECT_TIMEOUT_S."""


class RayUnavailable(RuntimeError):
    """Ray was asked for but cannot be used (not installed, or no cluster at the address)."""


@dataclass(frozen=True)
class RayOptions:
    """How a stage fans out on Ray.

    `address`: a cluster's address (`host:port`, `ray://...`), `auto` for the running one,
    or None: the running cluster if there is one, else a local Ray instance on loopback.
    `actors`: how many actors (targets, judges, embedders) to start; None: one per
    concurrency slot up to the cluster's CPUs. `actor_resources`: what each actor reserves
    (`{"GPU": 1}`, `{"CPU": 2}`); by default one CPU.
    """

    address: str | None = None
    actors: int | None = None
    actor_resources: dict[str, float] = field(default_factory=dict)
    runtime_env: dict[str, Any] | None = None
    """Ray's runtime environment for the workers (e.g. `{"working_dir": "."}` to ship a target's code)."""
    connect_timeout: float = CONNECT_TIMEOUT_S
    """Seconds connecting to `address` may take before RayUnavailable is raised."""

    def actor_options(self) -> dict[str, Any]:
        """Ray actor options for the resources each actor reserves."""
        resources = dict(self.actor_resources)
        options: dict[str, Any] = {"num_cpus": resources.pop("CPU", 1)}
        if "GPU" in resources:
            options["num_gpus"] = resources.pop("GPU")
        if resources:
            options["resources"] = resources
        return options

    def actor_count(self, concurrency: int) -> int:
        """Actors to start for `concurrency` calls in flight: `actors` if set, else as many as the CPUs allow."""
        if self.actors is not None:
            return self.actors
        import ray

        per_actor = self.actor_options()["num_cpus"] or 1
        cpus = ray.cluster_resources().get("CPU", 1)
        return max(1, min(concurrency, int(cpus // per_actor) or 1))

    def describe(self) -> dict[str, Any]:
        """What a manifest records about the executor (the address is the user's own value)."""
        return {"kind": "ray", "address": self.address or "auto-or-local", "actors": self.actors}


def parse_executor(
    executor: str,
    address: str | None = None,
    actors: int | None = None,
    resources: str | Mapping[str, float] | None = None,
) -> RayOptions | None:
    """RayOptions for `--executor ray` (None for local); ValueError names the option at fault.

    `resources` is the JSON text of `--actor-resources` or, from the Python API, a mapping.
    """
    if executor not in EXECUTORS:
        raise ValueError(f"--executor must be one of {', '.join(EXECUTORS)}, not {executor!r}")
    if executor == "local":
        given = [
            name
            for name, value in (("--ray-address", address), ("--actors", actors), ("--actor-resources", resources))
            if value
        ]
        if given:
            raise ValueError(f"{', '.join(given)} only apply with --executor ray")
        return None
    if actors is not None and actors < 1:
        raise ValueError(f"--actors must be at least 1, got {actors}")
    return RayOptions(address=address or None, actors=actors, actor_resources=parse_resources(resources))


def parse_resources(text: str | Mapping[str, float] | None) -> dict[str, float]:
    """`--actor-resources` as a dict of resource name -> amount, e.g. `{"GPU": 1}`."""
    if not text:
        return {}
    try:
        value = json.loads(text) if isinstance(text, str) else dict(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f'--actor-resources is not JSON ({exc.msg}); expected e.g. {{"GPU": 1}}') from None
    if not isinstance(value, dict) or not value:
        raise ValueError('--actor-resources must be a JSON object of resource amounts, e.g. {"GPU": 1}')
    for name, amount in value.items():
        if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not math.isfinite(amount) or amount < 0:
            raise ValueError(f"--actor-resources: {name!r} must be a non-negative number, got {amount!r}")
    return {str(name): float(amount) for name, amount in value.items()}


def require_ray() -> Any:
    """The `ray` module, or RayUnavailable saying how to install it."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable(f"--executor ray needs Ray, which is not installed: {INSTALL_HINT}") from None
    return ray


def _is_loopback(address: str) -> bool:
    host = address.removeprefix("ray://").rsplit(":", 1)[0]
    return host in ("localhost", LOOPBACK) or host.startswith("127.")


def _running_cluster(ray: Any) -> str | None:
    """The address of a cluster already running for this machine (RAY_ADDRESS, or one `ray start` left), else None."""
    from ray._private import services

    try:
        return services.get_ray_address_from_environment("auto", None)
    except Exception:  # no cluster recorded, or a stale record: a local instance is started instead
        return None


@contextmanager
def ray_session(options: RayOptions) -> Iterator[Any]:
    """Connected to the cluster `options` names (or a local instance) for the block; yields the `ray` module.

    A connection made here is closed at the end; one that was already open is reused and kept.
    """
    ray = require_ray()
    if ray.is_initialized():
        yield ray
        return
    address = options.address
    if address in (None, "auto"):
        address = _running_cluster(ray) or (None if options.address is None else "auto")
    if address == "auto":
        raise RayUnavailable("--ray-address auto: no running Ray cluster was found (start one with `ray start --head`)")
    # By default workers import what the driver imports (a python target's module), from the same paths:
    # right for a cluster on this machine or with the same checkout mounted; else give a runtime_env.
    runtime_env = options.runtime_env or {"env_vars": {"PYTHONPATH": _import_path()}}
    kwargs: dict[str, Any] = {"logging_level": "WARNING", "log_to_driver": False, "runtime_env": runtime_env}
    if address is None:
        _init_on_loopback(ray, address, kwargs)  # starts a local instance: nothing to wait for
    else:
        _connect(ray, address, kwargs, options.connect_timeout)
    try:
        yield ray
    finally:
        ray.shutdown()


def _host_port(address: str) -> tuple[str, int]:
    """The host and port of `host:port` or `ray://host:port` (Ray's client port, 10001, when none is given)."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep:
        host, port = rest, "10001" if address.startswith("ray://") else ""
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayUnavailable(f"--ray-address {address!r}: expected HOST:PORT or ray://HOST:PORT")
    return host, int(port)


def _connect(ray: Any, address: str, kwargs: dict[str, Any], timeout: float) -> None:
    """`ray.init(address)` within `timeout` seconds, or RayUnavailable naming the address and the cause."""
    started = time.monotonic()
    host, port = _host_port(address)
    try:
        with socket.create_connection((host, port), timeout=min(PORT_CHECK_S, timeout)):
            pass
    except OSError as exc:
        cause = "timed out" if isinstance(exc, TimeoutError) else exc.strerror or exc
        raise RayUnavailable(f"cannot connect to the Ray cluster at {address}: {cause}") from None
    outcome: list[BaseException | None] = []

    def init() -> None:
        try:
            if _is_loopback(address):
                _init_on_loopback(ray, address, kwargs)
            else:
                ray.init(address=address, **kwargs)
            outcome.append(None)
        except BaseException as exc:  # handed to the caller's thread below
            outcome.append(exc)

    # A daemon thread: when something that is not Ray holds the port, ray.init may never return,
    # and the process must still be able to report that and exit. Connected from a thread, the
    # driver keeps the process's own SIGTERM handling (Ray would install one that exits), and the
    # cluster notices a driver that is gone: Ray's warning that it did not install one is dropped.
    quiet = _DropRecords("SIGTERM handler is not set")
    ray_logger = logging.getLogger("ray._private.worker")
    ray_logger.addFilter(quiet)
    try:
        worker = threading.Thread(target=init, name="ragstress-ray-connect", daemon=True)
        worker.start()
        worker.join(max(1.0, timeout - (time.monotonic() - started)))
    finally:
        ray_logger.removeFilter(quiet)
    if not outcome:
        raise RayUnavailable(
            f"cannot connect to the Ray cluster at {address}: no Ray answer within {timeout:g}s "
            "(the port is open; is it a Ray head node's GCS port, or a ray:// client port?)"
        )
    error = outcome[0]
    if isinstance(error, Exception):
        cause = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise RayUnavailable(f"cannot connect to the Ray cluster at {address}: {cause}") from error
    if error is not None:
        raise error  # KeyboardInterrupt, SystemExit: not a connection problem


class _DropRecords(logging.Filter):
    """Drops the log records whose message starts with `prefix`."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(self.prefix)


def _import_path() -> str:
    """The driver's import path as PYTHONPATH (the working directory for its empty entry)."""
    import sys

    entries = [os.path.abspath(entry or os.getcwd()) for entry in sys.path]
    return os.pathsep.join(dict.fromkeys(e for e in entries if os.path.isdir(e)))


def _init_on_loopback(ray: Any, address: str | None, kwargs: dict[str, Any]) -> None:
    """Start a local instance, or join a cluster on this machine, listening on 127.0.0.1 only.

    Ray has no authentication: a local instance open on the network would run anyone's code.
    Ray rewrites a loopback address into the machine's outward address unless its cluster
    mode is off while it resolves addresses, hence the switch around `ray.init`.
    """
    from unittest import mock

    from ray._private import ray_constants

    kwargs = {**kwargs, "_node_ip_address": LOOPBACK}
    if address is None:
        kwargs.update(include_dashboard=False, num_cpus=os.cpu_count() or 1)
    with mock.patch.object(ray_constants, "ENABLE_RAY_CLUSTER", False):
        ray.init(address=address, **kwargs)


def driver_node_id() -> str:
    """The Ray node this process runs on: where files the driver owns (the cache, responses) live."""
    import ray

    return ray.get_runtime_context().get_node_id()


def pinned_to_driver() -> dict[str, Any]:
    """Actor options that place an actor on the driver's node (it opens the driver's files)."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    return {"scheduling_strategy": NodeAffinitySchedulingStrategy(node_id=driver_node_id(), soft=False)}
