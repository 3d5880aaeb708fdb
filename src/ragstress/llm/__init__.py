"""LLM access for every role (generator, target, judge) over the OpenAI protocol."""

from ragstress.llm.cache import ResponseCache
from ragstress.llm.client import ChatClient, ChatResult, RoleStats
from ragstress.llm.config import BUNDLED_MODEL, ROLES, ClientSettings, Endpoint, Role, resolve_endpoint
from ragstress.llm.failures import LLMError
from ragstress.llm.local import LocalModelServer, bundled_gguf_path
from ragstress.llm.session import EveryCallFailed, LLMSession
from ragstress.llm.structured import StructuredResult, ask_structured, parse_structured

__all__ = [
    "BUNDLED_MODEL",
    "ROLES",
    "ChatClient",
    "ChatResult",
    "ClientSettings",
    "Endpoint",
    "EveryCallFailed",
    "LLMError",
    "LLMSession",
    "LocalModelServer",
    "ResponseCache",
    "Role",
    "RoleStats",
    "StructuredResult",
    "ask_structured",
    "bundled_gguf_path",
    "parse_structured",
    "resolve_endpoint",
]
