"""export-dataset: the folder loads back with the `datasets` library and holds the same cases."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import datasets
import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli import export_dataset as cli_export
from ragstress.corpora.chunking import ChunkParams
from ragstress.corpora.embeddings import make_embedder
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en"
DOCS = ["eiffel_tower.txt", "tokyo_tower.txt", "cn_tower.txt", "toyota.txt"]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    """A run directory laid out as bench leaves it: index/ (with chunks.jsonl) and testset/."""
    root = tmp_path_factory.mktemp("export")
    (root / "docs").mkdir()
    for name in DOCS:
        shutil.copy(SAMPLES / "docs" / name, root / "docs" / name)
    rows = [json.loads(line) for line in (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]
    seeds = root / "seeds.jsonl"
    seeds.write_text("".join(json.dumps(r) + "\n" for r in rows if set(r["doc_ids"]) <= set(DOCS)), encoding="utf-8")
    run = root / "run"
    build_index(root / "docs", run / "index", make_embedder("minilm"), ChunkParams(size=120, overlap=0, unit="tokens"))
    with FakeOpenAIServer(lambda request: "unused") as server:
        roles = {r: Endpoint(role=r, model="m", base_url=server.base_url, api_key="k") for r in ("generator", "judge")}

        async def generate():
            async with LLMSession(roles, ClientSettings(timeout_s=5, max_retries=0)) as llm:
                # Curated seeds and three generated ones (in-situ, no model asked), so both kinds are exported.
                options = GenerateOptions(
                    n_seeds=3,
                    n_pairs=0,
                    seed_file=seeds,
                    judge_noise=False,
                    polish=False,
                    propose=False,
                    judge_insitu=False,
                )
                await generate_testset(IndexStore.open(run / "index"), llm, run / "testset", options)

        asyncio.run(generate())
    return run


def _invoke(*args: str):
    app = typer.Typer()
    cli_export.register(app)
    app.command("unused")(lambda: None)  # a second command keeps typer from flattening the app
    return CliRunner().invoke(app, ["export-dataset", *args])


def test_export_loads_back_with_datasets_and_has_a_card(run_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    out = tmp_path / "dataset"
    result = _invoke(str(run_dir), "--out", str(out), "--license", "cc-by-4.0", "--name", "towers-en")
    assert result.exit_code == 0, result.output

    cases = [json.loads(line) for line in (run_dir / "testset" / "cases.jsonl").read_text("utf-8").splitlines()]
    loaded = datasets.load_dataset(str(out), cache_dir=str(tmp_path / "hf-cache"))
    assert set(loaded) == {c["testbed"] for c in cases}
    for split, rows in loaded.items():
        mine = [c for c in cases if c["testbed"] == split]
        assert [r["id"] for r in rows] == [c["id"] for c in mine]
        for row, case in zip(rows, mine):
            assert row["question"] == case["question"] and row["answers"] == case["answers"]
            assert [x["text"] for x in row["contexts"]] == [x["text"] for x in case["contexts"]]
            assert json.loads(row["params_json"]) == case["params"]
            assert row["noise_ratio"] == case["params"]["noise_ratio"]
            assert row["provenance"]["source_doc_ids"]  # every item names the document its answer comes from

    card = (out / "README.md").read_text(encoding="utf-8")
    header = card.split("---", 2)[1]
    assert 'license: "cc-by-4.0"' in header and "- en" in header and "path: data/noise.jsonl" in header
    facts = json.loads(card.split("```json", 1)[1].split("```", 1)[0])
    assert facts["corpus_fingerprint"].startswith("sha256:") and facts["random_seed"] == 13
    assert facts["source_documents"]["total"] == len(DOCS) and 0 < facts["source_documents"]["covered"] <= len(DOCS)
    assert 0.0 <= facts["near_duplicate_rate"] <= 1.0 and sum(facts["question_types"].values()) > 0
    assert sum(row["cases"] for row in facts["counts"]) == len(cases)
    # How each generated seed was asked (template, answer kind, shape), per language and per item.
    seeds = [json.loads(line) for line in (run_dir / "testset" / "seeds.jsonl").read_text("utf-8").splitlines()]
    typed = {s["id"]: s["question_type"] for s in seeds if s["question_type"]}
    assert len(typed) == 3 and all(s["question_type"] is None for s in seeds if s["origin"] == "curated")
    mix = facts["question_mix"]["en"]
    assert mix["shape"] == {"single": 3} and mix["template"] == {"insitu": 3}
    row = next(r for rows in loaded.values() for r in rows if r["seed_id"] in typed)
    assert row["provenance"]["question_type"] == typed[row["seed_id"]]
    # Generator and judge were configured, but no seed asked either: the card names no model behind the set.
    assert "seed_file" in facts["gates"] and facts["models"] == {}


def test_export_refuses_a_missing_licence_and_a_folder_that_is_no_test_set(run_dir, tmp_path):
    empty = _invoke(str(run_dir), "--out", str(tmp_path / "a"), "--license", " ")
    assert empty.exit_code == 2 and "licence is required" in empty.output
    nowhere = _invoke(str(tmp_path), "--out", str(tmp_path / "b"), "--license", "mit")
    assert nowhere.exit_code == 2 and "no cases.jsonl" in nowhere.output
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
