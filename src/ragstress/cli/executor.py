"""The executor options of run and bench: where the target is asked."""

from __future__ import annotations

import enum
from typing import Annotated

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


def executor_settings(executor: ExecutorName, address: str | None, actors: int | None, resources: str | None) -> dict:
    """The stage functions' executor arguments (empty for local); a bad combination exits 2 naming the option."""
    from ragstress.api.errors import RayUnavailable
    from ragstress.api.executors import check_executor

    try:
        return check_executor(executor.value, address, actors, resources)
    except (ValueError, RayUnavailable) as error:
        raise cc.fail(str(error)) from None
