"""Bridge questions: the second fact is reached through the entity the first one names.

A two-part conjunction asks two unrelated facts side by side. A bridge asks for an entity
that one chunk names and a fact that another chunk states about that entity: "Who designed
the Eiffel Tower, and in what year was that person born?" needs the first chunk
to learn the designer and the second to learn the year. Both halves are in-situ questions
(no model): the first asks for a person or an organisation (who / 谁), the second is a
question about a chunk of another document that names the entity, with the entity then
replaced by "that person" / "that organisation" (此人). The answers are both facts, so a
reply is correct only when it gives the entity and the fact, as RGB's integration items do.

The round-trip gate checks each hop as a retriever would meet it (`Candidate.probes`): the
whole question must find the first chunk, and the second half with the entity named must
find the second.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import replace

from ragstress.core.types import Chunk, QuestionType
from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.seeds import Candidate, usable_spans
from ragstress.values.spans import FactSpan, alias_pattern, default_aliases

_FACT_KINDS = ("year", "date", "number")
# A transliterated name (玛丽亚·韦斯): the Chinese extractor does not list persons, but the dot marks these.
# Where the name ends is unknown (玛丽亚·韦斯设计): the longest reading another document also uses is taken.
_ZH_DOTTED_NAME = re.compile(r"([\u4e00-\u9fff]{1,4})·([\u4e00-\u9fff]{1,5})")


def _asks_who(question: str, lang: str) -> bool:
    """Does the in-situ question ask who? A place reached through "where" makes no question a person asks
    ("Where was X built, and what happened in that place?")."""
    return "谁" in question if lang == "zh" else re.search(r"\b[Ww]hom?\b", question) is not None


def _stand_in(entity: str, lang: str) -> str:
    if lang == "zh":
        return "此人"
    # "launched by NASA": an acronym is an organisation, not a person.
    return "that organisation" if re.fullmatch(r"[A-Z]{2,6}", entity) else "that person"


def _dotted_names(chunk: Chunk, elsewhere: str) -> list[FactSpan]:
    """The transliterated names of a Chinese chunk, each read as the longest form `elsewhere` also holds."""
    found = []
    for m in _ZH_DOTTED_NAME.finditer(chunk.text):
        readings = [
            (m.start(1) + len(m[1]) - i, f"{m[1][-i:]}·{m[2][:j]}")
            for i in range(len(m[1]), 0, -1)
            for j in range(len(m[2]), 0, -1)
        ]
        for start, name in sorted(readings, key=lambda r: -len(r[1])):
            if name in elsewhere and chunk.text.count(name) == 1:
                found.append(FactSpan(name, "name", start, start + len(name)))
                break
    return found


def _first_hops(
    chunks: list[Chunk], langs: dict[str, str], titles: dict[str, str]
) -> list[tuple[Chunk, FactSpan, str]]:
    """(chunk, entity span, question asking who it is) for every chunk that has one."""
    by_doc: dict[str, list[str]] = {}
    for chunk in chunks:
        by_doc.setdefault(chunk.doc_id, []).append(chunk.text)
    hops = []
    for chunk in chunks:
        lang = langs[chunk.id]
        names = [s for s in usable_spans(chunk, lang) if s.kind == "name"]
        if lang == "zh" and "·" in chunk.text:
            elsewhere = "\n".join(t for doc, texts in by_doc.items() if doc != chunk.doc_id for t in texts)
            names += _dotted_names(chunk, elsewhere)
        for span in names:
            question = insitu_question(span, chunk.text, titles.get(chunk.doc_id), lang)
            if question and _asks_who(question, lang):
                hops.append((chunk, span, question))
    return hops


def _second_hop(entity: str, chunk: Chunk, lang: str, title: str | None) -> tuple[FactSpan, str] | None:
    """A fact of `chunk` whose in-situ question names `entity`, and that question."""
    for span in usable_spans(chunk, lang):
        if span.kind not in _FACT_KINDS:
            continue
        question = insitu_question(span, chunk.text, title, lang)
        found = alias_pattern(entity).search(question) if question else None
        # The entity must stand as a noun phrase of its own: "a UNESCO World Heritage Site" names a site.
        if (
            found
            and not re.search(r"\b(?:a|an)\s+$", question[: found.start()])
            and not re.match(r"\s+[A-Z]", question[found.end() :])
        ):
            return span, question
    return None


def _joined(first: str, second: str, entity: str, lang: str) -> str:
    """The two halves as one question, the entity in the second replaced by its stand-in."""
    stand_in = _stand_in(entity, lang)
    second = alias_pattern(entity).sub(stand_in, second, count=1)
    if lang == "zh":
        return f"{first}{second}"
    return f"{first[:-1]}, and {second[:1].lower()}{second[1:]}"  # English halves open with their wh-phrase


def bridge_candidates(
    chunks: list[Chunk], langs: dict[str, str], titles: dict[str, str], rng: random.Random
) -> list[Candidate]:
    """Bridge candidates, first chunks in a shuffled order, each entity used once."""
    order = list(chunks)
    rng.shuffle(order)
    made: list[Candidate] = []
    used: set[str] = set()
    for first, span, question in _first_hops(order, langs, titles):
        lang = langs[first.id]
        if span.text in used:
            continue
        pattern = alias_pattern(span.text)
        for second in order:
            if second.doc_id == first.doc_id or langs[second.id] != lang or not pattern.search(second.text):
                continue
            hop = _second_hop(span.text, second, lang, titles.get(second.doc_id))
            if hop is None:
                continue
            fact, asked = hop
            joined = _joined(question, asked, span.text, lang)
            answers = [default_aliases(span.text, lang), default_aliases(fact.text, lang)]
            key = f"{first.id}|{second.id}|bridge|{span.text}|{fact.text}"
            seed_id = "gen-" + hashlib.sha256(key.encode()).hexdigest()[:10]
            shape = QuestionType(span_kinds=["name", fact.kind], template="insitu", shape="bridge")
            texts = [first.text, second.text]
            candidate = Candidate(seed_id, joined, answers, [first.id, second.id], lang, None, texts, "insitu", shape)
            made.append(replace(candidate, probes=(joined, asked)))
            used.add(span.text)
            break
    return made
