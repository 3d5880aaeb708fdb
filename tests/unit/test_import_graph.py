"""The package's import graph: no cycles, nothing imports the CLI, core imports no stage, layers hold.

Every module's source is parsed (not imported), so an import inside a function counts as much
as one at the top; only `if TYPE_CHECKING:` blocks are skipped, since they never run. A
package's `__init__` is a module of its own: `import ragstress.core.types` is an edge to
`ragstress.core.types` only, while `from ragstress.running.targets import make_target` is an
edge to the package `ragstress.running.targets` (its __init__).
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CLI = "ragstress.cli"
CORE = "ragstress.core"
# The stages of the data flow and the faces over them; core is under all of them.
STAGES = (
    "ragstress.indexing",
    "ragstress.distributed",
    "ragstress.running",
    "ragstress.scoring",
    "ragstress.api",
    "ragstress.generators",
    "ragstress.reports",
    "ragstress.cli",
)


def _module_files() -> dict[str, Path]:
    """Module name -> source file, for every module of the package (src/ragstress/ and its folders)."""
    src = REPO / "src"
    modules: dict[str, Path] = {}
    for path in (src / "ragstress").rglob("*.py"):
        parts = path.relative_to(src).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported_names(tree: ast.AST, module: str, is_package: bool) -> list[tuple[str, list[str]]]:
    """(imported module, names taken from it) for every import statement that can run."""
    found: list[tuple[str, list[str]]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".") if is_package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((base, [alias.name for alias in node.names]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    files = _module_files()
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges: set[str] = set()
        for target, names in _imported_names(tree, module, path.name == "__init__.py"):
            submodules = [f"{target}.{name}" for name in names if f"{target}.{name}" in files]
            edges.update(submodules)
            if len(submodules) < len(names) or not names:
                if target in files:
                    edges.add(target)
        edges.discard(module)
        graph[module] = edges
    return graph


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a path [a, b, ..., a], or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = finished
    for start in sorted(graph):
        if state.get(start):
            continue
        path = [start]
        stack = [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_graph_covers_the_package():
    graph = import_graph()
    assert "ragstress.core.types" in graph and "ragstress.corpora.embeddings" in graph
    assert "ragstress.core.types" in graph["ragstress.running.runner"]


def test_the_cycle_finder_reports_the_path():
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycles():
    cycle = _find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_nothing_outside_the_cli_imports_the_cli():
    offenders = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        if not _within(module, CLI)
        for target in targets
        if _within(target, CLI)
    )
    assert not offenders, "\n".join(offenders)


def test_core_imports_no_stage():
    offenders = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        if _within(module, CORE)
        for target in targets
        if any(_within(target, stage) for stage in STAGES)
    )
    assert not offenders, "\n".join(offenders)


REPORTS = "ragstress.reports"
STATS = "ragstress.reports.stats"
MODEL = "ragstress.reports.model"
RENDER = "ragstress.reports.render"
# The CLI is one face over the API: it parses options, calls ragstress.api, prints. Besides the API it
# imports only its own modules, the console helpers among them (cli.common: the consoles, the shared
# options and the environment; cli.progress: the stage progress; cli.executor: the executor options).
# Whatever it needs from a stage (a function, a name to check a flag against, an error to catch, a
# number to print in words) the API offers: ragstress.api.errors, .names, .text, .endpoints...
CLI_REACHES = ("ragstress.api", "ragstress.cli")


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    """Every edge that breaks a layer rule of src/ragstress/reports/ or of the CLI, as 'module imports target: rule'."""
    found = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            rule = None
            if _within(module, STATS) and _within(target, REPORTS) and not _within(target, STATS):
                rule = "statistics import nothing else from src/ragstress/reports/"
            elif _within(module, MODEL) and _within(target, REPORTS) and not _within(target, MODEL):
                rule = "the report model imports nothing else from src/ragstress/reports/"
            elif _within(module, RENDER) and _within(target, STATS):
                rule = "renderers read statistics through the report model, never directly"
            elif (
                _within(module, REPORTS)
                and module != REPORTS
                and not _within(module, RENDER)
                and _within(target, RENDER)
            ):
                rule = "nothing under the renderers imports a renderer (only the package face may)"
            elif (
                _within(module, CLI)
                and _within(target, "ragstress")
                and not any(_within(target, allowed) for allowed in CLI_REACHES)
            ):
                rule = "the CLI imports only the API and its own console helpers"
            if rule:
                found.append(f"{module} imports {target}: {rule}")
    return found


def test_the_layers_of_reports_and_the_cli_hold():
    offenders = layer_violations(import_graph())
    assert not offenders, "\n".join(offenders)


def test_a_planted_violation_of_each_layer_rule_is_caught():
    graph = import_graph()
    planted = {
        "ragstress.reports.stats.ppi": "ragstress.reports.model",
        "ragstress.reports.model.curve": "ragstress.reports.aggregate",
        "ragstress.reports.render.html": "ragstress.reports.stats.intervals",
        "ragstress.reports.aggregate": "ragstress.reports.render.labels",
        "ragstress.cli.report": "ragstress.values.spans",
        # Each of these was the CLI's to import before it went through the API alone.
        "ragstress.cli.bench": "ragstress.core.rundir",
        "ragstress.cli.run": "ragstress.running.runner",
        "ragstress.cli.score": "ragstress.scoring.metrics",
        "ragstress.cli.calibrate": "ragstress.reports.render.labelpage",
        "ragstress.cli.generate": "ragstress",
    }
    for module, target in planted.items():
        assert module in graph and target in graph, (module, target)
        changed = {name: set(edges) for name, edges in graph.items()}
        changed[module].add(target)
        assert any(line.startswith(f"{module} imports {target}:") for line in layer_violations(changed)), module


def test_reports_root_stays_small():
    root = REPO / "src" / "ragstress" / "reports"
    modules = sorted(path.name for path in root.glob("*.py"))
    assert len(modules) <= 15, modules


VALUES = "ragstress.values"
# Edges between stages that the data flow forbids: each stage reads the one before through its files,
# and what two stages share (values, the probes a case asks) lives under both.
SIDEWAYS = (
    ("ragstress.running", "ragstress.generators"),
    ("ragstress.scoring", "ragstress.running"),
    ("ragstress.scoring", "ragstress.generators"),
)


def shared_layer_violations(graph: dict[str, set[str]]) -> list[str]:
    """Edges out of the values package to anything but core, and the forbidden stage-to-stage edges."""
    found = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if _within(module, VALUES) and not (_within(target, VALUES) or _within(target, CORE)):
                found.append(f"{module} imports {target}: values import only core")
            for source, forbidden in SIDEWAYS:
                if _within(module, source) and _within(target, forbidden):
                    found.append(f"{module} imports {target}: {source} does not reach into {forbidden}")
    return found


def test_values_sit_under_every_stage_and_stages_do_not_reach_sideways():
    graph = import_graph()
    assert not shared_layer_violations(graph), "\n".join(shared_layer_violations(graph))
    planted = {
        "ragstress.values.matching": "ragstress.scoring.metrics.base",
        "ragstress.running.runner": "ragstress.generators.testbeds.pool",
        "ragstress.scoring.metrics.base": "ragstress.running.runner",
    }
    for module, target in planted.items():
        changed = {name: set(edges) for name, edges in graph.items()}
        changed[module].add(target)
        assert any(line.startswith(f"{module} imports {target}:") for line in shared_layer_violations(changed))
