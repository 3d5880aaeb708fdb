"""Bench's stage progress written to a pipe: a line at the start, the estimate, the time left, the end."""

from __future__ import annotations

import io

from rich.console import Console

from ragstress.cli.progress import StageProgress, fmt_duration


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def piped() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, soft_wrap=True), out


def test_piped_progress_states_the_estimate_then_the_time_left():
    console, out = piped()
    clock = Clock()
    progress = StageProgress(console, every_s=120, clock=clock)
    progress("score", 0, 10)
    clock.now = 70.0  # the first case also paid for starting the judge
    progress("score", 1, 10)
    for done in range(2, 11):
        clock.now += 50.0
        progress("score", done, 10)
    assert out.getvalue().splitlines() == [
        "[score] scoring: 10 to go",
        # 120 s for two, then eight more at the 50 s pace since the first finished.
        "[score] scoring: about 8 min 40 s for all 10, from the first 2",
        # Then at most a line per 120 s, each with the time left at that pace.
        "[score] scoring: 5/10 in 4 min 30 s, about 4 min 10 s left",
        "[score] scoring: 8/10 in 7 min 00 s, about 1 min 40 s left",
        "[score] scoring: 10/10 in 8 min 40 s",
    ]


def test_a_new_stage_starts_its_own_count_and_an_empty_stage_says_so():
    console, out = piped()
    progress = StageProgress(console, clock=Clock())
    progress("run", 0, 1)
    progress("run", 1, 1)
    progress("score", 0, 0)
    progress.close()
    progress("run", 0, 3)  # a second bench (the demo's next language) in the same process
    assert out.getvalue().splitlines() == [
        "[run] asking the target: 1 to go",
        "[run] asking the target: 1/1 in 0 s",
        "[score] scoring: nothing to do: every case is done",
        "[run] asking the target: 3 to go",
    ]


def test_a_stage_over_before_it_settles_gets_no_estimate():
    # Its first cases may all be the cheap kind (no judged metric): an estimate from them would be far off.
    console, out = piped()
    clock = Clock()
    progress = StageProgress(console, settle_s=10, clock=clock)
    progress("score", 0, 4)
    for done in range(1, 5):
        clock.now += 0.5
        progress("score", done, 4)
    assert out.getvalue().splitlines() == ["[score] scoring: 4 to go", "[score] scoring: 4/4 in 2 s"]


def test_a_terminal_gets_a_bar_named_after_its_stage():
    out = io.StringIO()
    progress = StageProgress(Console(file=out, force_terminal=True, width=120, highlight=False), clock=Clock())
    progress("run", 0, 3)
    assert progress.bar is not None
    progress("run", 3, 3)
    progress.close()
    assert (
        "[run] asking the target: 3 to go" in out.getvalue() and "[run] asking the target \x1b[90m━" in out.getvalue()
    )
    assert progress.bar is None


def test_durations_read_short():
    assert [fmt_duration(s) for s in (0.4, 59, 61, 3599, 3725)] == [
        "0 s",
        "59 s",
        "1 min 01 s",
        "59 min 59 s",
        "1 h 02 min",
    ]
