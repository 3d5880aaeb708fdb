"""Past one machine: the stages' work fanned out on a Ray cluster, with the records of a local run.

`--executor ray` (or `executor="ray"` in the Python API) asks the target through Ray actors;
the driver alone writes the run directory's files. Ray is an optional extra:
`pip install 'ragstress[ray]'`. See docs/scale.md for clusters, what crosses the wire and
where the index and cache live.
"""

from ragstress.distributed.cluster import EXECUTORS, RayOptions, RayUnavailable, parse_executor, ray_session

__all__ = ["EXECUTORS", "RayOptions", "RayUnavailable", "parse_executor", "ray_session"]
