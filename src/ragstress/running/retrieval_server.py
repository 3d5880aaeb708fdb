"""The run's loopback retrieval endpoint: e2e variants for targets that cannot take a retriever object.

An http service (or a fixed Runnable, or a Python function that forwards to a service)
cannot be handed a LangChain retriever, so in e2e mode the run also serves every
variant of the index over HTTP on 127.0.0.1 and names it in each request
(`TargetRequest.retrieval`, the `retrieval` field of an http target's body):

    POST /retrieve   {"collection": "negative", "query": "When was ...?", "k": 5}
    200              {"collection": "negative", "passages": [{"id": "...", "text": "...", "score": 0.83,
                       "doc_id": "..."}, ...]}
    GET  /collections {"collections": ["integration", "negative", "noise@0.8", ...], "k": 5}

`collection` is a variant key (`variant_key`: a testbed, or `noise@<ratio>`); `k` is
optional (the run's `--top-k`) and at most MAX_K. `score` is the cosine similarity
of the query and the passage (every variant is a cosine collection), best first.
A bad request gets 400, an unknown collection 404 (with the close names), each as
`{"error": "..."}`. The endpoint listens only on the loopback interface, for the
run's duration.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ragstress.core.registry import unknown_name
from ragstress.running.targets.base import RetrievalRef

MAX_K = 100
MAX_BODY_BYTES = 64 * 1024  # a question and two small fields; anything larger is not a retrieval request


class RetrievalRequestError(ValueError):
    """A request the endpoint refuses; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


class RetrievalServer:
    """Serves `retrievers` (variant key -> LangChain vector-store retriever) at `url` until `stop()`.

    Searches run one at a time: the embedding model is shared with the rest of the run,
    and on a small machine parallel queries would only compete for the same cores.
    """

    def __init__(self, retrievers: dict[str, Any], top_k: int):
        self.retrievers = retrievers
        self.top_k = top_k
        self.requests: Counter[str] = Counter()
        self.errors = 0
        self._search_lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._url: str | None = None

    @property
    def url(self) -> str:
        """The retrieval address, `http://127.0.0.1:PORT/retrieve` (kept after `stop()` for the record)."""
        if self._url is None:
            raise RuntimeError("the retrieval endpoint has not been started")
        return self._url

    def reference(self, key: str, question: str | None = None) -> RetrievalRef:
        """What a request for a case of variant `key` asking `question` carries.

        `k` is the case's passage count (a one-chunk fact at noise ratio 0 is answered with that
        chunk alone), as the Python targets' retriever gives it.
        """
        return RetrievalRef(url=self.url, collection=key, k=self._depth(key, question))

    def _depth(self, key: str, question: str | None) -> int:
        retriever = self.retrievers.get(key)
        return retriever.depth(question) if hasattr(retriever, "depth") and question else self.top_k

    def retrieve(self, collection: Any, query: Any, k: Any = None) -> list[dict[str, Any]]:
        """The top `k` passages of `collection` for `query`; RetrievalRequestError for bad input."""
        if not isinstance(collection, str) or not collection:
            raise RetrievalRequestError("field 'collection' must be a variant name (GET /collections lists them)")
        if collection not in self.retrievers:
            raise RetrievalRequestError(str(unknown_name("collection", collection, self.retrievers)), status=404)
        if not isinstance(query, str) or not query.strip():
            raise RetrievalRequestError("field 'query' must be a non-empty string")
        k = self._depth(collection, query) if k is None else k
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
            raise RetrievalRequestError(f"field 'k' must be an integer from 1 to {MAX_K}, got {k!r}")
        retriever = self.retrievers[collection]
        with self._search_lock:
            # A case's own question is held to its arrangement, as the Python targets' retriever holds it.
            if hasattr(retriever, "search"):
                found = retriever.search(query, k)
            else:
                found = retriever.vectorstore.similarity_search_with_score(query, k=k)
            self.requests[collection] += 1
        # Chroma's cosine space gives distance = 1 - cosine similarity.
        return [
            {
                "id": document.id,
                "text": document.page_content,
                "score": round(1.0 - float(distance), 6),
                "doc_id": (document.metadata or {}).get("doc_id", ""),
            }
            for document, distance in found
        ]

    def refused(self) -> None:
        """Count a request the endpoint answered with an error."""
        with self._search_lock:
            self.errors += 1

    def describe(self) -> dict[str, Any]:
        """What run.json records: the address and how many searches each variant served."""
        return {"url": self._url, "requests": dict(sorted(self.requests.items())), "refused": self.errors}

    def start(self, host: str = "127.0.0.1") -> RetrievalServer:
        """Listen on `host` (loopback by default; an address the workers reach when they run on other hosts)."""
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:  # the run prints its own progress
                pass

            def do_GET(self) -> None:
                if self.path.rstrip("/") == "/collections":
                    self._send(200, {"collections": sorted(server.retrievers), "k": server.top_k})
                else:
                    self._send(404, {"error": f"no such path {self.path!r}: POST /retrieve or GET /collections"})

            def do_POST(self) -> None:
                try:
                    if self.path.rstrip("/") != "/retrieve":
                        raise RetrievalRequestError(f"no such path {self.path!r}: POST /retrieve", status=404)
                    body = self._body()
                    passages = server.retrieve(body.get("collection"), body.get("query"), body.get("k"))
                except RetrievalRequestError as exc:
                    server.refused()
                    self._send(exc.status, {"error": str(exc)})
                    return
                except Exception as exc:  # a store failure: the caller gets the cause, the run goes on
                    server.refused()
                    self._send(500, {"error": f"retrieval failed: {type(exc).__name__}: {exc}"})
                    return
                self._send(200, {"collection": body["collection"], "passages": passages})

            def _body(self) -> dict[str, Any]:
                try:
                    length = int(self.headers.get("Content-Length") or 0)
                except ValueError:
                    raise RetrievalRequestError("Content-Length is not a number") from None
                if not 0 < length <= MAX_BODY_BYTES:
                    raise RetrievalRequestError(f"the body must be 1 to {MAX_BODY_BYTES} bytes of JSON")
                try:
                    body = json.loads(self.rfile.read(length))
                except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                    raise RetrievalRequestError(f"the body is not JSON: {exc}") from None
                if not isinstance(body, dict):
                    raise RetrievalRequestError('the body must be a JSON object {"collection", "query", "k"}')
                return body

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._httpd = ThreadingHTTPServer((host, 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True, name="ragstress-retrieval")
        self._thread.start()
        self._url = f"http://{host}:{self._httpd.server_address[1]}/retrieve"
        return self

    def stop(self) -> None:
        """Stop listening and release the port; searches in flight finish first."""
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> RetrievalServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
