"""Which endpoint each LLM role talks to, and how hard the client tries.

Resolution order per role (first match wins, field by field):
CLI flags -> RAGSTRESS_<ROLE>_{BASE_URL,API_KEY,MODEL,JSON_MODE} -> OPENAI_BASE_URL / OPENAI_API_KEY
-> the bundled local model. The environment is passed in as a mapping by the CLI;
nothing here reads os.environ.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ragstress.core.redaction import redact_url

Role = Literal["generator", "target", "judge"]
ROLES: tuple[Role, ...] = ("generator", "target", "judge")

BUNDLED_MODEL = "SmolLM2-135M-Instruct"
DEFAULT_REMOTE_MODEL = "gpt-4o-mini"

# How structured output is asked of an endpoint (llm/json_modes.py): detected (auto), OpenAI's
# json_schema response format, json_object carrying the schema (llama-cpp-python's server), the
# schema stated in the prompt alone (text), or a llama.cpp GBNF grammar (the bundled model).
JsonMode = Literal["auto", "json_schema", "json_object", "text", "grammar"]
# What a user may choose with --<role>-json-mode / RAGSTRESS_<ROLE>_JSON_MODE.
JSON_MODE_CHOICES: tuple[str, ...] = ("auto", "json_schema", "json_object", "text")


@dataclass(frozen=True)
class Endpoint:
    """A resolved endpoint for one role. `base_url is None` means the bundled model."""

    role: Role
    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    source: str = "bundled"
    json_mode: JsonMode = "auto"

    @property
    def is_bundled(self) -> bool:
        return self.base_url is None

    @property
    def remote_via_openai_env(self) -> bool:
        """A remote endpoint chosen only through OPENAI_* variables (or the remote defaults they pull in).

        Such a role talks to a paid service no flag or RAGSTRESS_* variable asked for: a user
        who meant the offline default must be told before the first case leaves the machine.
        """
        if self.is_bundled:
            return False
        return all(part.startswith("OPENAI_") or part == "default" for part in self.source.split(", "))

    def describe(self) -> str:
        """A one-line description that is safe to print or store: the key is never shown."""
        where = "bundled llama.cpp server" if self.is_bundled else redact_url(self.base_url or "")
        key = "no key" if not self.api_key else "key set"
        return f"{self.role}: {self.model} @ {where} ({key}; JSON mode {self.json_mode}; from {self.source})"

    @property
    def json_mode_forced(self) -> bool:
        """The JSON mode was chosen by the user, not left to the default (auto, or grammar when bundled)."""
        return self.json_mode != ("grammar" if self.is_bundled else "auto")

    def public_dict(self) -> dict[str, str | bool | None]:
        """Fields for manifests and reports, with the secret left out.

        `json_mode` appears only when forced: these fields enter the fingerprints of bench stages
        and targets, which must stay those of run directories made before the option existed.
        The mode a session's calls used is recorded beside them (LLMSession.public_endpoint).
        """
        fields: dict[str, str | bool | None] = {
            "role": self.role,
            "model": self.model,
            "base_url": None if self.base_url is None else redact_url(self.base_url),  # a URL can carry a key
            "bundled": self.is_bundled,
            "source": self.source,
            "api_key": "set" if self.api_key else None,
            "remote_via_openai_env": self.remote_via_openai_env,
        }
        if self.json_mode_forced:
            fields["json_mode"] = self.json_mode
        return fields


def resolve_endpoint(
    role: Role,
    env: Mapping[str, str],
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    model: str | None = None,
    json_mode: str | None = None,
) -> Endpoint:
    """Resolve one role's endpoint from explicit flags, then env vars, then the bundled model.

    ValueError names the flag or variable when the JSON mode is not one of JSON_MODE_CHOICES.
    """
    prefix = f"RAGSTRESS_{role.upper()}_"
    sources: list[str] = []

    def pick(flag: str | None, *names: str) -> str | None:
        if flag:
            sources.append("flag")
            return flag
        for name in names:
            if env.get(name):
                sources.append(name)
                return env[name]
        return None

    url = pick(base_url, prefix + "BASE_URL", "OPENAI_BASE_URL")
    key = pick(api_key, prefix + "API_KEY", "OPENAI_API_KEY")
    name = pick(model, prefix + "MODEL")
    mode = _json_mode(role, json_mode, env.get(prefix + "JSON_MODE"))
    if url is None and (name == BUNDLED_MODEL or (key is None and name is None)):
        # Nothing points at a remote endpoint: the bundled model serves this role, through grammars
        # unless another mode is asked for (the bundled server is llama-cpp-python's, so json_object works too).
        return Endpoint(
            role=role, model=BUNDLED_MODEL, source="bundled", json_mode="grammar" if mode == "auto" else mode
        )
    if url is None:
        url = "https://api.openai.com/v1"
    return Endpoint(
        role=role,
        model=name or DEFAULT_REMOTE_MODEL,
        base_url=url.rstrip("/"),
        api_key=key,
        source=", ".join(dict.fromkeys(sources)) or "default",
        json_mode=mode,
    )


def _json_mode(role: str, flag: str | None, env_value: str | None) -> JsonMode:
    """The role's JSON mode from its flag, else its environment variable, else auto."""
    for where, value in ((f"--{role}-json-mode", flag), (f"RAGSTRESS_{role.upper()}_JSON_MODE", env_value)):
        if value:
            if value.strip().lower() not in JSON_MODE_CHOICES:
                raise ValueError(f"{where} {value!r}: choose one of {', '.join(JSON_MODE_CHOICES)}")
            return value.strip().lower()  # type: ignore[return-value]
    return "auto"


@dataclass(frozen=True)
class ClientSettings:
    """Retry, timeout and concurrency behaviour shared by every role's client."""

    timeout_s: float = 60.0
    max_retries: int = 4
    backoff_base_s: float = 0.5
    backoff_max_s: float = 30.0
    concurrency: int = 8
    use_cache: bool = True
