"""The whole path, index -> generate -> cases.jsonl, against a scripted loopback generator and judge."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.generate import register
from ragstress.core.jsonl import read_records
from ragstress.core.types import Case, SeedQuestion
from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import make_embedder
from ragstress.generators.questions.gates import RejectedCandidate
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest
from ragstress.values.spans import contains_alias, contains_any_answer, sentences

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en"
DOCS = [
    "eiffel_tower.txt",
    "tokyo_tower.txt",
    "cn_tower.txt",
    "golden_gate_bridge.txt",
    "brooklyn_bridge.txt",
    "toyota.txt",
    "honda.txt",
]
SETTINGS = ClientSettings(timeout_s=10.0, max_retries=1, backoff_base_s=0.01, backoff_max_s=0.01)
FILES = ("cases.jsonl", "seeds.jsonl", "rejected.jsonl", "testset.json")


def _between(text: str, start: str, end: str) -> str:
    return text.split(start, 1)[1].split(end, 1)[0].strip()


NOISE_CHECK = "Does the passage below answer the question"
PROPOSE = "Pick up to"


def scripted(req: FakeRequest) -> str:
    """A generator that blanks the answer out of its sentence, and a judge that says yes (no to noise passages)."""
    prompt = req.last_user_text
    if NOISE_CHECK in prompt:
        return json.dumps({"verdict": "no", "reason": "It is about something else."})
    if '"verdict"' in prompt:
        return json.dumps({"verdict": "yes", "reason": "The text states it."})
    if PROPOSE in prompt:
        return json.dumps({"proposals": []})
    if "Passage A" in prompt:
        parts = []
        for passage, answer in (("Passage A:", 'whose answer is "'), ("Passage B:", 'whose answer is "')):
            text = _between(prompt, passage + "\n<<<", ">>>")
            value = prompt.split(answer)[1 if passage == "Passage A:" else 2].split('"')[0]
            parts.append(_blank(text, value))
        return json.dumps({"question": " and ".join(parts)})
    passage = _between(prompt, "<<<", ">>>")
    answer = _between(prompt, "\nAnswer:", "\n")
    return json.dumps({"question": _blank(passage, answer), "aliases": [answer.upper(), "nonsense alias"]})


def _blank(passage: str, answer: str) -> str:
    sentence = next((s for s in sentences(passage) if answer in s), passage)
    digits = re.sub(r"\d", "", sentence.replace(answer, "what")).rstrip(".")
    return digits + "?"


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory) -> Path:
    corpus = tmp_path_factory.mktemp("corpus")
    for name in DOCS:
        shutil.copy(SAMPLES / "docs" / name, corpus / name)
    index = tmp_path_factory.mktemp("index")
    build_index(corpus, index, make_embedder("minilm"), ChunkParams(size=120, overlap=0, unit="tokens"))
    return index


@pytest.fixture(scope="module")
def seed_file(tmp_path_factory) -> Path:
    rows = [json.loads(line) for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]
    kept = [r for r in rows if set(r["doc_ids"]) <= set(DOCS)]
    path = tmp_path_factory.mktemp("seeds") / "seeds.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in kept), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer(scripted) as fake:
        yield fake


def endpoints(server) -> dict[str, Endpoint]:
    return {
        role: Endpoint(role=role, model="fake-model", base_url=server.base_url, api_key="sk-secret-test-key")
        for role in ("generator", "judge")
    }


async def run(index_dir, server, out, cache, **options):
    async with LLMSession(endpoints(server), SETTINGS, cache_path=cache) as llm:
        return await generate_testset(IndexStore.open(index_dir), llm, out, GenerateOptions(**options))


async def test_generation_runs_end_to_end_and_writes_every_file(index_dir, server, seed_file, tmp_path):
    result = await run(
        index_dir, server, tmp_path / "out", tmp_path / "cache.sqlite", n_seeds=4, n_pairs=1, seed_file=seed_file
    )
    assert all((tmp_path / "out" / name).is_file() for name in FILES)
    seeds = read_records(tmp_path / "out" / "seeds.jsonl", SeedQuestion)
    cases = read_records(tmp_path / "out" / "cases.jsonl", Case)
    rejected = read_records(tmp_path / "out" / "rejected.jsonl", RejectedCandidate)
    assert seeds == result.seeds and cases == result.cases and rejected == result.rejected
    generated = [s for s in seeds if s.origin == "generated"]
    assert (
        len([s for s in generated if len(s.answers) == 1]) == 4
        and len([s for s in generated if len(s.answers) == 2]) == 1
    )
    assert {s.origin for s in seeds} == {"curated", "generated"}
    for seed in generated:
        assert not contains_any_answer(seed.question, seed.answers)
        assert "nonsense alias" not in seed.answers[0]  # unrelated aliases from the generator are dropped
    assert {c.testbed for c in cases} == {"noise", "negative", "integration", "counterfactual"}
    assert len({c.id for c in cases}) == len(cases)
    for case in cases:
        assert {"noise_ratio", "n_passages", "positive_chunk_ids", "rng_seed", "reference"} <= set(case.params)
        assert all(not contains_any_answer(c.text, case.answers) for c in case.contexts if c.role == "noise")
        if case.testbed == "counterfactual":
            assert all(contains_alias(c.text, case.fake_answer) for c in case.contexts)
    assert all(r.gate and r.reason for r in rejected)

    manifest = json.loads((tmp_path / "out" / "testset.json").read_text(encoding="utf-8"))
    assert manifest["random_seed"] == 13 and manifest["index"]["embedding_model"] == "all-MiniLM-L6-v2"
    # The seed file lies outside the test set's folder: named by name and content, not by this machine's path.
    assert (
        manifest["options"]["seed_file"]["name"] == "seeds.jsonl"
        and len(manifest["options"]["seed_file"]["sha256"]) == 64
    )
    assert manifest["cases"]["total"] == len(cases)
    # Every seed reaches 0 and 0.8 (one positive : four noise); a share a seed cannot hold exactly is dropped.
    by_ratio = manifest["cases"]["by_testbed"]["noise"]
    coverage = manifest["cases"]["ratio_coverage"]["noise"]
    assert by_ratio["0"] == by_ratio["0.8"] == coverage["0"]["seeds"] > 0
    for label, row in coverage.items():
        assert row["exact"] == by_ratio.get(label, 0) and row["exact"] + row["dropped"] == row["seeds"]
    noisy = [c for c in cases if c.testbed in ("noise", "integration")]
    assert all(c.params["n_noise"] / c.params["n_passages"] == c.params["noise_ratio"] for c in noisy)
    assert all(f"{c.params['noise_ratio']:g}" == c.id.rsplit(":", 1)[1] for c in noisy)
    assert set(manifest["gates"]) >= {"draft", "round_trip", "answerable", "near_duplicate", "seed_file"}
    assert manifest["models"]["judge"]["model"] == "fake-model" and manifest["models"]["judge"]["api_key"] == "set"
    assert {p["id"] for p in manifest["prompts"]} == {
        "seed_polish",
        "seed_answerable",
        "gen_noise_check",
        "seed_cross_alias",
        "seed_propose",
    }
    by_lang = manifest["generation_stats"]["by_lang"]["en"]
    assert manifest["generation_stats"]["polish"] is True and by_lang["kept"] == len(generated)
    assert sum(by_lang["kept_by_path"].values()) == len(generated) and by_lang["candidates"] >= len(generated)
    assert "sk-secret-test-key" not in (tmp_path / "out" / "testset.json").read_text()


async def test_same_inputs_seed_and_cache_give_byte_identical_files(index_dir, server, tmp_path):
    cache = tmp_path / "cache.sqlite"
    await run(index_dir, server, tmp_path / "a", cache, n_seeds=3, n_pairs=1, noise_mode="random")
    requests = len(server.chat_requests())
    await run(index_dir, server, tmp_path / "b", cache, n_seeds=3, n_pairs=1, noise_mode="random")
    assert len(server.chat_requests()) == requests  # the second run came entirely from the cache
    for name in FILES:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def cli() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def llm_flags(server, tmp_path) -> list[str]:
    return [
        "--generator-base-url",
        server.base_url,
        "--generator-model",
        "fake-model",
        "--generator-api-key",
        "k",
        "--judge-base-url",
        server.base_url,
        "--judge-model",
        "fake-model",
        "--judge-api-key",
        "k",
        "--cache-dir",
        str(tmp_path / "cache"),
    ]


def test_cli_generate_with_a_seed_file_only(index_dir, server, seed_file, tmp_path):
    args = [
        "generate",
        str(index_dir),
        "--out",
        str(tmp_path / "out"),
        "--seed-file",
        str(seed_file),
        "--testbeds",
        "noise,counterfactual",
        *llm_flags(server, tmp_path),
    ]
    result = CliRunner().invoke(cli(), args)
    assert result.exit_code == 0, result.output
    cases = read_records(tmp_path / "out" / "cases.jsonl", Case)
    assert {c.testbed for c in cases} == {"noise", "counterfactual"}
    assert {c.seed_id for c in cases} <= {json.loads(line)["id"] for line in seed_file.read_text().splitlines()}
    assert "seed_file" in result.output and "counterfactual" in result.output


def test_cli_bad_input_is_a_clear_error(index_dir, server, tmp_path):
    runner, flags = CliRunner(), llm_flags(server, tmp_path)
    result = runner.invoke(cli(), ["generate", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o"), *flags])
    assert result.exit_code == 2 and "no index found" in result.output
    result = runner.invoke(
        cli(), ["generate", str(index_dir), "--out", str(tmp_path / "o"), "--testbeds", "noise,counterfactul", *flags]
    )
    assert result.exit_code == 2 and "did you mean 'counterfactual'" in result.output
    result = runner.invoke(
        cli(), ["generate", str(index_dir), "--out", str(tmp_path / "o"), "--ratio-policy", "closest", *flags]
    )
    assert result.exit_code == 2 and "--ratio-policy must be one of drop, nearest" in result.output
    broken = tmp_path / "broken.jsonl"
    broken.write_text(
        '{"id": "a", "question": "Q?", "answers": [["1889"]], "doc_ids": ["eiffel_tower.txt"]}\nnot json\n'
    )
    result = runner.invoke(
        cli(), ["generate", str(index_dir), "--out", str(tmp_path / "o"), "--seed-file", str(broken), *flags]
    )
    assert result.exit_code == 2 and "line 2" in result.output


async def test_judge_noise_check_keeps_flagged_chunks_out_of_the_noise(index_dir, seed_file, tmp_path):
    """Noise the judge says answers the question, or gives no verdict on, is replaced by chunks it cleared."""
    with FakeOpenAIServer(lambda req: json.dumps({"verdict": "no", "reason": "unrelated"})) as quiet:
        plain = await run(
            index_dir,
            quiet,
            tmp_path / "plain",
            None,
            n_seeds=0,
            seed_file=seed_file,
            testbeds=("negative",),
            judge_noise=False,
        )
        assert quiet.chat_requests() == []  # curated seeds alone, unjudged, need no LLM
    assert plain.manifest["noise_check"]["judge"] is False
    flagged = {(case.question, c.chunk_id) for case in plain.cases for c in case.contexts if c.role == "noise"}
    noise_of = {case.question: [c.text for c in case.contexts] for case in plain.cases}
    # For each question the judge finds its first noise passage answering; on the others it only mumbles (no
    # JSON). Both exclude the passage for that question.

    def judge(req: FakeRequest) -> str:
        prompt = " ".join(str(m.get("content", "")) for m in req.messages)  # a re-ask repeats the passage
        texts = next((texts for question, texts in noise_of.items() if question in prompt), [])
        passage = _between(prompt, "<<<", ">>>")
        if texts and passage == texts[0].strip():
            return json.dumps({"verdict": "yes", "reason": "it says so in other words"})
        if passage in {text.strip() for text in texts}:
            return "Hmm, hard to say."
        return json.dumps({"verdict": "no", "reason": "unrelated"})

    with FakeOpenAIServer(judge) as judge_server:
        # The default judges noise whenever the judge is an endpoint rather than the bundled model.
        judged = await run(
            index_dir, judge_server, tmp_path / "judged", None, n_seeds=0, seed_file=seed_file, testbeds=("negative",)
        )
        asked = len(judge_server.chat_requests())
    log = judged.manifest["noise_check"]
    assert log["judge"] is True and asked >= log["judged"] >= len(flagged)
    assert log["excluded"]["judge_says_it_answers"] >= 1 and log["excluded"]["judge_unclear"] >= 1
    assert judged.cases and len(judged.cases) == len(plain.cases)
    for case in judged.cases:
        assert flagged.isdisjoint((case.question, c.chunk_id) for c in case.contexts)
    saved = json.loads((tmp_path / "judged" / "testset.json").read_text(encoding="utf-8"))
    assert saved["noise_check"]["excluded"] == log["excluded"]


async def test_a_judge_that_never_answers_clearly_leaves_no_unchecked_noise(index_dir, seed_file, tmp_path):
    """Fail closed: no usable verdict excludes the passage; a case whose noise stays unjudged is dropped."""
    with FakeOpenAIServer(lambda req: "no idea") as mumbler:
        result = await run(
            index_dir, mumbler, tmp_path / "out", None, n_seeds=0, seed_file=seed_file, testbeds=("noise", "negative")
        )
    log = result.manifest["noise_check"]
    assert log["judged"] > 0 and log["excluded"]["judge_unclear"] == log["judged"]
    assert log["cases_dropped_unjudged"] > 0
    # Only noise-free cases survive: every passage the judge read was excluded.
    assert result.cases and all(c.params["n_noise"] == 0 for c in result.cases)


def polisher(req: FakeRequest) -> str:
    """A generator that rephrases well when the answer's last digit is even and leaks the answer otherwise."""
    prompt = req.last_user_text
    if NOISE_CHECK in prompt:
        return json.dumps({"verdict": "no", "reason": "It is about something else."})
    if '"verdict"' in prompt:
        return json.dumps({"verdict": "yes", "reason": "The text states it."})
    if PROPOSE in prompt:
        return json.dumps({"proposals": []})
    question = _between(prompt, "\nQuestion:", "\n")
    answer = _between(prompt, "\nAnswer:", "\n")
    digits = re.sub(r"\D", "", answer)
    if digits and int(digits[-1]) % 2 == 0:
        return json.dumps({"question": "Tell me this: " + question})
    return json.dumps({"question": f"Was it {answer}? {question}"})


async def test_polish_is_kept_only_when_it_passes_the_gates(index_dir, tmp_path):
    with FakeOpenAIServer(polisher) as fake:
        result = await run(index_dir, fake, tmp_path / "out", None, n_seeds=5, n_pairs=0, testbeds=("noise",))
        polish_calls = [r for r in fake.chat_requests() if "Rephrase a test question" in r.last_user_text]
    assert polish_calls and len(result.seeds) == 5
    for seed in result.seeds:
        digits = re.sub(r"\D", "", seed.answers[0][0])
        leaked_form = not (digits and int(digits[-1]) % 2 == 0)  # the polisher leaks odd and digit-free answers
        # A leaking rephrasing fails answer_not_in_question, so the in-situ form stays.
        assert seed.question.startswith("Tell me this: ") is (not leaked_form), seed
        assert not contains_any_answer(seed.question, seed.answers)
    stats = result.manifest["generation_stats"]["by_lang"]["en"]
    polished = sum(s.question.startswith("Tell me this: ") for s in result.seeds)
    assert stats["kept_by_path"] == {"insitu": 5 - polished, "polished": polished, "proposed": 0, "model": 0}
    assert (
        stats["polish_gates"]["answer_not_in_question"]["passed"]
        < stats["polish_gates"]["answer_not_in_question"]["tried"]
    )


async def test_without_polish_the_generator_is_never_asked(index_dir, tmp_path):
    with FakeOpenAIServer(polisher) as fake:
        result = await run(
            index_dir, fake, tmp_path / "out", None, n_seeds=4, n_pairs=1, testbeds=("noise",), polish=False
        )
        assert not [r for r in fake.chat_requests() if "Rephrase a test question" in r.last_user_text]
    stats = result.manifest["generation_stats"]
    # No two milestones of one subject stand in these chunks, and without a generator no pair is drafted.
    assert stats["polish"] is False and stats["by_lang"]["en"]["kept_by_path"]["insitu"] == len(result.seeds) == 4
