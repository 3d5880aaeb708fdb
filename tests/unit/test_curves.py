"""Robustness curves: area, crossing, per-language curves with bands, and the SVG files beside report.md."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ragstress.core.jsonl import write_records
from ragstress.core.types import Case, Context, Score, TargetResponse
from ragstress.reports.curves import area_under, falls_below
from ragstress.reports.model.curve import CurvePoint
from ragstress.reports.render.writer import write_report

# Achieved ratios, as a testbed that could not find enough noise records them (not the nominal 0.2 steps).
RATIOS = (0.0, 0.25, 0.5, 0.75, 1.0)
ACCURACY = {"en": (0.95, 0.9, 0.8, 0.6, 0.3), "zh": (0.9, 0.7, 0.45, 0.3, 0.1)}


def _points(values, xs=RATIOS):
    return [CurvePoint(x=x, value=v, low=v, high=v, n=1) for x, v in zip(xs, values, strict=True)]


def test_area_is_the_mean_level_over_the_tested_range():
    assert area_under(_points((1, 1, 1, 1, 1))) == pytest.approx(1.0)
    assert area_under(_points((1.0, 0.0), xs=(0.0, 0.5))) == pytest.approx(0.5)
    assert area_under(_points((0.7,), xs=(0.4,))) == 0.7
    assert area_under([]) is None


def test_falls_below_interpolates_the_first_crossing():
    assert falls_below(_points((0.9, 0.7, 0.45, 0.3, 0.1)), 0.5) == pytest.approx(0.25 + 0.25 * 0.2 / 0.25)
    assert falls_below(_points((0.4, 0.9, 0.9, 0.9, 0.9)), 0.5) == 0.0  # starts below
    assert falls_below(_points((0.9, 0.8, 0.7, 0.6, 0.55)), 0.5) is None  # never below


def _run(run: Path) -> None:
    rng = random.Random(4)
    cases, responses, scores = [], [], []
    for seed in range(40):
        for lang in ("en", "zh"):
            for ratio, accuracy in zip(RATIOS, ACCURACY[lang], strict=True):
                cid = f"s{seed}:{lang}:{ratio}"
                cases.append(
                    Case(
                        id=cid,
                        seed_id=f"s{seed}",
                        testbed="noise",
                        lang=lang,
                        question="问题？" if lang == "zh" else "Question?",
                        answers=[["A"]],
                        contexts=[Context(text="A.", role="positive")],
                        expected="answer",
                        params={"noise_ratio": ratio},
                    )
                )
                responses.append(TargetResponse(case_id=cid, answer="A", latency_s=0.1))
                ok = float(rng.random() < accuracy)
                scores.append(Score(case_id=cid, metric="accuracy", value=ok))
                scores.append(Score(case_id=cid, metric="rag_judge", value=ok if rng.random() < 0.8 else 1.0))
    run.mkdir()
    write_records(run / "cases.jsonl", cases)
    write_records(run / "responses.jsonl", responses)
    write_records(run / "scores.jsonl", scores)


def test_report_draws_accuracy_and_judged_curves_per_language_with_bands(tmp_path):
    run = tmp_path / "run"
    _run(run)
    result = write_report(run, curve_level=0.5)
    curves = {(c.metric, c.lang): c for c in result.report.curves}
    assert set(curves) == {(m, lang) for m in ("accuracy", "rag_judge") for lang in ("all", "en", "zh")}
    en, zh = curves[("accuracy", "en")], curves[("accuracy", "zh")]
    assert [p.x for p in en.points] == list(RATIOS) and all(p.n == 40 for p in en.points)
    assert all(p.low <= p.value <= p.high and p.high - p.low > 0 for p in zh.points)
    assert en.auc > zh.auc  # the Chinese side loses accuracy faster
    assert en.falls_below_at is not None and zh.falls_below_at < en.falls_below_at
    assert curves[("rag_judge", "all")].auc > curves[("accuracy", "all")].auc  # a lenient judge

    markdown = (run / "report.md").read_text(encoding="utf-8")
    for name in ("curve-noise-accuracy.svg", "curve-noise-rag_judge.svg"):
        assert f"]({name})" in markdown
        svg = ET.parse(run / name).getroot()  # a well-formed standalone SVG file
        assert svg.tag.endswith("svg") and len(svg.findall("{http://www.w3.org/2000/svg}polygon")) == 3
        assert result.paths[name] == run / name
    html = (run / "report.html").read_text(encoding="utf-8")
    assert html.count('class="curve-chart"') == 2 and 'id="curves"' in html
    assert f"{zh.falls_below_at:.2f}" in markdown and f"{zh.falls_below_at:.2f}" in html


def test_position_testbed_has_its_own_curve_and_section_apart_from_the_noise_figures(tmp_path):
    run = tmp_path / "run"
    _run(run)
    extra_cases, extra_scores = [], []
    for seed in range(40):
        for position, accuracy in ((1, 0.9), (2, 0.6), (3, 0.4), (4, 0.5), (5, 0.7)):
            cid = f"s{seed}:position:pos-{position}"
            extra_cases.append(
                Case(
                    id=cid,
                    seed_id=f"s{seed}",
                    testbed="position",
                    lang="en",
                    question="Question?",
                    answers=[["A"]],
                    contexts=[Context(text="A.", role="positive")],
                    expected="answer",
                    params={"noise_ratio": 0.8, "position": position, "n_slots": 5},
                )
            )
            extra_scores.append(Score(case_id=cid, metric="accuracy", value=float(seed / 40 < accuracy)))
    before = write_report(run).report
    write_records(run / "cases.jsonl", [*_read(run / "cases.jsonl", Case), *extra_cases])
    write_records(run / "scores.jsonl", [*_read(run / "scores.jsonl", Score), *extra_scores])
    after = write_report(run).report
    assert after.noise.points == before.noise.points and after.noise.n_cases == before.noise.n_cases
    (curve,) = [c for c in after.curves if c.axis == "position"]
    assert [(p.x, p.value) for p in curve.points] == [(1, 0.9), (2, 0.6), (3, 0.4), (4, 0.5), (5, 0.7)]
    assert [e.value for e in after.position.by_slot] == [0.9, 0.6, 0.4, 0.5, 0.7]
    assert (run / "curve-position-accuracy.svg").exists()
    html = (run / "report.html").read_text(encoding="utf-8")
    assert 'id="position"' in html and "答案段落位置" in html


def _read(path, kind):
    from ragstress.core.jsonl import read_records

    return read_records(path, kind)
