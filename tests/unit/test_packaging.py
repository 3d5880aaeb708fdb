"""The wheel holds one top-level package, `ragstress`, and every folder under it is named as it is imported."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "ragstress"


def test_the_package_is_found_under_src_and_nothing_else_is():
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert setuptools["packages"]["find"] == {"where": ["src"], "include": ["ragstress*"]}
    assert [p.name for p in (REPO / "src").iterdir() if p.is_dir() and not p.name.endswith(".egg-info")] == [
        "ragstress"
    ]


def test_every_code_folder_is_a_package():
    # A folder of modules without __init__.py would be left out of the wheel.
    for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir())]:
        if any(folder.glob("*.py")):
            assert (folder / "__init__.py").is_file(), folder


def test_the_installed_package_resolves_to_the_checkout_folders():
    import ragstress
    import ragstress.corpora
    import ragstress.reports

    assert Path(ragstress.__file__).parent == PACKAGE
    assert Path(ragstress.corpora.__file__).parent == PACKAGE / "corpora"
    assert Path(ragstress.reports.__file__).parent == PACKAGE / "reports"
