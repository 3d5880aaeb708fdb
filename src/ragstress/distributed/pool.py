"""A pool of actors that each hold something expensive (a target, a judge), and calls that survive an actor's death.

Each call goes to the least busy actor. When the actor dies under it (its process was
killed, its node went away), the call is asked again on another actor, up to
`max_attempts` times; Ray restarts the dead actor meanwhile (`max_restarts`), on any node
with room. The caller sees one result per call whatever happened: the driver alone
writes records, so a call repeated after a death still yields one line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

DEFAULT_MAX_ATTEMPTS = 3
ACTOR_RESTARTS = 4


class ActorsLost(RuntimeError):
    """A call whose every attempt lost its actor; the message lists the causes."""


def lost_actor_errors() -> tuple[type[BaseException], ...]:
    """The Ray errors that mean the actor or its node went away (asking elsewhere may succeed)."""
    from ray import exceptions

    return (
        exceptions.RayActorError,
        exceptions.WorkerCrashedError,
        exceptions.NodeDiedError,
        exceptions.ObjectLostError,
    )


@dataclass
class PoolStats:
    """What the pool did: calls made, attempts lost with an actor, and why."""

    calls: int = 0
    lost_attempts: int = 0
    causes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"calls": self.calls, "lost_attempts": self.lost_attempts, "causes": self.causes[:20]}


class ActorPool:
    """Actors of one kind; `await pool.call("method", *args)` runs the method on the least busy one."""

    def __init__(self, actors: list[Any], *, max_attempts: int = DEFAULT_MAX_ATTEMPTS):
        if not actors:
            raise ValueError("an actor pool needs at least one actor")
        self.actors = actors
        self.max_attempts = max_attempts
        self.stats = PoolStats()
        self._busy = [0] * len(actors)

    @classmethod
    def start(
        cls, actor_class: Any, count: int, options: dict[str, Any], per_actor: int, *args: Any, **kwargs: Any
    ) -> ActorPool:
        """Start `count` actors of `actor_class` (a plain class) taking `per_actor` calls at once each."""
        import ray

        remote = ray.remote(actor_class).options(
            max_restarts=ACTOR_RESTARTS, max_task_retries=0, max_concurrency=max(1, per_actor), **options
        )
        return cls([remote.remote(*args, **kwargs) for _ in range(count)])

    def _pick(self, tried: set[int]) -> int:
        candidates = [i for i in range(len(self.actors)) if i not in tried] or list(range(len(self.actors)))
        return min(candidates, key=lambda i: self._busy[i])

    async def call(self, method: str, *args: Any, on_lost: Callable[[str], Any] | None = None) -> Any:
        """The method's result; after `max_attempts` lost actors, `on_lost(causes)` if given, else ActorsLost."""
        lost = lost_actor_errors()
        tried: set[int] = set()
        causes: list[str] = []
        self.stats.calls += 1
        for _ in range(self.max_attempts):
            index = self._pick(tried)
            self._busy[index] += 1
            try:
                return await getattr(self.actors[index], method).remote(*args)
            except lost as exc:
                cause = f"actor {index}: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
                causes.append(cause)
                self.stats.lost_attempts += 1
                self.stats.causes.append(cause)
                tried.add(index)
            finally:
                self._busy[index] -= 1
        message = f"lost the actor {len(causes)} time(s): " + "; ".join(causes)
        if on_lost is not None:
            return on_lost(message)
        raise ActorsLost(message)

    async def broadcast(self, method: str, *args: Any) -> list[Any]:
        """The method's result from every live actor (one whose actor is gone for good is left out)."""
        results = await asyncio.gather(
            *(getattr(actor, method).remote(*args) for actor in self.actors), return_exceptions=True
        )
        failed = [r for r in results if isinstance(r, BaseException)]
        if failed and len(failed) == len(results):
            raise failed[0]
        return [r for r in results if not isinstance(r, BaseException)]

    def kill(self) -> None:
        """End every actor now (their work is done or abandoned)."""
        import ray

        for actor in self.actors:
            ray.kill(actor, no_restart=True)


def merge_usage(snapshots: Any) -> dict[str, dict[str, Any]]:
    """Per-role usage summed over workers: counters add up, descriptive fields are kept as they are."""
    merged: dict[str, dict[str, Any]] = {}
    for snapshot in snapshots:
        for role, stats in snapshot.items():
            into = merged.setdefault(role, {})
            for key, value in stats.items():
                if isinstance(value, int) and not isinstance(value, bool):
                    into[key] = into.get(key, 0) + value
                elif into.get(key) is None:  # a worker that saw no error (or no JSON call) leaves it to the next
                    into[key] = value
    return merged


def worker_name() -> str:
    """This actor's node and process, as run.json and score.json name the workers."""
    import os

    import ray

    return f"{ray.get_runtime_context().get_node_id()[:12]}:{os.getpid()}"
