"""Integrity checks for the bundled sample corpora and their curated seed questions.

Every alias of a required fact must appear verbatim in that fact's source document:
the testbeds build contexts from these documents and score answers by exact match, so
a seed whose answer is missing from its own document would silently become unanswerable.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ragstress import corpora

SAMPLES = Path(corpora.__file__).parent / "samples"
LANGS = ("en", "zh")
SEED_FIELDS = {"id", "question", "answers", "doc_ids", "lang"}
SLUG = re.compile(r"^[a-z0-9]+(?:_[a-z0-9]+)*\.txt$")
HAN = re.compile(r"[\u4e00-\u9fff]")


def _docs(lang: str) -> dict[str, str]:
    folder = SAMPLES / lang / "docs"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))}


def _seeds(lang: str) -> list[dict]:
    path = SAMPLES / lang / "seeds.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("lang", LANGS)
def test_document_count_and_names(lang: str) -> None:
    docs = _docs(lang)
    assert 40 <= len(docs) <= 60, f"{lang}: {len(docs)} documents"
    bad = [name for name in docs if not SLUG.match(name)]
    assert not bad, f"{lang}: file names must be lowercase ascii slugs: {bad}"


@pytest.mark.parametrize("lang", LANGS)
def test_document_layout_and_length(lang: str) -> None:
    for name, text in _docs(lang).items():
        raw = (SAMPLES / lang / "docs" / name).read_bytes()
        assert not raw.startswith(b"\xef\xbb\xbf"), f"{name}: BOM"
        lines = text.split("\n")
        assert lines[0].strip() and lines[0] == lines[0].strip(), f"{name}: title line"
        assert len(lines) > 2 and lines[1] == "" and lines[2].strip(), f"{name}: title, blank, prose"
        body = "\n".join(lines[2:])
        if lang == "en":
            words = len(body.split())
            assert 120 <= words <= 300, f"{name}: {words} words"
        else:
            han = len(HAN.findall(body))
            assert 200 <= han <= 500, f"{name}: {han} characters"


@pytest.mark.parametrize("lang", LANGS)
def test_seed_fields_and_ids(lang: str) -> None:
    seeds = _seeds(lang)
    assert len(seeds) >= 36, f"{lang}: only {len(seeds)} seeds"
    ids = [s.get("id") for s in seeds]
    assert len(ids) == len(set(ids)), f"{lang}: duplicate seed ids"
    for seed in seeds:
        assert set(seed) == SEED_FIELDS, f"{seed.get('id')}: fields {sorted(seed)}"
        assert seed["lang"] == lang
        assert seed["id"].startswith(f"{lang}-")
        assert isinstance(seed["question"], str) and seed["question"].strip()
        answers, doc_ids = seed["answers"], seed["doc_ids"]
        assert isinstance(answers, list) and answers, f"{seed['id']}: answers"
        for fact in answers:
            assert isinstance(fact, list) and fact, f"{seed['id']}: empty fact"
            assert all(isinstance(a, str) and a.strip() for a in fact), f"{seed['id']}: alias"
        assert isinstance(doc_ids, list) and doc_ids, f"{seed['id']}: doc_ids"
        assert len(doc_ids) in (1, len(answers)), f"{seed['id']}: one doc or one doc per fact"


@pytest.mark.parametrize("lang", LANGS)
def test_two_document_seeds(lang: str) -> None:
    seeds = _seeds(lang)
    multi = [s for s in seeds if len(s["doc_ids"]) == 2]
    assert len(multi) >= 10, f"{lang}: only {len(multi)} two-document seeds"
    for seed in multi:
        assert len(seed["answers"]) == 2, seed["id"]
        assert seed["doc_ids"][0] != seed["doc_ids"][1], seed["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_alias_occurs_in_its_source_document(lang: str) -> None:
    docs = _docs(lang)
    problems = []
    for seed in _seeds(lang):
        for doc_id in seed["doc_ids"]:
            if doc_id not in docs:
                problems.append(f"{seed['id']}: missing document {doc_id}")
        for i, fact in enumerate(seed["answers"]):
            doc_id = seed["doc_ids"][i] if len(seed["doc_ids"]) > 1 else seed["doc_ids"][0]
            text = docs.get(doc_id, "")
            for alias in fact:
                if alias not in text:
                    problems.append(f"{seed['id']}: {alias!r} not in {doc_id}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_question_does_not_contain_its_answer(lang: str) -> None:
    problems = []
    for seed in _seeds(lang):
        question = seed["question"].casefold()
        for fact in seed["answers"]:
            for alias in fact:
                if alias.casefold() in question:
                    problems.append(f"{seed['id']}: question contains {alias!r}")
    assert not problems, "\n".join(problems)
