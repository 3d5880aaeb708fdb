"""The LLM roles' endpoints and client settings, for a caller that reads them from its own configuration.

`ragstress.endpoint` makes a role's endpoint from plain values only; a front end that also
honours environment variables resolves it here with the environment it was given (flags
first, then RAGSTRESS_<ROLE>_* and OPENAI_*, then the bundled model). The cache locations
and the redaction that keeps keys out of messages are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ragstress.core.redaction import redact_secret, redact_url
from ragstress.llm.config import ROLES, ClientSettings, Endpoint, Role, resolve_endpoint

CACHE_FILE = "llm-cache.sqlite"
"""The LLM answer cache's file name in its folder."""

SECOND_JUDGE_PREFIX = "RAGSTRESS_JUDGE2_"


def endpoint(
    role: str,
    base_url: str | None = None,
    model: str | None = None,
    api_key: str | None = None,
    json_mode: str | None = None,
) -> Endpoint:
    """An LLM role's endpoint from plain values; without a base URL, the bundled local model.

    `json_mode` forces how structured output is asked (json_schema, json_object, text); by
    default (auto) it is detected per endpoint (ragstress.llm.json_modes).
    """
    # An empty environment: the API takes its configuration as arguments only.
    return resolve_endpoint(role, {}, base_url=base_url, model=model, api_key=api_key, json_mode=json_mode)  # type: ignore[arg-type]


def role_endpoint(
    endpoints: Mapping[str, Endpoint] | None, role: str, base_url: str | None, model: str | None, api_key: str | None
) -> Endpoint:
    """The role's Endpoint: the one given in `endpoints`, else one made from the plain values."""
    given = (endpoints or {}).get(role)
    return given if given is not None else endpoint(role, base_url, model, api_key)


def cache_file(cache_dir: str | Path | None) -> Path | None:
    """The LLM answer cache file under `cache_dir`; None (no cache) when no folder is given."""
    return Path(cache_dir) / CACHE_FILE if cache_dir is not None else None


def use_model_cache(folder: Path | None) -> None:
    """Keep exported embedding-model files under `folder` (None: ~/.cache/ragstress) for this process."""
    from ragstress.corpora.embeddings import set_model_cache_dir

    set_model_cache_dir(folder)


def second_judge(
    env: Mapping[str, str], base_url: str | None, model: str | None, api_key: str | None
) -> Endpoint | None:
    """A second judge from these values, then RAGSTRESS_JUDGE2_* in `env`; None when neither names one."""
    renamed = {
        name.replace(SECOND_JUDGE_PREFIX, "RAGSTRESS_JUDGE_"): value
        for name, value in env.items()
        if name.startswith(SECOND_JUDGE_PREFIX)
    }
    if not (base_url or model or renamed.get("RAGSTRESS_JUDGE_BASE_URL") or renamed.get("RAGSTRESS_JUDGE_MODEL")):
        return None
    return resolve_endpoint("judge", renamed, base_url=base_url, model=model, api_key=api_key)


PREFLIGHT_TIMEOUT_S = 10.0
"""A preflight is one small request: it should not take the whole LLM timeout to say "unreachable"."""


@dataclass(frozen=True)
class Unanswered:
    """Why an endpoint cannot be used now: `reason` is timeout, unreachable (`detail` says how, the key
    redacted) or refused (`status` 401 or 403: a wrong or missing API key)."""

    reason: str
    detail: str = ""
    status: int | None = None


def probe(endpoint: Endpoint, timeout_s: float = PREFLIGHT_TIMEOUT_S) -> Unanswered | None:
    """Ask `endpoint` one cheap question now: None when it answers, else why not.

    Without this check a wrong URL or key would surface only as one retried error per
    case, minutes later. It asks `GET <base_url>/models`, which OpenAI-compatible servers
    answer cheaply; any answer other than 401/403 (even a 404 from a server without that
    route) counts as reachable. The bundled model needs no probe. The key is never shown.
    """
    if endpoint.is_bundled or not endpoint.base_url:
        return None
    import httpx  # here: most calls never need a preflight

    headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
    try:
        reply = httpx.get(endpoint.base_url.rstrip("/") + "/models", headers=headers, timeout=timeout_s)
    except httpx.TimeoutException:
        return Unanswered("timeout")
    except httpx.HTTPError as exc:
        cause = redact_secret(str(exc.__cause__ or exc) or type(exc).__name__, endpoint.api_key)
        return Unanswered("unreachable", f"{type(exc).__name__}: {cause}")
    if reply.status_code in (401, 403):
        return Unanswered("refused", status=reply.status_code)
    return None


def probe_address(url: str, timeout_s: float = PREFLIGHT_TIMEOUT_S) -> str | None:
    """None when something accepts a connection at `url`'s host and port, else the reason it was not.

    For services that cannot be asked anything harmless (an http target): a refused connection
    at the start would otherwise become one identical error per case.
    """
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname or "", port), timeout=timeout_s):
            return None
    except OSError as exc:
        return str(exc.strerror or exc)


__all__ = [
    "CACHE_FILE",
    "PREFLIGHT_TIMEOUT_S",
    "ROLES",
    "ClientSettings",
    "Unanswered",
    "Endpoint",
    "Role",
    "cache_file",
    "endpoint",
    "probe",
    "probe_address",
    "redact_secret",
    "redact_url",
    "resolve_endpoint",
    "role_endpoint",
    "second_judge",
    "use_model_cache",
]
