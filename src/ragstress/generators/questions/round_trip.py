"""The `round_trip` gate: a question must retrieve the chunk it was asked of, with four second readings.

A question passes when each of its source chunks is among its top k hits (a bridge's second chunk by its
own probe). A docs template's question on one chunk that misses it gets four second readings, counted
apart in the gate statistics:

- `round_trip_on_page`: it names its page's subject (a man page's command) and, on that page, what it
  asks ranks its chunk first (`page_scope`);
- `round_trip_repeated_fact`: a chunk among its hits states the same fact again (`repeated_fact`);
- `round_trip_unframed`: without the product's frame every question of the corpus carries ("… in Egg?",
  "在 Egg 中，"), it retrieves its chunk in the top k (`unframed_round_trip`);
- `round_trip_lexical`: ranked by its own distinctive words (BM25 over the corpus), its chunk comes first and
  no chunk ranked near it states a different answer (`lexical_round_trip`).

An in-situ sentence turned into a question keeps the strict reading: only a template's wording is fixed.
"""

from __future__ import annotations

from collections import Counter

from ragstress.generators.questions.lexical_round_trip import LexicalScope
from ragstress.generators.questions.page_scope import PageScope
from ragstress.generators.questions.repeated_fact import restated
from ragstress.generators.questions.seeds import Candidate
from ragstress.generators.questions.unframed_round_trip import corpus_frame, unframed
from ragstress.indexing.store import IndexStore


def round_trip(
    candidates: list[Candidate],
    store: IndexStore,
    k: int,
    pages: PageScope | None = None,
    second_readings: Counter[str] | None = None,
    lexical: LexicalScope | None = None,
) -> list[str | None]:
    """For each candidate: None if its question (or each chunk's probe) retrieves its source chunks in the top k,
    or passes a second reading (see the module docstring; each pass counted in `second_readings` by name),
    else the reason."""
    queries = sorted({q for c in candidates for q in (c.probes or (c.question,))})
    hits_of = dict(zip(queries, store.query_many(queries, k=k)))
    found = {q: [h.chunk_id for h in hits] for q, hits in hits_of.items()}
    counted = second_readings if second_readings is not None else Counter()
    second = [
        c
        for c in candidates
        if c.templated and len(c.chunk_ids) == 1 and not c.probes and c.chunk_ids[0] not in found[c.question]
    ]
    unframed_found = _unframed_hits(candidates, second, store, k)
    # "Which method adds import statements in the entry file?", read off two entries described alike: the corpus
    # answers it two ways, so no second reading may pass it (the retriever's own top k still may).
    answered: dict[str, set[str]] = {}
    for c in candidates:
        answered.setdefault(c.question, set()).add(c.answers[0][0] if c.answers and c.answers[0] else "")
    reasons: list[str | None] = []
    for candidate in candidates:
        probes = candidate.probes or (candidate.question,) * len(candidate.chunk_ids)
        missing = [(cid, q) for cid, q in zip(candidate.chunk_ids, probes) if cid not in found[q]]
        determined = len(answered[candidate.question]) == 1
        if missing and determined and candidate.templated and len(candidate.chunk_ids) == 1 and not candidate.probes:
            reading = _second_reading(candidate, hits_of[candidate.question], store, pages)
            if reading is None and candidate.chunk_ids[0] in unframed_found.get(candidate.question, ()):
                reading = "round_trip_unframed"
            if reading is None and lexical is not None and lexical.available():
                if lexical.found(candidate.question, candidate.answers[0], candidate.chunk_ids[0], candidate.lang):
                    reading = "round_trip_lexical"
            if reading:
                counted[reading] += 1
                missing = []
        reason = None
        if missing:
            cid, query = missing[0]
            via = "" if query == candidate.question else f" by {query!r}"
            reason = f"source chunk {cid} not in the top {k}{via} (got {found[query]})"
        reasons.append(reason)
    return reasons


def _second_reading(candidate: Candidate, hits: list, store: IndexStore, pages: PageScope | None) -> str | None:
    """The name of the second reading a template question that missed its one chunk passes, or None."""
    source = candidate.chunk_ids[0]
    if pages is not None and pages.available():
        doc_id = store.get_chunks([source])[0].doc_id
        if pages.found_on_page(candidate.question, candidate.answers[0], source, doc_id, [h.doc_id for h in hits]):
            return "round_trip_on_page"
    others = [h.text for h in hits if h.chunk_id != source]
    if candidate.texts and restated(
        candidate.question, candidate.answers[0], candidate.texts[0], others, candidate.lang
    ):
        return "round_trip_repeated_fact"
    return None


def _unframed_hits(candidates: list[Candidate], missed: list[Candidate], store: IndexStore, k: int) -> dict[str, list]:
    """For each missed question that carries the corpus's product frame: the chunk ids its unframed form retrieves."""
    name = corpus_frame([c.question for c in candidates])
    if name is None or not missed:
        return {}
    bare = {c.question: unframed(c.question, name) for c in missed}
    bare = {q: b for q, b in bare.items() if b}
    queries = sorted(set(bare.values()))
    hits = dict(zip(queries, store.query_many(queries, k=k)))
    return {q: [h.chunk_id for h in hits[b]] for q, b in bare.items()}
