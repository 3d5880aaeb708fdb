"""The wheel's package list matches the checkout's folders, under the single name `ragstress`."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# Checkout folder -> installed package name (pyproject's package-dir).
ROOTS = {
    "benchmark": "ragstress",
    "corpora": "ragstress.corpora",
    "generators": "ragstress.generators",
    "reports": "ragstress.reports",
    "prompts": "ragstress.prompts",
}


def _folder_packages() -> set[str]:
    found = set()
    for folder, name in ROOTS.items():
        for init in (REPO / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / folder).parts
            found.add(".".join((name, *relative)))
    return found


def test_every_package_folder_is_listed_and_nothing_else():
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert set(setuptools["packages"]) == _folder_packages()
    assert setuptools["package-dir"] == {name: folder for folder, name in ROOTS.items()}


def test_the_installed_package_resolves_to_the_checkout_folders():
    import ragstress
    import ragstress.corpora
    import ragstress.reports

    assert Path(ragstress.__file__).parent == REPO / "benchmark"
    assert Path(ragstress.corpora.__file__).parent == REPO / "corpora"
    assert Path(ragstress.reports.__file__).parent == REPO / "reports"
