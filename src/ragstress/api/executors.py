"""Where a stage's work runs: this process, or Ray actors on a cluster (docs/scale.md).

Every stage function takes the same four values (`executor`, `ray_address`, `actors`,
`actor_resources`); `check_executor` checks them before any work, so a bad combination or a
missing Ray fails at once instead of after the stages before it have run.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def check_executor(
    executor: str,
    ray_address: str | None = None,
    actors: int | None = None,
    actor_resources: str | Mapping[str, float] | None = None,
) -> dict[str, Any]:
    """The stage functions' executor arguments, checked: empty for local, the parsed values for ray.

    `actor_resources` is JSON text (`'{"GPU": 1}'`) or a mapping. ValueError names the option at
    fault; RayUnavailable says how to install Ray when `executor="ray"` and it is missing.
    """
    from ragstress.distributed.cluster import parse_executor, require_ray

    options = parse_executor(executor, ray_address, actors, actor_resources)
    if options is None:
        return {}
    require_ray()
    return {
        "executor": "ray",
        "ray_address": options.address,
        "actors": options.actors,
        "actor_resources": options.actor_resources or None,
    }


__all__ = ["check_executor"]
