"""RGB import/export on our own RGB-format fixtures: sampling, answer shapes, round trips, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress.cli.generate import register
from ragstress.core.jsonl import read_records
from ragstress.core.types import Case
from ragstress.generators.interop.rgb import cases_to_rgb, normalise_answer, read_rgb, rgb_cases, write_rgb
from ragstress.generators.testbeds.build import noise_count
from ragstress.values.spans import contains_alias

DATA = Path(__file__).resolve().parents[1] / "data" / "rgb"
FILES = {"plain": DATA / "en.json", "int": DATA / "en_int.json", "fact": DATA / "en_fact.json"}


def raw(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def imported(kind: str):
    file_kind, records = read_rgb(FILES[kind])
    assert file_kind == kind
    return records, *rgb_cases(records, file_kind)


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_answer_shapes():
    assert normalise_answer("1962") == [["1962"]]
    assert normalise_answer(["Mara Lindqvist", "steel"]) == [["Mara Lindqvist"], ["steel"]]
    assert normalise_answer([["412 kilometres", "412"]]) == [["412 kilometres", "412"]]
    assert normalise_answer([["1931"], "1946"]) == [["1931"], ["1946"]]


def test_plain_file_gives_noise_ratios_and_rejection_sampled_as_rgb():
    records, seeds, cases = imported("plain")
    assert [s.id for s in seeds] == ["rgb-0", "rgb-1", "rgb-2"] and all(s.origin == "rgb" for s in seeds)
    first = [c for c in cases if c.seed_id == "rgb-0"]
    requested = [(c.testbed, c.params.get("noise_ratio_requested", c.params["noise_ratio"])) for c in first]
    assert requested == [
        ("noise", 0.0),
        ("noise", 0.2),
        ("noise", 0.4),
        ("noise", 0.6),
        ("noise", 0.8),
        ("negative", 1.0),
    ]
    for case in first:
        record = records[0]
        n_noise = noise_count(case.params.get("noise_ratio_requested", case.params["noise_ratio"]))
        noise = [c.text for c in case.contexts if c.role == "noise"]
        # RGB's records hold few positives: the case records the share it really holds.
        assert case.params["noise_ratio"] == round(len(noise) / len(case.contexts), 4)
        positive = [c.text for c in case.contexts if c.role == "positive"]
        assert sorted(noise) == sorted(record.negative[:n_noise])
        assert sorted(positive) == sorted(record.positive[: 5 - n_noise])
    assert first[-1].expected == "reject" and len(first[-1].contexts) == 5
    assert first[0].params["reference"] == "The Aurora Observatory opened in 1962 on a ridge above the lake."


def test_integration_file_holds_a_positive_per_fact():
    _, seeds, cases = imported("int")
    assert [len(s.answers) for s in seeds] == [2, 2]
    for case in cases:
        assert case.testbed == "integration"
        positives = [c.text for c in case.contexts if c.role == "positive"]
        assert all(any(contains_alias(p, aliases) for p in positives) for aliases in case.answers)
        assert len(case.contexts) <= 5


def test_fact_file_gives_counterfactual_cases():
    records, _, cases = imported("fact")
    for record, case in zip(records, cases):
        assert case.testbed == "counterfactual" and case.expected == "flag_error"
        assert case.fake_answer == [record.fakeanswer]
        assert {c.text for c in case.contexts} == set(record.positive_wrong)
        assert all(c.role == "counterfactual" for c in case.contexts)


@pytest.mark.parametrize("kind", ["plain", "int", "fact"])
def test_export_restores_the_records_from_their_cases(kind):
    records, _, cases = imported(kind)
    exported = cases_to_rgb(cases)[kind]
    for original, back in zip(raw(FILES[kind]), exported, strict=True):
        assert back["id"] == original["id"] and back["query"] == original["query"]
        assert back["answer"] == normalise_answer(original["answer"])
        assert back["positive"] == original["positive"]  # every fixture positive is used, in rank order
        used = max((c.params["n_noise"] for c in cases if c.params["rgb_id"] == original["id"]), default=0)
        assert back["negative"] == original["negative"][:used]
        if kind == "fact":
            assert back["fakeanswer"] == original["fakeanswer"] and back["positive_wrong"] == original["positive_wrong"]


@pytest.mark.parametrize("kind", ["plain", "int", "fact"])
def test_import_export_import_is_a_fixed_point(kind, tmp_path):
    _, _, cases = imported(kind)
    written = write_rgb(cases, tmp_path / "out.json")
    assert list(written) == [kind]
    again_kind, again_records = read_rgb(written[kind])
    assert again_kind == kind
    _, again = rgb_cases(again_records, kind)
    assert [c.model_dump() for c in again] == [c.model_dump() for c in cases]


def test_cli_round_trip_for_all_three_kinds(app, tmp_path):
    runner = CliRunner()
    result = runner.invoke(
        app, ["import-rgb", *map(str, FILES.values()), str(DATA / "zh.json"), "--out", str(tmp_path / "cases")]
    )
    assert result.exit_code == 0, result.output
    cases = read_records(tmp_path / "cases" / "cases.jsonl", Case)
    assert {c.testbed for c in cases} == {"noise", "negative", "integration", "counterfactual"}
    assert {c.seed_id.rsplit("-", 1)[0] for c in cases} == {"rgb-en", "rgb-en_int", "rgb-en_fact", "rgb-zh"}
    assert {c.lang for c in cases if c.seed_id.startswith("rgb-zh")} == {"zh"}
    manifest = json.loads((tmp_path / "cases" / "testset.json").read_text())
    assert manifest["cases"]["total"] == len(cases) and [s["kind"] for s in manifest["sources"]] == [
        "plain",
        "int",
        "fact",
        "plain",
    ]

    # Source files outside the test set's folder are recorded absolute, never as typed on the command line.
    assert [s["file"] for s in manifest["sources"]] == [str(p) for p in [*FILES.values(), DATA / "zh.json"]]

    result = runner.invoke(app, ["export-rgb", str(tmp_path / "cases"), "--out", str(tmp_path / "rgb" / "mine.json")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "rgb").iterdir()) == ["mine.json", "mine_fact.json", "mine_int.json"]
    plain = raw(tmp_path / "rgb" / "mine.json")
    assert [r["query"] for r in plain][:3] == [r["query"] for r in raw(FILES["plain"])]
    assert raw(tmp_path / "rgb" / "mine_int.json")[0]["positive"] == raw(FILES["int"])[0]["positive"]


def test_cli_names_a_broken_line_and_exits_2(app, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw(FILES["plain"])[0]) + '\n{"id": 1, "query": "q"}\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["import-rgb", str(bad), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "line 2" in result.output
    result = CliRunner().invoke(app, ["export-rgb", str(tmp_path / "missing"), "--out", str(tmp_path / "x.json")])
    assert result.exit_code == 2 and "no such file" in result.output


def test_a_source_file_inside_the_test_set_folder_is_recorded_relative_to_it(app, tmp_path, monkeypatch):
    kept = tmp_path / "cases" / "source" / "en.json"
    kept.parent.mkdir(parents=True)
    kept.write_bytes(FILES["plain"].read_bytes())
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["import-rgb", "cases/source/en.json", "--out", "cases"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "cases" / "testset.json").read_text())
    assert manifest["sources"][0]["file"] == "source/en.json"  # from testset.json's folder, as readers take it
