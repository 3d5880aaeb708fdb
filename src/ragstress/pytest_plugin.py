"""The pytest plugin: gate a RAG system on its robustness in a test suite, in a few lines.

Installed with ragstress (entry point `pytest11`), it gives a fixture and a marker:

    @pytest.mark.ragstress_gate("accuracy@noise=0.8", "rejection@negative=0.5", gate_on="lower")
    def test_my_rag_is_robust(ragstress_bench):
        ragstress_bench("docs", target="python:my_rag:answer", seed_file="seeds.jsonl", seeds=0)

`ragstress_bench(corpus, target=..., **bench_options)` runs `ragstress.bench` with any of its
options (`mode="e2e"`, `target_config`, `seed`, `metrics`, ...) and returns its Report. Its run
directory lives in pytest's cache (`.pytest_cache`; `.ragstress-runs` under the root directory when
the cache plugin is disabled), one per corpus, target and options, so a later test session reuses
it: bench skips every stage whose inputs are unchanged, and asks the target again only when its
fingerprint (its module's source and the project files it imports, URL or config) changed. A
misspelt option or name, a stage refusing its input, or a run in which every case failed
("all N cases failed: <first cause>") fails the test with that reason and no traceback.
`ragstress_gate` checks the gates, written as for `ragstress report --fail-under` (its
arguments, minimums) and `--fail-over` (`fail_over=[...]`, maximums, the only gate a
lower-is-better metric such as asserts_fake takes), on the last report the test's
`ragstress_bench` returned, with `gate_on="lower"` asking the whole interval to clear a gate;
a missed gate fails the test and names every gate that did not hold. A gate that cannot hold
(a misspelt option, a minimum on a lower-is-better metric) stops the session at collection
with a usage error naming the test.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from pathlib import Path
from typing import Any

import pytest

_REPORT = pytest.StashKey[Any]()
_RUN_DIR = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "ragstress_gate(*gates, fail_over=(), gate_on='point', max_error_rate=None): fail the test when the "
        "report of its ragstress_bench misses a gate such as 'accuracy@noise=0.8' (a minimum; fail_over: maxima)",
    )


def _gate_options(marker: pytest.Mark) -> dict[str, Any]:
    fail_over = marker.kwargs.get("fail_over", ())
    return {
        "fail_under": [str(gate) for gate in marker.args],
        "fail_over": [fail_over] if isinstance(fail_over, str) else [str(gate) for gate in fail_over],
        "gate_on": marker.kwargs.get("gate_on", "point"),
        "max_error_rate": marker.kwargs.get("max_error_rate"),
    }


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Check every ragstress_gate before any test runs: a gate that cannot hold is a usage error."""
    from ragstress.reports.gates.check import GATE_ON_CHOICES
    from ragstress.reports.gates.thresholds import ThresholdError, gates

    for item in items:
        marker = item.get_closest_marker("ragstress_gate")
        if marker is None:
            continue
        options = _gate_options(marker)
        unknown = set(marker.kwargs) - {"fail_over", "gate_on", "max_error_rate"}
        try:
            if unknown:
                raise ThresholdError(f"unknown option(s) {', '.join(sorted(unknown))}")
            if options["gate_on"] not in GATE_ON_CHOICES:
                raise ThresholdError(f"gate_on={options['gate_on']!r}: choose one of {', '.join(GATE_ON_CHOICES)}")
            gates(options["fail_under"], options["fail_over"], None, options["max_error_rate"])
        except ThresholdError as exc:
            raise pytest.UsageError(f"{item.nodeid}: ragstress_gate: {exc}") from None


def _run_dir(config: pytest.Config, corpus: str | Path, target: str, options: dict[str, Any]) -> Path:
    """A run directory under pytest's cache, the same for the same corpus, target and options."""
    key = json.dumps([str(Path(corpus).resolve()), target, sorted(options.items())], default=str)
    name = "ragstress-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    # `-p no:cacheprovider` leaves the config without a `cache` attribute at all.
    cache = getattr(config, "cache", None)
    if cache is not None:
        return Path(cache.mkdir(name))
    return Path(config.rootpath) / ".ragstress-runs" / name


@pytest.fixture
def ragstress_bench(request: pytest.FixtureRequest):
    """`bench(corpus, target=..., **options) -> Report`, reusing its run directory between sessions.

    `options` are `ragstress.bench`'s (mode, target_config, seed, metrics, gates...). A misspelt
    option or name, or a stage refusing its input, fails the test with the reason and no
    traceback; so does a run in which every case failed in the target ("all N cases failed: ...").
    """

    def bench(corpus: str | Path, *, target: str | None = None, **options: Any):
        import ragstress
        from ragstress.api.settings import StageFailed, input_errors
        from ragstress.core.registry import unknown_name

        taken = [name for name in inspect.signature(ragstress.bench).parameters if name not in ("corpus", "out")]
        for name in options:
            if name not in taken:
                pytest.fail(f"ragstress_bench: {unknown_name('option', name, taken)}", pytrace=False)
        out = _run_dir(request.config, corpus, target or "", options)
        try:
            report, refused = ragstress.bench(corpus, out, target=target, **options), None
        except (StageFailed, *input_errors()) as exc:
            report, refused = None, str(exc)
        if refused is not None:  # failed outside the handler: the chain of exceptions is no part of the reason
            pytest.fail(f"ragstress_bench: {refused}", pytrace=False)
        request.node.stash[_REPORT] = report
        request.node.stash[_RUN_DIR] = out
        if report.failure is not None:
            pytest.fail(f"ragstress_bench: {report.failure}", pytrace=False)
        return report

    return bench


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    outcome = yield
    marker = item.get_closest_marker("ragstress_gate")
    if marker is None:
        return outcome
    if _RUN_DIR not in item.stash:
        pytest.fail("ragstress_gate: the test never called ragstress_bench, so there is no report to gate")
    import ragstress

    report = ragstress.report(item.stash[_RUN_DIR], **_gate_options(marker), write=False)
    if not report.passed:
        pytest.fail("ragstress_gate: " + "; ".join(report.failed_checks), pytrace=False)
    return outcome
