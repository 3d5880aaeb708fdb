"""`http://…` / `https://…` targets: a service that answers a POSTed JSON question.

By default the body is `{"question", "contexts", "lang", "case_id"}` (plus `retrieval`
in e2e mode, below) and the reply is read from `answer` (and optional `contexts`). A
small JSON or TOML file (`--target-config`) changes that:

    url = "https://rag.example.com/ask"           # optional; must match --target if both are given
    timeout_s = 60                                # optional; else the run's --target-timeout
    [headers]
    Authorization = "Bearer env:RAG_TOKEN"         # env:NAME is read from the environment at start
    [request]                                     # our field -> their (dotted) field; "" leaves it out
    question = "query"
    contexts = "documents"
    case_id = ""
    retrieval = "options.retrieval"                # the e2e field may be renamed or left out too
    [extra_body]                                  # sent as is
    top_k = 5
    [response]                                    # dotted paths into the reply; "*" maps over a list
    answer = "data.answer"
    contexts = "data.sources.*.text"

`contexts` is a list of passages in contexts mode, `[]` for the closed-book probe and
`null` in e2e mode (the service retrieves for itself). In e2e mode with an index, the
body also carries where to retrieve the case's variant of the index:

    "retrieval": {"url": "http://127.0.0.1:PORT/retrieve", "collection": "noise@0.8", "k": 5}

The service POSTs `{"collection", "query", "k"}` to `url` and gets the top passages
(`{"passages": [{"id", "text", "score", "doc_id"}]}`, see retrieval_server) instead of
searching its own store. The field is absent in contexts mode, for the closed-book probe,
and in e2e mode without an index. Header values are secrets: run.json records only
their names and `env:` references.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from ragstress.core.redaction import REDACTED, redact_url
from ragstress.core.types import Usage
from ragstress.running.targets.base import (
    TARGET_KINDS,
    Target,
    TargetError,
    TargetOutput,
    TargetOutputError,
    TargetRequest,
    context_texts,
)

REQUEST_FIELDS = ("question", "contexts", "lang", "case_id", "probe", "retrieval")
# Fields sent under their own name unless [request] maps them; only when the request holds them.
OPTIONAL_FIELDS = {"retrieval": "retrieval"}
_ENV_REF = re.compile(r"env:([A-Za-z_][A-Za-z0-9_]*)")


class ResponsePaths(BaseModel):
    """Where the answer (required) and the optional extras are in the reply."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    answer: str = "answer"
    contexts: str | None = "contexts"
    prompt_tokens: str | None = None
    completion_tokens: str | None = None


class HttpTargetConfig(BaseModel):
    """The target config file's contents, as written (secrets still as `env:NAME`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    url: str | None = None
    headers: dict[str, str] = {}
    request: dict[str, str] = {name: name for name in REQUEST_FIELDS if name not in ("probe", *OPTIONAL_FIELDS)}
    extra_body: dict[str, Any] = {}
    response: ResponsePaths = ResponsePaths()
    timeout_s: float | None = None

    @field_validator("request")
    @classmethod
    def _known_fields(cls, value: dict[str, str]) -> dict[str, str]:
        unknown = set(value) - set(REQUEST_FIELDS)
        if unknown:
            raise ValueError(f"unknown request field(s) {sorted(unknown)}; known: {', '.join(REQUEST_FIELDS)}")
        return value


@dataclass(frozen=True)
class HttpTargetSettings:
    """A config plus its headers with `env:` references resolved (secret: never written)."""

    config: HttpTargetConfig = field(default_factory=HttpTargetConfig)
    headers: dict[str, str] = field(default_factory=dict, repr=False)


def load_http_config(path: Path) -> HttpTargetConfig:
    """Read a JSON (.json) or TOML (any other suffix) target config; errors name the file and field."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw) if path.suffix.lower() == ".json" else tomllib.loads(raw)
    except OSError as exc:
        raise TargetError(f"{path}: cannot read target config: {exc.strerror or exc}") from exc
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise TargetError(f"{path}: invalid {'JSON' if path.suffix.lower() == '.json' else 'TOML'}: {exc}") from exc
    try:
        return HttpTargetConfig.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise TargetError(f"{path}: field {where}: {first['msg']}") from None


def resolve_settings(config: HttpTargetConfig, env: dict[str, str], where: str = "target config") -> HttpTargetSettings:
    """Replace every `env:NAME` in header values with the variable's value; a missing one is an error."""
    headers = {}
    for name, value in config.headers.items():
        for var in _ENV_REF.findall(value):
            if not env.get(var):
                raise TargetError(f"{where}: header {name!r} refers to env:{var}, which is not set")
        headers[name] = _ENV_REF.sub(lambda m: env[m[1]], value)
    return HttpTargetSettings(config, headers)


def lookup(data: Any, path: str) -> Any:
    """Follow a dotted path (`data.items.0.text`); `*` maps the rest of the path over a list. Missing -> KeyError."""
    parts = path.split(".")
    for i, part in enumerate(parts):
        if part == "*":
            if not isinstance(data, list):
                raise KeyError(f"{'.'.join(parts[:i]) or '(top)'} is not a list")
            rest = ".".join(parts[i + 1 :])
            return [lookup(item, rest) if rest else item for item in data]
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            raise KeyError(f"no {'.'.join(parts[: i + 1])!r} in the reply")
    return data


def _put(body: dict[str, Any], path: str, value: Any) -> None:
    *parents, leaf = path.split(".")
    for part in parents:
        body = body.setdefault(part, {})
    body[leaf] = value


class HttpTarget(Target):
    """POSTs each request as JSON and reads the answer from the reply. Never retries: failures are results."""

    kind = "http"

    def __init__(self, spec: str, settings: HttpTargetSettings):
        super().__init__(spec)
        config = settings.config
        if config.url and config.url != spec:
            raise TargetError(f"--target {redact_url(spec)} differs from the config's url {redact_url(config.url)}")
        self.url = spec
        self.settings = settings
        self._client = httpx.AsyncClient(headers=settings.headers, timeout=config.timeout_s)

    def _body(self, request: TargetRequest) -> dict[str, Any]:
        body = json.loads(json.dumps(self.settings.config.extra_body))  # a deep copy
        for ours, theirs in {**OPTIONAL_FIELDS, **self.settings.config.request}.items():
            value = getattr(request, ours)
            if ours in OPTIONAL_FIELDS:
                if value is None:
                    continue
                value = value.as_json()
            if theirs:
                _put(body, theirs, value)
        if request.history:  # a conversational item: its earlier turns, as chat APIs take them
            body["history"] = request.history
        return body

    async def answer(self, request: TargetRequest) -> TargetOutput:
        try:
            reply = await self._client.post(self.url, json=self._body(request))
        except httpx.TimeoutException as exc:
            raise TimeoutError(
                f"HTTP target timed out after {self.settings.config.timeout_s:g}s ({type(exc).__name__})"
            ) from exc
        except httpx.TransportError as exc:  # refused, reset, DNS: name the service, never its secrets
            raise ConnectionError(f"cannot reach {redact_url(self.url)}: {type(exc).__name__}: {exc}") from None
        if reply.status_code // 100 != 2:
            raise RuntimeError(f"HTTP {reply.status_code} from {redact_url(self.url)}: {reply.text[:300]}")
        try:
            data = reply.json()
        except ValueError as exc:
            raise TargetOutputError(f"reply is not JSON: {reply.text[:200]!r}") from exc
        return self._output(data)

    def _output(self, data: Any) -> TargetOutput:
        paths = self.settings.config.response
        try:
            answer = lookup(data, paths.answer)
        except KeyError as exc:
            raise TargetOutputError(f"answer path {paths.answer!r}: {exc.args[0]}") from None
        if not isinstance(answer, str):
            raise TargetOutputError(f"answer at {paths.answer!r} is a {type(answer).__name__}, not a string")
        contexts = None
        if paths.contexts:
            try:
                found = lookup(data, paths.contexts)
            except KeyError:
                found = None  # reporting passages is optional for a service
            contexts = None if found is None else context_texts(found, f"contexts at {paths.contexts!r}")
        usage = {}
        for name in ("prompt_tokens", "completion_tokens"):
            if path := getattr(paths, name):
                try:
                    usage[name] = int(lookup(data, path))
                except (KeyError, TypeError, ValueError) as exc:
                    raise TargetOutputError(f"{name} at {path!r}: {exc}") from None
        return TargetOutput(answer, contexts, Usage(**usage))

    def describe(self) -> dict[str, Any]:
        config = self.settings.config
        headers = {
            name: value if _ENV_REF.sub("", value).strip() in ("", "Bearer", "Token") else REDACTED
            for name, value in config.headers.items()
        }
        return {
            "spec": redact_url(self.url),
            "kind": self.kind,
            "headers": headers,
            "request": config.request,
            "extra_body_fields": sorted(config.extra_body),
            "response": config.response.model_dump(),
            "timeout_s": config.timeout_s,
        }

    async def aclose(self) -> None:
        await self._client.aclose()


@TARGET_KINDS.register("http")
def make_http_target(spec: str, *, http_config: HttpTargetSettings | None = None, **_: Any) -> HttpTarget:
    return HttpTarget(spec, http_config or HttpTargetSettings())
