"""Which language a response is in, as the rules can read it, and what that does to a verdict's certainty."""

from __future__ import annotations

import pytest

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.scoring.lexicon.intl.markers import ENGLISH, EXAMPLES, FUNCTION_WORDS
from ragstress.scoring.metrics import METRICS
from ragstress.scoring.metrics.base import CaseJudging
from ragstress.scoring.metrics.response_language import third_language, unread
from ragstress.values.reading import read


@pytest.mark.parametrize("language", sorted(EXAMPLES))
def test_each_language_reads_as_itself_from_its_example(language):
    assert third_language(EXAMPLES[language]) == language


def test_no_marker_word_is_also_an_english_marker():
    for words in FUNCTION_WORDS.values():
        assert not words & ENGLISH


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Der Fluss heißt Rhein und fließt durch Basel.", "German"),
        ("Это Уральские горы.", "Russian"),
        ("答えは「ストックホルム」です。", "Japanese"),
        ("정답은 서울입니다.", "Korean"),
        ("La tour a été construite pour l'Exposition universelle.", "French"),
    ],
)
def test_third_languages_by_script_or_short_words(text, language):
    assert third_language(text) == language


@pytest.mark.parametrize(
    "text",
    [
        "Charles de Gaulle Airport opened in 1974.",  # a French name in English
        "5,000 requests per hour per token.",  # 'per' is English too
        "The motto is Liberté, égalité, fraternité, and it dates from the Revolution.",
        "俄罗斯（Россия）面积约1710万平方公里。",  # a Russian name in a Chinese answer
        "这款相机叫「ミラーレス」系列，2019年发布，主打轻便，适合旅行使用。",  # a kana brand in Chinese
        "It was released in 2019.",
        "1889",
    ],
)
def test_english_and_chinese_with_foreign_names_are_not_third_languages(text):
    assert third_language(text) is None


def test_a_third_language_makes_only_an_unseen_answer_uncertain():
    reading = read("Die Donau fließt durch Wien und Budapest.", "en")
    assert "German" in unread(reading, answer_unseen=True)
    assert unread(reading, answer_unseen=False) is None  # a refusal or flag phrase the rules read there counts
    assert "mostly in Chinese" in unread(read("答案是多瑙河，它流经布达佩斯。", "en"), answer_unseen=False)


def _case() -> Case:
    return Case(
        id="c1",
        seed_id="s1",
        testbed="noise",
        lang="en",
        question="Which river flows through Budapest?",
        answers=[["Danube"]],
        contexts=[Context(text="The Danube flows through Budapest.", role="positive")],
        expected="answer",
    )


async def _accuracy(answer: str):
    ctx = CaseJudging(_case(), TargetResponse(case_id="c1", answer=answer, latency_s=0.0), use_reader=False)
    return await METRICS.get("accuracy").compute(ctx)


async def test_an_answer_in_german_the_rules_cannot_see_is_uncertain_not_wrong():
    score = await _accuracy("Die Donau fließt durch Wien und Budapest.")
    assert score.value == 0.0 and score.certainty == "uncertain"
    assert "German" in score.certainty_reason


async def test_an_english_miss_stays_a_clear_miss():
    score = await _accuracy("The Rhine flows through Budapest.")
    assert score.value == 0.0 and score.certainty == "clear"
