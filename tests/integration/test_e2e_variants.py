"""E2E mode: each testbed's variant of a real Chroma index, reusing stored vectors."""

from __future__ import annotations

import pytest
from fixtures_run.index import build_small_index, chunk_with

from ragstress.core.jsonl import read_records
from ragstress.core.types import Case, Context, TargetResponse
from ragstress.indexing.store import IndexStore
from ragstress.running.e2e import build_e2e_index
from ragstress.running.e2e_answers import E2EError
from ragstress.running.e2e_variants import plan_variant
from ragstress.running.runner import plan_jobs, run_cases
from ragstress.running.targets import load_target

QUESTION = "When was Mount Etna added to the UNESCO World Heritage list?"
FAKE = "Mount Etna was added to the list of UNESCO World Heritage Sites in 1999."
NEW_NOISE = "Mount Etna's summit is often covered in snow during the winter months."


def etna_cases(chunks) -> list[Case]:
    answer = chunk_with(chunks, "UNESCO")
    pompeii = chunk_with(chunks, "Pompeii")
    common = dict(seed_id="seed-etna", lang="en", question=QUESTION, answers=[["2013"]])
    return [
        Case(
            id="neg",
            testbed="negative",
            expected="reject",
            params={"positive_chunk_ids": [answer.id]},
            contexts=[Context(text=pompeii.text, role="noise", chunk_id=pompeii.id)],
            **common,
        ),
        Case(
            id="cf",
            testbed="counterfactual",
            expected="flag_error",
            fake_answer=["1999"],
            contexts=[Context(text=FAKE, role="counterfactual", chunk_id=answer.id)],
            **common,
        ),
        Case(
            id="noise",
            testbed="noise",
            expected="answer",
            contexts=[
                Context(text=answer.text, role="positive", chunk_id=answer.id),
                Context(text=NEW_NOISE, role="noise", chunk_id=None),
                Context(text=pompeii.text, role="noise", chunk_id=pompeii.id),
            ],
            **common,
        ),
        Case(
            id="int",
            testbed="integration",
            expected="answer",
            contexts=[Context(text=answer.text, role="positive", chunk_id=answer.id)],
            **common,
        ),
    ]


@pytest.fixture
def etna(tmp_path, counting_minilm):
    index, chunks = build_small_index(tmp_path, counting_minilm)
    counting_minilm.reset()
    return IndexStore.open(index, embedder=counting_minilm), chunks, counting_minilm


def test_plans_read_positive_ids_and_replacements(etna):
    _, chunks, _ = etna
    cases = etna_cases(chunks)
    answer = chunk_with(chunks, "UNESCO").id
    assert plan_variant("negative", cases[:1]).remove == {answer}
    cf = plan_variant("counterfactual", cases[1:2])
    assert cf.remove == {answer} and [a.text for a in cf.additions.values()] == [FAKE]
    noise = plan_variant("noise", cases[2:3])
    assert noise.remove == set() and {a.text: a.if_absent for a in noise.additions.values()} == {
        NEW_NOISE: False,
        chunk_with(chunks, "Pompeii").text: True,
    }


def test_variant_stores_hold_what_each_testbed_needs(etna):
    store, chunks, embedder = etna
    answer = chunk_with(chunks, "UNESCO")
    e2e = build_e2e_index(store, etna_cases(chunks), top_k=3)
    try:

        def documents(testbed):
            got = e2e.retriever(testbed).vectorstore.get(include=["documents"])
            return dict(zip(got["ids"], got["documents"]))

        negative, counterfactual, noise = documents("negative"), documents("counterfactual"), documents("noise")
        assert answer.id not in negative and not any("UNESCO" in text for text in negative.values())
        assert len(negative) == len(chunks) - 1
        assert answer.id not in counterfactual and FAKE in counterfactual.values()
        assert answer.text not in counterfactual.values()
        assert NEW_NOISE in noise.values() and len(noise) == len(chunks) + 1
        assert e2e.stats["integration"]["collection"] == "(the index)"
        # Only the two texts the index lacks were embedded, each once; stored vectors were reused.
        assert sorted(embedder.passages_embedded) == sorted([FAKE, NEW_NOISE]) and e2e.stats["embedded"] == 2
        top = e2e.retriever("counterfactual").invoke(QUESTION)
        assert top[0].page_content == FAKE
        assert "UNESCO" in e2e.retriever("integration").invoke(QUESTION)[0].page_content
    finally:
        e2e.close()


async def test_targets_retrieve_from_their_testbeds_variant(etna, tmp_path):
    store, chunks, _ = etna
    cases = etna_cases(chunks)
    e2e = build_e2e_index(store, cases, top_k=2)
    try:
        for spec in ("python:fixtures_run.targets:retrieving", "langchain:fixtures_run.targets:make_chain"):
            out = tmp_path / f"{spec.split(':')[0]}.jsonl"
            counts = await run_cases(plan_jobs(cases), load_target(spec), out, mode="e2e", retriever_for=e2e.retriever)
            assert counts.errors == 0
            got = {(r.case_id, r.probe): r for r in read_records(out, TargetResponse)}
            assert len(got[("neg", "case")].contexts) == 1  # the case holds one passage: its question retrieves one
            assert not any("UNESCO" in c for c in got[("neg", "case")].contexts)
            assert got[("cf", "case")].contexts[0] == FAKE
            assert "UNESCO" in got[("int", "case")].contexts[0]
            assert got[("cf", "closed_book")].contexts == []  # no retriever for the probe
    finally:
        e2e.close()


def test_style_cases_retrieve_from_the_index_and_placed_testbeds_are_refused(etna):
    store, chunks, _ = etna
    answer = chunk_with(chunks, "UNESCO")
    styled = Case(
        id="styled",
        seed_id="seed-etna",
        testbed="style",
        lang="en",
        question="hey quick question, when was mount etna added to the unesco world heritage list??",
        answers=[["2013"]],
        expected="answer",
        params={"style": "informal"},
        contexts=[Context(text=answer.text, role="positive", chunk_id=answer.id)],
    )
    e2e = build_e2e_index(store, [styled], top_k=2)
    try:
        assert e2e.stats["style"]["collection"] == "(the index)"
        assert "UNESCO" in e2e.retriever("style").invoke(styled.question)[0].page_content
    finally:
        e2e.close()
    for testbed in ("conflict", "position"):
        placed = styled.model_copy(update={"testbed": testbed})
        with pytest.raises(E2EError, match=f"cannot run the {testbed} testbed"):
            build_e2e_index(store, [placed], top_k=2)
