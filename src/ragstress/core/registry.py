"""Registries of named things (metrics, testbeds, targets) with "did you mean" errors."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class UnknownNameError(KeyError):
    """A name that is not registered; the message suggests the closest registered names."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


def unknown_name(kind: str, name: str, known: Iterable[str]) -> UnknownNameError:
    """The error for a `name` not among `known`, suggesting the closest known names."""
    known = list(known)
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return UnknownNameError(f"unknown {kind} {name!r}{hint} (known: {', '.join(sorted(known))})")


def check_names(kind: str, names: str, known: Iterable[str]) -> list[str]:
    """The names of a comma-separated option, each checked against `known` (UnknownNameError if not)."""
    known = list(known)
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    for name in wanted:
        if name not in known:
            raise unknown_name(kind, name, known)
    return wanted


class Registry(Generic[T]):
    """Name -> object, filled by a decorator, looked up with helpful errors."""

    def __init__(self, kind: str):
        self.kind = kind
        self._items: dict[str, T] = {}

    def register(self, name: str) -> Callable[[T], T]:
        def add(item: T) -> T:
            if name in self._items:
                raise ValueError(f"{self.kind} {name!r} is registered twice")
            self._items[name] = item
            return item

        return add

    def get(self, name: str) -> T:
        if name in self._items:
            return self._items[name]
        raise unknown_name(self.kind, name, self._items)

    def resolve(self, names: str | list[str]) -> list[str]:
        """Check a comma-separated string or list of names; returns them in order, deduplicated."""
        items = names.split(",") if isinstance(names, str) else names
        wanted = [n.strip() for n in items if n.strip()]
        for name in wanted:
            self.get(name)
        return list(dict.fromkeys(wanted))

    def names(self) -> list[str]:
        return list(self._items)

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)
