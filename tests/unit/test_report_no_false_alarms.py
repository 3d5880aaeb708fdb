"""Numbers that say no more than the data holds: few seeds, unscored metrics, partial runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from ragstress.core.jsonl import write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.reports.gates.thresholds import parse_fail_under
from ragstress.reports.regression import check_regressions, describe
from ragstress.reports.render.writer import write_report
from ragstress.reports.stats.clustered import clustered_interval, clustered_paired_difference


def _case(i: int, testbed: str = "noise") -> Case:
    return Case(
        id=f"{testbed}-{i}",
        seed_id=f"seed-{i}",
        testbed=testbed,
        lang="en",
        question=f"Question {i}?",
        answers=[["yes"]],
        fake_answer=["no"] if testbed == "counterfactual" else None,
        contexts=[Context(text="yes it is", role="positive", chunk_id=f"c{i}")],
        expected="flag_error" if testbed == "counterfactual" else "answer",
        params={"noise_ratio": 0.0} if testbed == "noise" else {},
    )


def _write(run: Path, cases, responses, scores) -> Path:
    write_records(run / "cases.jsonl", cases)
    write_records(run / "responses.jsonl", responses)
    write_records(run / "scores.jsonl", scores)
    return run


def _noise_run(run: Path, failing: set[int], n: int = 8) -> Path:
    cases = [_case(i) for i in range(n)]
    responses = [TargetResponse(case_id=c.id, answer="yes", latency_s=0.1) for c in cases]
    scores = [Score(case_id=c.id, metric="accuracy", value=float(i not in failing)) for i, c in enumerate(cases)]
    return _write(run, cases, responses, scores)


def test_one_seed_going_from_pass_to_fail_is_not_a_regression(tmp_path):
    a = _noise_run(tmp_path / "a", failing=set())
    b = _noise_run(tmp_path / "b", failing={3})
    (row,) = [r for r in check_regressions([a, b]) if r.key == "accuracy@noise"]
    # Before: every paired difference alike gave p = 1/2001 and the row REGRESSED after Holm.
    assert row.worse and not row.regressed and row.p_value == 1.0 and row.n_discordant == 1
    assert "cannot reach significance" in describe(row)
    # Enough seeds all failing the same way is a regression.
    c = _noise_run(tmp_path / "c", failing=set(range(8)))
    (row,) = [r for r in check_regressions([a, c]) if r.key == "accuracy@noise"]
    assert row.regressed and row.p_value == 2 / 2**8


def test_the_sign_flip_p_is_exact_for_few_seeds_and_bounded_below():
    same_way = clustered_paired_difference([1.0] * 5, [0.0] * 5, [f"s{i}" for i in range(5)])
    assert same_way.p_value == pytest.approx(2 / 32) and same_way.min_p == pytest.approx(2 / 32)
    mixed = clustered_paired_difference([1, 0, 1, 0], [0, 1, 0, 1], ["a", "b", "c", "d"])
    assert mixed.p_value == 1.0


def test_a_graded_cell_of_one_seed_has_an_interval_that_reflects_n():
    one = clustered_interval([0.5, 0.5], ["s1", "s1"], binary_metric=False)
    assert one.method == "hoeffding" and one.low == 0.0 and one.high == 1.0  # before: [0.5, 0.5]
    many = clustered_interval([0.5] * 200, [f"s{i}" for i in range(200)], binary_metric=False)
    assert 0.0 < many.high - many.low < one.high - one.low
    assert many.low < 0.5 < many.high


def test_a_metric_nobody_scored_is_not_shown_as_a_measured_zero(tmp_path):
    cases = [_case(i, "counterfactual") for i in range(4)]
    responses = [TargetResponse(case_id=c.id, answer="no", latency_s=0.1) for c in cases[:3]]
    responses.append(TargetResponse(case_id=cases[3].id, answer="", latency_s=0.1, error="HTTP 500"))
    scores = []
    for c in cases[:3]:
        scores.append(Score(case_id=c.id, metric="error_detection", value=1.0 if c.id.endswith("0") else 0.0))
        # Scored without a judge: faithfulness has no value anywhere.
        scores.append(Score(case_id=c.id, metric="faithfulness", value=None, error="no judge configured"))
        # RGB's correction rate counts flagged responses only.
        flagged = c.id.endswith("0")
        scores.append(
            Score(case_id=c.id, metric="error_correction_rgb", value=1.0 if flagged else None, label="corrected")
        )
    report = write_report(_write(tmp_path / "run", cases, responses, scores)).report
    rows = {row.metric: row for row in report.metrics}
    faithfulness = rows["faithfulness"].overall
    assert faithfulness.value is None and faithfulness.n_target_errors == 0  # before: 0.0 [0, 0]
    rgb = rows["error_correction_rgb"].overall
    assert rgb.value == 1.0 and rgb.n_target_errors == 0  # the errored case is outside RGB's denominator
    detection = rows["error_detection"].overall
    assert detection.n_target_errors == 1 and detection.value == pytest.approx(1 / 4)


def test_a_partial_run_cannot_pass_a_gate(tmp_path):
    run = _noise_run(tmp_path / "run", failing=set(), n=10)
    answered = [TargetResponse(case_id=f"noise-{i}", answer="yes", latency_s=0.1) for i in range(4)]
    write_records(run / "responses.jsonl", answered)
    write_records(run / "scores.jsonl", [Score(case_id=f"noise-{i}", metric="accuracy", value=1.0) for i in range(4)])
    result = write_report(run, thresholds=[parse_fail_under("accuracy@noise=0.8")])
    accuracy = result.report.noise.overall
    # Before: the six unanswered cases left the rate, which read 1.0 and passed.
    assert accuracy.value == pytest.approx(0.4) and accuracy.n_target_errors == 6
    assert result.report.gating is not None and not result.report.gating.passed


def test_ppi_with_seed_clustering_counts_the_shared_seeds_and_labelled_seeds_only():
    import numpy as np

    from ragstress.reports.stats.ppi import ppi_mean, t_quantile_95

    rng = np.random.default_rng(5)
    seeds = [f"s{i}" for i in range(30)]
    hard = {s: rng.random() < 0.5 for s in seeds}
    # Three labelled seeds, two labels each; the rest of their cases and 27 other seeds unlabelled.
    labelled = [s for s in seeds[:3] for _ in range(2)]
    unlabelled = [s for s in seeds for _ in range(4)]
    truth = lambda s: 0.0 if hard[s] else 1.0  # noqa: E731 - a seed's cases share its difficulty
    y = [truth(s) for s in labelled]
    f_l = [min(1.0, truth(s) + 0.2) for s in labelled]
    f_u = [min(1.0, truth(s) + 0.2) for s in unlabelled]
    est = ppi_mean(y, f_l, f_u, label_clusters=labelled, unlabelled_clusters=unlabelled)
    # The hand computation: each seed's share of both means' deviations, summed, squared, G/(G-1).
    r = np.asarray(y) - np.asarray(f_l)
    dev = {s: 0.0 for s in seeds}
    for s, v in zip(labelled, r - r.mean()):
        dev[s] += v / len(r)
    for s, v in zip(unlabelled, np.asarray(f_u) - np.mean(f_u)):
        dev[s] += v / len(f_u)
    expected = np.sqrt(len(dev) / (len(dev) - 1) * sum(v * v for v in dev.values()))
    assert est.std_error == pytest.approx(expected)
    # Three labelled seeds: two degrees of freedom, not five.
    assert 0 < est.low and est.high < 1  # not clipped, so the width shows the quantile used
    assert (est.high - est.low) / 2 == pytest.approx(t_quantile_95(2) * est.std_error)


def _make_runs():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_card_shows_what_the_counterfactual_section_headlines(tmp_path):
    from ragstress.core.jsonl import read_records
    from ragstress.reports.aggregate import build_report
    from ragstress.reports.reading.rundir import load_run
    from ragstress.reports.render.card import card_markdown

    run = _make_runs().write_run(tmp_path / "run", "fragile")
    scores = read_records(run / "scores.jsonl", Score)
    write_records(
        run / "scores.jsonl",
        [s.model_copy(update={"value": 0.0}) if s.metric == "closed_book_accuracy" else s for s in scores],
    )
    report = build_report(load_run(run))
    section = report.counterfactual.error_detection
    (row,) = [r for r in report.card if r.testbed == "counterfactual" and r.lang == "all"]
    # Before: "(none scored), n 0" beside a section that scored every case by the corpus view.
    assert report.counterfactual.view == "corpus" and row.basis == "corpus"
    assert (row.headline.value, row.headline.n) == (section.value, section.n) and row.headline.n > 0
    assert any("corpus view" in line and "语料视角" in line for line in card_markdown(report))


def test_curve_tick_labels_at_close_ratios_do_not_overlap():
    import re

    from ragstress.reports.model.curve import Curve, CurvePoint
    from ragstress.reports.render.curve_chart import TICK_CHAR_PX, Line, curve_chart

    xs = [0.0, 0.4, 0.6, 0.6667, 0.75, 0.8]
    points = [CurvePoint(x=x, value=0.5, low=0.4, high=0.6, n=5) for x in xs]
    curve = Curve(
        testbed="noise",
        metric="accuracy",
        lang="en",
        axis="noise_ratio",
        points=points,
        auc=0.5,
        level=0.5,
        falls_below_at=None,
    )
    svg = curve_chart([Line("en", curve)], title="t", x_label="noise ratio", y_label="accuracy")
    labels = re.findall(r'<text class="x-tick" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]+)</text>', svg)
    assert "0.6667" not in svg.split("<circle")[0]  # rounded on the axis (the tooltip keeps the exact value)
    rows: dict[str, list[tuple[float, str]]] = {}
    for x, y, text in labels:
        rows.setdefault(y, []).append((float(x), text))
    for placed in rows.values():
        for (x1, t1), (x2, t2) in zip(placed, placed[1:]):
            assert x2 - x1 >= (len(t1) + len(t2)) * TICK_CHAR_PX / 2, (t1, t2)  # before: 0.6667 and 0.75 collided
    assert svg.count('stroke="#999"/>') - 1 == len(xs)  # every ratio keeps its tick mark


def test_the_regression_simulation_holds_its_false_alarm_rate_and_power():
    from ragstress.reports.regression_sim import simulate

    for seeds in (1, 3, 10):
        assert simulate(seeds, replications=60).rate <= 0.05
    assert simulate(50, drop=0.15, replications=40).rate >= 0.8
