"""The round trip's second reading for a fact a guide states again on a chunk the question retrieves."""

from __future__ import annotations

from collections import Counter

from ragstress.core.types import QuestionType
from ragstress.generators.questions.repeated_fact import question_words, restated
from ragstress.generators.questions.round_trip import round_trip
from ragstress.generators.questions.seeds import Candidate
from ragstress.indexing.store import Hit

SOURCE = "Set cleanUrls to true to drop the .html suffix from the URLs of every page. Other text follows here."
GUIDE = "Routing\nTo drop the .html suffix from the URLs of every page, set cleanUrls to true in the config."
ELSEWHERE = "The cleanUrls option is documented in the site config reference."
QUESTION = "Which option do you set to drop the .html suffix from the URLs of every page in Kettle?"


def test_a_retrieved_chunk_stating_the_same_fact_is_a_restatement():
    assert restated(QUESTION, ["cleanUrls"], SOURCE, [GUIDE], "en")


def test_a_chunk_that_only_names_the_answer_is_not():
    assert not restated(QUESTION, ["cleanUrls"], SOURCE, [ELSEWHERE], "en")
    # Nor a chunk stating the question's words without the answer.
    assert not restated(QUESTION, ["cleanUrls"], SOURCE, [GUIDE.replace("cleanUrls", "prettyLinks")], "en")


def test_chinese_words_are_character_pairs_and_code_words():
    words = question_words("在 Kettle 中，哪个选项用于去掉页面地址的 .html 后缀？", "zh")
    assert {"后缀", "页面", "html", "kettle"} <= words and "哪个" not in words
    source = "将 cleanUrls 设为 true 可以去掉页面地址的 .html 后缀。"
    again = "路由\n要去掉页面地址的 .html 后缀，请在配置中将 cleanUrls 设为 true。"
    question = "在 Kettle 中，设置哪个选项可以去掉页面地址的 .html 后缀？"
    assert restated(question, ["cleanUrls"], source, [again], "zh")
    assert not restated(question, ["cleanUrls"], source, ["cleanUrls 选项见站点配置参考。"], "zh")


class _Store:
    """Ranks the guide's chunk first for every question, as a retriever does for a fact two pages state."""

    def __init__(self, hits: list[Hit]):
        self.hits = hits

    def query_many(self, texts, k=5):
        return [self.hits for _ in texts]


def _candidate(template: str, text: str = SOURCE) -> Candidate:
    kind = QuestionType(span_kinds=["option"], template=template, shape="single")
    return Candidate("c", QUESTION, [["cleanUrls"]], ["source"], "en", texts=[text], question_type=kind)


def test_the_gate_passes_a_template_question_by_its_restatement_and_counts_it():
    store = _Store([Hit("guide", "routing.md", GUIDE, 0.9)])
    readings: Counter[str] = Counter()
    reasons = round_trip([_candidate("doc_setting"), _candidate("insitu")], store, 5, None, readings)
    assert reasons[0] is None and readings == {"round_trip_repeated_fact": 1}
    # An in-situ sentence keeps the strict gate.
    assert reasons[1] is not None and "source" in reasons[1]


def test_the_gate_still_drops_a_question_no_hit_restates():
    store = _Store([Hit("ref", "config.md", ELSEWHERE, 0.9)])
    readings: Counter[str] = Counter()
    assert round_trip([_candidate("doc_setting")], store, 5, None, readings)[0] is not None
    assert not readings
