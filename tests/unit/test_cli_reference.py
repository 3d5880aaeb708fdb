"""docs/cli.md is the CLI's own help, regenerated: a change to a command that the page misses fails here."""

from __future__ import annotations

from pathlib import Path

import typer

from ragstress.cli import app
from ragstress.cli.reference import reference

PAGE = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def test_the_committed_reference_is_the_generated_one():
    assert PAGE.read_text(encoding="utf-8") == reference(app), (
        "docs/cli.md is out of date: python -m ragstress.cli.reference > docs/cli.md"
    )


def test_the_reference_holds_every_command_and_option_as_help_shows_it():
    page = reference(app)
    root = typer.main.get_command(app)
    for name, command in root.commands.items():
        assert f"## `ragstress {name}`" in page
        for param in command.params:
            if param.param_type_name == "option" and not param.hidden:
                assert f"`{param.opts[0]}" in page.split(f"## `ragstress {name}`")[1], (name, param.opts)
    # Install hints keep their extras (rich's escaping is undone), and nothing depends on a terminal's width.
    assert "pip install 'ragstress[ray]'" in page and "\\[" not in page


def test_a_new_option_changes_the_page():
    extra = typer.Typer()

    @extra.command()
    def first(size: int = typer.Option(3, "--size", help="How many.")) -> None:
        """Do the first thing."""

    @extra.command()
    def second() -> None:
        """Do the second thing."""

    page = reference(extra)
    assert "## `ragstress first`" in page and "- `--size <int>`: How many. [default: 3]" in page
    assert "Do the second thing." in page
