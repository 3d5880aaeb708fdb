"""Embedding on Ray: the index build's batches split over a pool of embedder actors.

The build stays where it is (reading, chunking, reusing stored vectors, writing the index
all happen on the driver, so only new texts are ever sent); what it hands the embedder is
a batch of new texts, and `RayEmbedder` splits each batch over the actors, each holding the
model once. Every actor takes a core of its node for itself and makes the same engine
choice a local build would make on one core (ONNX, bf16 where the CPU has AMX, PyTorch);
the index manifest records which worker embedded with which engine. An actor that dies
mid-batch has its part embedded again by another.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from ragstress.corpora.embeddings import Embedder
from ragstress.distributed.cluster import RayOptions
from ragstress.distributed.pool import lost_actor_errors, worker_name

MAX_ATTEMPTS = 3


class EmbedHost:
    """One actor's embedder, pinned to one core of its node (started through Ray by RayEmbedder)."""

    def __init__(self, name: str, slot: int):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[slot % len(cores)]})  # the engine sizes its threads to this
        from ragstress.corpora.embeddings import make_embedder

        self._embedder = make_embedder(name)
        self._worker = worker_name()

    def info(self) -> dict[str, str]:
        return {"worker": self._worker, "backend": self._embedder.backend, "path": getattr(self._embedder, "path", "")}

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._embedder.embed_passages(texts), dtype=np.float32)


class RayEmbedder:
    """The driver's embedder (its tokenizer, name and size) with `embed_passages` done by the actors."""

    def __init__(self, local: Embedder, options: RayOptions, workers: int):
        import ray

        self._local = local
        remote = ray.remote(EmbedHost).options(max_restarts=4, max_task_retries=0, **options.actor_options())
        self._actors = [remote.remote(local.name, slot) for slot in range(workers)]
        self.workers = ray.get([actor.info.remote() for actor in self._actors])
        self.lost_attempts = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._local, name)  # name, dim, max_tokens, backend, count_tokens, embed_query ...

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """Vectors for `texts` in order, each actor embedding an equal share."""
        import ray

        if not texts:
            return np.zeros((0, self._local.dim), dtype=np.float32)
        share = -(-len(texts) // len(self._actors))
        parts = [texts[i : i + share] for i in range(0, len(texts), share)]
        pending = {i: self._actors[i].embed.remote(part) for i, part in enumerate(parts)}
        results: dict[int, np.ndarray] = {}
        for attempt in range(MAX_ATTEMPTS):
            for i, ref in list(pending.items()):
                try:
                    results[i] = ray.get(ref)
                    del pending[i]
                except lost_actor_errors():
                    self.lost_attempts += 1
                    pending[i] = self._actors[(i + attempt + 1) % len(self._actors)].embed.remote(parts[i])
            if not pending:
                return np.concatenate([results[i] for i in range(len(parts))])
        raise RuntimeError(f"embedding lost its actor {MAX_ATTEMPTS} times for {len(pending)} part(s) of a batch")

    def describe(self) -> dict[str, Any]:
        """What the index manifest records: each worker's engine, and attempts lost with an actor."""
        return {"kind": "ray", "workers": self.workers, "lost_attempts": self.lost_attempts}

    def close(self) -> None:
        import ray

        for actor in self._actors:
            ray.kill(actor, no_restart=True)


def ray_embedder(local: Embedder, options: RayOptions) -> RayEmbedder:
    """Embedder actors for `local`'s model: `options.actors`, else one per CPU of the cluster."""
    import ray

    per_actor = options.actor_options()["num_cpus"] or 1
    count = options.actors or max(1, int(ray.cluster_resources().get("CPU", 1) // per_actor))
    return RayEmbedder(local, options, count)


@contextmanager
def embedding_executor(local: Embedder, options: RayOptions | None) -> Iterator[Any]:
    """`local` itself (no options), or embedder actors for its model for the block."""
    if options is None:
        yield local
        return
    from ragstress.distributed.cluster import ray_session

    with ray_session(options):
        remote = ray_embedder(local, options)
        try:
            yield remote
        finally:
            remote.close()


def record_executor(index_dir: Path, embedder: Any) -> None:
    """Add to the index manifest which workers embedded with which engine (a Ray build only)."""
    if not isinstance(embedder, RayEmbedder):
        return
    from ragstress.core.jsonl import write_json
    from ragstress.indexing.collection import MANIFEST_NAME, read_manifest

    manifest = read_manifest(index_dir) or {}
    write_json(Path(index_dir) / MANIFEST_NAME, {**manifest, "embedding_executor": embedder.describe()})
