"""How manifests record paths, so a run directory can be moved, attached to a CI job or published.

A path inside the folder a manifest describes is recorded relative to that folder (POSIX
separators); a path outside it is recorded absolute, for information only: no reader may
need it to read the run. Readers resolve a recorded path against the folder first.
"""

from __future__ import annotations

import os
from pathlib import Path


def recorded_path(target: str | Path, base: str | Path, reach: str | Path | None = None) -> str:
    """`target` as a manifest in `base` records it: relative when inside `reach` (default `base`), else absolute.

    `reach` lets a manifest name a sibling of its own folder (testset/testset.json naming
    ../index in a bench directory) without reaching anywhere else on the machine.
    """
    target, base = Path(target).resolve(), Path(base).resolve()
    reach = Path(reach).resolve() if reach is not None else base
    if target == reach or reach in target.parents:
        return Path(os.path.relpath(target, base)).as_posix()
    return str(target)


def resolve_recorded(recorded: str | Path, base: str | Path) -> Path:
    """The file a manifest in `base` means by `recorded` (a relative path is taken from `base`)."""
    path = Path(recorded)
    return path if path.is_absolute() else Path(base) / path
