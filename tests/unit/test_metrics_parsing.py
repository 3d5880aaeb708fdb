"""Strict verdict-token parsers: the final well-formed token decides, malformed is an error."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.parsing import VerdictParseError, parse_rag_scores, parse_rating


def test_rating_takes_the_final_token_not_the_first_digit():
    assert parse_rating("On a scale of 0 to 4 I weigh 2 things... [[4]]", (0, 2, 4)) == 4
    assert parse_rating("The answer says [[4]] but it is wrong. [[0]]", (0, 2, 4)) == 0
    assert parse_rating("[[ 1 ]]", (0, 1, 2)) == 1


@pytest.mark.parametrize(
    "reply", ["Rating: 4", "4", "[[3]]", "[[2]] then [[five]]", "[[4]] and finally [[]]", "[[2.5]]"]
)
def test_rating_rejects_missing_or_malformed_final_tokens(reply):
    with pytest.raises(VerdictParseError):
        parse_rating(reply, (0, 2, 4))


def test_rag_scores_take_the_last_token_per_dimension_in_either_language():
    reply = "The answer quoted 'accuracy: {{1}}'.\nrelevance: {{1}}\ntruthfulness: {{0}}\naccuracy: {{0}}"
    assert parse_rag_scores(reply) == {"relevance": 1, "truthfulness": 0, "accuracy": 0}
    zh = "理由：回答正确。\n相关性：{{1}}\n真实性：{{1}}\n准确性：{{1}}"
    assert parse_rag_scores(zh) == {"relevance": 1, "truthfulness": 1, "accuracy": 1}


@pytest.mark.parametrize(
    "reply",
    [
        "relevance: 1\ntruthfulness: 1\naccuracy: 1",
        "relevance: {{1}}\ntruthfulness: {{1}}",
        "relevance: {{1}}\ntruthfulness: {{score}}\naccuracy: {{1}}",
        "relevance: {{2}}\ntruthfulness: {{1}}\naccuracy: {{1}}",
    ],
)
def test_rag_scores_reject_malformed_replies(reply):
    with pytest.raises(VerdictParseError):
        parse_rag_scores(reply)
