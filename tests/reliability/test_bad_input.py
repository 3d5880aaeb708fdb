"""Bad input through the real `ragstress` processes: each is refused or skipped with a message
that names the file, line, field or endpoint, with exit code 2 where the input is unusable,
and whatever was already written stays as it was.

The matrix (one test per row group):
  corpus      empty folder, empty and binary files, GBK Chinese, a repeated text, another embedding model
  size        a 50 MB document: skipped unread by the size limit; peak RSS measured with and without it
  records     broken JSONL and missing fields in cases and in seed files
  target      a non-string, an exception, a hang, an HTML error page: one error per case, the run completes
  names       misspelt metric and testbed names get a "did you mean"
  endpoints   a closed port fails fast naming the endpoint; a refused key is named as such, never printed
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from fixtures_run.cases import write_cases
from fixtures_run.index import DOCS
from typer.testing import CliRunner

from benchmark.jsonl import read_json, read_records
from benchmark.testing.fake_openai import FakeOpenAIServer, FakeReply
from benchmark.types import Chunk, Score

ZH_TEXT = "长安是唐朝的都城，位于关中平原。城中有东市和西市，商人来自丝绸之路沿线各国。"
API_KEY = "sk-wrong-KEY-5d1e9a"


def invoke(*args: object, env: dict[str, str | None] | None = None):
    """The CLI in this process (quicker than a new process; a few checks per test use real ones)."""
    from benchmark.cli import app

    clean = {"OPENAI_BASE_URL": None, "OPENAI_API_KEY": None, "RAGSTRESS_JUDGE_API_KEY": None, "COLUMNS": "200"}
    result = CliRunner().invoke(app, [str(a) for a in args], env={**clean, **(env or {})})
    result.flat = " ".join(result.output.split())  # rich wraps long messages
    return result


@pytest.fixture(scope="module")
def echo_run(tmp_path_factory) -> tuple[Path, Path]:
    """(cases.jsonl of 4 cases, a run of the echo target on them); copy the run before changing it."""
    root = tmp_path_factory.mktemp("echo")
    write_cases(root / "cases.jsonl", 4)
    result = invoke("run", root / "cases.jsonl", "--target", "python:fixtures_run.targets:echo", "--out", root / "run")
    assert result.exit_code == 0, result.output
    return root / "cases.jsonl", root / "run"


def copy_run(echo_run, tmp_path: Path) -> Path:
    import shutil

    return Path(shutil.copytree(echo_run[1], tmp_path / "run"))


def snapshot(directory: Path) -> dict[str, str]:
    """sha256 of every file under `directory`, by relative path: equal snapshots mean byte-identical trees."""
    return {str(p.relative_to(directory)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(directory.rglob("*")) if p.is_file()}  # fmt: skip


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


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
    print(f"\npeak RSS of `ragstress build`: {without_mb:.1f} MB without, {with_mb:.1f} MB with a {size_mb:.1f} MB document")
    # Reading the file alone would add 50 MB (its text as str another 50): the limit reads none of it.
    assert with_mb < without_mb + 25, (without_mb, with_mb)
    assert read_json(tmp_path / "i-large" / "index.json")["skipped"] == 1
    assert {c.doc_id for c in read_records(tmp_path / "i-large" / "chunks.jsonl", Chunk)} == set(DOCS)

    strict = invoke("build", large, "--index", tmp_path / "i-strict", "--embedding", "e5", "--strict")
    assert strict.exit_code == 2
    assert "archive.txt: 50.0 MB is over the per-document limit of 20 MB (raise it with --max-document-mb)" in strict.flat


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

    run = copy_run(echo_run, tmp_path)
    before = snapshot(run)
    real = cli.run("run", broken, "--target", "python:fixtures_run.targets:echo", "--out", run, "--resume")
    assert real.returncode == 2 and f"error: {broken} line 3: invalid JSON" in real.stderr, real.stderr
    for testset, message in ((broken, f"{broken} line 3: invalid JSON"), (incomplete, f"{incomplete} line 3: field question")):
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
    assert invoke("build", write_corpus(tmp_path / "corpus", list(DOCS)), "--index", index, "--embedding", "e5").exit_code == 0
    good = {"id": "s1", "question": "When was Etna listed by UNESCO?", "answers": [["2013"]], "doc_ids": ["etna.txt"],
            "lang": "en"}  # fmt: skip
    broken = tmp_path / "broken-seeds.jsonl"
    broken.write_text(json.dumps(good) + '\n{"id": "s2", \n', encoding="utf-8")
    incomplete = tmp_path / "incomplete-seeds.jsonl"
    incomplete.write_text(json.dumps({k: v for k, v in good.items() if k != "answers"}) + "\n", encoding="utf-8")
    out = tmp_path / "testset"
    for seeds, message in ((broken, f"{broken} line 2: invalid JSON"), (incomplete, f"{incomplete} line 1: field answers")):
        result = invoke("generate", index, "--out", out, "--seeds", "0", "--seed-file", seeds)
        assert result.exit_code == 2 and message in result.flat, result.output
    assert not out.exists(), "a refused seed file left a half-written test set"


# --- target -----------------------------------------------------------------------------


class HtmlErrorService:
    """A loopback service that answers like a misconfigured proxy: HTML instead of JSON."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                status = 502 if self.path == "/bad-gateway" else 200
                page = b"<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"
                self.send_response(status)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_misbehaving_targets_become_per_case_errors_and_the_run_completes(tmp_path, cli, echo_run):
    cases, _ = echo_run  # case-3 is counterfactual: a closed-book probe too
    out = tmp_path / "python-run"
    result = cli.run("run", cases, "--target", "python:fixtures_run.targets:misbehaves", "--out", out,
                     "--target-timeout", "1")  # fmt: skip
    assert result.returncode == 0, result.stderr
    errors = {r["case_id"]: r["error"] for r in map(json.loads, (out / "responses.jsonl").read_text().splitlines())
              if r["probe"] == "case"}  # fmt: skip
    assert errors["case-0"].startswith("TargetOutputError: target returned list; expected str")
    assert errors["case-1"] == "RuntimeError: retriever offline for case-1"
    assert errors["case-2"] == "TimeoutError: the target did not answer within 1s"
    assert errors["case-3"] is None
    record = read_json(out / "run.json")
    assert record["status"] == "complete", record

    service = HtmlErrorService()
    try:
        for path, cause in (("/bad-gateway", "RuntimeError: HTTP 502 from"), ("/html-ok", "TargetOutputError: reply is not JSON")):
            out = tmp_path / f"http-run{path.replace('/', '-')}"
            result = invoke("run", cases, "--target", service.url + path, "--out", out)
            assert result.exit_code == 0, result.output
            responses = [json.loads(x) for x in (out / "responses.jsonl").read_text().splitlines()]
            assert len(responses) == 5 and all(cause in r["error"] and "Bad Gateway" in r["error"] for r in responses)
    finally:
        service.close()


# --- names ------------------------------------------------------------------------------


def test_misspelt_metric_testbed_and_target_names_get_a_did_you_mean(tmp_path, echo_run):
    cases, _ = echo_run
    run = copy_run(echo_run, tmp_path)
    assert invoke("score", run, "--metrics", "answer_match").exit_code == 0
    checks = [
        (["score", run, "--metrics", "answer_match,acuracy"], "unknown metric 'acuracy'; did you mean 'accuracy'"),
        (["run", cases, "--target", "python:fixtures_run.targets:echo", "--out", tmp_path / "r2", "--testbeds", "noise,negatve"],
         "unknown testbed 'negatve'; did you mean 'negative'"),
        (["bench", tmp_path, "--target", "python:fixtures_run.targets:echo", "--out", tmp_path / "b", "--testbeds", "nosie"],
         "unknown testbed 'nosie'; did you mean 'noise'"),
        (["report", run, "--fail-under", "acuracy@noise=0.5"], "did you mean 'accuracy'"),
        (["run", cases, "--target", "pyhton:fixtures_run.targets:echo", "--out", tmp_path / "r3"],
         "unknown target kind 'pyhton'; did you mean 'python'"),
    ]  # fmt: skip
    for args, message in checks:
        result = invoke(*args)
        assert result.exit_code == 2 and message in result.flat, (args, result.output)
    assert not (tmp_path / "r2").exists() and not (tmp_path / "b").exists()


# --- endpoints --------------------------------------------------------------------------


def test_an_unreachable_endpoint_fails_fast_naming_it(tmp_path, cli, echo_run):
    cases, _ = echo_run
    run = copy_run(echo_run, tmp_path)
    url = f"http://127.0.0.1:{closed_port()}/v1"
    started = time.perf_counter()
    result = cli.run("score", run, "--metrics", "faithfulness", "--judge-base-url", url, "--judge-model", "m")
    seconds = time.perf_counter() - started
    assert result.returncode == 2, result.stderr
    assert f"judge endpoint {url} is unreachable" in result.stderr and "Connection refused" in result.stderr
    print(f"\nscore against a closed port exited {result.returncode} after {seconds:.2f}s (process start included)")
    assert seconds < 20, f"took {seconds:.1f}s to notice a closed port"
    assert not (run / "scores.jsonl").exists()
    baseline = invoke("run", cases, "--target", "baseline", "--out", tmp_path / "b", "--target-base-url", url,
                      "--target-model", "m")  # fmt: skip
    assert baseline.exit_code == 2 and f"target endpoint {url} is unreachable" in baseline.flat, baseline.output
    assert not (tmp_path / "b").exists(), "a refused run created its run directory"
    service_url = url.replace("/v1", "/ask?token=never-shown")
    http = invoke("run", cases, "--target", service_url, "--out", tmp_path / "h")
    assert http.exit_code == 2 and "is unreachable (Connection refused)" in http.flat, http.output
    assert "never-shown" not in http.output and not (tmp_path / "h").exists()


class RejectingService:
    """An OpenAI-style server that refuses every request with HTTP 401, as a wrong key gets."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _refuse(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                body = json.dumps({"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}}).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _refuse

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_wrong_api_key_is_named_and_never_printed(tmp_path, cli, echo_run):
    run = copy_run(echo_run, tmp_path)

    service = RejectingService()
    try:  # the preflight sees the 401 before any case is judged
        result = cli.run("score", run, "--metrics", "faithfulness", "--judge-base-url", service.url,
                         "--judge-model", "m", "--judge-api-key", API_KEY)  # fmt: skip
    finally:
        service.close()
    assert result.returncode == 2
    assert f"judge endpoint {service.url} answered HTTP 401: the API key was refused: wrong key" in result.stderr
    assert API_KEY not in result.stdout + result.stderr
    assert not (run / "scores.jsonl").exists()

    # A server that lists models without a key but refuses completions: each score says why.
    refusing = lambda request: FakeReply.error(401, f"Incorrect API key provided: {API_KEY}")  # noqa: E731
    with FakeOpenAIServer(refusing) as server:
        result = invoke("score", run, "--metrics", "faithfulness", "--judge-base-url", server.base_url,
                        "--judge-model", "m", env={"RAGSTRESS_JUDGE_API_KEY": API_KEY})  # fmt: skip
    assert result.exit_code == 0, result.output
    scores = read_records(run / "scores.jsonl", Score)
    assert scores and all(s.value is None and "authentication failed (HTTP 401): the API key is wrong or missing" in s.error
                          for s in scores)  # fmt: skip
    for path in run.rglob("*"):
        assert API_KEY.encode() not in path.read_bytes(), path
    assert API_KEY not in result.output
