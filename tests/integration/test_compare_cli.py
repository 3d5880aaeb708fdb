"""`ragstress compare` on a robust and a fragile run: the evidence points the right way."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from ragstress.cli.report import register
from ragstress.core.jsonl import read_records, write_records
from ragstress.core.types import Case

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)


def invoke(*args):
    app = typer.Typer()
    register(app)
    return CliRunner().invoke(app, [str(a) for a in args])


def _row(comparison: dict, metric: str, scope: str) -> dict:
    return next(r for r in comparison["paired"] if r["metric"] == metric and r["scope"] == scope)


def test_robust_system_is_shown_more_robust_to_noise_with_evidence(tmp_path):
    fragile = make_runs.write_run(tmp_path / "fragile", "fragile")
    robust = make_runs.write_run(tmp_path / "robust", "robust")
    # The fixture's noise cases come from two seed questions: resampled by seed, that is no evidence.
    two_seeds = invoke("compare", fragile, robust, "--out", tmp_path / "two")
    assert two_seeds.exit_code == 0, two_seeds.output
    few = _row(json.loads((tmp_path / "two" / "compare.json").read_text(encoding="utf-8")), "accuracy", "noise")
    assert few["n_seeds"] == 2 and few["p_value"] == 0.5 and few["verdict"] == "no clear difference"

    cases = [Case(**{**c.model_dump(), "seed_id": f"seed-{c.id}"}) for c in make_runs.build_cases()]
    for run in (fragile, robust):
        write_records(run / "cases.jsonl", cases)  # one case per seed question
    result = invoke("compare", fragile, robust, "--out", tmp_path / "cmp")
    assert result.exit_code == 0, result.output
    comparison = json.loads((tmp_path / "cmp" / "compare.json").read_text(encoding="utf-8"))
    assert comparison["n_shared"] == 24 and [r["name"] for r in comparison["runs"]] == ["fragile", "robust"]
    noise = _row(comparison, "accuracy", "noise")
    # 12 pairs, the one target failure counted as a failure of its side: robust right on the 11 it
    # answered, fragile only on the 4 noise-free ones.
    assert noise["n_pairs"] == 12 and (noise["a_errors"], noise["b_errors"]) == (1, 1)
    assert (noise["a_only"], noise["b_only"]) == (0, 7) and noise["n_seeds"] == 12
    assert noise["difference"] > 0 and noise["low"] > 0
    assert noise["p_value"] == noise["mcnemar_p"] == 2 / 2**7  # 7 discordant seeds, all one way
    assert noise["verdict"] == "B better"
    assert _row(comparison, "accuracy", "noise @ 0")["verdict"] == "no clear difference"
    assert _row(comparison, "over_refusal", "noise+integration")["difference"] == 0
    assert "B better" in result.output
    html = (tmp_path / "cmp" / "compare.html").read_text(encoding="utf-8")
    curves = html[html.index('class="curve-chart"') :]
    assert html.count("<polyline") - curves.count("<polyline") == 2  # one accuracy-vs-noise line per run
    assert curves.count("<polyline") == 2 and curves.count('class="band"') == 2  # and the overlaid curves with bands
    assert "McNemar" in (tmp_path / "cmp" / "compare.md").read_text(encoding="utf-8")

    reverse = invoke("compare", robust, fragile, "--out", tmp_path / "rev")
    assert reverse.exit_code == 0
    swapped = json.loads((tmp_path / "rev" / "compare.json").read_text(encoding="utf-8"))
    assert _row(swapped, "accuracy", "noise")["verdict"] == "B worse" and _row(swapped, "accuracy", "noise")["high"] < 0


def test_runs_on_different_test_sets_are_refused_or_restricted(tmp_path):
    a = make_runs.write_run(tmp_path / "a", "robust")
    b = make_runs.write_run(tmp_path / "b", "fragile", other_testset=True)
    # Same case ids and content under another test-set hash: compared on the shared cases, and said so.
    result = invoke("compare", a, b, "--out", tmp_path / "cmp")
    assert result.exit_code == 0 and "different test-set hashes" in result.output
    assert invoke("compare", a, b, "--strict", "--out", tmp_path / "cmp2").exit_code == 2

    # Drop half of b's cases and change one question: only identical shared cases are compared.
    cases = read_records(b / "cases.jsonl", Case)
    kept = cases[::2]
    kept[0] = kept[0].model_copy(update={"question": "Another question?"})
    write_records(b / "cases.jsonl", kept)
    result = invoke("compare", a, b, "--out", tmp_path / "cmp3")
    assert result.exit_code == 0
    comparison = json.loads((tmp_path / "cmp3" / "compare.json").read_text(encoding="utf-8"))
    assert comparison["n_shared"] == len(kept) - 1
    assert any("different content" in n for n in comparison["notes"])
    assert any(f"compared on {len(kept) - 1} of its 24 cases" in n for n in comparison["notes"])

    # Nothing in common: refused.
    write_records(b / "cases.jsonl", [c.model_copy(update={"id": c.id + "-x"}) for c in cases])
    refused = invoke("compare", a, b, "--out", tmp_path / "cmp4")
    assert refused.exit_code == 2 and "share no identical case" in refused.output
    assert invoke("compare", a).exit_code == 2


def test_fail_on_regression_exits_1_on_a_planted_regression_and_0_on_identical_runs(tmp_path):
    robust = make_runs.write_run(tmp_path / "robust", "robust")
    same = make_runs.write_run(tmp_path / "same", "robust")
    result = invoke("compare", robust, same, "--out", tmp_path / "c1", "--fail-on-regression")
    assert result.exit_code == 0, result.output
    assert "0 of" in result.output and "target errors A 1, B 1" in result.output

    # Plant a regression: a build that fails noise accuracy on every seed question.
    cases = [Case(**{**c.model_dump(), "seed_id": f"seed-{c.id}"}) for c in make_runs.build_cases()]
    for run in (robust, same):
        write_records(run / "cases.jsonl", cases)  # one case per seed: enough seeds for a test to see anything
    broken = tmp_path / "same"
    scores = [
        s.model_copy(update={"value": 0.0}) if s.metric == "accuracy" and s.case_id.startswith("noise") else s
        for s in read_records(broken / "scores.jsonl", make_runs.Score)
    ]
    write_records(broken / "scores.jsonl", scores)
    result = invoke("compare", robust, broken, "--out", tmp_path / "c2", "--fail-on-regression")
    assert result.exit_code == 1, result.output
    rows = json.loads((tmp_path / "c2" / "regression.json").read_text(encoding="utf-8"))["rows"]
    noise = next(r for r in rows if r["key"] == "accuracy@noise")
    assert noise["regressed"] and noise["difference"] < 0 and noise["p_holm"] >= noise["p_value"]
    assert [r["key"] for r in rows if r["regressed"]] == ["accuracy@noise"]
    # Selecting only an untouched metric passes; an unknown key is a usage error.
    assert (
        invoke(
            "compare",
            robust,
            broken,
            "--out",
            tmp_path / "c3",
            "--fail-on-regression",
            "--regression-metric",
            "rejection@negative",
        ).exit_code
        == 0
    )
    assert (
        invoke(
            "compare",
            robust,
            broken,
            "--out",
            tmp_path / "c4",
            "--fail-on-regression",
            "--regression-metric",
            "accuracy@nowhere",
        ).exit_code
        == 2
    )
