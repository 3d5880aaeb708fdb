"""`python:pkg.module:callable` targets: a function of a TargetRequest, sync or async."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from ragstress.running.targets.base import (
    TARGET_KINDS,
    Target,
    TargetError,
    TargetOutput,
    TargetRequest,
    coerce_output,
    import_object,
)


class PythonTarget(Target):
    """Calls `fn(request)`; a sync function runs in a worker thread so the event loop keeps going.

    A sync function that hangs cannot be stopped from outside; the runner's timeout
    abandons it (see runner.abandonable_executor) and records the case as an error.
    """

    kind = "python"
    accepts_retriever = True

    def __init__(self, spec: str, fn: Any):
        super().__init__(spec)
        if not callable(fn):
            raise TargetError(f"target {spec!r}: {type(fn).__name__} object is not callable")
        self.fn = fn
        self.is_async = inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None))  # noqa: B004 - an object whose __call__ is async

    async def answer(self, request: TargetRequest) -> TargetOutput:
        if self.is_async:
            result = await self.fn(request)
        else:
            result = await asyncio.to_thread(self.fn, request)
            if inspect.isawaitable(result):  # a sync wrapper that hands back a coroutine
                result = await result
        return coerce_output(result)


@TARGET_KINDS.register("python")
def make_python_target(spec: str, **_: Any) -> PythonTarget:
    return PythonTarget(spec, import_object(spec, spec.removeprefix("python:")))
