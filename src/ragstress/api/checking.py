"""Is this machine ready: the bundled model file, the embedding models, and each LLM role answering.

Each check returns (name, ok, detail) and never stops at the first failure, so one look shows
everything that is wrong. `ping_roles` asks every role one plain question and, for the roles
that ask for structured output, one question in JSON that detects the JSON mode the endpoint
takes (with auto) or checks the one forced. The LLM cache is not used: the point is whether
each endpoint answers now.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping

from pydantic import BaseModel

from ragstress.api.endpoints import ClientSettings, Endpoint

Check = tuple[str, bool, str]
"""One check's name, whether it passed, and what it found (or why it failed)."""

STRUCTURED_ROLES = ("generator", "judge")
"""The roles that ask for structured output (the target answers in free text)."""


def check_bundled_model() -> Check:
    """The bundled LLM's model file is where the package put it."""
    from ragstress.llm import bundled_gguf_path

    try:
        gguf = bundled_gguf_path()
        return ("bundled LLM file", True, f"{gguf.name} ({gguf.stat().st_size / 1e6:.0f} MB)")
    except Exception as exc:  # a check reports every failure instead of raising it
        return ("bundled LLM file", False, str(exc))


def check_embeddings() -> list[Check]:
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
        except Exception as exc:  # a check reports every failure instead of stopping at the first
            results.append((f"embedding ({lang})", False, f"{type(exc).__name__}: {exc}"))
    return results


class _City(BaseModel):
    city: str


def ping_roles(endpoints: Mapping[str, Endpoint], timeout: float = 60.0, lang: str = "en") -> list[Check]:
    """One plain question per role (in `lang`), then one in JSON for the roles that ask for structured output."""
    # The cache is bypassed and one retry is enough: the question is whether each endpoint answers now.
    settings = ClientSettings(timeout_s=timeout, max_retries=1, use_cache=False)
    return asyncio.run(_ping_roles(dict(endpoints), settings, lang))


async def _ping_roles(endpoints: dict, settings: ClientSettings, lang: str) -> list[Check]:
    from ragstress.llm import ROLES, LLMError, LLMSession, ask_structured
    from ragstress.prompts import load_prompt

    prompt = load_prompt("doctor_ping", lang).render()
    json_prompt = [{"role": "user", "content": load_prompt("doctor_json", lang).render()}]
    results: list[Check] = []
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


__all__ = ["STRUCTURED_ROLES", "Check", "check_bundled_model", "check_embeddings", "ping_roles"]
