"""What a docs corpus names: its product, and the kind of each code name it uses.

Both are read once from the whole corpus and handed to every docs reading. The product is the name written
inside most documents' sentences ("Kettle", "Vue Router"); a code name's kind ("function", "component",
"option", "environment variable") comes from how the corpus writes it: called, imported, written as a tag,
listed under a section heading, or the title of a page in docs whose code writes components as tags.
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.corpora.code_blocks import code_lines
from ragstress.generators.questions.mddocs_code import component_tags
from ragstress.generators.questions.mddocs_components import component_names
from ragstress.generators.questions.mddocs_fields import entry_kinds
from ragstress.generators.questions.mddocs_sections import ENVVAR, section_names
from ragstress.generators.questions.mddocs_terms import kind_of
from ragstress.generators.questions.reference_pages import is_generic_subject

# Names written in every page of a reference that are values or formats, not what the pages document.
_NOT_PRODUCTS = frozenset("None True False NULL NaN JSON HTML HTTP URL API CPU CSS".split())


_SENTENCE_END = re.compile(r"[.!?。！？]\s*$|[.!?。！？][\s\"”)]")


def product_name(chunks: list[Chunk]) -> str | None:
    """The name a corpus writes inside most of its documents' sentences (FastAPI in FastAPI's tutorial), or None.

    Only names inside a sentence count (after a lower-case word or a Han character, on a line that ends a
    sentence), so the words that open sentences never win, nor a heading repeated on every page ("Design
    Token"); the name must occur in at least half the documents."""
    seen: dict[str, set[str]] = {}
    counts: Counter[str] = Counter()
    for chunk in chunks:
        prose = "\n".join(line for line in chunk.text.split("\n") if _SENTENCE_END.search(line))
        for m in re.finditer(
            r"(?:(?<=[a-z,] )|(?<=[\u4e00-\u9fff] )|(?<=[\u4e00-\u9fff]))([A-Z][A-Za-z0-9]+)\b", prose
        ):
            name = m[1]
            if re.search(r"[a-z,] [A-Z]\w* $", prose[max(0, m.start() - 40) : m.start()]):
                continue  # "refer to Component Registration": the second word of a title-cased name
            seen.setdefault(name, set()).add(chunk.doc_id)
            counts[name] += 1
    docs = len({c.doc_id for c in chunks})
    parts = component_names(chunks)  # "see the ConfigProvider component" on every page: a part, not the product
    ranked = [
        n
        for n, _ in counts.most_common()
        if len(seen[n]) >= 2 and len(n) >= 3 and n not in _NOT_PRODUCTS | parts and not is_generic_subject(n)
    ]
    # Half the documents; or, where generated reference pages (one per function) outnumber the guide's, a
    # fifth, as long as no other name is written in as many documents.
    wide = [n for n in ranked if len(seen[n]) * 2 >= docs]
    most = max(ranked, key=lambda n: len(seen[n]), default=None)
    product = wide[0] if wide else most if most and len(seen[most]) * 5 >= docs else None
    return _full_name(product, chunks) if product else None


def _full_name(name: str, chunks: list[Chunk]) -> str:
    """The product's name as its docs write it in full: "Vue Router" where "Vue" is written most, when the
    two-word name is written in most of the documents that write the word (a product named after its family)."""
    with_name: set[str] = set()
    pairs: dict[str, set[str]] = {}
    for chunk in chunks:
        if name in chunk.text:
            with_name.add(chunk.doc_id)
        for pair in re.findall(rf"(?<![\w-]){re.escape(name)} ([A-Z][a-z]+)\b", chunk.text):
            pairs.setdefault(pair, set()).add(chunk.doc_id)
        for pair in re.findall(rf"\b([A-Z][a-z]+) {re.escape(name)}\b", chunk.text):
            pairs.setdefault(f"{pair} ", set()).add(chunk.doc_id)  # "Vue Router" where "Router" is written most
    best = max(pairs, key=lambda p: len(pairs[p]), default=None)
    if not best or len(pairs[best]) * 2 <= len(with_name):
        return name
    return f"{best}{name}" if best.endswith(" ") else f"{name} {best}"


def identifier_kinds(chunks: list[Chunk]) -> dict[str, str]:
    """The code names a corpus uses, by kind: written with "()" or called or imported in its code."""
    kinds: dict[str, str] = {}
    components: dict[str, str] = {}
    for chunk in chunks:
        for line, code in zip(chunk.text.split("\n"), code_lines(chunk.text, chunk.code_state)):
            components |= component_tags(line) if code else {}
            # Prose calls a name by writing "()" after it; "Framework(app.config…)" there opens an aside.
            called = r"\(" if code else r"\(\)"
            for name in re.findall(rf"(?<![\w$])(\$?[A-Za-z_][\w.$]*){called}", line):
                kinds.setdefault(name, kind_of(name))
        for names in re.findall(r"^\s*from [\w.]+ import ([\w, ]+)$", chunk.text, re.MULTILINE):
            for name in names.split(","):
                if name.strip():
                    kinds.setdefault(name.strip(), kind_of(name.strip()))
    # A name documented under its own heading is what its section lists (an option, a hook, an environment
    # variable …).
    listed = section_names(chunks)
    variables = {name: kind for name, kind in listed.items() if kind == ENVVAR}
    # A name a section lists ("Extended Methods") is of its kind unless its code or its fields say otherwise;
    # an upper-case name under "Environment Variables" is a variable whatever its spelling suggests.
    return {n: k for n, k in listed.items() if k != ENVVAR} | kinds | components | entry_kinds(chunks) | variables


_PASCAL = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+")


def titled_components(kinds: dict[str, str], titles: dict[str, str]) -> dict[str, str]:
    """A page titled by a PascalCase name ("HomeFooter") in docs whose code writes components as tags documents
    a component, not a class: a capital alone says nothing about what a name is in a UI library's docs."""
    if "component" not in kinds.values():
        return kinds
    named = {t: "component" for t in titles.values() if _PASCAL.fullmatch(t) and kinds.get(t, "class") == "class"}
    return kinds | named
