"""The publishable front of a report: header in words, results card, rule-set labels, methods, PDF errors."""

from __future__ import annotations

import importlib.util
import json
import re
import stat
from pathlib import Path

import pytest

from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.types import Score
from ragstress.reports.compare import compare_runs
from ragstress.reports.describe import host_of, prompt_set_digest, target_in_words
from ragstress.reports.model import Estimate, PromptRef
from ragstress.reports.render.compare_render import write_comparison
from ragstress.reports.render.labels import fmt_estimate
from ragstress.reports.render.pdf import BROWSER_ENV, PdfError, find_browser, no_browser_message, print_pdf
from ragstress.reports.render.writer import write_report
from ragstress.scoring.scorer import judge_prompt_identities

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)

SHA = "8f02c1d9" + "ab" * 28
BASELINE_TARGET = {
    "spec": "baseline",
    "kind": "baseline",
    "model": {
        "role": "target",
        "model": "qwen2.5-7b-instruct",
        "base_url": "https://user:hunter2@llm.example.org:8443/v1?key=sk-secret",
        "bundled": False,
        "source": "flag",
        "api_key": "set",
    },
    "prompts": [
        {"id": pid, "lang": lang, "version": 1, "sha": SHA}
        for pid in ("baseline_system", "baseline_user", "baseline_closed_book")
        for lang in ("en", "zh")
    ],
}


def _patch_json(path: Path, **fields) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    write_json(path, {**data, **fields})


@pytest.fixture
def baseline_run(tmp_path: Path) -> Path:
    """The fixture run as a baseline target with RGB-exact twins scored and judge prompts recorded."""
    run = make_runs.write_run(tmp_path / "run", "fragile")
    _patch_json(run / "run.json", target=BASELINE_TARGET)
    _patch_json(run / "score.json", target=BASELINE_TARGET, judge_prompts=judge_prompt_identities({"en", "zh"}))
    scores = read_records(run / "scores.jsonl", Score)
    twins = [
        Score(case_id=s.case_id, metric=s.metric + "_rgb", value=0.0, label="rgb")
        for s in scores
        if s.metric in ("accuracy", "rejection", "error_detection")
    ]
    write_records(run / "scores.jsonl", scores + twins)
    return run


def test_target_in_words_names_kind_model_and_host_without_secrets():
    words = target_in_words(BASELINE_TARGET)
    assert words == "The built-in baseline RAG chain, answering with model qwen2.5-7b-instruct at llm.example.org:8443"
    http = target_in_words({"kind": "http", "spec": "https://u:pw@rag.example.com/ask?api_key=sk-1"})
    assert http == "An HTTP endpoint at rag.example.com"
    assert host_of("not a url") is None and host_of("http://127.0.0.1:9/v1") == "127.0.0.1:9"


def test_header_card_and_rule_sets_in_report_json_and_md(baseline_run):
    result = write_report(baseline_run)
    report = json.loads(result.paths["report.json"].read_text(encoding="utf-8"))
    header = report["header"]
    assert header["target_summary"].startswith("The built-in baseline RAG chain")
    assert [(p["id"], p["lang"], p["sha8"]) for p in header["target_prompts"]][:2] == [
        ("baseline_system", "en", "8f02c1d9"),
        ("baseline_system", "zh", "8f02c1d9"),
    ]
    assert header["judge_prompts"] and all(p["id"].startswith("judge_") for p in header["judge_prompts"])
    assert "RGB-exact rules (evalue.py)" in header["rule_sets"]

    card = {(row["testbed"], row["lang"]): row for row in report["card"]}
    assert set(card) == {
        (t, lang) for t in ("noise", "negative", "integration", "counterfactual") for lang in ("en", "zh", "all")
    }
    # The "all" rows are the section headlines themselves; counterfactual is its known subset.
    assert card[("noise", "all")]["headline"] == report["noise"]["overall"]
    assert card[("negative", "all")]["headline"] == report["negative"]["rejection"]
    assert card[("counterfactual", "all")]["headline"] == report["counterfactual"]["error_detection"]
    assert card[("noise", "en")]["headline"]["n"] == 6 and card[("counterfactual", "zh")]["headline"]["n"] == 1
    assert card[("noise", "all")]["rgb_exact"]["metric"] == "accuracy_rgb"
    assert card[("noise", "all")]["rgb_exact"]["value"] == 0.0
    assert card[("integration", "en")]["rule_set"] == "default negation-aware rules"

    md = result.paths["report.md"].read_text(encoding="utf-8")
    first_section = md[md.index("\n## ") :].splitlines()[1]
    assert first_section == "## Results card · 结果摘要"
    card_block = md[md.index("## Results card") : md.index("## Run")]
    assert "RGB-exact" in card_block and fmt_estimate(_noise_overall(report)) in card_block
    header_block = md[md.index("## Run") : md.index("## Noise robustness")]
    assert "{'" not in header_block and "[{" not in header_block and "hunter2" not in md and "sk-secret" not in md
    assert "baseline_user (zh) v1 · 8f02c1d9" in header_block and "<details>" in header_block
    # Each judged metric names its judge and prompt version; each _rgb metric its rule set.
    methods = md[md.index("## Methods") :]
    digest = prompt_set_digest([PromptRef.model_validate(p) for p in header["judge_prompts"]])
    versions = ", ".join(sorted({str(p["version"]) for p in header["judge_prompts"]}))
    rule = (
        f"Rule set: judge SmolLM2-135M-Instruct, judge prompt set {digest} (versions {versions}; listed in the header)."
    )
    assert re.search(r"rejection_judged\): .* " + re.escape(rule), methods)
    rejection_zh = next(p for p in header["judge_prompts"] if p["id"] == "judge_rejection" and p["lang"] == "zh")
    assert f"judge_rejection (zh) v{rejection_zh['version']} · " in header_block
    assert "(accuracy_rgb): " in methods and "Rule set: RGB-exact rules (evalue.py)." in methods


def _noise_overall(report: dict) -> Estimate:
    return Estimate.model_validate(report["noise"]["overall"])


def test_methods_are_built_from_the_run_records_in_both_languages(baseline_run):
    write_json(
        baseline_run / "testset.json",
        {
            "random_seed": 13,
            "sources": [{"file": "/data/en_refine.json", "kind": "plain", "records": 300}],
            "seeds": {"total": 2, "by_origin": {"rgb": 2}, "two_part": 0},
            "cases": {"total": 24},
        },
    )
    report = write_report(baseline_run).report
    notes = {note.key: note for note in report.methods}
    assert list(notes) == ["testset", "metrics", "intervals", "known_subset", "excluded"]
    for note in notes.values():
        assert note.text_en and len(note.text_en) == len(note.text_zh)
        assert all(re.search(r"[\u4e00-\u9fff]", text) for text in note.text_zh), note.key
    testset = " ".join(notes["testset"].text_en)
    assert "2 seed questions imported from RGB data: en_refine.json (plain, 300)." in testset
    assert (
        "Random seed 13." in testset
        and "Noise ratios (share of passages that do not hold the answer): 0, 0.4, 0.8, 1." in testset
    )
    assert "3 of 4 cases here" in notes["known_subset"].text_en[0]
    assert "count as not passing" in notes["excluded"].text_en[0]
    assert "Cluster bootstrap: 2000 resamples" in " ".join(notes["intervals"].text_en)
    excluded = write_report(baseline_run, errors_as_failures=False).report.methods[-1]
    assert "are left out of every rate" in excluded.text_en[0]


def test_scorer_records_every_judge_prompt_identity_per_language():
    found = judge_prompt_identities({"en", "zh", "mixed"})
    assert {p["lang"] for p in found} == {"en", "zh"}
    assert {p["id"] for p in found if p["lang"] == "en"} == {p["id"] for p in found if p["lang"] == "zh"}
    assert all(p["id"].startswith("judge_") and len(p["sha"]) == 64 and p["version"] >= 1 for p in found)


def test_compare_carries_both_cards_side_by_side(tmp_path):
    runs = [make_runs.write_run(tmp_path / name, name) for name in ("fragile", "robust")]
    comparison, reports = compare_runs(runs)
    row = next(r for r in comparison.card if (r.testbed, r.lang) == ("negative", "all"))
    assert [e.value for e in row.estimates] == [0.0, 1.0] and row.rgb_exact == []
    assert [e.value for e in row.estimates] == [rep.negative.rejection.value for rep in reports]
    paths = write_comparison(comparison, reports, tmp_path / "cmp")
    md = paths["compare.md"].read_text(encoding="utf-8")
    assert "| fragile: Value [95% CI] | robust: Value [95% CI] |" in md
    assert "- **robust**: An HTTP endpoint at rag.example.com" in md
    assert json.loads(paths["compare.json"].read_text(encoding="utf-8"))["card"][0]["testbed"] == "noise"
    assert 'id="card"' in paths["compare.html"].read_text(encoding="utf-8")


def test_pdf_without_a_browser_says_how_to_get_one(monkeypatch, tmp_path):
    monkeypatch.setenv(BROWSER_ENV, str(tmp_path / "no-such-browser"))
    assert find_browser() is None
    assert "no-such-browser is not an executable file" in no_browser_message()
    monkeypatch.setenv(BROWSER_ENV, "")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_browser() is None and "apt-get install chromium" in no_browser_message()


def test_a_browser_that_prints_nothing_is_an_error_and_leaves_no_pdf(tmp_path):
    fake = tmp_path / "fake-chromium"
    fake.write_text("#!/bin/sh\necho 'GPU process crashed' >&2\nexit 3\n", encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    html = tmp_path / "report.html"
    html.write_text("<p>x</p>", encoding="utf-8")
    with pytest.raises(PdfError, match=r"wrote no PDF .* \(exit 3\): GPU process crashed"):
        print_pdf(html, tmp_path / "report.pdf", str(fake))
    assert not (tmp_path / "report.pdf").exists()


def test_python_api_exposes_the_card_and_refuses_a_pdf_without_html_or_browser(baseline_run, monkeypatch, tmp_path):
    import ragstress

    unwritten = ragstress.report(baseline_run, write=False)
    assert unwritten.card == unwritten.model.card and len(unwritten.card) == 12
    with pytest.raises(FileNotFoundError, match="report.html was not written"):
        unwritten.write_pdf()
    written = ragstress.report(baseline_run)
    monkeypatch.setenv(BROWSER_ENV, str(tmp_path / "absent"))
    with pytest.raises(PdfError, match="absent is not an executable file"):
        written.write_pdf()
    assert not (baseline_run / "report.pdf").exists()


def test_methods_and_header_for_a_generated_test_set(baseline_run):
    generator = {
        "role": "generator",
        "model": "qwen2.5-14b",
        "base_url": "https://llm.example.org/v1",
        "bundled": False,
    }
    write_json(
        baseline_run / "testset.json",
        {
            "random_seed": 7,
            "options": {"noise_mode": "hard", "judge_noise": True},
            "seeds": {"total": 2, "by_origin": {"generated": 1, "curated": 1}},
            "gates": {
                "round_trip": {"tried": 10, "passed": 6},
                "answerable": {"tried": 6, "passed": 1},
                "seed_file": {"tried": 2, "passed": 1},
            },
            "models": {"generator": generator},
        },
    )
    report = write_report(baseline_run).report
    assert report.header.generator == "model qwen2.5-14b at llm.example.org"
    testset = report.methods[0]
    assert "1 seed questions from a curated seed file (1 of 2 entries kept after validation)." in testset.text_en
    assert (
        "1 seed questions generated from the corpus by qwen2.5-14b, each kept only after passing the "
        "verification gates (passed/tried: round_trip 6/10; answerable 1/6)." in testset.text_en
    )
    assert any(
        t.startswith("Noise passages are the corpus chunks nearest") and "A judge also screened" in t
        for t in testset.text_en
    )
    assert any("校验关卡（通过/尝试：round_trip 6/10; answerable 1/6）" in t for t in testset.text_zh)


def test_a_language_with_no_known_counterfactual_fact_keeps_its_card_row(tmp_path):
    run = make_runs.write_run(tmp_path / "run", "fragile")
    scores = read_records(run / "scores.jsonl", Score)
    unknown = [
        s.model_copy(update={"value": 0.0})
        if s.metric == "closed_book_accuracy" and s.case_id.startswith("cf-zh")
        else s
        for s in scores
    ]
    write_records(run / "scores.jsonl", unknown)
    report = write_report(run).report
    rows = {r.lang: r.headline for r in report.card if r.testbed == "counterfactual"}
    assert (rows["zh"].value, rows["zh"].n) == (None, 0) and rows["en"].n == rows["all"].n == 2
    assert (
        "| Counterfactual robustness (known closed-book) · 反事实鲁棒性（闭卷已知子集） | Chinese · 中文 | "
        "Error detection (phrase) · 错误检测（短语） | — (none scored) | 0 |"
        in (run / "report.md").read_text(encoding="utf-8")
    )
