"""Which answer an imported item is checked by, and where its documents are found."""

from __future__ import annotations

import pytest

from ragstress.core.types import Chunk
from ragstress.generators.interop.import_answers import trim
from ragstress.generators.interop.import_seeds import seed_for, wanted_kinds
from ragstress.generators.interop.importers import ImportedItem

TOWER = (
    "Work on the foundations began in January 1887, and the tower was completed in 1889. "
    "It is 330 metres tall and was designed by the firm of Gustave Eiffel in Paris."
)
BRIDGE = "The bridge opened on 27 May 1937 and carried 33,000 vehicles on its first day."
ZH = "南京长江大桥于1968年12月29日全面通车，全长6772米，连接浦口与南京市区。"


def _chunk(doc: str, text: str) -> Chunk:
    return Chunk(id=f"{doc}-0", doc_id=doc, text=text, start=0, end=len(text))


CHUNKS = [_chunk("tower", TOWER), _chunk("bridge", BRIDGE), _chunk("zh", ZH)]


def _item(question: str, reference: str | None, contexts: list[str] | None = None) -> ImportedItem:
    return ImportedItem(line=1, question=question, reference=reference, contexts=contexts or [])


def _never(query: str) -> list[str]:
    raise AssertionError(f"retrieval asked for {query!r} although a context matched by text")


@pytest.mark.parametrize(
    ("question", "lang", "kinds"),
    [
        ("When was it finished?", "en", {"year", "date"}),
        ("In what year did work begin?", "en", {"year", "date"}),
        ("How many vehicles crossed?", "en", {"number"}),
        ("How tall is the tower?", "en", {"number"}),
        ("Who designed the tower?", "en", {"name", "identifier"}),
        ("Where does the tower stand?", "en", {"name", "identifier"}),
        ("What is the tower made of?", "en", None),
        ("What does the pipeline check when analysing images?", "en", None),  # a clause's "when" asks no date
        ("Which version of the client fixed the leak?", "en", {"identifier", "number", "name"}),
        ("大桥哪一年通车？", "zh", {"year", "date"}),
        ("大桥全长多少米？", "zh", {"number"}),
        ("大桥由谁设计？", "zh", {"name", "identifier"}),
        ("大桥连接哪里？", "zh", {"name", "identifier"}),
    ],
)
def test_the_question_word_says_what_kind_of_answer_is_wanted(question, lang, kinds):
    assert wanted_kinds(question, lang) == (frozenset(kinds) if kinds else None)


def test_the_span_of_the_asked_kind_is_the_answer_not_the_first_span():
    reference = "Designed by Gustave Eiffel's firm, it is 330 metres tall."
    outcome = seed_for(_item("How tall is the tower?", reference, [TOWER]), "s1", CHUNKS, _never)
    assert outcome.record is not None and outcome.record["answers"][0][0] == "330 metres"
    who = seed_for(_item("Who designed the tower?", reference, [TOWER]), "s2", CHUNKS, _never)
    assert who.record is not None and who.record["answers"][0] == ["Gustave Eiffel"]


def test_two_different_spans_of_the_asked_kind_are_ambiguous_and_kept_for_judging():
    reference = "Work began in 1887 and the tower was completed in 1889."
    outcome = seed_for(_item("When was the tower built?", reference, [TOWER]), "s1", CHUNKS, _never)
    assert outcome.record is None and "several" in outcome.why and "year" in outcome.why


def test_a_date_and_the_year_inside_it_are_one_answer():
    outcome = seed_for(_item("When did the bridge open?", "On 27 May 1937.", [BRIDGE]), "s1", CHUNKS, _never)
    assert outcome.record is not None and outcome.record["answers"][0][0] == "27 May 1937"


def test_a_short_reference_the_patterns_miss_is_the_answer_when_its_kind_fits():
    outcome = seed_for(_item("Where is the tower?", "Paris.", [TOWER]), "s1", CHUNKS, _never)
    assert outcome.record is not None and outcome.record["answers"][0] == ["Paris"]
    when = seed_for(_item("When was it built?", "In the spring.", [TOWER]), "s2", CHUNKS, _never)
    assert when.record is None and "date or year" in when.why


def test_chinese_questions_pick_the_asked_span():
    outcome = seed_for(_item("大桥全长多少米？", "全长6772米，1968年通车。", [ZH]), "s1", CHUNKS, _never)
    assert outcome.record is not None and outcome.record["answers"][0][0] == "6772米"
    assert outcome.record["lang"] == "zh" and outcome.record["doc_ids"] == ["zh"]


def test_retrieval_is_asked_only_when_no_context_matches_by_text():
    asked: list[str] = []

    def retrieve(query: str) -> list[str]:
        asked.append(query)
        return ["tower", "bridge"]

    by_text = seed_for(_item("How many vehicles crossed?", "33,000", [BRIDGE]), "s1", CHUNKS, retrieve)
    assert by_text.record is not None and by_text.record["doc_ids"] == ["bridge"] and not asked
    assert "by text" in by_text.why
    paraphrased = ["On its opening day some 33,000 cars and lorries drove over the new bridge."]
    by_search = seed_for(_item("How many vehicles crossed?", "33,000", paraphrased), "s2", CHUNKS, retrieve)
    assert by_search.record is not None and by_search.record["doc_ids"] == ["bridge"]
    assert len(asked) == 1 and "by retrieval" in by_search.why


def test_a_text_match_is_not_widened_by_retrieval():
    # The context matches the tower document by text; 1937 is only in the bridge document.
    outcome = seed_for(_item("When did it open?", "1937", [TOWER]), "s1", CHUNKS, lambda q: ["bridge"])
    assert outcome.record is None and "by text" in outcome.why


CANAL = (
    "The Pellin Canal was completed in 1911, and it was designed by the engineer Ada Marsh. "
    "The census records 1063 labourers in total."
)
PROXY = "The new proxy speaks HTTP/2 to the backends and handled 252 requests per second. The leak was fixed in v1.4.2."
MORE = [_chunk("canal", CANAL), _chunk("proxy", PROXY)]


def _answers(question: str, reference: str, contexts: list[str]) -> list[list[str]] | None:
    outcome = seed_for(_item(question, reference, contexts), "s", MORE, _never)
    return None if outcome.record is None else [aliases[:1] for aliases in outcome.record["answers"]]


@pytest.mark.parametrize(
    ("question", "reference", "answers"),
    [
        ("How many labourers worked on the canal?", "The census records 1063 labourers in total.", [["1063"]]),
        ("How many requests per second did the proxy handle?", "252", [["252"]]),
        ("Which protocol does the proxy speak to the backends?", "It speaks HTTP/2 to the backends.", [["HTTP/2"]]),
        ("Which version fixed the leak?", "The leak was fixed in v1.4.2.", [["v1.4.2"]]),
        ("When was the canal completed and who designed it?", CANAL.split(". ")[0], [["1911"], ["Ada Marsh"]]),
        # The other part's span is not this part's: "which protocol" takes HTTP/2, "how many" 252.
        (
            "Which protocol does the proxy speak, and how many requests per second did it handle?",
            PROXY.split(". ")[0],
            [["HTTP/2"], ["252"]],
        ),
    ],
)
def test_counts_numbers_identifiers_and_two_part_questions_get_their_spans(question, reference, answers):
    assert _answers(question, reference, [CANAL, PROXY]) == answers


def test_open_questions_and_long_references_are_judged_only_with_every_span_named():
    reference = (
        "Its key features are pluggable chunkers, hybrid search with BM25, an evaluation harness and adapters "
        "for hosted models from OpenAI and Anthropic, and every component can be swapped on its own."
    )
    for question in ("What are the key features of Lumen?", "What is the role of Lumen in a RAG system?"):
        outcome = seed_for(_item(question, reference, [PROXY]), "s", MORE, _never)
        assert outcome.record is None and outcome.why.startswith("an open question") and outcome.fate == "judged"
        assert {w["span"] for w in outcome.weighed} >= {"OpenAI", "Anthropic", "BM25"}
    plain = seed_for(_item("What does Lumen offer?", reference, [PROXY]), "s", MORE, _never)
    assert plain.record is None and "reference is 31 words" in plain.why
    # "when" inside a clause asks no date: the short reference's one span is the answer, not a year.
    clause = seed_for(_item("What does it run first when analysing images?", "CLIP.", [PROXY]), "s", MORE, _never)
    assert clause.why == "the answer 'CLIP' is in no chunk of the documents its contexts match by text"


def test_a_failure_reference_is_no_answer():
    lacks = seed_for(
        _item("What is the toll?", "The answer to given question is not present in context", []), "s", MORE, _never
    )
    assert (lacks.record, lacks.fate) == (None, "negative")
    other = seed_for(_item("What is the toll?", "nan", []), "s", MORE, _never)
    assert (other.record, other.fate) == (None, "dropped")


def test_spans_are_trimmed_of_stray_punctuation():
    outcome = seed_for(
        _item("Which tier holds the cache?", "C3'", []), "s", [_chunk("t", "Tier C3 holds it.")], lambda q: ["t"]
    )
    assert outcome.record is not None and outcome.record["answers"][0][0] == "C3"
    assert (
        trim("`C3'") == "C3" and trim("os.getcwd()") == "os.getcwd()" and trim("Gustave Eiffel's") == "Gustave Eiffel"
    )


def test_two_part_questions_need_both_facts():
    outcome = seed_for(
        _item("When was the canal completed and who paid for it?", "It opened in 1911.", [CANAL]), "s", MORE, _never
    )
    assert outcome.record is None and outcome.why.startswith("a two-part question") and outcome.weighed


def test_chinese_open_questions_and_failure_references():
    reference = "南京长江大桥是中国自行设计建造的第一座双层式铁路、公路两用桥梁，在交通和国家建设史上意义重大，被视为自力更生的象征。"
    outcome = seed_for(_item("南京长江大桥为什么意义重大？", reference, [ZH]), "s", CHUNKS, _never)
    assert outcome.record is None and outcome.why.startswith("an open question")
    lacks = seed_for(_item("大桥的通行费是多少？", "上下文中没有提到大桥的通行费。", [ZH]), "s", CHUNKS, _never)
    assert (lacks.record, lacks.fate) == (None, "negative")
    count = seed_for(_item("大桥全长多少米？", "全长6772米。", [ZH]), "s", CHUNKS, _never)
    assert count.record is not None and count.record["answers"][0][0] == "6772米"


def test_a_count_that_looks_like_a_year_is_a_count_only_when_things_are_counted():
    chunks = [_chunk("dig", "The census records 1063 labourers. The 1911 survey came later.")]
    count = seed_for(_item("How many labourers were there?", "1063 labourers.", []), "s", chunks, lambda q: ["dig"])
    assert count.record is not None and count.record["answers"][0][0] == "1063"
    year = seed_for(
        _item("In what year was the survey?", "The 1911 survey came later.", []), "s", chunks, lambda q: ["dig"]
    )
    assert year.record is not None and year.record["answers"][0][0] == "1911"
