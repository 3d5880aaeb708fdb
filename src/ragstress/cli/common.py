"""Options and helpers shared by the commands: the only place that reads the environment."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, ConsoleDimensions
from rich.markup import escape

from ragstress.api.endpoints import (
    CACHE_FILE,
    PREFLIGHT_TIMEOUT_S,
    ClientSettings,
    Endpoint,
    Role,
    probe,
    probe_address,
    redact_url,
    resolve_endpoint,
)

PIPED_WIDTH = 160
"""Columns of a table written to a pipe or file: wide enough that no column folds a word in two."""


class _Console(Console):
    """A console that soft-wraps (a path or run id in a pipe stays whole) and is PIPED_WIDTH wide in a pipe.

    A terminal keeps its own width; $COLUMNS, when set, wins as usual; a pipe or file gets
    PIPED_WIDTH instead of rich's 80, so a table's words are not folded mid-token either.
    """

    def __init__(self, stderr: bool = False) -> None:
        super().__init__(stderr=stderr, highlight=False, soft_wrap=True)

    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        if self.is_terminal or os.environ.get("COLUMNS", "").isdigit():
            return size
        return ConsoleDimensions(PIPED_WIDTH, size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)


console = _Console()
err_console = _Console(stderr=True)


def _role_option(role: str, field: str, help_text: str) -> Any:
    return typer.Option(f"--{role}-{field}", help=help_text, show_default=False, rich_help_panel=f"{role} LLM")


def _role_options(role: str) -> tuple[Any, Any, Any]:
    env = f"RAGSTRESS_{role.upper()}_"
    return (
        _role_option(
            role, "base-url", f"OpenAI-compatible base URL (else ${env}BASE_URL, $OPENAI_BASE_URL, bundled model)."
        ),
        _role_option(role, "model", f"Model name (else ${env}MODEL)."),
        _role_option(
            role, "api-key", f"API key (prefer ${env}API_KEY or $OPENAI_API_KEY: flags show in process lists)."
        ),
    )


def _json_mode_option(role: str) -> Any:
    return _role_option(
        role,
        "json-mode",
        f"How structured output is asked: auto (detect: json_schema, then json_object with the schema, then the "
        f"schema in the prompt), json_schema, json_object or text (else $RAGSTRESS_{role.upper()}_JSON_MODE).",
    )


_g, _t, _j = _role_options("generator"), _role_options("target"), _role_options("judge")
GeneratorJsonMode = Annotated[str | None, _json_mode_option("generator")]
JudgeJsonMode = Annotated[str | None, _json_mode_option("judge")]
GeneratorBaseUrl = Annotated[str | None, _g[0]]
GeneratorModel = Annotated[str | None, _g[1]]
GeneratorApiKey = Annotated[str | None, _g[2]]
TargetBaseUrl = Annotated[str | None, _t[0]]
TargetModel = Annotated[str | None, _t[1]]
TargetApiKey = Annotated[str | None, _t[2]]
JudgeBaseUrl = Annotated[str | None, _j[0]]
JudgeModel = Annotated[str | None, _j[1]]
JudgeApiKey = Annotated[str | None, _j[2]]

Timeout = Annotated[
    float, typer.Option("--timeout", help="Per-request LLM timeout in seconds.", rich_help_panel="LLM client")
]
MaxRetries = Annotated[
    int, typer.Option("--max-retries", help="Retries on 429/5xx/timeouts.", rich_help_panel="LLM client")
]
Concurrency = Annotated[
    int, typer.Option("--llm-concurrency", help="Requests in flight per endpoint.", rich_help_panel="LLM client")
]
Include = Annotated[
    list[str] | None, typer.Option("--include", help="Also load files matching this glob as plain text (repeatable).")
]
FollowSymlinks = Annotated[
    bool,
    typer.Option(
        "--follow-symlinks", help="Read symlinks whose target lies outside the corpus folder (skipped by default)."
    ),
]
NotebookOutputs = Annotated[
    bool, typer.Option("--notebook-outputs", help="Keep Jupyter notebooks' text outputs (dropped by default).")
]
ResolveUncertain = Annotated[
    str,
    typer.Option(
        "--resolve-uncertain",
        help="rules (default): keep the rules' verdicts; judge: the judge decides the rule verdicts marked "
        "uncertain (needs a judge endpoint other than the bundled model).",
    ),
]
JudgeBudget = Annotated[
    float | None,
    typer.Option(
        "--judge-budget",
        help="Seconds of judged work to spend (default: 300 with the bundled judge, no limit with a judge endpoint; "
        "inf: no limit). Judged metrics that do not fit are left unscored with the reason; a later score with a "
        "larger budget scores them.",
        min=0,
    ),
]
NoCache = Annotated[
    bool, typer.Option("--no-cache", help="Bypass the on-disk LLM response cache.", rich_help_panel="LLM client")
]
RetryBackoff = Annotated[
    float,
    typer.Option(
        "--retry-backoff",
        help="Seconds before the first retry; doubles per retry (a Retry-After header wins).",
        rich_help_panel="LLM client",
    ),
]
CacheDir = Annotated[
    Path | None,
    typer.Option("--cache-dir", help="LLM cache folder (default: user cache dir).", rich_help_panel="LLM client"),
]


def environment() -> dict[str, str]:
    """A snapshot of the process environment, handed down as plain data."""
    return dict(os.environ)


def endpoint_for(
    role: Role, base_url: str | None, model: str | None, api_key: str | None, json_mode: str | None = None
) -> Endpoint:
    """The role's endpoint from its flags and the environment; an unknown JSON mode exits 2 naming its source."""
    try:
        return resolve_endpoint(
            role, environment(), base_url=base_url, model=model, api_key=api_key, json_mode=json_mode
        )
    except ValueError as error:
        raise fail(str(error)) from None


def announce_endpoints(endpoints: Iterable[Endpoint]) -> None:
    """Say, before any model is called, where each role's requests go and why.

    One warning line first when a remote endpoint was chosen only because OPENAI_* is set:
    the corpus and questions would leave the machine without anyone having asked for it.
    """
    endpoints = list(endpoints)
    remote = [e for e in endpoints if e.remote_via_openai_env]
    if remote:
        roles = ", ".join(e.role for e in remote)
        err_console.print(
            f"[bold yellow]warning:[/] {escape(roles)} will call a remote endpoint chosen only through OPENAI_* environment "
            "variables; pass --<role>-base-url / set RAGSTRESS_<ROLE>_* to mean it, or unset OPENAI_* for the bundled model",
            soft_wrap=True,
        )
    for endpoint in endpoints:
        err_console.print(f"endpoint {escape(endpoint.describe())}", soft_wrap=True)


def client_settings(
    timeout: float, max_retries: int, concurrency: int, no_cache: bool, backoff: float = ClientSettings.backoff_base_s
) -> ClientSettings:
    if timeout <= 0 or max_retries < 0 or concurrency < 1 or backoff < 0:
        fail("--timeout must be > 0, --max-retries >= 0, --llm-concurrency >= 1 and --retry-backoff >= 0")
    return ClientSettings(
        timeout_s=timeout,
        max_retries=max_retries,
        concurrency=concurrency,
        use_cache=not no_cache,
        backoff_base_s=backoff,
    )


def cache_path(cache_dir: Path | None) -> Path:
    """Where the LLM cache lives: --cache-dir, $RAGSTRESS_CACHE_DIR, $XDG_CACHE_HOME/ragstress, ~/.cache/ragstress."""
    env = environment()
    if cache_dir is None:
        if env.get("RAGSTRESS_CACHE_DIR"):
            cache_dir = Path(env["RAGSTRESS_CACHE_DIR"])
        else:
            cache_dir = Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ragstress"
    return cache_dir / CACHE_FILE


def check_endpoint(endpoint: Endpoint, timeout_s: float = PREFLIGHT_TIMEOUT_S) -> None:
    """Fail (exit 2) at once if `endpoint` cannot be reached or refuses its API key (api.endpoints.probe)."""
    problem = probe(endpoint, timeout_s)
    if problem is None:
        return
    where = f"{endpoint.role} endpoint {redact_url(endpoint.base_url or '')}"
    flags = f"--{endpoint.role}-base-url or RAGSTRESS_{endpoint.role.upper()}_BASE_URL / OPENAI_BASE_URL"
    if problem.reason == "timeout":
        fail(f"{where} did not answer within {timeout_s:g}s; check {flags}")
    if problem.reason == "unreachable":
        fail(f"{where} is unreachable ({problem.detail}); check {flags}")
    state = "was refused: wrong key" if endpoint.api_key else "is missing"
    fail(
        f"{where} answered HTTP {problem.status}: the API key {state}; set "
        f"--{endpoint.role}-api-key, RAGSTRESS_{endpoint.role.upper()}_API_KEY or OPENAI_API_KEY"
    )


def check_reachable(url: str, what: str, timeout_s: float = PREFLIGHT_TIMEOUT_S) -> None:
    """Fail (exit 2) at once if nothing accepts a connection at `url`'s host and port (an http target)."""
    why = probe_address(url, timeout_s)
    if why is not None:
        fail(f"{what} {redact_url(url)} is unreachable ({why})")


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print an error for people and exit with `code` (2: usage or input error)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def interrupts() -> Iterator[None]:
    """Around a call into the API: Ctrl-C exits 130 after the call's cleanup has run."""
    try:
        yield
    except KeyboardInterrupt:
        err_console.print("interrupted")
        raise typer.Exit(130) from None


def check_resolve_uncertain(choice: str, judge: Any) -> None:
    """Refuse (exit 2) an unknown --resolve-uncertain, or `judge` with the bundled model as the judge."""
    if choice not in ("rules", "judge"):
        fail(f"--resolve-uncertain {choice!r}: choose rules or judge")
    if choice == "judge" and judge.is_bundled:
        fail("--resolve-uncertain judge needs a judge endpoint other than the bundled model (--judge-base-url)")


Styles = Annotated[
    str,
    typer.Option(
        "--styles",
        help="The style testbed's question styles: typo, informal, grammar, distracting, preamble "
        "(comma-separated; default: all).",
    ),
]


def check_styles(value: str) -> tuple[str, ...]:
    """The --styles names, each known (exit 2 naming an unknown one); empty means every style."""
    from ragstress.api.names import check_styles as known_styles

    chosen = tuple(s.strip() for s in value.split(",") if s.strip())
    try:
        return known_styles(chosen) if chosen else ()
    except ValueError as error:
        raise fail(f"--styles: {error}") from None


Testbeds = Annotated[
    str | None,
    typer.Option(
        "--testbeds", help="Comma-separated testbeds (default: RGB's four; also conflict, style, position, injection)."
    ),
]

JudgeNoise = Annotated[
    bool | None,
    typer.Option(
        "--judge-noise/--no-judge-noise",
        help="Judge each noise passage for a hidden answer (default: unless the judge is the bundled model).",
    ),
]
