"""E2E mode for targets that cannot take a retriever object: the run's loopback retrieval endpoint.

A real http RAG service on 127.0.0.1 retrieves through the endpoint named in its request
body, and a fixed LangChain Runnable through the one named in its input; the negative
variant changes what they answer. Scoring then judges only the passages a target returned.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.error import HTTPError

import pytest
from fixtures_run.index import build_small_index, chunk_with
from fixtures_run.inprocess import invoke

from ragstress.core.jsonl import read_records, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.indexing.store import IndexStore
from ragstress.running.e2e import build_e2e_index
from ragstress.running.retrieval_server import RetrievalServer
from ragstress.scoring.metrics import NO_TARGET_CONTEXTS
from ragstress.testing.fake_openai import FakeOpenAIServer
from ragstress.testing.scripted_judge import valid_judge

QUESTION = "When was Mount Etna added to the UNESCO World Heritage list?"
REJECTION = "I can not answer the question because of insufficient information in documents."


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 3}


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


class EndpointRag:
    """A RAG service: retrieves from the request's `retrieval` endpoint, answers with the best-matching sentence.

    /ask also returns the passages it used; /ask-bare returns the answer only.
    """

    def __init__(self):
        self.bodies: list[dict] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                service.bodies.append(body)
                passages = []
                if body.get("retrieval"):
                    where = body["retrieval"]
                    found = _post(where["url"], {"collection": where["collection"], "query": body["question"]})
                    passages = [p["text"] for p in found["passages"]]
                sentences = [s for p in passages for s in re.split(r"(?<=\.)\s+", p)]
                wanted = _words(body["question"])
                best = max(sentences, key=lambda s: len(_words(s) & wanted), default="")
                answer = best if len(_words(best) & wanted) >= 3 else REJECTION
                reply = {"answer": answer, "contexts": passages} if self.path == "/ask" else {"answer": answer}
                data = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def etna(tmp_path, counting_minilm):
    """The four-document index, and an integration and a negative case asking the same question."""
    index, chunks = build_small_index(tmp_path, counting_minilm)
    answer, pompeii = chunk_with(chunks, "UNESCO"), chunk_with(chunks, "Pompeii")
    common = dict(seed_id="seed-etna", lang="en", question=QUESTION, answers=[["2013"]])
    cases = [
        Case(
            id="int",
            testbed="integration",
            expected="answer",
            contexts=[Context(text=answer.text, role="positive", chunk_id=answer.id)],
            params={"reference": "Mount Etna was added to the UNESCO World Heritage list in 2013."},
            **common,
        ),
        Case(
            id="neg",
            testbed="negative",
            expected="reject",
            params={"positive_chunk_ids": [answer.id]},
            contexts=[Context(text=pompeii.text, role="noise", chunk_id=pompeii.id)],
            **common,
        ),
    ]
    write_records(tmp_path / "cases.jsonl", cases)
    return index, tmp_path / "cases.jsonl", cases


@pytest.fixture
def rag_service():
    service = EndpointRag()
    yield service
    service.close()


def _run(tmp_path, name, cases_path, index, target):
    out = tmp_path / name
    result = invoke(
        "run", cases_path, "--target", target, "--out", out, "--mode", "e2e", "--index", index, "--top-k", 3
    )
    assert result.exit_code == 0, result.output
    responses = {r.case_id: r for r in read_records(out / "responses.jsonl", TargetResponse)}
    return out, responses, json.loads((out / "run.json").read_text(encoding="utf-8"))


def _refuses_connections(url: str) -> bool:
    host, port = re.match(r"http://([\d.]+):(\d+)/", url).groups()
    with socket.socket() as sock:
        return sock.connect_ex((host, int(port))) != 0


def test_http_service_and_fixed_runnable_retrieve_their_variant_through_the_endpoint(etna, rag_service, tmp_path):
    index, cases_path, _ = etna
    out, responses, run = _run(tmp_path, "http", cases_path, index, rag_service.url + "/ask")
    # Same question, two stores: the base index answers it, the negative variant has nothing to answer with.
    assert "2013" in responses["int"].answer and "UNESCO" in responses["int"].answer
    assert "2013" not in responses["neg"].answer
    assert responses["neg"].contexts and not any("UNESCO" in text for text in responses["neg"].contexts)
    sent = {body["case_id"]: body for body in rag_service.bodies}
    url = sent["neg"]["retrieval"]["url"]
    assert sent["neg"]["retrieval"] == {"url": url, "collection": "negative", "k": 1}  # the case holds one passage
    assert sent["int"]["retrieval"] == {"url": url, "collection": "integration", "k": 1}
    assert sent["neg"]["contexts"] is None and url.startswith("http://127.0.0.1:")
    endpoint = run["e2e"]["retrieval_endpoint"]
    assert endpoint == {"url": url, "requests": {"integration": 1, "negative": 1}, "refused": 0}
    assert _refuses_connections(url)  # stopped with the run
    assert run["e2e"]["index"] == str(index.resolve())  # outside the run directory: absolute, for information

    _, chained, _ = _run(tmp_path, "chain", cases_path, index, "langchain:fixtures_run.targets:endpoint_chain")
    assert any("UNESCO" in text for text in chained["int"].contexts)
    assert chained["neg"].contexts and not any("UNESCO" in text for text in chained["neg"].contexts)


def test_an_index_inside_the_run_directory_is_recorded_relative_to_it(etna, rag_service, tmp_path):
    index, cases_path, _ = etna
    shutil.copytree(index, tmp_path / "inside" / "index")
    _, responses, run = _run(tmp_path, "inside", cases_path, tmp_path / "inside" / "index", rag_service.url + "/ask")
    assert "2013" in responses["int"].answer
    assert run["e2e"]["index"] == "index"


def test_judged_metrics_read_only_what_the_target_returned(etna, rag_service, tmp_path):
    index, cases_path, cases = etna
    bare, responses, _ = _run(tmp_path, "bare", cases_path, index, rag_service.url + "/ask-bare")
    assert all(r.contexts is None for r in responses.values())
    judge = valid_judge()
    with FakeOpenAIServer(judge) as server:
        result = invoke(
            "score",
            bare,
            "--metrics",
            "faithfulness,context_relevance,answer_accuracy",
            "--judge-base-url",
            server.base_url,
            "--judge-model",
            "judge-m",
            "--judge-api-key",
            "k",
            "--no-cache",
        )
        judged_texts = [r.last_user_text for r in server.chat_requests()]
    assert result.exit_code == 0, result.output
    scores = read_records(bare / "scores.jsonl", Score)
    passage_scores = [s for s in scores if s.metric in ("faithfulness", "context_relevance")]
    assert len(passage_scores) == 4  # both metrics apply to both cases
    assert all(s.value is None and s.error is None and s.explanation == NO_TARGET_CONTEXTS for s in passage_scores)
    (accuracy,) = [s for s in scores if s.metric == "answer_accuracy"]
    assert accuracy.value is not None  # judged on the reference, which needs no passages
    # The case's own passages, which the target never saw, reached no judge prompt.
    for text in (c.text for case in cases for c in case.contexts):
        assert not any(text in prompt for prompt in judged_texts)

    report = invoke("report", bare)
    assert report.exit_code == 0, report.output
    data = json.loads((bare / "report.json").read_text(encoding="utf-8"))
    assert data["header"]["counts"]["unscored_no_contexts"] == 4
    methods = json.dumps(data, ensure_ascii=False)
    assert "4 of them are judged scores that read passages" in methods and "其中 4 个" in methods
    assert NO_TARGET_CONTEXTS in (bare / "report.html").read_text(encoding="utf-8")


def test_endpoint_answers_with_ids_and_scores_and_refuses_bad_requests(etna):
    index, _, cases = etna
    e2e = build_e2e_index(IndexStore.open(index), cases, top_k=2)
    try:
        with RetrievalServer(e2e.retrievers, top_k=2) as server:
            # The case's own question retrieves the one passage it holds, unless more are asked for.
            assert len(_post(server.url, {"collection": "integration", "query": QUESTION})["passages"]) == 1
            found = _post(server.url, {"collection": "integration", "query": QUESTION, "k": 2})
            assert len(found["passages"]) == 2 and "UNESCO" in found["passages"][0]["text"]
            first, second = found["passages"]
            assert first["id"] and first["doc_id"] == "etna.txt" and 1 >= first["score"] >= second["score"] > 0
            assert len(_post(server.url, {"collection": "negative", "query": QUESTION, "k": 4})["passages"]) == 4
            for body, status, words in (
                ({"collection": "negativ", "query": QUESTION}, 404, "did you mean 'negative'"),
                ({"collection": "negative", "query": " "}, 400, "'query'"),
                ({"collection": "negative", "query": QUESTION, "k": 0}, 400, "'k' must be an integer from 1 to 100"),
                (["not", "an", "object"], 400, "JSON object"),
            ):
                with pytest.raises(HTTPError) as refused:
                    _post(server.url, body)
                assert refused.value.code == status and words in json.loads(refused.value.read())["error"]
            listed = json.loads(urllib.request.urlopen(server.url.replace("/retrieve", "/collections")).read())
            assert listed == {"collections": ["integration", "negative"], "k": 2}
            assert server.describe()["requests"] == {"integration": 2, "negative": 1}
            assert server.describe()["refused"] == 4
    finally:
        e2e.close()


def test_the_endpoint_listens_where_it_is_told():
    import httpx

    from ragstress.running.retrieval_server import RetrievalServer

    server = RetrievalServer({}, 5).start("127.0.0.2")  # another loopback address stands in for a LAN one
    try:
        url = server.describe()["url"]
        assert url.startswith("http://127.0.0.2:")
        assert httpx.get(url.replace("/retrieve", "/collections"), timeout=5).json() == {"collections": [], "k": 5}
    finally:
        server.stop()
