"""Bad input through the `ragstress` CLI: each is refused or skipped with a message that names
the file, line or field, with exit code 2 where the input is unusable, and whatever was
already written stays byte-identical. (Targets and endpoints: test_bad_input_services.py.)

  corpus      empty folder, empty and binary files, GBK Chinese, a repeated text, another embedding model
  size        a 50 MB document: skipped unread by the size limit; peak RSS measured with and without it
  records     broken JSONL and missing fields in cases, responses and seed files
  names       misspelt metric, testbed and target kind names get a "did you mean"
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from fixtures_run.index import DOCS
from fixtures_run.inprocess import copy_run, invoke, make_echo_run, snapshot

from ragstress.core.jsonl import read_json, read_records
from ragstress.core.types import Chunk

ZH_TEXT = "长安是唐朝的都城，位于关中平原。城中有东市和西市，商人来自丝绸之路沿线各国。"


@pytest.fixture(scope="module")
def echo_run(tmp_path_factory) -> tuple[Path, Path]:
    """(cases.jsonl of 4 cases, a run of the echo target on them); copy the run before changing it."""
    return make_echo_run(tmp_path_factory.mktemp("echo"))


def write_corpus(root: Path, names: list[str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name in names:
        (root / name).write_text(DOCS[name], encoding="utf-8")
    return root


# --- corpus -----------------------------------------------------------------------------


def test_corpus_problems_are_skipped_with_reasons_and_never_damage_an_index(tmp_path, cli):
    corpus = write_corpus(tmp_path / "corpus", ["etna.txt", "vesuvius.txt"])
    (corpus / "changan.txt").write_bytes(ZH_TEXT.encode("gbk"))
    (corpus / "etna2.txt").write_text(DOCS["etna.txt"], encoding="utf-8")  # same text, another name
    (corpus / "empty.txt").write_bytes(b"")
    (corpus / "blob.txt").write_bytes(bytes(range(256)) * 8)  # NUL bytes: a binary file named .txt
    index = tmp_path / "index"

    built = cli.run("build", corpus, "--index", index)
    assert built.returncode == 0, built.stderr
    assert "skipped empty.txt: empty file" in built.stdout
    assert "skipped blob.txt: binary file (NUL bytes)" in built.stdout
    assert "skipped etna2.txt: same text as etna.txt (duplicate document, kept once)" in built.stdout
    chunks = read_records(index / "chunks.jsonl", Chunk)
    assert {c.doc_id for c in chunks} == {"etna.txt", "vesuvius.txt", "changan.txt"}
    assert [c.text for c in chunks if c.doc_id == "changan.txt"] == [ZH_TEXT]  # GBK decoded, not mojibake
    manifest = read_json(index / "index.json")
    assert (manifest["documents"], manifest["skipped"]) == (3, 3)
    before = snapshot(index)

    strict = invoke("build", corpus, "--index", index, "--strict")
    assert strict.exit_code == 2
    assert "error: blob.txt: binary file (NUL bytes)" in strict.flat

    empty = tmp_path / "empty-corpus"
    empty.mkdir()
    nothing = invoke("build", empty, "--index", index)
    assert nothing.exit_code == 2
    assert f"no documents found in {empty}; the index was left unchanged" in nothing.flat

    other_model = invoke("build", corpus, "--index", index, "--embedding", "minilm")
    assert other_model.exit_code == 2
    assert "built with embedding model 'multilingual-e5-small', not 'minilm'" in other_model.flat

    assert snapshot(index) == before, "a refused build changed the index"
    search = invoke("search", index, "长安的市场", "-k", "1")
    assert search.exit_code == 0 and "changan.txt" in search.output


# --- size -------------------------------------------------------------------------------


def peak_rss_mb(cli, *args: object, timeout_s: float = 240) -> tuple[int, float, str]:
    """Run the CLI and return (exit code, the process's peak RSS in MB, stderr) from its own rusage."""
    process = cli.start(*args)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            process.returncode = os.waitstatus_to_exitcode(status)
            return process.returncode, usage.ru_maxrss / 1024, process.stderr.read().decode()
        time.sleep(0.05)
    process.kill()
    process.wait()
    raise AssertionError(f"build did not finish within {timeout_s}s")


def test_a_50_mb_document_is_skipped_unread_and_memory_stays_bounded(tmp_path, cli, record_property):
    small = write_corpus(tmp_path / "small", list(DOCS))
    large = write_corpus(tmp_path / "large", list(DOCS))
    line = ("Lava flows from the summit crater reached the sea after eleven days of eruption. " * 12 + "\n").encode()
    with (large / "archive.txt").open("wb") as handle:
        for _ in range(50_000_000 // len(line) + 1):
            handle.write(line)
    size_mb = (large / "archive.txt").stat().st_size / 1e6

    code, without_mb, err = peak_rss_mb(cli, "build", small, "--index", tmp_path / "i-small", "--embedding", "e5")
    assert code == 0, err
    code, with_mb, err = peak_rss_mb(cli, "build", large, "--index", tmp_path / "i-large", "--embedding", "e5")
    assert code == 0, err
    record_property("peak_rss_mb", {"without": round(without_mb, 1), "with_50mb_document": round(with_mb, 1)})
    print(
        f"\npeak RSS of `ragstress build`: {without_mb:.1f} MB without, {with_mb:.1f} MB with a {size_mb:.1f} MB document"
    )
    # Reading the file alone would add 50 MB (its text as str another 50): the limit reads none of it.
    assert with_mb < without_mb + 25, (without_mb, with_mb)
    assert read_json(tmp_path / "i-large" / "index.json")["skipped"] == 1
    assert {c.doc_id for c in read_records(tmp_path / "i-large" / "chunks.jsonl", Chunk)} == set(DOCS)

    strict = invoke("build", large, "--index", tmp_path / "i-strict", "--embedding", "e5", "--strict")
    assert strict.exit_code == 2
    assert (
        "archive.txt: 50.0 MB is over the per-document limit of 20 MB (raise it with --max-document-mb)" in strict.flat
    )


# --- records ----------------------------------------------------------------------------


def test_broken_or_incomplete_cases_name_file_line_and_field(tmp_path, cli, echo_run):
    cases, _ = echo_run
    lines = cases.read_text(encoding="utf-8").splitlines(keepends=True)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(lines[:2]) + '{"id": "case-2", "question": \n' + lines[3], encoding="utf-8")
    incomplete = tmp_path / "incomplete.jsonl"
    rows = [json.loads(x) for x in lines]
    del rows[2]["question"]
    incomplete.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")

    run = copy_run(echo_run[1], tmp_path)
    before = snapshot(run)
    real = cli.run("run", broken, "--target", "python:fixtures_run.targets:echo", "--out", run, "--resume")
    assert real.returncode == 2 and f"error: {broken} line 3: invalid JSON" in real.stderr, real.stderr
    for testset, message in (
        (broken, f"{broken} line 3: invalid JSON"),
        (incomplete, f"{incomplete} line 3: field question"),
    ):
        for extra in ([], ["--resume"]):
            result = invoke("run", testset, "--target", "python:fixtures_run.targets:echo", "--out", run, *extra)
            assert result.exit_code == 2 and message in result.flat, (extra, result.output)
    assert snapshot(run) == before

    assert invoke("score", run, "--metrics", "answer_match").exit_code == 0
    torn = (run / "responses.jsonl").read_text() + '{"case_id": "case-9", "probe"\n'  # 5 good lines, then a broken one
    (run / "responses.jsonl").write_text(torn)
    rescored = invoke("score", run, "--metrics", "answer_match")
    assert rescored.exit_code == 2 and "responses.jsonl line 6: invalid JSON" in rescored.flat, rescored.output


def test_broken_seed_files_name_file_line_and_field(tmp_path):
    index = tmp_path / "index"
    assert (
        invoke("build", write_corpus(tmp_path / "corpus", list(DOCS)), "--index", index, "--embedding", "e5").exit_code
        == 0
    )
    good = {
        "id": "s1",
        "question": "When was Etna listed by UNESCO?",
        "answers": [["2013"]],
        "doc_ids": ["etna.txt"],
        "lang": "en",
    }
    broken = tmp_path / "broken-seeds.jsonl"
    broken.write_text(json.dumps(good) + '\n{"id": "s2", \n', encoding="utf-8")
    incomplete = tmp_path / "incomplete-seeds.jsonl"
    incomplete.write_text(json.dumps({k: v for k, v in good.items() if k != "answers"}) + "\n", encoding="utf-8")
    out = tmp_path / "testset"
    for seeds, message in (
        (broken, f"{broken} line 2: invalid JSON"),
        (incomplete, f"{incomplete} line 1: field answers"),
    ):
        result = invoke("generate", index, "--out", out, "--seeds", "0", "--seed-file", seeds)
        assert result.exit_code == 2 and message in result.flat, result.output
    assert not out.exists(), "a refused seed file left a half-written test set"


# --- names ------------------------------------------------------------------------------


def test_misspelt_metric_testbed_and_target_names_get_a_did_you_mean(tmp_path, echo_run):
    cases, _ = echo_run
    run = copy_run(echo_run[1], tmp_path)
    assert invoke("score", run, "--metrics", "answer_match").exit_code == 0
    checks = [
        (["score", run, "--metrics", "answer_match,acuracy"], "unknown metric 'acuracy'; did you mean 'accuracy'"),
        (
            [
                "run",
                cases,
                "--target",
                "python:fixtures_run.targets:echo",
                "--out",
                tmp_path / "r2",
                "--testbeds",
                "noise,negatve",
            ],
            "unknown testbed 'negatve'; did you mean 'negative'",
        ),
        (
            [
                "bench",
                tmp_path,
                "--target",
                "python:fixtures_run.targets:echo",
                "--out",
                tmp_path / "b",
                "--testbeds",
                "nosie",
            ],
            "unknown testbed 'nosie'; did you mean 'noise'",
        ),
        (["report", run, "--fail-under", "acuracy@noise=0.5"], "did you mean 'accuracy'"),
        (
            ["run", cases, "--target", "pyhton:fixtures_run.targets:echo", "--out", tmp_path / "r3"],
            "unknown target kind 'pyhton'; did you mean 'python'",
        ),
    ]
    for args, message in checks:
        result = invoke(*args)
        assert result.exit_code == 2 and message in result.flat, (args, result.output)
    assert not (tmp_path / "r2").exists() and not (tmp_path / "b").exists()
