"""What every target kind shares: the request/output types, output coercion, the kind registry.

The kind modules (python_target, http_target, langchain_target, baseline) import only this
module; the package's `load_target` imports them, so none of them imports the package back.
"""

from __future__ import annotations

import importlib
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ragstress.core.redaction import redact_url
from ragstress.core.registry import Registry
from ragstress.core.types import Lang, TargetResponse, Usage

Probe = Literal["case", "closed_book"]


class TargetError(ValueError):
    """A target spec or configuration that cannot be used; the message says why."""


class TargetOutputError(TypeError):
    """A target returned something that is not an answer."""


@dataclass(frozen=True)
class RetrievalRef:
    """A case's variant of the index on the run's loopback retrieval endpoint (e2e mode).

    POST `{"collection": collection, "query": ..., "k": k}` to `url` for the top passages
    (see ragstress.running.retrieval_server); targets that cannot take a retriever object
    (http services, fixed Runnables) retrieve this way.
    """

    url: str
    collection: str
    k: int

    def as_json(self) -> dict[str, Any]:
        """The field as http targets receive it: `{"url", "collection", "k"}`."""
        return {"url": self.url, "collection": self.collection, "k": self.k}


@dataclass(frozen=True)
class TargetRequest:
    """What a target is asked for one case.

    `contexts` says where the documents come from:
    a list of passages (contexts mode) -> answer from these;
    `[]` (closed-book probe) -> answer without documents;
    `None` (e2e mode) -> retrieve for yourself, with `retriever` or `retrieval` when given.
    """

    case_id: str
    question: str
    lang: Lang
    contexts: list[str] | None = None
    probe: Probe = "case"
    retriever: Any = field(default=None, repr=False)
    """A LangChain retriever over this case's testbed variant of the index (e2e mode), else None:
    `retriever.invoke(query)` / `await retriever.ainvoke(query)` return LangChain Documents."""
    retrieval: RetrievalRef | None = None
    """Where this case's variant is served over HTTP (e2e mode with an index), else None."""
    history: list[dict[str, str]] | None = None
    """The earlier turns of a conversational item ({"role", "content"}, oldest first), else None."""


@dataclass(frozen=True)
class TargetOutput:
    """A target's answer, normalised: the runner adds case id, probe and latency."""

    answer: str
    contexts: list[str] | None = None
    usage: Usage = field(default_factory=Usage)
    error: str | None = None


class Target(ABC):
    """A system under test. Subclasses answer one request at a time; the runner runs many at once."""

    kind: str = ""
    accepts_retriever: bool = False
    """True if the target can use the retriever the runner builds for e2e mode."""
    needs_retriever: bool = False
    """True if the target cannot answer in e2e mode without that retriever (a LangChain chain factory)."""

    def __init__(self, spec: str):
        self.spec = spec

    @abstractmethod
    async def answer(self, request: TargetRequest) -> TargetOutput:
        """Answer one request; raise on failure (the runner records the error)."""

    def describe(self) -> dict[str, Any]:
        """What run.json records about the target; never a secret."""
        return {"spec": self.spec, "kind": self.kind}

    async def aclose(self) -> None:  # noqa: B027 - a target without connections has nothing to release
        """Release connections; called once after the run."""


def context_texts(items: Any, where: str = "contexts") -> list[str]:
    """Passage texts from a list of str, LangChain Documents, or dicts with `text`/`page_content`."""
    if not isinstance(items, (list, tuple)):
        raise TargetOutputError(f"{where} must be a list, got {type(items).__name__}")
    texts = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(getattr(item, "page_content", None), str):
            texts.append(item.page_content)
        elif isinstance(item, dict) and isinstance(item.get("text", item.get("page_content")), str):
            texts.append(item.get("text", item.get("page_content")))
        else:
            raise TargetOutputError(f"{where}[{i}] is a {type(item).__name__}, not a passage text")
    return texts


_DICT_KEYS = {"answer", "contexts", "usage"}


def coerce_output(value: Any) -> TargetOutput:
    """Normalise what a target returned; TargetOutputError says what was wrong."""
    if isinstance(value, TargetOutput):
        return value
    if isinstance(value, str):
        return TargetOutput(answer=value)
    if isinstance(value, TargetResponse):
        return TargetOutput(value.answer, value.contexts, value.usage, value.error)
    if isinstance(value, dict):
        unknown = set(value) - _DICT_KEYS
        if unknown:
            raise TargetOutputError(
                f"returned dict has unknown key(s) {sorted(unknown)}; allowed: {sorted(_DICT_KEYS)}"
            )
        if not isinstance(value.get("answer"), str):
            raise TargetOutputError(
                f"returned dict needs 'answer' as a string, got {type(value.get('answer')).__name__}"
            )
        contexts = value.get("contexts")
        usage = value.get("usage") or {}
        try:
            usage = usage if isinstance(usage, Usage) else Usage(**usage)
        except (TypeError, ValueError) as exc:
            raise TargetOutputError(f"returned 'usage' is not {{prompt_tokens, completion_tokens}}: {exc}") from exc
        return TargetOutput(value["answer"], None if contexts is None else context_texts(contexts), usage)
    raise TargetOutputError(
        f"target returned {type(value).__name__}; expected str, a dict with 'answer', or a TargetResponse"
    )


_DOTTED_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


def import_object(spec: str, reference: str) -> Any:
    """Import `pkg.module:attr` (attr may be dotted). Only the named module is imported; nothing is evaluated.

    Both parts must be dotted Python names: a file path, a relative import or private
    attribute (`_name`, `__class__`) is refused before anything is imported.
    """
    module_name, sep, attr = reference.partition(":")
    if not sep or not module_name or not attr:
        raise TargetError(f"target {spec!r}: expected the form KIND:pkg.module:object")
    if not _DOTTED_NAME.fullmatch(module_name):
        raise TargetError(f"target {spec!r}: {module_name!r} is not a module name (dotted Python names only, no paths)")
    if not _DOTTED_NAME.fullmatch(attr) or any(part.startswith("_") for part in attr.split(".")):
        raise TargetError(f"target {spec!r}: {attr!r} is not a public attribute name")
    try:
        obj: Any = importlib.import_module(module_name)
    except Exception as exc:  # an ImportError, or any error the module raises while loading
        raise TargetError(
            f"target {spec!r}: cannot import module {module_name!r}: {type(exc).__name__}: {exc}"
        ) from exc
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"target {spec!r}: module {module_name!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    return obj


TargetFactory = Callable[..., Target]
TARGET_KINDS: Registry[TargetFactory] = Registry("target kind")


def target_kind(spec: str) -> str:
    """The registered kind a spec names: `http` for URLs, `baseline`, or the prefix before ':'."""
    if spec.startswith(("http://", "https://")):
        return "http"
    if spec == "baseline":
        return "baseline"
    kind, sep, _ = spec.partition(":")
    if not sep:
        raise TargetError(
            f"target {spec!r}: expected python:pkg.module:callable, langchain:pkg.module:object, http(s)://URL or baseline"
        )
    return kind


def public_spec(spec: str) -> str:
    """The spec as run.json records it: URLs without passwords or secret query values."""
    if target_kind(spec) == "http":
        return redact_url(spec)
    return spec
