"""Progress of long work on standard error, the same way for every command.

On a terminal a bar (rich's) appears once the work has run for TTY_DELAY seconds, so quick
commands show nothing, and goes when it ends. Off a terminal (a log, CI) a plain line is
written every PLAIN_EVERY seconds, the first after as long, and at each new stage after that.
`quiet` silences both; `eager` (a command's --progress) writes plain lines from the start, at
every stage and at each stage's end, on a terminal or not.

A `Reporter` is also the callback bignum's computations take: `reporter(stage, fraction)`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

# progress(stage, fraction): stage names the phase ("series", "divide", "digits", ...),
# fraction runs from 0.0 to 1.0 within that stage
Progress = Callable[[str, float], None]

TTY_DELAY = 1.0  # seconds of work before a bar shows on a terminal
PLAIN_EVERY = 10.0  # seconds between plain lines off a terminal
TICK = 0.1  # seconds between looks at the clock's news: updates in between cost one compare


def report(progress: Progress | None, stage: str, fraction: float) -> None:
    """Call progress if one was given (keeps the call sites free of None checks)."""
    if progress is not None:
        progress(stage, min(max(fraction, 0.0), 1.0))


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class Reporter:
    """The progress of one piece of work: `reporter(stage, fraction)` for work with a known
    end, `reporter.count(done, total)` for a count (total None when the end is unknown)."""

    def __init__(self, label: str, *, quiet: bool = False, eager: bool = False,
                 stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.quiet = quiet
        self.eager = eager and not quiet
        self.tty = not quiet and not eager and _is_terminal(self.stream)
        self.clock = clock
        self.start = clock()
        self._look = self.start  # the next time an update is looked at
        self._next_line = self.start + PLAIN_EVERY  # the next plain line (off a terminal)
        self._stage: str | None = None
        self._ended: str | None = None  # the stage whose end was written (eager)
        # (stage, fraction, done, total, unit, note): what the work said last
        self._state: tuple = ("", None, None, None, "", "")
        self._bar: Any = None
        self._task: Any = None
        self.lines = 0  # plain lines written

    # --- what the work says ------------------------------------------------------------

    def __call__(self, stage: str, fraction: float) -> None:
        """The bignum callback: `fraction` (0 to 1) of `stage` is done."""
        self._update(stage, min(max(fraction, 0.0), 1.0), None, None, "", "")

    def count(self, done: int, total: int | None = None, *, unit: str = "", note: str = "",
              stage: str = "") -> None:
        """`done` of `total` `unit` (total None: not known), then `note`."""
        self._update(stage, None, done, total, unit, note)

    def close(self, last_line: bool = True) -> None:
        """The work has ended: the bar goes; off a terminal, the last state once more if any
        line was shown (unless `last_line` is False: the caller sums up itself)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
        elif self.lines and not self.eager and last_line:
            self._line(" (done)")

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- how it is shown ---------------------------------------------------------------

    def _update(self, stage: str, fraction: float | None, done: int | None,
                total: int | None, unit: str, note: str) -> None:
        if self.quiet:
            return
        self._state = (stage, fraction, done, total, unit, note)
        new_stage = stage != self._stage
        if self.eager:
            ended = fraction == 1.0 and self._ended != stage
            if new_stage or ended:
                self._stage = stage
                self._ended = stage if fraction == 1.0 else None
                self._line()
            return
        now = self.clock()
        if now < self._look and not new_stage:
            return
        self._look = now + TICK
        if self.tty:
            self._stage = stage
            if self._bar is None and now - self.start >= TTY_DELAY:
                self._open_bar()
            if self._bar is not None:
                self._show_bar()
            return
        if now >= self._next_line or (new_stage and self.lines):
            self._stage = stage
            self._next_line = now + PLAIN_EVERY
            self._line()
        elif new_stage and self._stage is None:
            self._stage = stage

    def _counted(self) -> str:
        _, _, done, total, unit, _ = self._state
        if done is None:
            return ""
        return " ".join([f"{done:,}"] + ([f"of {total:,}"] if total is not None else [])
                        + ([unit] if unit else []))

    def _text(self) -> str:
        stage, fraction, _, _, _, note = self._state
        head = " ".join([self.label + ":"] + ([stage] if stage else [])
                        + ([f"{int(fraction * 100):3d}%"] if fraction is not None else []))
        return ", ".join([head + (" " + self._counted() if self._counted() else "")]
                         + ([note] if note else []))

    def _line(self, end: str = "") -> None:
        elapsed = self.clock() - self.start
        print(f"{self._text()}, {elapsed:.0f} s{end}", file=self.stream, flush=True)
        self.lines += 1

    def _open_bar(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        # lines the command prints meanwhile (its reports on stderr; its output too when
        # stdout is this terminal) go above the bar; a stdout sent elsewhere is left alone
        shared = _is_terminal(sys.stdout)
        self._bar = Progress(TextColumn("{task.description}"), BarColumn(),
                             TaskProgressColumn(), TextColumn("{task.fields[note]}"),
                             TimeElapsedColumn(), console=Console(file=self.stream),
                             transient=True, redirect_stdout=shared,
                             redirect_stderr=True)
        self._task = self._bar.add_task(self.label, total=None, note="")
        self._bar.start()

    def _show_bar(self) -> None:
        stage, fraction, done, total, _, note = self._state
        description = f"{self.label}: {stage}" if stage else self.label
        if fraction is not None:
            self._bar.update(self._task, description=description, total=1.0,
                             completed=fraction, note=note)
        else:
            shown = ", ".join(part for part in (self._counted(), note) if part)
            self._bar.update(self._task, description=description, total=total,
                             completed=done or 0, note=shown)
