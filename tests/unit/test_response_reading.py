"""One reading per response: made once per score, handed to every rule, bounded when long, linear in its length.

The work is counted, not timed: how many Readings a score makes, how often the rules work out what they share, and
how many clause lookups a response costs as it grows.
"""

from __future__ import annotations

import asyncio

import pytest

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.scoring.metrics import METRICS, conclusion, corrections, refusal, rules, score_case
from ragstress.values import reading as reading_module
from ragstress.values.breaks import Breaks
from ragstress.values.reading import READ_PART, Reading, read

DETERMINISTIC = [name for name in METRICS.names() if METRICS.get(name).kind == "deterministic"]
EN = "The Eiffel Tower was completed in 1889; some say 1887, not 1889. The documents contain factual errors. "
ZH = "埃菲尔铁塔于1889年建成，有人说是1887年。资料中的1887年有误。"


def _case(testbed: str = "counterfactual", lang: str = "en") -> Case:
    return Case(
        id=f"{lang}-{testbed}",
        seed_id="s",
        testbed=testbed,
        lang=lang,
        question="In which year was the Eiffel Tower completed?",
        answers=[["1889", "1889年"]],
        fake_answer=["1887", "1887年"],
        contexts=[Context(text="The Eiffel Tower was completed in 1889.", role="positive")],
        expected="flag_error" if testbed == "counterfactual" else "answer",
    )


def _score(case: Case, answer: str):
    response = TargetResponse(case_id=case.id, answer=answer, latency_s=0.0)
    return asyncio.run(score_case(case, response, DETERMINISTIC))


@pytest.mark.parametrize(("testbed", "lang", "unit"), [("counterfactual", "en", EN), ("conflict", "zh", ZH)])
def test_a_response_is_read_once_per_score_however_many_metrics_read_it(monkeypatch, testbed, lang, unit):
    whole = []  # only the reading of a whole response is bounded; the pieces a rule reads are not
    to_bound = reading_module.bounded
    monkeypatch.setattr(reading_module, "bounded", lambda text: whole.append(text) or to_bound(text))
    case = _case(testbed, lang)

    scores, ctx = _score(case, unit * 3)
    assert len([s for s in scores if s.value is not None]) >= 5 and not [s for s in scores if s.error]
    assert whole == [unit * 3]
    _score(case, unit * 3)
    assert whole == [unit * 3] * 2  # a new score call reads anew: nothing is kept between calls
    assert isinstance(ctx.reading, Reading) and ctx.reading is ctx.reading and ctx.text == ctx.reading.text


def test_what_the_rules_share_is_worked_out_once_per_reading(monkeypatch):
    made = []
    to_mentions = rules._mentions
    monkeypatch.setattr(rules, "_mentions", lambda *args: made.append(args[1:]) or to_mentions(*args))
    reading = read(EN * 2)
    first = rules.mentions(reading, ["1887"])
    corrections.error_correction(reading, [["1889"]], ["1887"], "When?")
    assert rules.mentions(reading, ["1887"]) is first
    assert len(made) == len(set(made)) and (("1887",), False) in made and (("1889",), False) in made
    found = conclusion.read(reading, [["1889"]], ["1887"])
    assert conclusion.read(reading, [["1889"]], ["1887"]) is found
    assert read(EN * 2) is not reading and rules.mentions(read(EN * 2), ["1887"]) is not first  # one per response


def test_rules_take_a_reading_and_a_mention_carries_its_clause():
    reading = read("The documents say 1887. But it was 1889! 资料说是1887年。这是错误的。", "en")
    assert reading.normalised.startswith("the documents say 1887")
    assert len(reading.statements) == 4 and reading.json is None and reading.unread is None
    first = rules.mentions(reading, ["1887"])[0]
    assert first.clause == "the documents say " and first.role == "asserted"
    assert rules.stance(reading, ["1889"]).asserted.span == "1889"
    assert not refusal.refusal(reading, [["1889"]]).value
    assert rules.error_flag(reading).value
    assert read('```json\n{"answer": "1889"}\n```').json == {"answer": "1889"}


def test_a_long_answer_is_read_in_its_first_and_last_parts_and_every_bounded_score_says_so():
    answer = EN * (3 * READ_PART // len(EN))  # over 30,000 characters
    scores, ctx = _score(_case(), answer)
    assert (
        ctx.reading.unread == f"read the first and last 10,000 of {len(answer):,} characters (the middle was not read)"
    )
    assert len(ctx.reading.text) <= 2 * READ_PART + 2 and ctx.answer == answer
    for score in scores:
        bounded = METRICS.get(score.metric).reads_bounded
        assert (ctx.reading.unread in (score.explanation or "")) is bounded, score


def test_the_clause_lookups_of_a_response_grow_linearly_with_its_length(monkeypatch):
    """Doubling a response doubles the clause lookups and the characters they read, and builds no more break
    tables: no lookup scans the text before each mention."""
    counts = {"lookups": 0, "chars": 0, "tables": 0}
    lookup, table = rules.clause_before, Breaks.__init__

    def counted_lookup(reading, form, position):
        found = lookup(reading, form, position)
        counts["lookups"] += 1
        counts["chars"] += len(found)
        return found

    def counted_table(self, pattern, text):
        counts["tables"] += 1
        table(self, pattern, text)

    monkeypatch.setattr(rules, "clause_before", counted_lookup)
    monkeypatch.setattr(Breaks, "__init__", counted_table)
    work = []
    for copies in (8, 16, 32):
        counts.update(lookups=0, chars=0, tables=0)
        _score(_case(), EN * copies)
        work.append(dict(counts))
    for smaller, larger in zip(work, work[1:]):
        assert larger["tables"] == smaller["tables"]
        assert 1.8 * smaller["lookups"] <= larger["lookups"] <= 2.2 * smaller["lookups"], work
        assert larger["chars"] <= 2.2 * smaller["chars"], work
