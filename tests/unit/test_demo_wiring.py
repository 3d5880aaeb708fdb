"""`ragstress demo`'s wiring: each language's bench as the API sets it up, the judge checks on English only.

The benches and the judge checks themselves are replaced by recorders here (the bundled model
would take minutes); what is checked is what the command hands them and what it prints.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ragstress.api.demo import DEMO_METRICS, DEMO_PAIRS_PER_LANG, DEMO_RATIO_POLICY, DEMO_SEEDS_PER_LANG
from ragstress.cli import app
from ragstress.cli import demo as cli_demo


def _demo(tmp_path, monkeypatch, *args: str):
    benches, checks = [], []
    monkeypatch.setenv("RAGSTRESS_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("OPENAI_BASE_URL", "RAGSTRESS_GENERATOR_BASE_URL", "RAGSTRESS_TARGET_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("RAGSTRESS_JUDGE_BASE_URL", raising=False)
    monkeypatch.setattr(cli_demo, "run_and_print", benches.append)
    monkeypatch.setattr(cli_demo, "demo_judge_checks", lambda *given: checks.append(given))
    result = CliRunner().invoke(app, ["demo", "--out", str(tmp_path / "demo"), *args])
    return result, benches, checks


def test_demo_benches_both_sample_corpora_with_the_curated_seeds_and_checks_the_judge_on_english(tmp_path, monkeypatch):
    result, benches, checks = _demo(tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert [s.out for s in benches] == [tmp_path / "demo" / "en", tmp_path / "demo" / "zh"]
    for settings, lang in zip(benches, ("en", "zh"), strict=True):
        assert settings.corpus.is_dir() and settings.corpus.parts[-3:] == ("samples", lang, "docs")
        assert settings.target == "baseline" and settings.metrics == DEMO_METRICS and settings.seeds == 0
        assert settings.ratio_policy == DEMO_RATIO_POLICY[lang]
        assert settings.cache_dir == tmp_path / "cache"
        assert all(settings.endpoints[role].is_bundled for role in ("generator", "target", "judge"))
        seeds = [json.loads(line) for line in settings.seed_file.read_text(encoding="utf-8").splitlines()]
        assert settings.seed_file == tmp_path / "demo" / f"demo-seeds-{lang}.jsonl"
        assert sum(len(s["answers"]) > 1 for s in seeds) == DEMO_PAIRS_PER_LANG
        assert sum(len(s["answers"]) <= 1 for s in seeds) == DEMO_SEEDS_PER_LANG
    # The judge checks run on English, with the shipped example labels for the curated seeds.
    [(run_dir, judge, cache, labels)] = checks
    assert run_dir == tmp_path / "demo" / "en" and judge.is_bundled
    assert cache == tmp_path / "cache" / "llm-cache.sqlite" and labels.name == "demo-labels.csv"
    flat = " ".join(result.output.split())
    assert "bundled SmolLM2-135M model" in flat and "demo took" in flat
    assert flat.count("report: ") == 2 and "report.html" in flat


def test_demo_without_curated_seeds_generates_them_and_uses_no_example_labels(tmp_path, monkeypatch):
    result, benches, checks = _demo(tmp_path, monkeypatch, "--no-curated")
    assert result.exit_code == 0, result.output
    assert [(s.seeds, s.pairs, s.seed_file) for s in benches] == [(DEMO_SEEDS_PER_LANG, DEMO_PAIRS_PER_LANG, None)] * 2
    assert checks[0][3] is None
