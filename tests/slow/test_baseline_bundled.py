"""The baseline on the bundled SmolLM2 model, end to end on each sample corpus.

Cases are built here from the curated seeds, one per testbed and language (the real
generator is not needed): the seed's answer chunks are positives, top-ranked chunks
of other documents without any answer alias are noise, and a counterfactual case
swaps the answer alias for a fake one. Each set runs in contexts mode and in e2e
mode (retrieving from the testbed's variant of the index).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.run import register
from ragstress.core.jsonl import read_records, write_records
from ragstress.core.types import Case, Chunk, Context, TargetResponse
from ragstress.indexing.build import build_index, choose_embedder, default_chunk_params
from ragstress.indexing.store import IndexStore
from ragstress.llm.local import shared_server

pytestmark = pytest.mark.slow
SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples"
FAKES = {"en": "Atlantis", "zh": "亚特兰蒂斯"}
CLEAN_ENV = {
    name: None
    for role in ("TARGET",)
    for name in (f"RAGSTRESS_{role}_BASE_URL", f"RAGSTRESS_{role}_MODEL", f"RAGSTRESS_{role}_API_KEY")
} | {"OPENAI_BASE_URL": None, "OPENAI_API_KEY": None}


@pytest.fixture(scope="module", autouse=True)
def stop_bundled_server():
    yield
    shared_server().stop()  # the run shares one server per process; the session must not outlive it


def has_alias(text: str, answers: list[list[str]]) -> bool:
    return any(alias in text for aliases in answers for alias in aliases)


def build_cases(lang: str, index: Path) -> list[Case]:
    seeds = [
        json.loads(line) for line in (SAMPLES / lang / "seeds.jsonl").read_text(encoding="utf-8").splitlines() if line
    ]
    chunks = read_records(index / "chunks.jsonl", Chunk)
    store = IndexStore.open(index)
    single = [s for s in seeds if len(s["doc_ids"]) == 1]
    double = [s for s in seeds if len(s["doc_ids"]) == 2]
    plan = [("noise", single[0]), ("negative", single[1]), ("counterfactual", single[2]), ("integration", double[0])]
    cases = []
    for testbed, seed in plan:
        positives = [
            c
            for i, doc in enumerate(seed["doc_ids"])
            for c in chunks
            if c.doc_id == doc and has_alias(c.text, [seed["answers"][i]])
        ][: len(seed["doc_ids"])]
        noise = [
            h
            for h in store.query(seed["question"], k=12)
            if h.doc_id not in seed["doc_ids"] and not has_alias(h.text, seed["answers"])
        ][:2]
        contexts = [Context(text=h.text, role="noise", chunk_id=h.chunk_id) for h in noise]
        fake = None
        if testbed == "counterfactual":
            alias = next(a for a in seed["answers"][0] if a in positives[0].text)
            fake = [FAKES[lang]]
            contexts.insert(
                1,
                Context(
                    text=positives[0].text.replace(alias, FAKES[lang]), role="counterfactual", chunk_id=positives[0].id
                ),
            )
        elif testbed != "negative":
            for i, chunk in enumerate(positives):
                contexts.insert(i, Context(text=chunk.text, role="positive", chunk_id=chunk.id))
        cases.append(
            Case(
                id=f"{lang}-{testbed}",
                seed_id=seed["id"],
                testbed=testbed,
                lang=lang,
                question=seed["question"],
                answers=seed["answers"],
                fake_answer=fake,
                contexts=contexts,
                expected={"negative": "reject", "counterfactual": "flag_error"}.get(testbed, "answer"),
                params={"positive_chunk_ids": [c.id for c in positives]},
            )
        )
    return cases


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_baseline_runs_each_sample_corpus_end_to_end(lang, tmp_path):
    corpus, index = SAMPLES / lang / "docs", tmp_path / "index"
    embedder = choose_embedder(corpus, index, None)
    build_index(corpus, index, embedder, default_chunk_params(embedder))
    cases = build_cases(lang, index)
    write_records(tmp_path / "cases.jsonl", cases)
    app = typer.Typer()
    app.callback()(lambda: None)
    register(app)
    # Every testbed end to end (each case retrieving its passage count from its variant), and one case with its own
    # passages.
    for mode, testbeds, calls in (("e2e", "noise,negative,integration,counterfactual", 5), ("contexts", "noise", 1)):
        out = tmp_path / mode
        started = time.perf_counter()
        result = CliRunner().invoke(
            app,
            [
                "run",
                str(tmp_path / "cases.jsonl"),
                "--target",
                "baseline",
                "--out",
                str(out),
                "--mode",
                mode,
                "--index",
                str(index),
                "--top-k",
                "3",
                "--testbeds",
                testbeds,
                "--no-cache",
                "--timeout",
                "300",
                "--target-timeout",
                "300",
            ],
            env=CLEAN_ENV,
        )
        seconds = time.perf_counter() - started
        assert result.exit_code == 0, result.output
        responses = {(r.case_id, r.probe): r for r in read_records(out / "responses.jsonl", TargetResponse)}
        assert len(responses) == calls and not [r.error for r in responses.values() if r.error]
        assert all(r.answer.strip() for r in responses.values())
        record = json.loads((out / "run.json").read_text())
        assert record["models"]["target"]["bundled"] and record["llm_usage"]["target"]["requests"] == len(responses)
        if mode == "e2e":
            negative = responses[(f"{lang}-negative", "case")].contexts
            positive_texts = {
                c.text
                for c in read_records(index / "chunks.jsonl", Chunk)
                if c.id in cases[1].params["positive_chunk_ids"]
            }
            # The case's own question retrieves exactly its passage count (its two noise passages), never a positive.
            negative_case = cases_by_id(cases)[f"{lang}-negative"]
            assert len(negative) == len(negative_case.contexts) and not positive_texts & set(negative)
        hits = sum(has_alias(r.answer, cases_by_id(cases)[cid].answers) for (cid, probe), r in responses.items())
        tokens = record["llm_usage"]["target"]["completion_tokens"]
        print(
            f"\n{lang} {mode}: {len(responses)} calls in {seconds:.1f}s ({len(responses) / seconds * 60:.1f} calls/min, "
            f"{tokens / seconds:.1f} generated tokens/s); answer alias in {hits}/{len(responses)}"
        )
        for (cid, probe), r in sorted(responses.items()):
            print(f"  {cid} {probe}: {r.answer.strip()[:100]!r}")


def cases_by_id(cases: list[Case]) -> dict[str, Case]:
    return {c.id: c for c in cases}
