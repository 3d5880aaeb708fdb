"""bench announces the LLM roles it will ask, and no other: a configured role nobody asks did not run."""

from __future__ import annotations

from pathlib import Path

from ragstress.api.benching import roles_asked
from ragstress.api.pipeline import BenchSettings
from ragstress.api.stages import endpoint

BUNDLED = {role: endpoint(role) for role in ("generator", "target", "judge")}
REMOTE_JUDGE = {**BUNDLED, "judge": endpoint("judge", "http://127.0.0.1:9/v1", "m")}


def settings(**values) -> BenchSettings:
    return BenchSettings(corpus=Path("docs"), out=Path("run"), **{"endpoints": BUNDLED, **values})


def test_curated_seeds_and_rule_metrics_ask_only_the_target():
    chosen = settings(seeds=0, seed_file=Path("seeds.jsonl"), metrics="accuracy,rejection")
    assert roles_asked(chosen) == ["target"]
    assert roles_asked(settings(seeds=None, seed_file=Path("s.jsonl"), metrics="accuracy", target="python:m:f")) == []


def test_generating_judging_or_a_remote_judge_brings_the_roles_in():
    # Generated seeds (20 by default) pass the judge's gates; a judged metric asks the judge.
    assert roles_asked(settings(metrics="accuracy")) == ["generator", "judge", "target"]
    assert roles_asked(settings(seeds=0, seed_file=Path("s.jsonl"), pairs=2, metrics="accuracy"))[0] == "generator"
    assert roles_asked(settings(seeds=0, seed_file=Path("s.jsonl"), metrics="rejection_judged")) == ["judge", "target"]
    # A judge other than the bundled model reads the noise passages unless told not to.
    remote = dict(seeds=0, seed_file=Path("s.jsonl"), metrics="accuracy", endpoints=REMOTE_JUDGE)
    assert roles_asked(settings(**remote)) == ["judge", "target"]
    assert roles_asked(settings(**remote, judge_noise=False)) == ["target"]
