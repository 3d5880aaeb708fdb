"""Other-language aliases: a generator proposes how the other language writes a name answer; a gate decides."""

from __future__ import annotations

import json

from ragstress.core.types import SeedQuestion
from ragstress.generators.questions.cross_aliases import add_cross_aliases, alias_problem
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest

PROPOSALS = {
    "多瑙河": "Danube",  # kept
    "Pablo Picasso": "毕加索",  # kept
    "长江": "长江",  # wrong script
    "Gustave Eiffel": "",  # no usual form
    "Tokyo Tower": "东京塔",  # appears in the question (as written there)
}


def scripted(request: FakeRequest) -> str:
    prompt = request.last_user_text
    name = next(n for n in PROPOSALS if n in prompt)
    return json.dumps({"alias": PROPOSALS[name]}, ensure_ascii=False)


def seed(sid: str, question: str, answer: str, lang: str) -> SeedQuestion:
    return SeedQuestion(id=sid, question=question, answers=[[answer]], chunk_ids=["c"], lang=lang, origin="generated")


SEEDS = [
    seed("a", "流经维也纳的是哪条河？", "多瑙河", "zh"),
    seed("b", "Who painted Guernica?", "Pablo Picasso", "en"),
    seed("c", "中国最长的河流是哪条？", "长江", "zh"),
    seed("d", "Whose firm built the tower?", "Gustave Eiffel", "en"),
    seed("e", "Which tower is 东京塔 in English, and what is its name?", "Tokyo Tower", "en"),
    seed("f", "In which year was it completed?", "1889", "en"),  # not a name: not asked
]


async def test_kept_aliases_join_the_answer_and_the_rest_are_counted_with_why():
    settings = ClientSettings(timeout_s=10.0, max_retries=1, backoff_base_s=0.01, backoff_max_s=0.01)
    with FakeOpenAIServer(scripted) as server:
        endpoint = Endpoint(role="generator", model="fake-model", base_url=server.base_url, api_key="sk-test")
        async with LLMSession({"generator": endpoint}, settings) as llm:
            seeds, stats = await add_cross_aliases(llm.generator, SEEDS, {"a": "多瑙河流经维也纳。"})
        assert len(server.chat_requests()) == 5
    answers = {s.id: s.answers[0] for s in seeds}
    assert answers["a"] == ["多瑙河", "Danube"] and answers["b"] == ["Pablo Picasso", "毕加索"]
    assert answers["c"] == ["长江"] and answers["d"] == ["Gustave Eiffel"] and answers["f"] == ["1889"]
    assert stats == {
        "asked": 5,
        "kept": 2,
        "rejected": {
            "appears in the question": 1,
            "no usual form given": 1,
            "not written in the other language's script": 1,
        },
    }


def test_the_gate_wants_a_short_name_in_the_other_script():
    zh = seed("z", "流经维也纳的是哪条河？", "多瑙河", "zh")
    assert alias_problem("Danube", zh, ["多瑙河"]) is None
    assert alias_problem("The Danube is a long river flowing through ten countries", zh, ["多瑙河"])
    assert alias_problem("Danube 河", zh, ["多瑙河"]) == "not written in the other language's script"
    assert alias_problem("danube", zh, ["多瑙河", "Danube"]) == "already an alias"


def test_the_methods_say_how_many_name_answers_lack_an_other_language_alias():
    from types import SimpleNamespace

    from ragstress.core.types import Case
    from ragstress.reports.methods import _other_language

    def case(sid, lang, aliases):
        return Case(
            id=f"{sid}:noise:0",
            seed_id=sid,
            testbed="noise",
            lang=lang,
            question="?",
            answers=[aliases],
            contexts=[],
            expected="answer",
        )

    data = SimpleNamespace(
        cases=[case("a", "zh", ["多瑙河", "Danube"]), case("b", "en", ["Pablo Picasso"]), case("c", "en", ["1889"])]
    )
    (note,) = _other_language(data)
    assert note.text_en[0].startswith("1 of 2 name answers") and "其余 1 个" in note.text_zh[0]
