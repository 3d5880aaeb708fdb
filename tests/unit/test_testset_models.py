"""testset.json names the models behind a test set: the roles asked, here or on Ray actors, and no other."""

from __future__ import annotations

import asyncio

from ragstress.distributed.llm_actors import RemoteClient
from ragstress.generators.testset_manifest import models_used
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer


def test_only_the_roles_asked_are_named():
    with FakeOpenAIServer(lambda request: "no") as server:
        roles = {
            r: Endpoint(role=r, model=f"{r}-model", base_url=server.base_url, api_key="k")
            for r in ("generator", "judge")
        }

        async def go():
            async with LLMSession(roles, ClientSettings(timeout_s=5, max_retries=0)) as llm:
                before = models_used(llm)
                assert llm.client("generator") is not None  # made, never asked: not a model behind the test set
                await llm.judge.chat([{"role": "user", "content": "Does it answer?"}])
                return before, models_used(llm)

        before, after = asyncio.run(go())
    assert before == {}
    assert list(after) == ["judge"] and after["judge"]["model"] == "judge-model"


def test_a_role_asked_on_ray_actors_counts_before_their_accounting_comes_home():
    with FakeOpenAIServer(lambda request: "no") as server:
        endpoint = Endpoint(role="judge", model="m", base_url=server.base_url, api_key="k")

        async def go():
            async with LLMSession({"judge": endpoint}, ClientSettings(timeout_s=5, max_retries=0)) as llm:
                usage: dict[str, dict] = {}
                local = llm.client("judge")
                llm.use_client("judge", RemoteClient(local, "judge", pool=None, usage=usage))
                asked_before = llm.asked("judge")
                usage["actor-1"] = {"calls": 1}  # what an actor's reply leaves behind
                asked_after = llm.asked("judge")
                llm.use_client("judge", local)  # as remote_clients does when its block ends
                return asked_before, asked_after

        assert asyncio.run(go()) == (False, True)
