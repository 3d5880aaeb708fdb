"""The command reference (docs/cli.md), written from the CLI's own help: `python -m ragstress.cli.reference`.

Every command's usage, description and options come from the same click objects `--help`
renders, so the page cannot say something the command does not do; a unit test compares the
committed page with this output. The text does not depend on the terminal: no wrapping, no colour.
Typer carries its own copy of click, so commands and parameters are read by their attributes
(`param_type_name`, `commands`), not checked against click's classes.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import typer

HEADER = """# Command reference

Generated from the commands' own help by `python -m ragstress.cli.reference > docs/cli.md`
(a test fails when this page and the help differ). `ragstress COMMAND --help` prints the same.
Each role's model options (`--generator-*`, `--target-*`, `--judge-*`) resolve as
[docs/models.md](models.md#llm-roles) says.
"""


def plain(text: str) -> str:
    """Help text as Markdown: rich's escaped brackets unescaped, click's no-rewrap marker dropped."""
    text = text.replace("\\[", "[").replace("\b\n", "")
    return re.sub(r"[ \t]+\n", "\n", text).strip()


def _paragraphs(text: str) -> str:
    """A docstring's paragraphs with their hard line breaks joined: Markdown wraps them itself."""
    return "\n\n".join(" ".join(line.strip() for line in block.splitlines()) for block in plain(text).split("\n\n"))


def _item(param: Any, ctx: Any) -> str:
    """One argument or option as `--help` shows it: its names and type, then its help with default and range."""
    names, text = param.get_help_record(ctx) or (param.name, "")
    return f"- `{names}`: {' '.join(plain(text).split())}"


def command_section(name: str, command: Any, parent: Any) -> str:
    """One command: its usage line, description, arguments and options grouped by help panel."""
    ctx = command.context_class(command, info_name=name, parent=parent)
    usage = " ".join(["ragstress", name, *command.collect_usage_pieces(ctx)])
    lines = [f"## `ragstress {name}`", "", "```", usage, "```", "", _paragraphs(command.help or "")]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if arguments:
        lines += ["", "Arguments:", "", *(_item(param, ctx) for param in arguments)]
    panels: dict[str, list[str]] = {}
    for param in command.params:
        if param.param_type_name == "option" and not param.hidden:
            panels.setdefault(param.rich_help_panel or "Options", []).append(_item(param, ctx))
    for panel, items in panels.items():
        lines += ["", f"{panel}:", "", *items]
    return "\n".join(lines)


def reference(app: typer.Typer) -> str:
    """docs/cli.md for `app`, the commands in the order `ragstress --help` lists them."""
    root = typer.main.get_command(app)
    ctx = root.context_class(root, info_name="ragstress")
    commands = getattr(root, "commands", {})
    index = "Commands: " + ", ".join(f"[`{name}`](#ragstress-{name})" for name in commands) + "."
    sections = [command_section(name, command, ctx) for name, command in commands.items()]
    return "\n\n".join([HEADER.rstrip(), index, *sections]) + "\n"


def main() -> None:
    from ragstress.cli import app

    sys.stdout.write(reference(app))


if __name__ == "__main__":
    main()
