"""The pytest plugin gates a scripted RAG function in a suite of its own (README's example among its tests),
and reuses its answers next time."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ragstress import corpora

SAMPLES = Path(corpora.__file__).parent / "samples" / "en"

RAG = """
def answer(request):
    passages = " ".join(request.contexts or [])
    return "1889" if "1889" in passages else "I can not answer the question."
"""

MISSED = """
import pytest


@pytest.mark.ragstress_gate("accuracy@noise=0.9", gate_on="lower")
def test_answers_under_noise(ragstress_bench):
    report = ragstress_bench("docs", target="python:rag:answer", seed_file="seeds.jsonl", seeds=0,
                             metrics="accuracy,rejection")
    assert report.rate("rejection", "negative") == 1.0
"""


def readme_example() -> str:
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("## Gating in pytest", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    return block


def test_the_plugin_gates_a_scripted_target_and_reuses_its_answers(pytester):
    seeds = (SAMPLES / "seeds.jsonl").read_text(encoding="utf-8").splitlines()[:3]
    pytester.makefile(".jsonl", seeds="\n".join(seeds) + "\n")
    shutil.copytree(SAMPLES / "docs", pytester.path / "docs")
    pytester.makepyfile(rag=RAG, test_readme=readme_example(), test_missed=MISSED)
    pytester.syspathinsert()

    first = pytester.runpytest_subprocess("-q")
    first.assert_outcomes(passed=1, failed=1)  # README's gates hold; accuracy@noise=0.9 on the interval does not
    first.stdout.fnmatch_lines(["*ragstress_gate: *accuracy@noise*0.9*"])

    (run_dir,) = [p for p in (pytester.path / ".pytest_cache" / "d").iterdir() if p.name.startswith("ragstress-")]
    asked = (run_dir / "responses.jsonl").read_text(encoding="utf-8")
    again = pytester.runpytest_subprocess("-q")
    again.assert_outcomes(passed=1, failed=1)
    stages = json.loads((run_dir / "bench.json").read_text(encoding="utf-8"))["stages"]
    assert stages["generate"]["skipped"], stages  # the test set was not made again
    assert (run_dir / "responses.jsonl").read_text(encoding="utf-8") == asked  # nor the target asked again


UPSIDE_DOWN = """
import pytest


@pytest.mark.ragstress_gate("accuracy@noise=0.8", "asserts_fake@conflict:1=0.5")
def test_adoption(ragstress_bench):
    raise AssertionError("never run: the gate is refused at collection")
"""


def test_a_minimum_on_a_lower_is_better_metric_is_a_usage_error_before_any_test(pytester):
    pytester.makepyfile(test_gate=UPSIDE_DOWN)
    result = pytester.runpytest_subprocess("-q")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "ERROR: test_gate.py::test_adoption: ragstress_gate: --fail-under asserts_fake@conflict:1=0.5: "
            "asserts_fake is lower-is-better*--fail-over asserts_fake@conflict:1=0.5*"
        ]
    )
    assert "Traceback" not in result.stderr.str() + result.stdout.str()
    pytester.makepyfile(
        test_gate=UPSIDE_DOWN.replace('"asserts_fake@conflict:1=0.5"', 'fail_over=["asserts_fake=0.5"]')
    )
    collected = pytester.runpytest_subprocess("-q", "--collect-only")
    assert collected.ret == pytest.ExitCode.OK, collected.stderr.str()
