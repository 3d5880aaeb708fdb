"""End-to-end mode: each testbed's variant of the index, and a retriever over it.

In e2e mode a target that accepts a retriever retrieves for itself, from a copy of
the index changed the way the testbed changes a case's passages. What each testbed's
variant takes from its cases is planned in `e2e_variants.py`; here the plan meets the index.

The variants (keyed by `variant_key(case)`: the testbed, or `noise@<ratio>` and
`integration@<ratio>`), each first planned from the cases (`e2e_variants.py`):

- integration@<ratio> and style: the index itself (nothing is copied);
- noise@<ratio>: the index thinned (the chunks holding a case's answer that no case of
  the ratio keeps are removed above ratio 0), the distractors the index lacks added;
- negative: the index without the positive chunks of every negative case and
  without every other chunk that holds one of their answers;
- counterfactual: the index with the replaced (and positive) chunks removed, the
  counterfactual passages added in their place, and every other chunk holding the
  answer rewritten with the planted one (removed if it cannot be).

- injection@<kind>: the index with each case's injected passage added (an instruction written
  into a noise chunk replaces that chunk, unless it is another case's positive; a poisoned fact
  is a passage of its own), so the target's retrieval must find it; the response's
  `retrieved.injected` records whether it did. A seed's kinds share its question, so each
  kind has its own variant.

On every variant, a case's own question retrieves exactly the case's passage count, its
answer-bearing (or planted) passages among them and its other answer-bearing chunks
hidden, so it sees the noise share it is labelled with (`e2e_noise.py`); any other
query retrieves the run's top-k from the variant as it is.

Conflict and position cases place their passages themselves (k of n planted; the answer in
one slot), which a retriever cannot reproduce: e2e mode refuses them (E2EError).

Copies reuse the stored vectors (fetched with `include=["embeddings"]`); only text
that is not in the index is embedded, each distinct text once. Copies live in an
in-memory Chroma and are dropped by `close()`.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import chromadb
from chromadb.config import Settings
from langchain_core.embeddings import Embeddings
from langchain_core.vectorstores import VectorStoreRetriever
from pydantic import Field

from ragstress.core.types import Case
from ragstress.corpora.embeddings import Embedder
from ragstress.indexing.collection import COLLECTION_NAME, open_chroma, read_manifest
from ragstress.indexing.store import IndexStore
from ragstress.running.e2e_answers import UNCHANGED, refuse_placed, store_changes, variant_key
from ragstress.running.e2e_noise import Arrangement, arrange, window
from ragstress.running.e2e_variants import Addition, VariantPlan, plan_variant, text_id

_PAGE = 1000
DEFAULT_TOP_K = 5


class EmbedderEmbeddings(Embeddings):
    """Our Embedder as LangChain Embeddings (queries keep the model's query prefix)."""

    def __init__(self, embedder: Embedder):
        self.embedder = embedder

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embedder.embed_passages(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embedder.embed_queries([text])[0].tolist()


class CaseRetriever(VectorStoreRetriever):
    """A vector-store retriever that holds each case's question to its Arrangement (`arranged`), top-k otherwise."""

    arranged: dict[str, Arrangement] = Field(default_factory=dict)

    def depth(self, query: str) -> int:
        """How many passages `query` retrieves when no count is asked for."""
        plan = self.arranged.get(query)
        return plan.depth if plan is not None else int(self.search_kwargs.get("k", DEFAULT_TOP_K))

    def search(self, query: str, k: int | None = None) -> list[tuple[Any, float]]:
        """(Document, cosine distance) pairs, nearest first: a case's question gets its kept passages and the
        best-ranked passages that are not hidden from it, `k` (default: its depth) in all."""
        store, plan = self.vectorstore, self.arranged.get(query)
        k = k or self.depth(query)
        if plan is None:
            return store.similarity_search_with_score(query, k=k)
        size = store._collection.count()
        kept = store.similarity_search_with_score(query, k=len(plan.keep), ids=list(plan.keep)) if plan.keep else []
        wanted = k - len(kept)
        others: list[tuple[Any, float]] = []
        if wanted > 0:
            skip = plan.hide | set(plan.keep)
            found = store.similarity_search_with_score(query, k=min(size, wanted + len(skip)))
            others = [pair for pair in found if pair[0].id not in skip][:wanted]
        return sorted(kept[:k] + others, key=lambda pair: pair[1])

    def _get_relevant_documents(self, query: str, *, run_manager: Any, **kwargs: Any) -> list[Any]:
        return [document for document, _ in self.search(query, kwargs.get("k"))]

    async def _aget_relevant_documents(self, query: str, *, run_manager: Any, **kwargs: Any) -> list[Any]:
        found = await asyncio.get_running_loop().run_in_executor(None, self.search, query, kwargs.get("k"))
        return [document for document, _ in found]


class E2EIndex:
    """One retriever per variant (see `variant_key`); `close()` drops the in-memory copies."""

    def __init__(
        self,
        retrievers: dict[str, Any],
        stats: dict[str, Any],
        client: Any,
        names: list[str],
        ids_by_text: dict[str, str] | None = None,
    ):
        self.retrievers = retrievers
        self.stats = stats
        self._client = client
        self._names = names
        self._ids_by_text = ids_by_text or {}

    def retriever(self, key: str) -> Any:
        """The LangChain retriever over variant `key` (a testbed, or `noise@<ratio>`)."""
        return self.retrievers[key]

    def chunk_id_of(self, text: str) -> str | None:
        """The id of the chunk (of the index or added by a variant) whose text is `text`, if any."""
        return self._ids_by_text.get(text)

    def close(self) -> None:
        for name in self._names:
            self._client.delete_collection(name)
        self._names = []


def build_e2e_index(
    store: IndexStore, cases: list[Case], *, top_k: int = DEFAULT_TOP_K, chroma_url: str | None = None
) -> E2EIndex:
    """Build the variants the testbeds among `cases` need, and a retriever (top `top_k`) over each."""
    from langchain_chroma import Chroma  # pulls in much of LangChain: only e2e runs pay for it

    manifest = read_manifest(store.index_dir) or {}
    base_name = manifest.get("collection", COLLECTION_NAME)
    refuse_placed(cases)
    by_key: dict[str, list[Case]] = {}
    for case in cases:
        by_key.setdefault(variant_key(case), []).append(case)
    testbeds = sorted(by_key)
    testbed_of = {key: mine[0].testbed for key, mine in by_key.items()}
    plans = {key: plan_variant(testbed_of[key], mine) for key, mine in by_key.items()}
    texts = _all_texts(store.collection)
    # Only cases that keep answer chunks by rank need their question ranked (negative keeps none, counterfactual
    # its planted passages).
    ranked = _rankings(store, [c for c in cases if c.testbed not in ("negative", "counterfactual")], top_k)
    arranged: dict[str, dict[str, Arrangement]] = {}
    for key, plan in plans.items():
        if testbed_of[key] not in UNCHANGED and not key.startswith("noise"):
            remove, rewritten = store_changes(testbed_of[key], by_key[key], texts)
            plan.remove |= remove | set(rewritten)
            for cid, text in sorted(rewritten.items()):
                meta = {"doc_id": "", "variant": "counterfactual", "replaces": cid}
                plan.add(Addition(text_id("cf", text), text, meta))
        if testbed_of[key] in UNCHANGED:
            plan.additions.clear()  # these variants retrieve from the index itself
        variant_texts = {cid: t for cid, t in texts.items() if cid not in plan.remove}
        variant_texts |= {a.id: a.text for a in plan.additions.values()}
        planted = {
            case.id: [text_id("cf", c.text) for c in case.contexts if c.role == "counterfactual"]
            for case in by_key[key]
            if case.testbed == "counterfactual"
        }
        found = arrange(by_key[key], variant_texts, ranked, top_k, thin=key.startswith("noise"), planted=planted)
        plan.remove |= found.remove
        arranged[key] = found.by_question(by_key[key])
    plans = {tb: plan for tb, plan in plans.items() if plan.remove or plan.additions}

    memory = chromadb.EphemeralClient(settings=Settings(anonymized_telemetry=False))
    run_tag = uuid.uuid4().hex[:8]
    copies = {
        tb: memory.create_collection(
            f"e2e-{tb.replace('@', '-')}-{run_tag}",
            configuration={"hnsw": {"space": "cosine"}},
            metadata=dict(store.collection.metadata or {}) or None,
            embedding_function=None,
        )
        for tb in plans
    }
    stats: dict[str, Any] = {tb: {"removed": 0, "added": 0} for tb in testbeds}
    in_index = _copy_index(store.collection, copies, plans, stats)
    stats["embedded"] = _add_passages(store.embedder, copies, plans, in_index, stats)

    embeddings = EmbedderEmbeddings(store.embedder)
    base_client = open_chroma(store.index_dir, chroma_url or manifest.get("chroma_url"))
    retrievers = {}
    for tb in testbeds:
        client, name = (memory, copies[tb].name) if tb in copies else (base_client, base_name)
        stats[tb]["collection"] = name if tb in copies else "(the index)"
        stats[tb]["chunks"] = copies[tb].count() if tb in copies else store.count()
        vectors = Chroma(client=client, collection_name=name, embedding_function=embeddings)
        retrievers[tb] = CaseRetriever(vectorstore=vectors, search_kwargs={"k": top_k}, arranged=arranged[tb])
    ids_by_text = {text: cid for cid, text in texts.items()}
    ids_by_text.update({a.text: a.id for plan in plans.values() for a in plan.additions.values()})
    return E2EIndex(retrievers, stats, memory, [c.name for c in copies.values()], ids_by_text)


def _rankings(store: IndexStore, cases: list[Case], top_k: int) -> dict[str, list[str]]:
    """Each case's question ranked against the index (the first `window(top_k)` chunk ids, best first)."""
    questions = sorted({case.question for case in cases})
    if not questions or not store.count():
        return {}
    hits = store.query_many(questions, k=min(window(top_k), store.count()))
    by_question = {q: [hit.chunk_id for hit in found] for q, found in zip(questions, hits)}
    return {case.id: by_question[case.question] for case in cases}


def _all_texts(base: Any) -> dict[str, str]:
    """Every chunk's text by id, read page by page."""
    texts: dict[str, str] = {}
    offset = 0
    while True:
        page = base.get(include=["documents"], limit=_PAGE, offset=offset)
        texts.update(zip(page["ids"], page["documents"]))
        if len(page["ids"]) < _PAGE:
            return texts
        offset += len(page["ids"])


def _copy_index(base: Any, copies: dict[str, Any], plans: dict[str, VariantPlan], stats: dict[str, Any]) -> set[str]:
    """Copy every chunk with its stored vector into each copy, minus what the plan removes. Returns all ids."""
    seen: set[str] = set()
    offset = 0
    while copies:
        page = base.get(include=["embeddings", "documents", "metadatas"], limit=_PAGE, offset=offset)
        rows = list(zip(page["ids"], page["embeddings"], page["documents"], page["metadatas"]))
        seen.update(page["ids"])
        for tb, copy in copies.items():
            kept = [row for row in rows if row[0] not in plans[tb].remove]
            stats[tb]["removed"] += len(rows) - len(kept)
            if kept:
                ids, vectors, docs, metas = zip(*kept)
                copy.add(ids=list(ids), embeddings=list(vectors), documents=list(docs), metadatas=list(metas))
        if len(rows) < _PAGE:
            break
        offset += len(rows)
    return seen


def _add_passages(
    embedder: Embedder, copies: dict[str, Any], plans: dict[str, VariantPlan], in_index: set[str], stats: dict[str, Any]
) -> int:
    """Embed each new text once and add it to every copy that wants it. Returns the number embedded."""
    wanted = {tb: [a for a in plans[tb].additions.values() if not (a.if_absent and a.id in in_index)] for tb in copies}
    texts = sorted({a.text for additions in wanted.values() for a in additions})
    vectors = dict(zip(texts, embedder.embed_passages(texts))) if texts else {}
    for tb, additions in wanted.items():
        if additions:
            copies[tb].upsert(
                ids=[a.id for a in additions],
                embeddings=[vectors[a.text] for a in additions],
                documents=[a.text for a in additions],
                metadatas=[a.metadata for a in additions],
            )
        stats[tb]["added"] = len(additions)
    return len(texts)
