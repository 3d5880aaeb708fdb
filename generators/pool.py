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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ragstress.core.types import Chunk, SeedQuestion
from ragstress.generators.restated import restates_any_answer
from ragstress.generators.spans import answer_sentences, contains_alias, contains_any_answer

NoiseMode = Literal["hard", "random"]


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

    def chunk(self, chunk_id: str) -> Chunk:
        return self.chunks[chunk_id]

    def fact_chunk_ids(self, seed: SeedQuestion) -> list[str]:
        """The source chunk of each required fact (a one-chunk seed serves every fact)."""
        ids = list(seed.chunk_ids)
        if not ids:
            raise ValueError(f"seed {seed.id} has no source chunk")
        return [ids[i] if i < len(ids) else ids[0] for i in range(len(seed.answers))]

    def positives_per_fact(self, seed: SeedQuestion) -> list[list[str]]:
        """For each fact: its source chunk, then other chunks of the same document holding one of its aliases."""
        result = []
        for aliases, source_id in zip(seed.answers, self.fact_chunk_ids(seed)):
            doc_id = self.chunks[source_id].doc_id
            extra = [
                cid
                for cid, c in self.chunks.items()
                if cid != source_id and c.doc_id == doc_id and contains_alias(c.text, aliases)
            ]
            result.append([source_id, *extra])
        return result

    def _noise_eligible(self, seed: SeedQuestion):
        positives = {cid for ids in self.positives_per_fact(seed) for cid in ids}
        banned = positives | set(self.not_noise.get(seed.id, ()))

        def eligible(cid: str) -> bool:
            if cid in banned:
                return False
            text = self.chunks[cid].text
            # The numeric/date check catches the answer reformatted ("1,063" for "1063"), which aliases miss.
            return not contains_any_answer(text, seed.answers) and restates_any_answer(text, seed.answers) is None

        return eligible

    def noise_available(self, seed: SeedQuestion) -> int:
        """How many chunks may serve as the seed's noise (the most `noise_ids` can return)."""
        eligible = self._noise_eligible(seed)
        return sum(1 for cid in self.chunks if eligible(cid))

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
        parts: list[str] = []
        for aliases, chunk_id in zip(seed.answers, self.fact_chunk_ids(seed)):
            found = answer_sentences(self.chunks[chunk_id].text, aliases)
            for sentence in found[:1] or [self.chunks[chunk_id].text.strip()]:
                if sentence not in parts:
                    parts.append(sentence)
        return " ".join(parts)
