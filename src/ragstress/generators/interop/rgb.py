"""RGB-format data in and out.

An RGB file holds one JSON object per line: `id`, `query`, `answer`, `positive` and
`negative` passage lists. `answer` is a string, a list of strings (all required) or
a list of alias lists. Integration files (`*_int.json`) hold one alias list per fact
and `positive` as one passage list per fact; counterfactual files (`*_fact.json`)
add `fakeanswer` and `positive_wrong` (the positives with the answer replaced).

Import samples as RGB does: `n` passages, `neg = ceil(n x noise_rate)` of them the
first negatives, the rest the first positives (for integration one per fact first,
then round-robin), shuffled with a fixed per-instance seed; noise rate 1.0 is the
rejection testbed. Export writes, per seed, the passages its cases used, positives
and negatives in their original rank order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ragstress.core.jsonl import iter_records, write_text
from ragstress.core.types import Answers, Case, Context, SeedQuestion
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.testbeds.build import INTEGRATION_RATIOS, N_PASSAGES, NOISE_RATIOS, make_case, noise_count
from ragstress.values.spans import answer_sentences, contains_alias

RgbKind = Literal["plain", "int", "fact"]
SUFFIX = {"plain": "", "int": "_int", "fact": "_fact"}


class RgbRecord(BaseModel):
    """One line of an RGB file."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: int | str
    query: str = Field(min_length=1)
    answer: str | list[str | list[str]]
    positive: list[str] | list[list[str]] = Field(default_factory=list)
    negative: list[str] = Field(default_factory=list)
    fakeanswer: str | list[str] | None = None
    positive_wrong: list[str] | None = None


def normalise_answer(answer: str | list[str | list[str]]) -> Answers:
    """RGB's three answer shapes as our required-facts form: one alias list per fact."""
    if isinstance(answer, str):
        return [[answer]]
    return [[item] if isinstance(item, str) else list(item) for item in answer]


def file_kind(path: Path, records: list[RgbRecord]) -> RgbKind:
    """From the file name (`*_int.json`, `*_fact.json`), else from the records' shape."""
    name = Path(path).name
    if re.search(r"_int\.jsonl?$", name):
        return "int"
    if re.search(r"_fact\.jsonl?$", name):
        return "fact"
    if any(r.positive_wrong is not None for r in records):
        return "fact"
    if any(r.positive and isinstance(r.positive[0], list) for r in records):
        return "int"
    return "plain"


def read_rgb(path: Path) -> tuple[RgbKind, list[RgbRecord]]:
    """The file's kind and records; RecordFileError names the line of a bad record."""
    records = list(iter_records(Path(path), RgbRecord))
    return file_kind(path, records), records


def _positives_per_fact(record: RgbRecord, kind: RgbKind) -> list[list[str]]:
    if kind == "int":
        return [list(p) if isinstance(p, list) else [p] for p in record.positive]
    return [[p for p in record.positive if isinstance(p, str)]]


def _first_positives(per_fact: list[list[str]], count: int) -> list[str]:
    """RGB's pick: the first passage of every fact, then further ones round-robin, `count` in all."""
    chosen: list[str] = []
    depth = 0
    while len(chosen) < count and any(depth < len(p) for p in per_fact):
        for passages in per_fact:
            if depth < len(passages) and len(chosen) < count and passages[depth] not in chosen:
                chosen.append(passages[depth])
        depth += 1
    return chosen


def _reference(answers: Answers, per_fact: list[list[str]]) -> str:
    parts = []
    for i, aliases in enumerate(answers):
        pool = per_fact[i] if i < len(per_fact) else [p for ps in per_fact for p in ps]
        found = next((s for p in pool for s in answer_sentences(p, aliases)), None)
        if found and found not in parts:
            parts.append(found)
    return " ".join(parts)


def rgb_seed(record: RgbRecord, kind: RgbKind, lang: str | None = None, source: str | None = None) -> SeedQuestion:
    """The seed question for an RGB record (no chunks: RGB passages come from the web, not an index).

    Its id is `<source>-<record id>`; `source` defaults to `rgb`, `rgb_int` or `rgb_fact` by kind.
    """
    return SeedQuestion(
        id=f"{source or 'rgb' + SUFFIX[kind]}-{record.id}",
        question=record.query,
        answers=normalise_answer(record.answer),
        chunk_ids=[],
        lang=lang or detect_lang(record.query),
        origin="rgb",
    )


def rgb_cases(
    records: Iterable[RgbRecord],
    kind: RgbKind,
    *,
    base_seed: int = 13,
    n_passages: int = N_PASSAGES,
    lang: str | None = None,
    source: str | None = None,
) -> tuple[list[SeedQuestion], list[Case]]:
    """Seeds and cases for RGB records of one file kind, sampled as RGB samples them (see rgb_seed for ids)."""
    seeds, cases = [], []
    for record in records:
        seed = rgb_seed(record, kind, lang, source)
        seeds.append(seed)
        per_fact = _positives_per_fact(record, kind)
        reference = _reference(seed.answers, per_fact)
        extra = {"rgb_id": record.id, "rgb_kind": kind}
        if kind == "plain":
            plan = [("noise", r, "answer") for r in NOISE_RATIOS] + [("negative", 1.0, "reject")]
        elif kind == "int":
            plan = [("integration", r, "answer") for r in INTEGRATION_RATIOS]
        else:
            plan = [("counterfactual", 0.0, "flag_error")]
        for testbed, ratio, expected in plan:
            n_noise = noise_count(ratio, n_passages)

            def build(rng, n_noise=n_noise, testbed=testbed):
                if testbed == "counterfactual":
                    wrong = (record.positive_wrong or [])[: n_passages - n_noise]
                    chosen = [Context(text=p, role="counterfactual") for p in wrong]
                    truth = [p for p in record.positive if isinstance(p, str)][: len(wrong)]
                    return chosen + [Context(text=p, role="noise") for p in record.negative[:n_noise]], {
                        **extra,
                        "true_passages": truth,
                    }
                else:
                    chosen = [
                        Context(text=p, role="positive") for p in _first_positives(per_fact, n_passages - n_noise)
                    ]
                chosen += [Context(text=p, role="noise") for p in record.negative[:n_noise]]
                return chosen, dict(extra)

            fake = None
            if testbed == "counterfactual" and record.fakeanswer is not None:
                fake = [record.fakeanswer] if isinstance(record.fakeanswer, str) else list(record.fakeanswer)
            cases.append(
                make_case(
                    seed, testbed, ratio, build, expected, base_seed=base_seed, reference=reference, fake_answer=fake
                )
            )
    return seeds, cases


def _ordered(pairs: list[tuple[int, str]]) -> list[str]:
    """Passages by their recorded rank, each once."""
    return list(dict.fromkeys(text for _, text in sorted(pairs, key=lambda p: p[0])))


def _original_id(seed_id: str, cases: list[Case]) -> Any:
    recorded = cases[0].params.get("rgb_id")
    if recorded is not None:
        return recorded
    return seed_id


def cases_to_rgb(cases: Iterable[Case]) -> dict[RgbKind, list[dict[str, Any]]]:
    """RGB records per file kind: noise/negative seeds -> plain, integration -> int, counterfactual -> fact."""
    grouped: dict[tuple[RgbKind, str], list[Case]] = {}
    kind_of = {"noise": "plain", "negative": "plain", "integration": "int", "counterfactual": "fact"}
    for case in cases:
        grouped.setdefault((kind_of[case.testbed], case.seed_id), []).append(case)
    out: dict[RgbKind, list[dict[str, Any]]] = {"plain": [], "int": [], "fact": []}
    for (kind, seed_id), group in grouped.items():
        roles: dict[str, list[tuple[int, str]]] = {"positive": [], "noise": [], "counterfactual": []}
        for case in group:
            ranks = case.params.get("passage_rank") or list(range(len(case.contexts)))
            for context, rank in zip(case.contexts, ranks):
                roles[context.role].append((rank, context.text))
        first = group[0]
        record: dict[str, Any] = {"id": _original_id(seed_id, group), "query": first.question, "answer": first.answers}
        positives = _ordered(roles["positive"])
        if kind == "int":
            per_fact: list[list[str]] = [[] for _ in first.answers]
            for passage in positives:
                fact = next((i for i, a in enumerate(first.answers) if contains_alias(passage, a)), 0)
                per_fact[fact].append(passage)
            record["positive"] = per_fact
        else:
            record["positive"] = positives
        record["negative"] = _ordered(roles["noise"])
        if kind == "fact":
            truth = []
            for case in group:
                true_passages = case.params.get("true_passages") or []
                truth += [(rank, text) for rank, text in enumerate(true_passages)]
            record["positive"] = _ordered(truth)
            fake = first.fake_answer or []
            record["fakeanswer"] = fake[0] if len(fake) == 1 else fake
            record["positive_wrong"] = _ordered(roles["counterfactual"])
        out[kind].append(record)
    return out


def export_paths(out: Path) -> dict[RgbKind, Path]:
    """`en.json` -> en.json (noise/negative), en_int.json, en_fact.json, as RGB names its files."""
    out = Path(out)
    suffix = out.suffix or ".json"
    stem = out.name[: -len(out.suffix)] if out.suffix else out.name
    return {kind: out.with_name(f"{stem}{SUFFIX[kind]}{suffix}") for kind in ("plain", "int", "fact")}


def write_rgb(cases: Iterable[Case], out: Path) -> dict[RgbKind, Path]:
    """Write the RGB files for these cases (only kinds that have records); returns what was written."""
    records = cases_to_rgb(cases)
    written = {}
    for kind, path in export_paths(out).items():
        if records[kind]:
            write_text(path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records[kind]))
            written[kind] = path
    return written
