"""Seed candidates without a model deciding anything: in-situ questions, whose span (the answer) and content come
from the sentence; a configured generator may only rephrase them afterwards (`polish`)."""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter

from ragstress.core.types import Chunk, QuestionType
from ragstress.generators.questions import mddocs, techdoc_en, techdoc_zh
from ragstress.generators.questions.api_objects_en import asked_of_object, object_pages
from ragstress.generators.questions.corpus_names import identifier_kinds, product_name, titled_components
from ragstress.generators.questions.gates import GATES, GateStats, RejectedCandidate
from ragstress.generators.questions.grammar_en import grammatical, pasted_broken
from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.mddocs_components import is_release_note
from ragstress.generators.questions.mddocs_named import document_headings
from ragstress.generators.questions.mddocs_sections import ENVVAR
from ragstress.generators.questions.mddocs_tables import TableReading
from ragstress.generators.questions.misframed_en import DocumentedNames, misframed
from ragstress.generators.questions.nested_answers import with_full_path
from ragstress.generators.questions.passage_words import without_passage_words
from ragstress.generators.questions.reference_pages import bare_generic, mended, owning_title, page_subject
from ragstress.generators.questions.seeds import KIND_ROTATION, Candidate, Target, answer_aliases, usable_spans
from ragstress.generators.questions.sibling_entries import asks_default_state, blurs_siblings, documented_paths
from ragstress.generators.questions.single_answer import asks_alone
from ragstress.generators.questions.standalone_en import CommonNouns, standalone
from ragstress.generators.questions.subject_named import SectionHeadings, option_pages, with_subject
from ragstress.generators.questions.techdoc import Subject, entries, stated_text
from ragstress.generators.questions.techdoc_commands import CommandPurposes
from ragstress.generators.questions.techdoc_shared import SharedOptions
from ragstress.generators.questions.techdoc_subjects import document_subjects, document_titles
from ragstress.generators.questions.titled_frames import asked_by_kind
from ragstress.generators.questions.topics import topic_phrases, with_topic
from ragstress.generators.questions.wh_en import asks_software_as_who

SPANS_PER_CHUNK = 2
# A chunk of a parameter table states one fact a row, and a man page's chunk one an option: it may give one
# question a row or an option, up to this many.
ROWS_PER_CHUNK = 4


_ZH_PAGE_HANZI = 20


def technical_questions(
    chunk: Chunk, subject: Subject | None, lang: str, shared: SharedOptions | None = None
) -> list[tuple[str, list[str], str, str, str]]:
    """(question, answer spellings, span kind, template, content) for the chunk's definition entries (techdoc).

    A term must be defined once in the chunk, and a question that two terms of the chunk
    would answer alike ("Allocate a new object ..." for two functions) is not asked."""
    found = []
    for entry in entries(chunk.text, subject, chunk.code_state):
        if len(re.findall(rf"^[ \t]*{re.escape(entry.term)}(?:\s|$)", chunk.text, re.MULTILINE)) > 1:
            continue
        if shared is not None and shared.asked_elsewhere(entry, chunk.doc_id):
            continue
        # A Chinese page is asked in Chinese: an entry its translation left in English is not asked in English.
        page_zh = lang == "zh" or len(re.findall(r"[\u4e00-\u9fff]", chunk.text)) >= _ZH_PAGE_HANZI
        writer = techdoc_zh if page_zh or re.search(r"[\u4e00-\u9fff]", entry.description) else techdoc_en
        question = writer.definition_question(entry, subject)
        found += [question] if question else []
        found += writer.value_questions(entry, subject, stated_text(chunk.text))
    asked = Counter(q[0] for q in found)
    return [q for q in found if asked[q[0]] == 1]


def _technical(chunk: Chunk, subject: Subject | None, lang: str, docs: _DocsReading) -> list[Candidate]:
    made = []
    stated = technical_questions(chunk, subject, lang, docs.shared_options)
    # A guide's upper-case name under "Environment Variables" is no constant: the headed reader asks it as a variable.
    stated = [q for q in stated if not (q[2] == "constant" and docs.kinds.get(q[1][0]) == ENVVAR)]
    stated += docs.commands.questions(chunk)
    docs_page = subject is None or subject.kind != "command"  # a man page states its facts as entries, not prose
    if docs_page:
        asked = {q[0] for q in stated}
        # A reference page titled by a code name ("useKettle") is about that name, not the corpus's product.
        product = page_subject(docs.titles.get(chunk.doc_id), docs.product, docs.kinds)
        # A component's page is about its component: "Which Stepper prop …", "在 Stepper 中，…".
        product = docs.tables.component_names.get(chunk.doc_id, product)
        stated += [
            q
            for q in mddocs.doc_questions(
                chunk, lang, product, docs.kinds, docs.shared_questions, docs.page(chunk.doc_id)
            )
            if q[0] not in asked
        ]
        # Its summary line ("Manages the pot's state") is asked of the title itself, so not framed by it.
        title = owning_title(docs.titles.get(chunk.doc_id), docs.kinds)
        if title:
            framing = page_subject(None, docs.product)
            found = mddocs.doc_questions(
                chunk, lang, framing, docs.kinds, docs.shared_questions, docs.page(chunk.doc_id)
            )
            before = {q[0] for q in stated}
            stated += [q for q in found if title in q[1] and q[0] not in before]
        stated += _by_column(docs.tables.questions(chunk, product))
    stated = [(mended(q[0]), *q[1:]) for q in stated]
    # "在 Kettle 的“冲泡工具”文档中，……的是什么？": asked for the answer's kind, or not at all (`titled_frames`).
    stated = [(asked_by_kind(q[0], q[1], docs.kinds) if q[0] else q[0], *q[1:]) for q in stated]
    # "Which method now returns …", "哪个属性同样支持……": the passage's "now" or "also" goes, or the question.
    stated = [(without_passage_words(q[0], lang) if q[0] else q[0], *q[1:]) for q in stated]
    owner = docs.objects.get(chunk.doc_id)
    if docs_page and owner:  # "Which Compilation method gets …?": an API object's page asks of its object
        stated = [(asked_of_object(q[0], q[1], owner, docs.product) if q[0] else q[0], *q[1:]) for q in stated]
    if docs_page:  # a man page's questions are named by their command and worded from its synopsis already
        stated = _docs_page_gates(stated, chunk, docs)
    # A bare type parameter or an empty default (`T[]`, `{}`) answers nothing a reader would ask.
    stated = [q for q in stated if q[0] and not (q[3] in _VALUE_TEMPLATES and bare_generic(q[1][0]))]
    stated = [q for q in stated if not is_release_note(q[0])]  # "… #11032": a changelog entry, no API's description
    # A list line's annotation or separator, a pointing word, a bare config key, an option asked as a function.
    stated = mddocs.list_line_mended(stated, chunk, docs.product) if docs_page else stated
    for question, names, kind, template, content in stated:
        if mddocs.has_markup(question) or mddocs.misnames_a_file(question, names):
            continue  # "returns a *Translations instance": markup the reader left is never asked; nor a file as code
        key = f"{chunk.id}|{template}|{question}"
        seed_id = "gen-" + hashlib.sha256(key.encode()).hexdigest()[:10]
        shape = QuestionType(span_kinds=[kind], template=template, shape="single")
        asked_in = "zh" if re.search(r"[\u4e00-\u9fff]", question) else lang  # a mixed page's Chinese entries
        made.append(
            Candidate(seed_id, question, [names], [chunk.id], asked_in, None, [chunk.text], "insitu", shape, content)
        )
    return made


def _docs_page_gates(stated: list, chunk: Chunk, docs: _DocsReading) -> list:
    # "Through which option can the channel be modified?": a page's own noun asked with no owner named.
    # A summary line answered by the page's own title ("Which hook gets the scroll position?") names its owner.
    owner = owning_title(docs.titles.get(chunk.doc_id), docs.kinds)
    stated = [q for q in stated if owner in q[1] or standalone(q[0], docs.product, docs.nouns)]
    # "a hook for manage countdown": wording pasted from the source is asked only when it parses as English.
    stated = [(grammatical(q[0]), *q[1:]) for q in stated]
    # "useMemo" where the page contrasts it with its own hook; "what …" with the answer in the page's title.
    title = docs.titles.get(chunk.doc_id)
    stated = [q for q in stated if not misframed(q[0] or "", q[1], q[2], q[3], title, docs.documented)]
    # A nested option's short name ("enable") is answered by its full path; a bare word asked as a function
    # ("callback") or a placeholder in an answer ("ONE_OF.[ID]") is not asked.
    stated = [(q[0], full, *q[2:]) for q in stated if (full := with_full_path(q[1], q[2], title, chunk.text))]
    option = chunk.doc_id in docs.option_pages
    others = frozenset(docs.titles.values()) - {title}
    headed = docs.sections.names(chunk.doc_id)

    def heading(content: str) -> str | None:
        return docs.sections.code_heading(chunk, content)

    # "Which property …" on an option's page or under a hook's heading names the option or the hook.
    stated = [
        (*with_subject(q[0] or "", q[1], title, heading(q[4]), chunk.text, option, others, headed), *q[2:])
        for q in stated
    ]
    # A signature's placeholders, an entry another copies ("Same as test"), "as follows": not asked alone.
    stated = [q for q in stated if asks_alone(q[0] or "", q[1], chunk.text)]
    # One of parallel entries (redirect.js.path, redirect.style.path) asked without the part that tells it from
    # the others, or by a default state many settings share: more than one entry answers (`sibling_entries`).
    return [q for q in stated if not (blurs_siblings(q[0] or "", q[1], docs.paths) or asks_default_state(q[0] or ""))]


_VALUE_TEMPLATES = frozenset({"doc_type", "default_value"})


class _DocsReading:
    """What the docs templates read from the whole corpus: its product's name, its code names, the questions
    two of its entries would answer alike, and the options many commands of one family share."""

    def __init__(self, chunks: list[Chunk]):
        self.product = product_name(chunks)
        self.kinds = titled_components(identifier_kinds(chunks), document_titles(chunks))
        self.shared_questions = mddocs.shared_entry_questions(chunks, self.product, self.kinds)
        self.tables = TableReading(chunks, document_titles(chunks))
        subjects = document_subjects(chunks)
        self.shared_options = SharedOptions(chunks, subjects)
        self.commands = CommandPurposes(chunks, subjects)
        self.titles = document_titles(chunks)
        self.headings = document_headings(chunks)
        self.sections = SectionHeadings(chunks)
        self.option_pages = option_pages(chunks, self.titles)
        self.nouns = CommonNouns(chunks)
        self.documented = DocumentedNames(chunks)
        self.objects = object_pages(chunks)
        self.paths = documented_paths(chunks)

    def page(self, doc_id: str) -> tuple[str | None, set[str]]:
        """A document's title and heading names: what a question on its prose names it by (`mddocs_named`)."""
        return self.titles.get(doc_id), self.headings.get(doc_id, set())


def _by_column(questions: list[tuple[str, list[str], str, str, str]]) -> list[tuple[str, list[str], str, str, str]]:
    """A table's questions, defaults first, then what each row does, then types: a chunk asks two at most,
    and a default or a name says more than a type that many rows share."""
    order = ("default_value", "doc_identifier", "doc_type")
    return sorted(questions, key=lambda q: order.index(q[3]) if q[3] in order else len(order))


# Documents written in a markup language: product docs and references, whose in-situ questions must name
# their subject themselves (a "Regarding <page title>, ..." opening reads as no person would ask), and
# must not speak to the reader ("you", "let's").
# A man page's synopsis: brackets, "=" and "NAME :" (gcloud's resource arguments) belong to no sentence.
_SYNOPSIS = re.compile(r"[\[\]=]|\b[A-Z][A-Z_]{2,}\s+:")
_MARKUP_SOURCE = re.compile(r"\.(?:mdx?|markdown|rst|rest|adoc|asciidoc|ipynb)(?:\.txt)?$", re.I)


def insitu_candidates(chunks: list[Chunk], langs: dict[str, str], rng: random.Random) -> list[Candidate]:
    """In-situ candidates, chunks in a shuffled order: every chunk's first askable span, then its second.

    A chunk's definition entries (options, functions, ... of a manual: see techdoc) come
    first; then its fact spans, whose kinds are tried in the rotation of `KIND_ROTATION`,
    so the seeds cover years, names, numbers and dates.
    """
    titles = document_titles(chunks)
    topics = topic_phrases(chunks, titles)
    subjects = document_subjects(chunks)
    docs = _DocsReading(chunks)
    # English names a person in full as the document first does, which may be in another chunk.
    documents: dict[str, str] = {}
    for chunk in chunks:
        documents[chunk.doc_id] = documents.get(chunk.doc_id, "") + chunk.text + "\n"
    order = list(chunks)
    rng.shuffle(order)
    rounds: list[list[Candidate]] = [[] for _ in range(ROWS_PER_CHUNK)]
    for n, chunk in enumerate(order):
        lang = langs[chunk.id]
        rows = max(len(docs.tables.rows.get(chunk.id, [])), mddocs.entry_count(chunk))
        # An English product doc's chunk states a fact a sentence: a third reading, past the two every chunk may
        # give, is asked in the third round, after every chunk's first two.
        third = lang == "en" and _MARKUP_SOURCE.search(chunk.doc_id) is not None
        cap = min(ROWS_PER_CHUNK, max(SPANS_PER_CHUNK + third, rows))
        technical = _technical(chunk, subjects.get(chunk.doc_id), lang, docs)
        options = sum(c.question_type.span_kinds == ["option"] for c in technical)
        technical = technical[: max(cap, min(ROWS_PER_CHUNK, options))]
        for made, candidate in enumerate(technical):
            rounds[made].append(candidate)
        if len(technical) >= SPANS_PER_CHUNK:
            continue
        spans = usable_spans(chunk, lang)
        first = KIND_ROTATION.index(KIND_ROTATION[n % len(KIND_ROTATION)])
        rotation = KIND_ROTATION[first:] + KIND_ROTATION[:first]
        spans.sort(key=lambda s: rotation.index(s.kind))
        made = len(technical)
        for span in spans:
            title, topic = titles.get(chunk.doc_id), topics.get(chunk.doc_id)
            # English names a pronoun's referent as its text writes it ("the Leaning Tower of Pisa").
            named = topic if lang == "en" and topic else title
            question = insitu_question(span, chunk.text, named, lang, documents.get(chunk.doc_id, ""))
            if question is not None and _MARKUP_SOURCE.search(chunk.doc_id):
                question = without_passage_words(question, lang)  # a docs page's "now", "also" (passage_words)
            if question is None:
                continue
            # A Chinese question that does not name its subject opens with it (关于X，…); an English one names it.
            framed = with_topic(question, title, topic) if lang == "zh" else question
            if framed != question and "，" in question:
                continue  # 关于华为，1987年，……: a frame stacked on clauses reads as no person would ask
            command = subjects.get(chunk.doc_id)
            if command is not None and command.kind == "command" and _SYNOPSIS.search(question):
                continue  # "What do gcloud x create [ [--flag=POLICY?": a synopsis line read as a sentence
            if _MARKUP_SOURCE.search(chunk.doc_id):
                framed = question  # asked as its sentence names it, or not at all
                # "Jsonable_encoder is …": a code name capitalised; "Security - First Steps …": a heading read on.
                if mddocs.points_outside(question) or re.match(r"[A-Z][a-z0-9]*_", question) or " - " in question:
                    continue
                if question.count("(") != question.count(")") or re.match(r"(?:As|Because|If|When|While)\b", question):
                    continue  # a clause cut from its sentence: "As the messages are … (with how many bits?"
                if lang == "en" and pasted_broken(question):
                    continue  # "Who see for …": "See … for …" read as a statement
                if lang == "en" and asks_software_as_who(question, span.text, docs.product, documents[chunk.doc_id]):
                    continue
            if mddocs.has_markup(question):
                continue
            target = Target((chunk,), (span,), lang)
            answers = [answer_aliases(span, [], lang)]
            shape = QuestionType(span_kinds=[span.kind], template="insitu", shape="single")
            content = question if framed != question else ""
            rounds[made].append(
                Candidate(target.id, framed, answers, [chunk.id], lang, None, [chunk.text], "insitu", shape, content)
            )
            made += 1
            if made == SPANS_PER_CHUNK:
                break
    return [c for r in rounds for c in r]


def question_mix(types: list[QuestionType | None]) -> dict[str, dict[str, int]]:
    """How many questions of each template, answer kind and shape (counted per answer for kinds)."""
    known = [t for t in types if t is not None]

    def count(values) -> dict[str, int]:
        return dict(sorted(Counter(values).items()))

    return {
        "template": count(t.template for t in known),
        "span_kind": count(k for t in known for k in t.span_kinds),
        "shape": count(t.shape for t in known),
        "origin": count(t.origin for t in known),
    }


def language_stats(
    candidates: list[Candidate],
    kept: list[Candidate],
    rejected: list[RejectedCandidate],
    chunks_per_lang: dict[str, int],
    polish: dict[str, GateStats],
    insitu_judged: bool = True,
) -> dict[str, dict]:
    """Per language: chunks, candidates, each gate's pass rate, seeds kept and the share from each path.

    Gate counts come from the records: a candidate dropped at gate g passed every gate before g.
    In-situ candidates the judge was not asked about (`insitu_judged` False) count under
    `answerable_not_asked`, as the pipeline counts them.
    """
    dropped = {r.candidate_id: r.gate for r in rejected}
    kept_paths = {c.id: c.path for c in kept}
    stats: dict[str, dict] = {}
    for lang in sorted({c.lang for c in candidates} | set(chunks_per_lang)):
        mine = [c for c in candidates if c.lang == lang]
        gates = GateStats()
        for c in mine:
            stop = dropped.get(c.id, "kept")
            for gate in GATES:
                if stop == "surplus" and gate == "near_duplicate":
                    break
                skipped = gate == "answerable" and not insitu_judged and c.path == "insitu"
                gates.count("answerable_not_asked" if skipped else gate, gate != stop)
                if gate == stop:
                    break
        kept_here = [c for c in mine if c.id in kept_paths]
        paths = {p: sum(kept_paths[c.id] == p for c in kept_here) for p in ("insitu", "polished", "proposed", "model")}
        chunks = chunks_per_lang.get(lang, 0)
        stats[lang] = {
            "chunks": chunks,
            "question_types": question_mix([c.question_type for c in kept_here]),
            "candidates": len(mine),
            "gates": gates.as_dict(),
            "kept": len(kept_here),
            "kept_per_100_chunks": round(100 * len(kept_here) / chunks, 2) if chunks else None,
            "kept_by_path": paths,
            "share_by_path": {p: round(n / len(kept_here), 4) if kept_here else None for p, n in paths.items()},
            "polish_gates": polish[lang].as_dict() if lang in polish else None,
        }
    return stats
