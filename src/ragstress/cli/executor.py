"""The executor options of run and bench: where the target is asked."""

from __future__ import annotations

import enum
from typing import Annotated, Any

import typer

from ragstress.cli import common as cc

PANEL = "Executor"


class ExecutorName(str, enum.Enum):
    local = "local"
    ray = "ray"


Executor = Annotated[
    ExecutorName,
    typer.Option(
        "--executor",
        help="local: this process; ray: actors on a Ray cluster (pip install 'ragstress\\[ray]').",
        rich_help_panel=PANEL,
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        help="Ray cluster address (host:port, ray://..., auto). Default: the running cluster, else a local instance.",
        show_default=False,
        rich_help_panel=PANEL,
    ),
]
Actors = Annotated[
    int | None,
    typer.Option(
        "--actors", help="Ray actors to start (default: one per CPU, up to the concurrency).", rich_help_panel=PANEL
    ),
]
ActorResources = Annotated[
    str | None,
    typer.Option(
        "--actor-resources",
        help="What each Ray actor reserves, as JSON: '{\"GPU\": 1}' (default: one CPU).",
        show_default=False,
        rich_help_panel=PANEL,
    ),
]


def ray_options(executor: ExecutorName, address: str | None, actors: int | None, resources: str | None) -> Any:
    """RayOptions for `--executor ray`, None for local; a bad combination exits 2 naming the option."""
    from ragstress.distributed.cluster import RayUnavailable, parse_executor, require_ray

    try:
        options = parse_executor(executor.value, address, actors, resources)
        if options is not None:
            require_ray()
    except (ValueError, RayUnavailable) as error:
        cc.fail(str(error))
    return options


def bench_settings(executor: ExecutorName, address: str | None, actors: int | None, resources: str | None) -> dict:
    """The BenchSettings fields of the executor options, checked as for `run`."""
    options = ray_options(executor, address, actors, resources)
    if options is None:
        return {}
    return {
        "executor": "ray",
        "ray_address": options.address,
        "actors": options.actors,
        "actor_resources": options.actor_resources or None,
    }
