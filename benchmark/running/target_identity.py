"""What a target's answers depend on, as a fingerprint: when it changes, old answers are stale.

- python: and langchain: targets: the source of the code the spec imports. For a module of
  an installed distribution, its version and the module's file; for local code, every .py
  file of its top-level package (a helper module the target calls counts too), or the
  module's own file when it is not in a package.
- http targets: the URL and the target config file's bytes (header values stay `env:NAME`
  there, so no secret is hashed into a file).
- baseline: the target endpoint (model, URL; never the key), the sha of every baseline prompt and
  the answers' token limits and stop sequences.

The module is located with importlib's finders without running it; a module that cannot
be found is fingerprinted as such (the run stage then reports the import error).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from ragstress.running.targets import public_spec, target_kind

# A bound on the files hashed for one local package: a target inside a huge tree still fingerprints quickly.
MAX_SOURCE_FILES = 2000
BASELINE_PROMPTS = ("baseline_system", "baseline_user", "baseline_closed_book")


def target_identity(spec: str, *, target_config: Path | None = None, endpoint: Any = None) -> dict[str, Any]:
    """A JSON-able description of what the target named by `spec` answers with (see the module docstring)."""
    kind = target_kind(spec)
    identity: dict[str, Any] = {"kind": kind, "spec": public_spec(spec)}
    if kind in ("python", "langchain"):
        identity.update(module_identity(module_name(spec)))
    elif kind == "http":
        identity["config_sha256"] = _sha(Path(target_config).read_bytes()) if target_config is not None else None
    elif kind == "baseline":
        from ragstress.prompts import load_prompt
        from ragstress.running.targets.baseline import ANSWER_MAX_TOKENS, ANSWER_STOP

        # The answer limits shape the answers as much as the prompts do.
        identity["answer_limits"] = {"max_tokens": ANSWER_MAX_TOKENS, "stop": ANSWER_STOP}
        identity["endpoint"] = None if endpoint is None else endpoint.public_dict()
        identity["prompts"] = {
            f"{lang}/{pid}": load_prompt(pid, lang).sha for pid in BASELINE_PROMPTS for lang in ("en", "zh")
        }
    return identity


def fingerprint_of(identity: dict[str, Any]) -> str:
    """One sha256 over an identity (stable key order)."""
    import json

    return _sha(json.dumps(identity, sort_keys=True, default=str).encode())


def module_name(spec: str) -> str:
    """`python:pkg.mod:fn` -> `pkg.mod`."""
    body = spec.split(":", 1)[1] if ":" in spec else spec
    return body.split(":", 1)[0]


def module_identity(name: str) -> dict[str, Any]:
    """The module's source files (by sha256) and, when installed, its distribution and version."""
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError) as exc:
        return {"module": name, "not_found": f"{type(exc).__name__}: {exc}"}
    if found is None or not found.origin or not Path(found.origin).is_file():
        return {"module": name, "not_found": "no source file"}
    origin = Path(found.origin)
    top = name.split(".")[0]
    distributions = metadata.packages_distributions().get(top, [])
    if distributions:
        dist = distributions[0]
        return {
            "module": name,
            "distribution": dist,
            "version": metadata.version(dist),
            "files": {origin.name: _sha(origin.read_bytes())},
        }
    top_spec = importlib.util.find_spec(top) if top != name else found
    roots = list(top_spec.submodule_search_locations or []) if top_spec is not None else []
    if not roots:
        return {"module": name, "files": {origin.name: _sha(origin.read_bytes())}}
    files: dict[str, str] = {}
    for root in map(Path, roots):
        for path in sorted(root.rglob("*.py"))[:MAX_SOURCE_FILES]:
            if "__pycache__" not in path.parts:
                files[path.relative_to(root.parent).as_posix()] = _sha(path.read_bytes())
    return {"module": name, "files": files}


def reload_target_module(spec: str) -> None:
    """Re-import a python:/langchain: target's module if this process already imported it.

    A long-lived process (a notebook, a test session) that ran bench once holds the old
    code in sys.modules; fresh answers must come from the edited source. Only the target's
    own module is re-imported: reloading a whole package could break other users of it.
    """
    if target_kind(spec) not in ("python", "langchain"):
        return
    module = sys.modules.get(module_name(spec))
    if module is not None and getattr(module, "__spec__", None) is not None:
        importlib.invalidate_caches()
        importlib.reload(module)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
