"""`ragstress.bench` takes the options `bench_settings` defines, and shows them as its own."""

import inspect

import pytest

import ragstress
from ragstress.api.benching import bench_settings


def test_bench_shows_every_option_of_bench_settings_and_progress():
    shown = inspect.signature(ragstress.bench).parameters
    defined = inspect.signature(bench_settings).parameters
    assert list(shown)[: len(defined)] == list(defined)
    assert shown["seed"].default == 13
    assert shown["progress"].kind is inspect.Parameter.KEYWORD_ONLY


def test_a_misspelt_option_is_refused_before_any_stage_runs(tmp_path):
    with pytest.raises(TypeError, match="seedz"):
        ragstress.bench(tmp_path / "corpus", tmp_path / "out", seedz=3)
    assert not (tmp_path / "out").exists()
