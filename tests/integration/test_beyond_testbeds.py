"""Conflict, style and position end to end with scripted targets whose curves are known in advance.

A corpus written here states each of 30 facts (a station's opening year) in five paragraphs of
its own document, so every seed has five answer-bearing chunks: the conflict testbed can plant
0…5 of them. Then generate (curated seeds, no model), run, score and report, as a user would.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ragstress.cli import app
from ragstress.core.jsonl import read_json

NAMES = [
    "Alder Street",
    "Birch Lane",
    "Cedar Quay",
    "Dover Road",
    "Elm Park",
    "Fenwick Hill",
    "Garnet Way",
    "Harbour Gate",
    "Ivy Bridge",
    "Juniper Cross",
    "Kestrel Point",
    "Linden Row",
    "Marlow Green",
    "Norton Vale",
    "Oakmere Halt",
    "Pelham Yard",
    "Quarry Bank",
    "Rowan Heath",
    "Sefton Moor",
    "Tamar Wharf",
    "Upton Mill",
    "Vernon Square",
    "Willow Court",
    "Yarrow End",
    "Ashby Fields",
    "Bramley Dock",
    "Coburn Lea",
    "Dunmore Rise",
    "Eskdale Ford",
    "Falcon Crag",
]
FILLER = (
    "Local newspapers of the period described the building in some detail, praising its brickwork, the wide "
    "canopy over the platforms and the clock that hung above the booking hall. Travellers from nearby villages "
    "used it to reach the market town, and goods wagons carried timber, wool and coal along the line. In winter "
    "the waiting room stove was lit before dawn, and the porters cleared snow from the footbridge by hand. Each "
    "paragraph here is long enough to be a chunk of its own, so the fact below is stated in five separate chunks."
)
ASPECTS = ("history", "architecture", "traffic", "staff", "legacy")


def _corpus(folder):
    facts = {}
    for i, name in enumerate(NAMES):
        year = str(1840 + 3 * i)
        question = f"In which year did the {name} station open?"
        facts[question] = year
        paragraphs = [
            f"{aspect.title()} of the {name} station. The {name} station opened in {year}. {FILLER} "
            f"Records of its {aspect} were kept by the company archive for many decades afterwards."
            for aspect in ASPECTS
        ]
        (folder / f"station_{i:02d}.txt").write_text(f"{name} station\n\n" + "\n\n".join(paragraphs), encoding="utf-8")
    return facts


@pytest.fixture(scope="module")
def testset(tmp_path_factory):
    root = tmp_path_factory.mktemp("beyond")
    docs = root / "docs"
    docs.mkdir()
    facts = _corpus(docs)
    (root / "facts.json").write_text(json.dumps({"facts": facts, "questions": list(facts)}), encoding="utf-8")
    seeds = [
        {"id": f"st-{i:02d}", "question": q, "answers": [[y]], "doc_ids": [f"station_{i:02d}.txt"], "lang": "en"}
        for i, (q, y) in enumerate(facts.items())
    ]
    (root / "seeds.jsonl").write_text("".join(json.dumps(s) + "\n" for s in seeds), encoding="utf-8")
    runner = CliRunner()
    built = runner.invoke(app, ["build", str(docs), "--index", str(root / "index")])
    assert built.exit_code == 0, built.output
    made = runner.invoke(
        app,
        ["generate", str(root / "index"), "--out", str(root / "testset"), "--seed-file", str(root / "seeds.jsonl")]
        + ["--seeds", "0", "--testbeds", "conflict,style,position", "--no-judge-noise"],
    )
    assert made.exit_code == 0, made.output
    return root


def _bench(root, target, testbeds, monkeypatch):
    monkeypatch.setenv("RAGSTRESS_TEST_FACTS", str(root / "facts.json"))
    out = root / target
    runner = CliRunner()
    cases = str(root / "testset" / "cases.jsonl")
    spec = f"python:fixtures_run.beyond_targets:{target}"
    ran = runner.invoke(app, ["run", cases, "--target", spec, "--out", str(out), "--testbeds", testbeds])
    assert ran.exit_code == 0, ran.output
    metrics = "accuracy,asserts_fake,acknowledges_conflict,over_refusal,closed_book_accuracy"
    scored = runner.invoke(app, ["score", str(out), "--metrics", metrics])
    assert scored.exit_code == 0, scored.output
    # The run is complete: the closed-book probe is owed once per seed (its unplanted case), not by every cell.
    assert "missing responses: 0;" in scored.output, scored.output
    reported = runner.invoke(app, ["report", str(out)])
    assert reported.exit_code == 0, reported.output
    return read_json(out / "report.json"), out


def _curve(report, axis):
    (curve,) = [c for c in report["curves"] if c["axis"] == axis and c["metric"] == "asserts_fake"]
    return {p["x"]: p["value"] for p in curve["points"]}


def test_a_majority_follower_adopts_exactly_when_most_passages_lie(testset, monkeypatch):
    report, out = _bench(testset, "majority_follower", "conflict", monkeypatch)
    dose = _curve(report, "conflict_share")
    assert sorted(dose) == [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert all(v == 0.0 for x, v in dose.items() if x < 0.5) and all(v == 1.0 for x, v in dose.items() if x > 0.5)
    assert _curve(report, "deviation") == {1.0: 1.0, 2.0: 1.0, 3.0: 1.0}
    assert report["conflict"]["n_known"] == 0  # it declines closed-book: it knows nothing
    gates = out / "gates.json"
    gates.write_text(json.dumps({"adoption@conflict:0.4": {"max": 0.1}, "adoption@conflict:0.6": {"max": 0.5}}))
    gated = CliRunner().invoke(app, ["report", str(out), "--thresholds", str(gates)])
    assert gated.exit_code == 1
    checks = {c["testbed"]: c["passed"] for c in read_json(out / "report.json")["gating"]["checks"]}
    assert checks == {"conflict:0.4": True, "conflict:0.6": False}
    # The same maximum on the command line; the minimum README once showed is refused, not read upside down.
    over = CliRunner().invoke(app, ["report", str(out), "--fail-over", "asserts_fake@conflict:1=0.5"])
    assert over.exit_code == 1, over.output
    under = CliRunner().invoke(app, ["report", str(out), "--fail-under", "asserts_fake@conflict:1=0.5"])
    assert under.exit_code == 2 and "--fail-over asserts_fake@conflict:1=0.5" in under.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert (
        'id="conflict"' in html
        and "知识冲突" in html
        and "curve-conflict_share-asserts_fake.svg" in (out / "report.md").read_text(encoding="utf-8")
    )


def test_a_target_that_ignores_its_passages_never_adopts(testset, monkeypatch):
    report, out = _bench(testset, "context_ignorer", "conflict", monkeypatch)
    assert set(_curve(report, "conflict_share").values()) == {0.0}
    never = CliRunner().invoke(app, ["report", str(out), "--fail-over", "asserts_fake@conflict:1=0.5"])
    assert never.exit_code == 0, never.output
    assert set(_curve(report, "deviation").values()) == {0.0}
    assert report["conflict"]["n_known"] == 30
    truth = [cell["truth_kept"]["value"] for cell in report["conflict"]["cells"]]
    assert truth == [1.0] * len(truth)
    assert {"conflict"} <= {note["key"] for note in report["methods"]}
    # Side by side with the majority follower (its test ran first): both adoption curves in one chart.
    compared = CliRunner().invoke(
        app, ["compare", str(testset / "majority_follower"), str(out), "--out", str(testset / "cmp")]
    )
    assert compared.exit_code == 0, compared.output
    html = (testset / "cmp" / "compare.html").read_text(encoding="utf-8")
    assert "asserts_fake — share of passages planted" in html and "majority_follower" in html


def test_a_target_that_breaks_on_typos_drops_on_typo_only(testset, monkeypatch):
    report, _ = _bench(testset, "typo_breaker", "style", monkeypatch)
    rows = {row["style"]: row for row in report["style"]["rows"]}
    assert set(rows) == {"typo", "informal", "grammar", "distracting", "preamble"}
    typo = rows["typo"]
    assert typo["n_pairs"] == 30 and typo["difference"] < 0 and typo["high"] < 0  # the interval excludes 0
    # Every seed drops from right to wrong: -1 with Newcombe's interval, not a zero-width [-1, -1].
    assert (typo["difference"], typo["low"], round(typo["high"], 3)) == (-1.0, -1.0, -0.839)
    for style, row in rows.items():
        if style != "typo":
            # Every pair alike (right both ways): 0 with an interval 30 seeds allow, not [0, 0].
            assert row["difference"] == 0.0 and row["low"] < -0.1 and row["high"] > 0.1, style
    card = {(c["testbed"], c["lang"]): c for c in report["card"]}
    assert card[("style", "en")]["metric"] == "accuracy"
    out = testset / "typo_breaker"
    gate = ["--fail-under", "accuracy@style:informal=0.9", "--fail-under", "accuracy@style:typo=0.5"]
    gated = CliRunner().invoke(app, ["report", str(out), *gate])
    assert gated.exit_code == 1
    checks = {c["testbed"]: c["passed"] for c in read_json(out / "report.json")["gating"]["checks"]}
    assert checks == {"style:informal": True, "style:typo": False}
    unknown = CliRunner().invoke(app, ["report", str(out), "--fail-under", "accuracy@noise:typo=0.5"])
    assert unknown.exit_code == 2 and "only conflict, style, position, injection have cells" in unknown.output
