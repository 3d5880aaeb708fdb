"""The round trip's unframed reading: the product name every question carries is not what finds a chunk."""

from __future__ import annotations

from collections import Counter

from ragstress.core.types import QuestionType
from ragstress.generators.questions.round_trip import round_trip
from ragstress.generators.questions.seeds import Candidate
from ragstress.generators.questions.unframed_round_trip import corpus_frame, unframed
from ragstress.indexing.store import Hit

EN = "Which file is used to configure URL routing rules in Kettle?"
ZH = "在 Kettle 中，哪个文件用于配置 URL 路由规则？"


def test_the_frame_most_questions_share_is_the_corpus_s():
    questions = [EN, ZH, "In Kettle, which hook runs first?", "Which option sets the port in Kettle?", EN]
    assert corpus_frame(questions) == "Kettle"
    # A name only a few questions carry (a page's component) is no frame of the corpus.
    assert corpus_frame(questions + [f"Which prop of Stepper sets step {n} in Stepper?" for n in range(3)]) == "Kettle"
    assert corpus_frame(["Which event does Stepper emit in Stepper?", EN]) is None


def test_a_question_without_its_frame():
    assert unframed(EN, "Kettle") == "Which file is used to configure URL routing rules?"
    assert unframed(ZH, "Kettle") == "哪个文件用于配置 URL 路由规则？"
    assert unframed("In Kettle, which hook runs first?", "Kettle") == "Which hook runs first?"
    assert unframed(EN, "Stepper") is None


class _Store:
    """A dense retriever that finds the layout chunk only for a question without the product's name."""

    def query_many(self, texts, k=5):
        return [[Hit("layout" if "Kettle" not in t else "other", "doc.md", "", 0.9)] for t in texts]


def _candidate(question: str, lang: str, n: int, template: str = "doc_path") -> Candidate:
    kind = QuestionType(span_kinds=["file"], template=template, shape="single")
    return Candidate(f"c{n}", question, [["app/router.js"]], ["layout"], lang, texts=[""], question_type=kind)


def test_the_gate_passes_a_framed_question_whose_unframed_form_finds_its_chunk():
    candidates = [_candidate(q, lang, n) for n, (q, lang) in enumerate([(EN, "en"), (ZH, "zh")] * 3)]
    readings: Counter[str] = Counter()
    assert round_trip(candidates, _Store(), 5, None, readings) == [None] * 6
    assert readings == {"round_trip_unframed": 6}
    # An in-situ sentence keeps the strict gate; so does a corpus whose questions share no frame.
    insitu = [_candidate(q, lang, n, "insitu") for n, (q, lang) in enumerate([(EN, "en"), (ZH, "zh")] * 3)]
    assert all(round_trip(insitu, _Store(), 5, None, Counter()))
    assert all(round_trip(candidates[:2], _Store(), 5, None, Counter()))


def test_a_question_asked_of_two_answers_passes_no_second_reading():
    candidates = [_candidate(q, lang, n) for n, (q, lang) in enumerate([(EN, "en"), (ZH, "zh")] * 3)]
    other = Candidate(
        "c9", EN, [["app/routes.js"]], ["layout"], "en", texts=[""], question_type=candidates[0].question_type
    )
    reasons = round_trip([*candidates, other], _Store(), 5, None, Counter())
    # Every English one is asked of two answers now; the Chinese ones still pass.
    assert [r is None for r in reasons] == [False, True] * 3 + [False]
