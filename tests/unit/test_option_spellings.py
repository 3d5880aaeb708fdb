"""Which spellings answer an option question, when the short one is asked alone, and the round trip by a named page."""

from __future__ import annotations

import numpy as np

from ragstress.core.types import Chunk, QuestionType
from ragstress.generators.questions import techdoc_en, techdoc_zh
from ragstress.generators.questions.gates import round_trip
from ragstress.generators.questions.page_scope import PageScope, without_subject
from ragstress.generators.questions.seeds import Candidate
from ragstress.generators.questions.techdoc import Subject, entries, stated_text, typed_spellings
from ragstress.generators.questions.techdoc_useful import short_spellings
from ragstress.indexing.store import Hit

BELLTOWER = Subject("belltower", "command")

OPTIONS_EN = """OPTIONS
       -s, -summary
              Print the totals of the chimes rung today.

       -Tpeal-file
              Read the peal in peal-file instead of the default one.

       -w, --wrap-lines
              Wrap lines longer than the width of the terminal.

       -v, --verbose
              Report every chime verbosely.

       --ring-count=N
              Ring the bell a given count of times.
"""

OPTIONS_ZH = """选项
       -w, --wrap-lines
              设置 wrap lines 模式

       -g, --gong
              敲响铜锣一次
"""


def _asked(text: str, writer) -> dict[str, list[str]]:
    return {q[0]: q[1] for e in entries(text, BELLTOWER) if (q := writer.definition_question(e, BELLTOWER))}


def test_a_single_dash_long_spelling_is_kept_and_a_glued_placeholder_is_not():
    by_term = {e.term: e for e in entries(OPTIONS_EN, BELLTOWER)}
    assert typed_spellings(by_term["-s, -summary"]) == ["-s", "-summary"]
    assert typed_spellings(by_term["-Tpeal-file"]) == ["-T"]


def test_an_option_whose_long_name_is_given_away_is_asked_for_its_short_spelling_alone():
    asked = _asked(OPTIONS_EN, techdoc_en)
    assert asked["Which short option of belltower wraps lines longer than the width of the terminal?"] == ["-w"]
    assert not any("--wrap-lines" in answers for answers in asked.values())
    # A family's convention covers the letter too: -v beside --verbose is not asked at all.
    assert not any("-v" in answers for answers in asked.values())
    # A long name the question does not give away is asked as before, every spelling accepted.
    assert asked["Which option of belltower prints the totals of the chimes rung today?"] == ["-s", "-summary"]
    # Nothing to fall back on: a guessable option with no one-letter spelling stays unasked.
    assert not any("--ring-count" in answers for answers in asked.values())
    assert short_spellings(["--ring-count"], "rings the bell a given count of times") == []


def test_chinese_asks_for_the_short_option_the_same_way():
    asked = _asked(OPTIONS_ZH, techdoc_zh)
    assert asked == {
        "belltower 命令的哪个短选项表示“设置 wrap lines 模式”？": ["-w"],
        "belltower 命令的哪个选项表示“敲响铜锣一次”？": ["-g", "--gong"],
    }


def test_the_subject_s_name_leaves_the_probe_in_either_language():
    question = "Which option of gcloud beta bells ring sets the number of peals?"
    assert without_subject(question, "gcloud beta bells ring") == "Which option sets the number of peals?"
    assert (
        without_subject("belltower 命令的哪个选项表示“敲响铜锣一次”？", "belltower") == "哪个选项表示“敲响铜锣一次”？"
    )
    assert without_subject("Which option of bellt prints a summary?", "belltower") is None


class _Embedder:
    """Texts are embedded by a fixed table, so the test chooses what resembles what."""

    def __init__(self, table: dict[str, list[float]]):
        self.table = table

    def embed_queries(self, texts):
        return np.array([self.table[t] for t in texts], dtype=np.float32)


class _Collection:
    """A page of four chunks: NAME, SYNOPSIS, and two of options that overlap by one entry."""

    def __init__(self, rows):
        self.rows = rows

    def get(self, where, include):
        rows = [r for r in self.rows if r[2]["doc_id"] == where["doc_id"]]
        return {"ids": [r[0] for r in rows], "documents": [r[1] for r in rows], "metadatas": [r[2] for r in rows],
                "embeddings": [r[3] for r in rows]}  # fmt: skip


class _Store:
    def __init__(self, rows, table):
        self.collection, self.embedder = _Collection(rows), _Embedder(table)


PAGE = "belltower.1.gz"
NAME = "NAME\nbelltower - rings the bells of a tower\n"
FIRST = "-g, --gong\n    Strike the gong once.\n\n-c, --carillon\n    Play the carillon tune.\n"
SECOND = "-c, --carillon\n    Play the carillon tune.\n\n-m, --muffle\n    Muffle the clappers.\n"
OVERLAP = 100 + FIRST.index("-c, --carillon")  # the second chunk begins with the first one's last entry
ROWS = [
    ("name", NAME, {"doc_id": PAGE, "start": 0, "end": len(NAME)}, [1.0, 0.0, 0.0]),
    ("first", FIRST, {"doc_id": PAGE, "start": 100, "end": 100 + len(FIRST)}, [0.0, 1.0, 0.0]),
    ("second", SECOND, {"doc_id": PAGE, "start": OVERLAP, "end": OVERLAP + len(SECOND)}, [0.0, 0.0, 1.0]),
]


def test_a_question_finds_its_chunk_by_the_page_it_names():
    table = {
        "Which option strikes the gong once?": [0.1, 0.9, 0.1],
        "Which option plays the carillon tune?": [0.1, 0.1, 0.9],
        "Which option muffles the clappers?": [0.1, 0.9, 0.2],
    }
    pages = PageScope(_Store(ROWS, table))
    hit_docs = [PAGE, "other.1.gz"]
    question = "Which option of belltower strikes the gong once?"
    assert pages.found_on_page(question, ["-g", "--gong"], "first", PAGE, hit_docs)
    # The question must first find its page among its hits.
    assert not pages.found_on_page(question, ["-g", "--gong"], "first", PAGE, ["other.1.gz"])
    # The entry both chunks share: the chunk ranked first holds it too, where they overlap.
    assert pages.found_on_page("Which option of belltower plays the carillon tune?", ["-c"], "first", PAGE, hit_docs)
    # Another chunk of the page ranks first and does not hold the answer: the question does not find its evidence.
    assert not pages.found_on_page("Which option of belltower muffles the clappers?", ["-m"], "second", PAGE, hit_docs)
    # A question that does not name its page gets no second reading.
    assert not pages.found_on_page("Which option strikes the gong once?", ["-g"], "first", PAGE, hit_docs)


class _GateStore(_Store):
    """Ranks the page's NAME chunk first for every question, as a dense retriever does for a command's name."""

    def query_many(self, texts, k=5):
        return [[Hit("name", PAGE, NAME, 0.9)] for _ in texts]

    def get_chunks(self, ids):
        return [
            Chunk(id=r[0], doc_id=PAGE, text=r[1], start=r[2]["start"], end=r[2]["end"]) for r in ROWS if r[0] in ids
        ]


def test_only_a_template_question_gets_the_round_trip_by_its_page():
    store = _GateStore(ROWS, {"Which option strikes the gong once?": [0.1, 0.9, 0.1]})
    question = "Which option of belltower strikes the gong once?"

    def candidate(template):
        kind = QuestionType(span_kinds=["option"], template=template, shape="single")
        return Candidate("c", question, [["-g", "--gong"]], ["first"], "en", question_type=kind)

    passed, strict = round_trip([candidate("option"), candidate("insitu")], store, 5, PageScope(store))
    assert passed is None
    # A sentence turned into a question keeps the strict gate: naming the command is not what it asks.
    assert strict is not None and "first" in strict


def test_a_chinese_question_finds_its_chunk_by_the_page_it_names():
    page = "tongluo.1.gz"
    name = "名称\ntongluo - 敲响铜锣\n"
    body = "-g, --gong\n    敲响铜锣一次。\n"
    rows = [
        ("n", name, {"doc_id": page, "start": 0, "end": len(name)}, [1.0, 0.0]),
        ("b", body, {"doc_id": page, "start": 40, "end": 40 + len(body)}, [0.0, 1.0]),
    ]
    pages = PageScope(
        _Store(rows, {"哪个选项表示“敲响铜锣一次”？": [0.2, 0.8], "哪个选项表示“关闭铜锣”？": [0.9, 0.1]})
    )
    assert pages.found_on_page("tongluo 命令的哪个选项表示“敲响铜锣一次”？", ["-g"], "b", page, [page])
    assert not pages.found_on_page("tongluo 命令的哪个选项表示“关闭铜锣”？", ["-g"], "b", page, [page])


DEFAULTS_EN = """FLAGS
     --peal-count=PEAL_COUNT; default=12

       Number of peals rung at noon.

     --tone=TONE

       Pitch of the great bell. The default is G4.

     --chime-style=STYLE

       Style of the chimes. The default value is 7 for towers with a carillon.

     --echo

       Repeat each peal. Defaults to no.
"""


def test_an_option_s_stated_default_is_asked_where_its_name_gives_it_away():
    stated = stated_text(DEFAULTS_EN)
    questions = [q for e in entries(DEFAULTS_EN, BELLTOWER) for q in techdoc_en.value_questions(e, BELLTOWER, stated)]
    by_question = {q[0]: q[1] for q in questions}
    assert by_question["What is the default value of the --peal-count option of belltower?"] == ["12"]
    assert by_question["What is the default value of the --tone option of belltower?"] == ["G4"]
    # A default under a condition, and one any user would offer ("no"), are not asked.
    assert len(by_question) == 2


def test_a_lower_case_argument_described_by_a_participle_stays_an_ordinary_word():
    text = "OPTIONS\n       -u, --release bell...\n              Unhang an installed or already cracked bell.\n"
    asked = _asked(text, techdoc_en)
    assert asked == {"Which option of belltower unhangs an installed or already cracked bell?": ["-u", "--release"]}


def test_a_plural_placeholder_is_a_given_number_and_a_chinese_pointer_is_not_asked():
    text = "OPTIONS\n       -b, --before DAYS\n              Ring only bells silent for more than DAYS.\n"
    assert _asked(text, techdoc_en) == {
        "Which option of belltower rings only bells silent for more than a given number of days?": ["-b", "--before"]
    }
    pointer = "选项\n       -D, --defaults\n              看下边，“更改钟声”子节\n"
    assert _asked(pointer, techdoc_zh) == {}


def test_a_wh_phrase_an_acronym_and_a_noun_before_to_are_what_the_option_sets():
    text = (
        "FLAGS\n     --peal-interval=PEAL_INTERVAL\n\n       How often to ring the tenor bell.\n\n"
        "     --bell-arg=BELL_ARG\n\n       Argument to append to the ringing schedule.\n\n"
        "     --match=MATCH\n\n       CEL filter expression for the ropes.\n"
    )
    assert _asked(text, techdoc_en) == {
        "Which option of belltower sets how often to ring the tenor bell?": ["--peal-interval"],
        "Which option of belltower sets the argument to append to the ringing schedule?": ["--bell-arg"],
        "Which option of belltower sets the CEL filter expression for the ropes?": ["--match"],
    }
