"""Curated seed questions from a JSONL file, mapped onto the chunks of an index.

The file format is the sample corpora's `seeds.jsonl`: one object per line with
`id`, `question`, `answers` (one alias list per required fact), `doc_ids` (documents
relative to the corpus root) and optionally `lang`. Fact i comes from `doc_ids[i]`
when there is one document per fact, else from any listed document; its chunk is the
first chunk of that document, in corpus order, that holds one of the fact's aliases.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ragstress.core.jsonl import read_records
from ragstress.core.types import Answers, Chunk, Lang, SeedQuestion
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.questions.gates import RejectedCandidate
from ragstress.values.spans import contains_alias


class SeedFileRecord(BaseModel):
    """One line of a curated seed file; unknown extra fields are ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str = Field(min_length=1)
    question: str = Field(min_length=1)
    answers: Answers = Field(min_length=1)
    doc_ids: list[str] = Field(min_length=1)
    lang: Lang | None = None

    @field_validator("answers")
    @classmethod
    def _aliases_not_blank(cls, value: Answers) -> Answers:
        for i, aliases in enumerate(value):
            if not aliases or not all(a.strip() for a in aliases):
                raise ValueError(f"answers[{i}] must be a non-empty list of non-blank aliases")
        return value


def read_seed_file(path: Path) -> list[SeedFileRecord]:
    """All records of a seed file; RecordFileError names the file and line of a bad record."""
    return read_records(Path(path), SeedFileRecord)


def map_curated(
    records: Iterable[SeedFileRecord], chunks: Iterable[Chunk]
) -> tuple[list[SeedQuestion], list[RejectedCandidate]]:
    """Seeds whose every fact was found in a chunk of its document, and the rest as rejections."""
    by_doc: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        by_doc.setdefault(chunk.doc_id, []).append(chunk)
    seeds, rejected = [], []
    seen: set[str] = set()
    for record in records:
        lang = record.lang or detect_lang(record.question)
        chunk_ids, problem = [], None
        if record.id in seen:
            problem = f"id {record.id!r} appears earlier in the file"
        seen.add(record.id)
        for i, aliases in enumerate([] if problem else record.answers):
            docs = [record.doc_ids[i]] if len(record.doc_ids) == len(record.answers) else record.doc_ids
            unknown = [d for d in docs if d not in by_doc]
            if unknown:
                problem = f"document {unknown[0]!r} is not in the index"
                break
            found = next((c.id for d in docs for c in by_doc[d] if contains_alias(c.text, aliases)), None)
            if found is None:
                problem = f"fact {i + 1}: no chunk of {docs} holds any of {aliases}"
                break
            chunk_ids.append(found)
        if problem:
            rejected.append(
                RejectedCandidate(
                    candidate_id=record.id,
                    gate="seed_file",
                    reason=problem,
                    question=record.question,
                    answers=record.answers,
                    chunk_ids=chunk_ids,
                    lang=lang,
                )
            )
            continue
        seeds.append(
            SeedQuestion(
                id=record.id,
                question=record.question,
                answers=record.answers,
                chunk_ids=chunk_ids,
                lang=lang,
                origin="curated",
            )
        )
    return seeds, rejected
