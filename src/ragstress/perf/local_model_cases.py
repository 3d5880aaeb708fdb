"""The local-model section's workload: noise cases with five passages from the sample corpora, and
the interval its accuracy rows carry."""

from __future__ import annotations

import json
import math
from pathlib import Path

from ragstress import corpora
from ragstress.core.types import Case, Context

PASSAGES = 5  # the answer's paragraph and four from other documents, as in RGB's noise cases


def sample_cases(count: int, lang: str = "en") -> list[Case]:
    """Noise-testbed cases from a sample corpus: the seed's answer paragraph plus four from other documents."""
    samples = Path(corpora.__file__).parent / "samples" / lang
    lines = (samples / "seeds.jsonl").read_text(encoding="utf-8").splitlines()
    singles = [seed for seed in map(json.loads, filter(str.strip, lines)) if len(seed["doc_ids"]) == 1]
    cases = []
    for number, seed in enumerate(singles[:count]):
        paragraphs = _paragraphs(samples / "docs" / seed["doc_ids"][0])
        aliases = [alias for fact in seed["answers"] for alias in fact]
        positive = next((p for p in paragraphs if any(a in p for a in aliases)), paragraphs[0])
        others = [singles[(number + k) % len(singles)]["doc_ids"][0] for k in range(1, PASSAGES)]
        contexts = [Context(text=positive, role="positive")]
        contexts += [Context(text=_paragraphs(samples / "docs" / doc)[0], role="noise") for doc in others]
        contexts.insert(number % PASSAGES, contexts.pop(0))  # the answer is not always first
        cases.append(
            Case(
                id=f"local-{seed['id']}",
                seed_id=seed["id"],
                testbed="noise",
                lang=lang,
                question=seed["question"],
                answers=seed["answers"],
                expected="answer",
                contexts=contexts,
            )
        )
    return cases


def _paragraphs(path: Path) -> list[str]:
    return [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n") if p.strip()]


def wilson(successes: int, total: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return 0.0, 1.0
    z, p = 1.96, successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)
