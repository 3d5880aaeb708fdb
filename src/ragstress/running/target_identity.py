"""What a target's answers depend on, as a fingerprint: when it changes, old answers are stale.

- python: and langchain: targets: the source of the code the spec imports. For a module of
  an installed distribution (in site-packages), its version and the module's file; for local code, every .py
  file of its top-level package (a helper module the target calls counts too), or the
  module's own file when it is not in a package, and in both cases every module of the
  same source tree it imports, directly or through another (`rag_target.py` importing
  `rag_app.py` beside it): the imports are read from the files' syntax, never run, and
  followed only to files under the directory the target module was found in.
- http targets: the URL and the target config file's bytes (header values stay `env:NAME`
  there, so no secret is hashed into a file).
- baseline: the target endpoint (model, URL; never the key), the sha of every baseline prompt and
  the answers' token limits and stop sequences.

The module is located with importlib's finders without running it; a module that cannot
be found is fingerprinted as such (the run stage then reports the import error).
"""

from __future__ import annotations

import ast
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
    # An editable install (`pip install -e .`) is the user's own source tree: fingerprinted as local code.
    if distributions and {"site-packages", "dist-packages"} & set(origin.parts):
        dist = distributions[0]
        return {
            "module": name,
            "distribution": dist,
            "version": metadata.version(dist),
            "files": {origin.name: _sha(origin.read_bytes())},
        }
    top_spec = importlib.util.find_spec(top) if top != name else found
    roots = list(top_spec.submodule_search_locations or []) if top_spec is not None else []
    files: dict[str, str] = {}
    for root in map(Path, roots):
        for path in sorted(root.rglob("*.py"))[:MAX_SOURCE_FILES]:
            if "__pycache__" not in path.parts:
                files[path.relative_to(root.parent).as_posix()] = _sha(path.read_bytes())
    tree = source_root(name, origin)
    for path in [origin, *local_imports(name, origin).values()]:
        files.setdefault(path.relative_to(tree).as_posix(), _sha(path.read_bytes()))
    return {"module": name, "files": files}


def source_root(name: str, origin: Path) -> Path:
    """The directory the module `name` (at `origin`) was found in: `pkg.mod` at /p/pkg/mod.py -> /p."""
    root = origin.parent if origin.name == "__init__.py" else origin.with_suffix("")
    for _ in name.split("."):
        root = root.parent
    return root


def local_imports(name: str, origin: Path) -> dict[str, Path]:
    """Module name -> file of every module under `name`'s source root that it imports, directly or not.

    Imports are read from each file's syntax tree (nothing is executed), relative ones resolved
    against the importing module's package; a name is followed only when its file lies under the
    root, so the standard library and installed packages are never read. Bounded by MAX_SOURCE_FILES.
    """
    root = source_root(name, origin)
    found: dict[str, Path] = {}
    pending = [(name, origin)]
    while pending and len(found) < MAX_SOURCE_FILES:
        current, path = pending.pop()
        for imported in _imported_names(current, path):
            located = _locate(root, imported)
            if located is not None and imported not in found and imported != name:
                found[imported] = located
                pending.append((imported, located))
    return found


def _imported_names(name: str, path: Path) -> list[str]:
    """Every dotted name `path`'s imports may load (`from a import b` may load module a.b), parents included."""
    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except (SyntaxError, ValueError, OSError):
        return []  # the run stage reports a module that does not load
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                anchor = parts[: len(parts) - (node.level - 1)] if node.level - 1 <= len(parts) else []
                base = ".".join(anchor + ([node.module] if node.module else []))
            if base:
                names.append(base)
            names += [f"{base}.{alias.name}" if base else alias.name for alias in node.names if alias.name != "*"]
    with_parents = []
    for dotted in names:
        parts = dotted.split(".")
        with_parents += [".".join(parts[: i + 1]) for i in range(len(parts))]
    return list(dict.fromkeys(with_parents))


def _locate(root: Path, dotted: str) -> Path | None:
    """The source file of module `dotted` under `root` (a module file or a package's __init__.py), if any."""
    base = root.joinpath(*dotted.split("."))
    for candidate in (base.with_name(base.name + ".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def reload_target_module(spec: str) -> None:
    """Re-import a python:/langchain: target's module, and the project modules it imports, if already imported.

    A long-lived process (a notebook, a test session) that ran bench once holds the old
    code in sys.modules; fresh answers must come from the edited source. The modules of the
    target's source tree that it imports (see `local_imports`) are reloaded first, then the
    target's module, which binds the fresh names; nothing outside that tree is reloaded.
    """
    if target_kind(spec) not in ("python", "langchain"):
        return
    name = module_name(spec)
    module = sys.modules.get(name)
    if module is None or getattr(module, "__spec__", None) is None or not getattr(module, "__file__", None):
        return
    importlib.invalidate_caches()
    # Dependencies were found after their importers: reloading in reverse puts each before its users.
    for imported in reversed(list(local_imports(name, Path(module.__file__)))):
        dependency = sys.modules.get(imported)
        if dependency is not None and getattr(dependency, "__spec__", None) is not None:
            importlib.reload(dependency)
    importlib.reload(module)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
