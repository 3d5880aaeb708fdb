"""A LangChain retriever over the run's retrieval endpoint: e2e variants for a target on another process or host.

A Ray actor cannot be handed the run's vector-store retriever (it holds an open Chroma
collection); it gets the variant's address instead (`TargetRequest.retrieval`) and this
retriever asks the endpoint, so a target that takes a retriever object sees the same
passages, in the same order, as in a local run.
"""

from __future__ import annotations

from typing import Any

import httpx
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever

from ragstress.running.targets.base import RetrievalRef

TIMEOUT_S = 60.0


class EndpointRetriever(BaseRetriever):
    """Top passages of one variant from `url` (see running.retrieval_server for the protocol)."""

    url: str
    collection: str
    k: int

    @classmethod
    def of(cls, ref: RetrievalRef) -> EndpointRetriever:
        return cls(url=ref.url, collection=ref.collection, k=ref.k)

    def _body(self, query: str) -> dict[str, Any]:
        return {"collection": self.collection, "query": query, "k": self.k}

    def _documents(self, response: httpx.Response) -> list[Document]:
        if response.status_code != 200:
            raise RuntimeError(f"retrieval endpoint {self.url}: HTTP {response.status_code}: {response.text[:300]}")
        return [
            Document(
                id=passage["id"],
                page_content=passage["text"],
                metadata={"doc_id": passage.get("doc_id", ""), "score": passage.get("score")},
            )
            for passage in response.json()["passages"]
        ]

    def _get_relevant_documents(self, query: str, *, run_manager: Any) -> list[Document]:
        return self._documents(httpx.post(self.url, json=self._body(query), timeout=TIMEOUT_S))

    async def _aget_relevant_documents(self, query: str, *, run_manager: Any) -> list[Document]:
        async with httpx.AsyncClient(timeout=TIMEOUT_S) as client:
            return self._documents(await client.post(self.url, json=self._body(query)))
