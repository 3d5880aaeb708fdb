"""The learned reader's band of doubt, what it reads of the rules, and where a confident reader decides a verdict."""

from __future__ import annotations

import numpy as np
import pytest

from ragstress.core.types import Case, TargetResponse
from ragstress.scoring.metrics import METRICS, CaseJudging, reader_marks
from ragstress.scoring.reader import bundled_model
from ragstress.scoring.reader.band import Lines, RuleReading, figures, outcomes, sweep
from ragstress.scoring.reader.features import hashed_features
from ragstress.scoring.reader.model import ReaderView
from ragstress.scoring.reader.train import CHOOSING_SHARE, choosing_part
from ragstress.values.reading import read


def test_a_probability_inside_the_band_is_not_confident():
    unsure = ReaderView("asserts_fake", 0.43, low=0.2, high=0.8)
    assert not unsure.confident and not unsure.holds
    assert "unsure (inside its band 0.20–0.80)" in str(unsure)
    assert ReaderView("rejects", 0.15, 0.2, 0.8).confident and not ReaderView("rejects", 0.15, 0.2, 0.8).holds
    assert ReaderView("rejects", 0.85, 0.2, 0.8).confident and ReaderView("rejects", 0.85, 0.2, 0.8).holds
    # A band off the middle: inside it the reader leans to the nearer edge, not to 0.5.
    assert not ReaderView("rejects", 0.55, 0.3, 0.9).holds and ReaderView("rejects", 0.65, 0.3, 0.9).holds


def _lines(p, y, verdict, hesitates=None, weak=None) -> Lines:
    n = len(p)
    hesitates = hesitates or [False] * n
    weak = weak or [False] * n
    return Lines.of(np.array(p), np.array(y), [RuleReading(v, h, w) for v, h, w in zip(verdict, hesitates, weak)])


def test_the_sweep_leaves_out_the_probabilities_where_agreement_fails():
    # The rule is right everywhere but on the lines where the reader is near the middle; those must stay uncertain.
    rng = np.random.default_rng(0)
    p = np.concatenate([rng.uniform(0.0, 0.25, 200), rng.uniform(0.75, 1.0, 200), rng.uniform(0.4, 0.6, 100)])
    y = np.concatenate([np.zeros(200), np.ones(200), rng.integers(0, 2, 100)]).astype(bool)
    verdict = list(p >= 0.5)
    lines = _lines(p, y, verdict)
    (low, high), decide = sweep(lines, target=0.98)
    assert 0.25 <= low < 0.5 <= high <= 0.75 and high - low >= 0.2
    assert decide == (0.0, 1.0)  # no weak zone: the reader decides nothing
    got = figures(lines, (low, high))
    assert got["clear_agreement"] >= 0.98 and got["uncertain_share"] <= 0.25


def test_no_band_reaching_the_target_leaves_every_verdict_uncertain():
    p = np.linspace(0.01, 0.99, 50)
    lines = _lines(p, p < 0.5, list(p >= 0.5))  # rule and reader both always wrong
    assert sweep(lines, target=0.98) == ((0.0, 1.0), (0.0, 1.0))
    assert figures(lines, (0.0, 1.0))["uncertain_share"] == 1.0


def test_in_a_weak_zone_a_confident_reader_decides_what_the_rule_leaves_uncertain():
    p, y = [0.95, 0.95, 0.75, 0.95], [True, True, True, True]
    hesitates = [True, True, True, False]
    lines = _lines(p, y, [False] * 4, hesitates=hesitates, weak=[True, False, True, True])
    verdict, clear = outcomes(lines, (0.3, 0.7), (0.2, 0.8))
    # Only a reader outside its deciding band, in a weak zone, where the rule hesitates, decides.
    assert verdict.tolist() == [True, False, False, False]
    assert clear.tolist() == [True, False, False, False]


def test_the_band_is_chosen_on_one_seeded_part_and_measured_on_the_other():
    chosen = choosing_part(list(range(1000)), seed=7)
    assert chosen.sum() == round(CHOOSING_SHARE * 1000)
    assert np.array_equal(chosen, choosing_part(list(range(1000)), seed=7))
    model = bundled_model()
    for head, info in model.provenance["heads"].items():
        low, high = info["band"]
        assert 0.0 <= low <= high <= 1.0 and high - low >= 0.2 - 1e-6, head
        assert np.allclose(model.band[model.heads.index(head)], (low, high), atol=0.005), head
        assert info["chosen_on"]["lines"] > 2 * info["reported_on"]["lines"] > 0, head
        assert set(info["reported_on"]["by_language"]) == {"en", "zh"}, head


def test_the_reader_sees_the_question_and_the_rules_reading():
    text = "It might be 1889 or 1890, I am not sure."
    plain = hashed_features(text)
    assert hashed_features(text, "When was the tower completed?") != plain
    assert hashed_features(text, marks=("hedge",)) != plain
    en = reader_marks.marks(
        read("Passage 2 says 1895, which is wrong; it was completed in 1889."),
        [["1889"]],
        ["1895"],
        "When?",
        "counterfactual",
    )
    assert {"concluded=truth", "truth:asserted", "flag=True", "refusal=False"} <= set(en)
    zh = reader_marks.marks(
        read("资料中没有提到相关信息，无法回答。", "zh"), [["1889年"]], None, "铁塔何时建成？", "negative"
    )
    assert {"refusal=True", "truth:absent"} <= set(zh) and not any(m.startswith("concluded=") for m in zh)
    hedged = reader_marks.marks(
        read("可能是长江，也可能是汨罗江，我不确定。", "zh"), [["长江"]], None, "是哪条江？", "noise"
    )
    assert {"hedge", "candidate"} <= set(hedged)


def test_on_a_conflict_case_the_reader_sees_the_acknowledgement_rule_and_its_denials():
    said = reader_marks.marks(
        read("1889. One passage gives 1879, but the passages only appear to disagree."),
        [["1889"]],
        ["1879"],
        "When?",
        "conflict",
    )
    assert {"acknowledged=True", "acknowledged_by=en.sources_differ"} <= set(said)
    denied = reader_marks.marks(
        read("The passages differ only in wording, so there is no real conflict: 1889."),
        [["1889"]],
        ["1879"],
        "When?",
        "conflict",
    )
    assert "acknowledged=False" in denied and "acknowledged_denied_by=en.no_conflict" in denied
    elsewhere = reader_marks.marks(read("Passage 2 is wrong: 1889."), [["1889"]], ["1879"], "When?", "counterfactual")
    assert not any(m.startswith("acknowledged") for m in elsewhere)


def test_the_weak_zones_are_hedges_and_candidates_for_accuracy_and_every_acknowledgement():
    assert reader_marks.weak_zone("correct", read("It might be 1889 or 1890."), [["1889"]])
    assert reader_marks.weak_zone("correct", read("可能是长江，也可能是汨罗江，我不确定。", "zh"), [["长江"]])
    assert reader_marks.weak_zone("correct", read("It was completed in 1889."), [["1889"]]) is None
    assert reader_marks.weak_zone("acknowledges_conflict", read("1889."), [["1889"]])
    assert reader_marks.weak_zone("rejects", read("It might be 1889 or 1890."), [["1889"]]) is None


class _SureReader:
    """A reader that is sure enough to decide that the label does not hold, whatever it reads."""

    def __init__(self, p: float = 0.05):
        self.p = p

    def view(self, head: str, features: dict[int, float]) -> ReaderView:
        return ReaderView(head, self.p, 0.2, 0.8, (0.1, 0.9))


def _case(lang: str, testbed: str, question: str, answers: list[list[str]]) -> Case:
    return Case(
        id="c1",
        seed_id="s1",
        testbed=testbed,
        lang=lang,
        question=question,
        answers=answers,
        contexts=[],
        expected="reject" if testbed == "negative" else "answer",
    )


@pytest.mark.parametrize(
    ("lang", "question", "answers", "response"),
    [
        ("en", "Who wrote Middlemarch?", [["George Eliot"]], "I am not sure, but it might be George Eliot."),
        ("zh", "屈原投的是哪条江？", [["汨罗江"]], "资料没有明确说明，不过我猜可能是汨罗江。"),
    ],
)
async def test_a_confident_reader_decides_accuracy_where_the_rule_is_weak_and_unsure(
    monkeypatch, lang, question, answers, response
):
    monkeypatch.setattr("ragstress.scoring.metrics.base.bundled_model", lambda: _SureReader())
    ctx = CaseJudging(
        _case(lang, "noise", question, answers), TargetResponse(case_id="c1", answer=response, latency_s=0.0)
    )
    score = await METRICS.get("accuracy").compute(ctx)
    # The rule reads a hedged answer as stating the fact, and hesitates (a refusal phrase beside it).
    assert score.value == 0.0 and score.certainty == "clear"
    assert "decided by the learned reader" in score.explanation and "the rule read 1" in score.explanation
    assert "reader p(correct)=0.05" in score.explanation and "overruled by the learned reader" in score.label
    unsure = _SureReader(0.15)  # confident by its band of doubt, not sure enough to decide: the rule keeps it
    monkeypatch.setattr("ragstress.scoring.metrics.base.bundled_model", lambda: unsure)
    ctx = CaseJudging(ctx.case, ctx.response)
    kept = await METRICS.get("accuracy").compute(ctx)
    assert kept.value == 1.0 and kept.certainty == "uncertain" and "decided by the rule" in kept.explanation


async def test_outside_a_weak_zone_the_rule_keeps_its_verdict(monkeypatch):
    monkeypatch.setattr("ragstress.scoring.metrics.base.bundled_model", lambda: _SureReader(0.95))
    case = _case("en", "noise", "When was the tower completed?", [["1889"]])
    ctx = CaseJudging(case, TargetResponse(case_id="c1", answer="It was completed in 1889.", latency_s=0.0))
    score = await METRICS.get("over_refusal").compute(ctx)  # the reader is sure it refuses; the rule is not
    assert score.value == 0.0 and score.certainty == "uncertain"
    assert "the learned reader disagrees" in score.certainty_reason
