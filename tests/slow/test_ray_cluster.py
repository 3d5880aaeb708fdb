"""The target asked through Ray actors on a real two-node cluster on loopback: the records of a local run.

A bench runs on the English sample twice, locally and with `executor="ray"` on a two-node
`ray.cluster_utils.Cluster`; cases, responses and scores must hold the same records (timings
and order aside). Then a target kills its actor's process on one case: the case is asked
again on another actor and recorded once, with nothing lost.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.slow

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples" / "en"
METRICS = "accuracy,rejection,over_refusal,error_detection,closed_book_accuracy"
TIMING = {"latency_s", "usage", "started_at", "finished_at"}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    from ray.cluster_utils import Cluster

    marker_dir = tmp_path_factory.mktemp("marker")
    # The workers inherit the environment the nodes start with: where the targets' module is, and their settings.
    tests = str(Path(__file__).resolve().parents[1])
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (tests, os.environ.get("PYTHONPATH", "")) if p)
    os.environ["RAGSTRESS_TEST_MARKER"] = str(marker_dir)
    # Records are compared with a local run's to the byte: on AMX CPUs the bfloat16 path rounds a text's vector
    # by the batch it is embedded in, and actors embed other batches (docs/scale.md); the fp32 path does not.
    from ragstress.corpora import embeddings

    bf16_before, embedders_before = os.environ.get("RAGSTRESS_BF16"), dict(embeddings._EMBEDDERS)
    os.environ["RAGSTRESS_BF16"] = "0"
    embeddings._EMBEDDERS.clear()  # an embedder an earlier test loaded in this process chose its engine then
    nodes = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "object_store_memory": 80 * 1024 * 1024, "include_dashboard": False},
    )
    nodes.add_node(num_cpus=1, object_store_memory=80 * 1024 * 1024)
    nodes.wait_for_nodes()
    yield nodes, marker_dir
    nodes.shutdown()
    if bf16_before is None:  # the tests after this module choose their engine as users' runs do
        os.environ.pop("RAGSTRESS_BF16", None)
    else:
        os.environ["RAGSTRESS_BF16"] = bf16_before
    embeddings._EMBEDDERS.clear()
    embeddings._EMBEDDERS.update(embedders_before)


def _records(path: Path, drop: set[str] = frozenset()) -> list[str]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return sorted(json.dumps({k: v for k, v in r.items() if k not in drop}, sort_keys=True) for r in lines)


def _bench(out: Path, **options):
    from ragstress import bench

    return bench(
        SAMPLE / "docs",
        out,
        target="python:fixtures_run.ray_targets:recites",
        seed_file=SAMPLE / "seeds.jsonl",
        seeds=0,
        concurrency=2,
        **{"metrics": METRICS, **options},
    )


def test_a_bench_on_ray_holds_the_records_of_a_local_run(cluster, tmp_path):
    from ragstress.testing.fake_openai import FakeOpenAIServer
    from ragstress.testing.scripted_judge import valid_judge

    nodes, _ = cluster
    with FakeOpenAIServer(valid_judge()) as server:
        judge = dict(base_url=server.base_url, model="fake", api_key="k", judge_noise=False)
        judge["metrics"] = METRICS + ",rejection_judged,faithfulness"
        _bench(tmp_path / "local", **judge)
        _bench(tmp_path / "ray", executor="ray", ray_address=nodes.address, actors=2, **judge)
        assert server.chat_requests()  # the judged metrics were asked of the fake judge
    for name, drop in (("cases.jsonl", set()), ("responses.jsonl", TIMING), ("scores.jsonl", set())):
        local, remote = tmp_path / "local" / name, tmp_path / "ray" / name
        if name == "cases.jsonl":
            local, remote = tmp_path / "local" / "testset" / name, tmp_path / "ray" / "testset" / name
        assert _records(local, drop) == _records(remote, drop), name
    run = json.loads((tmp_path / "ray" / "run.json").read_text(encoding="utf-8"))
    assert run["executor"]["kind"] == "ray" and run["executor"]["actors"] == 2
    assert run["executor"]["workers"] == 2  # both nodes answered


def test_an_actor_that_dies_mid_run_loses_and_duplicates_nothing(cluster, tmp_path):
    from ragstress import run as run_cases
    from ragstress.core.jsonl import read_records
    from ragstress.core.types import Case

    nodes, folder = cluster
    _bench(tmp_path / "made")  # a test set and a local run to compare with
    cases_file = tmp_path / "made" / "testset" / "cases.jsonl"
    victim = read_records(cases_file, Case)[7].id
    (folder / "die_on").write_text(victim, encoding="utf-8")
    run_cases(
        cases_file,
        tmp_path / "ray",
        target="python:fixtures_run.ray_targets:dies_once",
        concurrency=2,
        executor="ray",
        ray_address=nodes.address,
        actors=2,
    )
    assert (folder / "died").exists()  # an actor really died on the victim
    responses = [json.loads(x) for x in (tmp_path / "ray" / "responses.jsonl").read_text().splitlines()]
    keys = [(r["case_id"], r["probe"]) for r in responses]
    assert len(keys) == len(set(keys))  # nothing answered twice
    assert _records(tmp_path / "ray" / "responses.jsonl", TIMING) == _records(
        tmp_path / "made" / "responses.jsonl", TIMING
    )  # nothing lost, no error recorded
    run = json.loads((tmp_path / "ray" / "run.json").read_text(encoding="utf-8"))
    # The victim's attempt is lost; so may be the one other case in flight at that moment (concurrency 2),
    # on the dying actor or on one whose call was cut short with it. Each was asked again, as checked above.
    lost = run["executor"]["lost_attempts"]
    assert 1 <= lost <= 2, run["executor"]
    assert run["executor"]["causes"] and all("Actor" in cause for cause in run["executor"]["causes"])


def test_e2e_targets_on_actors_retrieve_the_variants_through_the_endpoint(cluster, tmp_path):
    from ragstress import run as run_cases

    nodes, _ = cluster
    _bench(tmp_path / "made")
    common = dict(
        target="python:fixtures_run.targets:retrieving",
        mode="e2e",
        index_dir=tmp_path / "made" / "index",
        testbeds=["negative", "counterfactual"],
    )
    cases = tmp_path / "made" / "testset" / "cases.jsonl"
    run_cases(cases, tmp_path / "local", **common)
    run_cases(cases, tmp_path / "ray", executor="ray", ray_address=nodes.address, actors=2, **common)
    remote = [json.loads(x) for x in (tmp_path / "ray" / "responses.jsonl").read_text().splitlines()]
    assert all(r["contexts"] for r in remote if r["probe"] == "case")  # the actors retrieved
    drop = TIMING | {"retrieved"}
    assert _records(tmp_path / "ray" / "responses.jsonl", drop) == _records(
        tmp_path / "local" / "responses.jsonl", drop
    )


def test_judged_scores_on_ray_match_a_local_score_and_share_the_cache(cluster, tmp_path):
    import shutil

    from ragstress import score
    from ragstress.testing.fake_openai import FakeOpenAIServer
    from ragstress.testing.scripted_judge import valid_judge

    nodes, _ = cluster
    _bench(tmp_path / "made")
    for name in ("local", "ray"):
        shutil.copytree(tmp_path / "made", tmp_path / name)
        (tmp_path / name / "scores.jsonl").unlink()
    with FakeOpenAIServer(valid_judge()) as server:
        judge = dict(metrics="faithfulness,rejection_judged", judge_base_url=server.base_url, judge_model="fake")
        score(tmp_path / "local", cache_dir=tmp_path / "cache-local", **judge)
        asked_locally = len(server.chat_requests())
        ray = dict(executor="ray", ray_address=nodes.address, cache_dir=tmp_path / "cache-ray")
        summary = score(tmp_path / "ray", actors=2, **ray, **judge)
        assert len(server.chat_requests()) == 2 * asked_locally > 0  # as many calls, made by the actors
        assert summary["executor"]["actors"] == 2
        assert _records(tmp_path / "ray" / "scores.jsonl") == _records(tmp_path / "local" / "scores.jsonl")
        score(tmp_path / "ray", actors=1, rescore=True, **ray, **judge)  # another cluster size, same cache
        assert len(server.chat_requests()) == 2 * asked_locally  # nothing asked again


def test_a_build_through_embedder_actors_makes_the_local_index(cluster, tmp_path):
    import numpy as np

    from ragstress import build_index
    from ragstress.indexing.store import IndexStore

    nodes, _ = cluster
    build_index(SAMPLE / "docs", tmp_path / "local")
    build_index(SAMPLE / "docs", tmp_path / "ray", executor="ray", ray_address=nodes.address, actors=2)
    assert (tmp_path / "local" / "chunks.jsonl").read_bytes() == (tmp_path / "ray" / "chunks.jsonl").read_bytes()
    manifest = json.loads((tmp_path / "ray" / "index.json").read_text(encoding="utf-8"))
    workers = manifest["embedding_executor"]["workers"]
    assert len({w["worker"] for w in workers}) == 2 and all(w["backend"] for w in workers)
    local, remote = (IndexStore.open(tmp_path / name).collection for name in ("local", "ray"))
    a = local.get(include=["embeddings"])
    b = dict(zip(*(lambda got: (got["ids"], got["embeddings"]))(remote.get(include=["embeddings"]))))
    assert np.allclose(np.asarray(a["embeddings"]), np.asarray([b[i] for i in a["ids"]]), atol=1e-5)


def test_generate_on_ray_asks_the_judge_through_actors_and_the_shared_cache(cluster, tmp_path):
    from ragstress import build_index, generate
    from ragstress.testing.fake_openai import FakeOpenAIServer

    nodes, _ = cluster
    build_index(SAMPLE / "docs", tmp_path / "index")
    with FakeOpenAIServer(lambda request: json.dumps({"verdict": "no", "reason": "about something else"})) as server:
        common = dict(
            seed_file=SAMPLE / "seeds.jsonl",
            judge_noise=True,  # every noise passage judged: the calls this test fans out
            judge_base_url=server.base_url,
            judge_model="fake",
            judge_api_key="k",
            generator_base_url=server.base_url,
            generator_model="fake",
            generator_api_key="k",
        )
        generate(tmp_path / "index", tmp_path / "local", cache_dir=tmp_path / "cache-local", **common)
        asked_locally = len(server.chat_requests())
        ray = dict(executor="ray", ray_address=nodes.address, cache_dir=tmp_path / "cache-ray")
        generate(tmp_path / "index", tmp_path / "ray", actors=2, **ray, **common)
        assert len(server.chat_requests()) == 2 * asked_locally > 0
        generate(tmp_path / "index", tmp_path / "again", actors=1, **ray, **common)
        assert len(server.chat_requests()) == 2 * asked_locally  # another cluster size, all from the cache
    for name in ("ray", "again"):
        assert _records(tmp_path / name / "cases.jsonl") == _records(tmp_path / "local" / "cases.jsonl"), name
