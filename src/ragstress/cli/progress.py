"""Progress of bench's long stages (run, score): a bar with the time left, or lines a log can keep.

On a terminal the stage gets a rich bar (cases done, rate, time left), as `ragstress run` shows.
Written to a pipe or file, where a live bar cannot be drawn, it prints a line when the stage
starts, once two cases and `settle_s` seconds have passed (the estimate of the whole stage, from
its first cases' pace), then at most every `every_s` seconds with the time left, and at the end. Either way the estimate is
printed as a line, so the expected time of the stage is said before most of it runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

VERBS = {"run": "asking the target", "score": "scoring"}
"""What each stage does to a case, as its bar and lines say it."""


def fmt_duration(seconds: float) -> str:
    """'45 s', '3 min 05 s', '1 h 02 min': short enough for a progress line."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, secs = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class StageProgress:
    """A `progress(stage, done, total)` callback for run_bench; close() when the bench ends."""

    def __init__(
        self,
        console: Console,
        every_s: float = 30.0,
        settle_s: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.console, self.every_s, self.settle_s, self.clock = console, every_s, settle_s, clock
        self.estimated = False
        self.bar: Progress | None = None
        self.task = None
        self.stage: str | None = None
        self.started = self.last_line = self.first_done = 0.0

    def __call__(self, stage: str, done: int, total: int) -> None:
        now = self.clock()
        if stage != self.stage:
            self._start(stage, total, now)
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=done, total=total)
        if done == 0 or total == 0:
            return
        if done == 1:
            self.first_done = now
        elapsed = now - self.started
        if done == total:
            self._line(f"{done}/{total} in {fmt_duration(elapsed)}")
        elif not self.estimated and done >= 2 and elapsed >= self.settle_s:
            # Not from the first case alone (it also paid for the stage's start: a model, a target), nor from the
            # first instant: cases differ (a negative case has judged verdicts, a noise case may have none).
            self.estimated = True
            left = self._left(now, done, total)
            self._line(f"about {fmt_duration(elapsed + left)} for all {total}, from the first {done}")
        elif self.bar is None and now - self.last_line >= self.every_s:
            self._line(
                f"{done}/{total} in {fmt_duration(elapsed)}, about {fmt_duration(self._left(now, done, total))} left"
            )

    def _left(self, now: float, done: int, total: int) -> float:
        """Seconds left at the pace since the first case finished (the start-up cost left out once it can be)."""
        if done < 2:
            return (now - self.started) * (total - done)
        return (now - self.first_done) / (done - 1) * (total - done)

    def _start(self, stage: str, total: int, now: float) -> None:
        self.close()
        self.stage, self.started, self.last_line, self.estimated = stage, now, now, False
        self._line(f"{total} to go" if total else "nothing to do: every case is done")
        if self.console.is_terminal and total:
            self.bar = Progress(
                SpinnerColumn(),
                TextColumn(escape(f"[{stage}] {VERBS.get(stage, stage)}")),  # "[run]" is text, not a style
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                TimeElapsedColumn(),
                console=self.console,
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(stage, total=total)

    def _line(self, text: str) -> None:
        self.last_line = self.clock()
        self.console.print(f"[{self.stage}] {VERBS.get(self.stage or '', self.stage)}: {text}", markup=False)

    def close(self) -> None:
        """Take the bar down (its last state is in the stage's closing line)."""
        if self.bar is not None:
            self.bar.stop()
        self.bar, self.task, self.stage = None, None, None
