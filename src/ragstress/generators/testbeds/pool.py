"""The chunk pool the testbeds draw passages from, and the per-case random generator.

A testbed is a pure function of (seed, pool, settings): everything it may look at is
in the pool, precomputed by the orchestrator — every chunk in corpus order, each
seed's nearest chunks (for hard negatives) and the chunks a judge ruled out as noise.
No index, model or clock is consulted while cases are built, so the same inputs
always give the same cases.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from ragstress.core.types import Chunk, SeedQuestion
from ragstress.generators.testbeds.chunk_index import ChunkIndex
from ragstress.values.spans import answer_sentences, contains_alias

NoiseMode = Literal["hard", "random"]
T = TypeVar("T")


def case_rng(case_id: str, base_seed: int) -> tuple[random.Random, int]:
    """A generator seeded from the case id and the run's seed, and that seed (recorded in the case)."""
    digest = hashlib.sha256(f"{base_seed}:{case_id}".encode()).hexdigest()
    seed = int(digest[:12], 16)
    return random.Random(seed), seed


@dataclass(frozen=True)
class ChunkPool:
    """Every chunk of the index plus what was precomputed per seed.

    `neighbours[seed_id]` ranks chunk ids by similarity to the seed's question, best
    first; `not_noise[seed_id]` holds chunks that must never serve as its noise
    (a judge found they answer it although no alias matched).
    """

    chunks: Mapping[str, Chunk]
    neighbours: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    not_noise: Mapping[str, frozenset[str]] = field(default_factory=dict)
    names: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # What each chunk holds, indexed (chunk_index.py); built once, handed on by dataclasses.replace with the chunks.
    index: ChunkIndex = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    # Per seed: its positives and the chunks it may not take as noise. Depends on not_noise, so never handed on.
    _memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.index is None or not self.index.covers(self.chunks):
            object.__setattr__(self, "index", ChunkIndex(self.chunks))

    def chunk(self, chunk_id: str) -> Chunk:
        return self.chunks[chunk_id]

    def remember(self, kind: Hashable, seed: SeedQuestion, make: Callable[[], T]) -> T:
        """`make()`, made once per seed and `kind` for this pool: what several testbeds (and the manifest's
        counts) ask of one seed is worked out once. The result is shared: never change it."""
        # A seed is known by its content, not its id alone: tests build pools for made-up seeds sharing ids.
        key = (kind, seed.id, tuple(map(tuple, seed.answers)), tuple(seed.chunk_ids))
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    @property
    def _by_doc(self) -> dict[str, list[str]]:
        """Chunk ids per document, in corpus order."""
        by_doc = self._memo.get("by_doc")
        if by_doc is None:
            by_doc = self._memo["by_doc"] = {}
            for cid, chunk in self.chunks.items():
                by_doc.setdefault(chunk.doc_id, []).append(cid)
        return by_doc

    def fact_chunk_ids(self, seed: SeedQuestion) -> list[str]:
        """The source chunk of each required fact (a one-chunk seed serves every fact)."""
        ids = list(seed.chunk_ids)
        if not ids:
            raise ValueError(f"seed {seed.id} has no source chunk")
        return [ids[i] if i < len(ids) else ids[0] for i in range(len(seed.answers))]

    def positives_per_fact(self, seed: SeedQuestion) -> list[list[str]]:
        """For each fact: its source chunk, then other chunks of the same document holding one of its aliases."""
        return [list(ids) for ids in self.remember("positives", seed, lambda: self._positives(seed))]

    def _positives(self, seed: SeedQuestion) -> list[list[str]]:
        result = []
        for aliases, source_id in zip(seed.answers, self.fact_chunk_ids(seed)):
            same_doc = self._by_doc[self.chunks[source_id].doc_id]
            extra = [cid for cid in same_doc if cid != source_id and contains_alias(self.chunks[cid].text, aliases)]
            result.append([source_id, *extra])
        return result

    def answer_chunks(self, seed: SeedQuestion) -> frozenset[str]:
        """The chunks holding an alias of one of the seed's facts (spans.contains_any_answer)."""
        return self.remember(
            "answer chunks", seed, lambda: frozenset().union(*(self.index.holding(a) for a in seed.answers))
        )

    def _not_noise(self, seed: SeedQuestion) -> frozenset[str]:
        """The chunks that may never be the seed's noise: its positives, the judge's bans, and every chunk that
        holds an alias of one of its facts or restates its number or date ("1,063" for "1063", which aliases miss)."""

        def make() -> frozenset[str]:
            banned = {cid for ids in self.positives_per_fact(seed) for cid in ids}
            banned |= set(self.not_noise.get(seed.id, ())) | self.answer_chunks(seed)
            for aliases in seed.answers:
                banned |= self.index.restating(aliases)
            return frozenset(banned & self.chunks.keys())

        return self.remember("not_noise", seed, make)

    def _noise_eligible(self, seed: SeedQuestion):
        banned = self._not_noise(seed)
        return lambda cid: cid not in banned

    def noise_available(self, seed: SeedQuestion) -> int:
        """How many chunks may serve as the seed's noise (the most `noise_ids` can return)."""
        return len(self.chunks) - len(self._not_noise(seed))

    def noise_ids(self, seed: SeedQuestion, count: int, mode: NoiseMode, rng: random.Random) -> list[str]:
        """`count` chunk ids holding none of the seed's answers: nearest first (hard) or drawn at random.

        A chunk holds an answer when an alias occurs in it or it restates the alias's number or date.

        Hard mode falls back to random draws once the precomputed neighbours run out.
        Returns fewer when the corpus has too few such chunks.
        """
        eligible = self._noise_eligible(seed)
        chosen: list[str] = []
        if mode == "hard":
            chosen = [cid for cid in self.neighbours.get(seed.id, ()) if cid in self.chunks and eligible(cid)][:count]
        if len(chosen) < count:
            rest = [cid for cid in self.chunks if cid not in chosen and eligible(cid)]
            chosen += rng.sample(rest, min(count - len(chosen), len(rest)))
        return chosen

    def reference(self, seed: SeedQuestion) -> str:
        """A full-sentence reference answer: the sentence(s) of the source chunks that hold each fact."""
        return self.remember("reference", seed, lambda: self._reference(seed))

    def _reference(self, seed: SeedQuestion) -> str:
        parts: list[str] = []
        for aliases, chunk_id in zip(seed.answers, self.fact_chunk_ids(seed)):
            found = answer_sentences(self.chunks[chunk_id].text, aliases)
            for sentence in found[:1] or [self.chunks[chunk_id].text.strip()]:
                if sentence not in parts:
                    parts.append(sentence)
        return " ".join(parts)
