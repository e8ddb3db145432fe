"""The monitor on the console: the `:` command line, the study view's requests, slow run,
tearing off the paper, and a reader that reads on when a tape arrives.

A mixin of the app (tui.app.PC1App), which provides machine, runner, say, halt,
refresh_machine, speed, limits and breakpoints.  Monitor lines run on a worker thread,
so a `go` or `step 100000` keeps the console responsive and STOP ends it; the machine runs
through the console's own runner (paced, lamps lit, history recorded).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from functools import partial
from pathlib import Path

from textual.message import Message
from textual.widgets import TabbedContent

from pc1.base import InputError
from pc1.machine import Stop
from pc1.monitor import (
    CheckFailed,
    LimitReached,
    Monitor,
    MonitorError,
    Run,
    find_verb,
    strip_comment,
)
from tui.command_line import CommandLine
from tui.memory_view import MemoryView
from tui.sources import source_map
from tui.study_dialogs import AnswerDialog
from tui.teleprinter_view import TeleprinterView

SLOW_RUN_SECONDS = 0.3  # between orders of a slow run: slow enough to follow the source
RESET_VERBS = ("initial-load", "clear-start")  # the presses that start a run's counters


class MonitorSaid(Message):
    """Answers of the monitor are waiting to be shown (posted once for many lines)."""


class MonitorConsole:
    """The console's monitor (mixed into the app)."""

    _monitor: Monitor | None = None
    _said: deque[tuple[str, str]] | None = None
    _said_posted: threading.Event | None = None
    _command_history: list[str]
    _results: list[str]

    @property
    def monitor(self) -> Monitor:
        """The console's monitor over its machine (made on first use)."""
        if self._monitor is None:
            self._monitor = Monitor(self.machine, out=self._monitor_out, root=self.root)
            self._monitor.runner = self._monitor_run
            # one timeline: the console's runs and the monitor's verbs go back along it
            self._monitor.timeline = self.runner.timeline
            self._monitor.went_back = self._went_back
            self._monitor.breakpoints = set(self.breakpoints)
            self._command_history = []
            self._results = []
        return self._monitor

    def _study(self) -> MemoryView:
        return self.console_screen.query_one(MemoryView)

    # --- the command line -----------------------------------------------------------------

    def action_command_line(self) -> None:
        """`:` asks for a monitor line."""
        self.monitor  # noqa: B018 - made on first use, with the list of earlier lines

        self.push_screen(CommandLine(self._command_history, self.run_monitor_line))

    def on_memory_view_command(self, event: MemoryView.Command) -> None:
        self.run_monitor_line(event.line, dialog=event.dialog)

    def run_monitor_line(self, line: str, dialog: bool = False):
        """Carry out one monitor line on a worker thread (after any run in progress);
        `dialog`: its answer is also shown in a dialog."""
        return self.run_worker(self._monitor_line(line, dialog), group="monitor",
                               name="monitor line")

    async def _monitor_line(self, line: str, dialog: bool = False) -> None:
        await self.halt()
        self.monitor  # noqa: B018 - made here, on the app's thread
        self._results = []
        self._study().log(f": {line}")
        word = strip_comment(line).split(" ", 1)[0]
        verb = find_verb(word) if word else None
        if verb is not None and verb.name in RESET_VERBS:
            self.runner.reset_counters()
        tape = self.machine.tape
        worker = self.run_worker(partial(self._execute, line), thread=True, group="machine",
                                 name="monitor")
        self._run_worker = worker  # STOP and app.running see it as the machine's run
        await worker.wait()
        if self.machine.tape is not tape and self.machine.tape is not None:
            self._tape_sources(self.machine.tape)
        self._after_monitor_line()
        if dialog and self._results:
            self.push_screen(AnswerDialog(line, self._results))

    def _tape_sources(self, tape) -> None:
        """A tape the monitor placed: its source lines for the study view, as OPEN gives."""
        sources = source_map(tape, Path(tape.name)) if tape.name else {}
        if sources:
            self._study().set_sources(sources)

    def _execute(self, line: str) -> None:
        try:
            self.monitor.execute(line)
        except (MonitorError, CheckFailed, LimitReached, InputError) as exc:
            self._from_thread(self.say, f": {line}: {exc}", True)
            self._from_thread(self._answer, f"  {exc}")

    def _from_thread(self, fn, *args) -> None:
        if threading.get_ident() == self._thread_id:
            fn(*args)
        else:
            self.call_from_thread(fn, *args)

    def _monitor_out(self, kind: str, text: str) -> None:
        # `examine 0-511` says 512 lines: they queue here and the UI shows them in one go,
        # without the monitor's thread waiting for the screen line by line
        if kind == "paper":
            return  # the teleprinter view shows the paper
        if self._said is None or self._said_posted is None:
            self._said, self._said_posted = deque(), threading.Event()
        self._said.append((kind, text))
        if threading.get_ident() == self._thread_id:
            self._show_said()
        elif not self._said_posted.is_set():
            self._said_posted.set()
            self.post_message(MonitorSaid())

    def on_monitor_said(self, message: MonitorSaid) -> None:
        self._show_said()

    def _show_said(self) -> None:
        """Show every answer waiting: study log, command line pane, status line."""
        if self._said is None or self._said_posted is None:
            return
        self._said_posted.clear()
        lines = []
        while self._said:
            kind, text = self._said.popleft()
            lines.append(text)
            if kind == "result":
                self._results.append(text)
        if not lines:
            return
        self._study().log("\n".join(lines))
        self._answer("\n".join(lines))
        self.say(lines[-1])

    def _monitor_run(self, run: Run) -> Stop:
        mon = self.monitor
        self.runner.watchpoints = frozenset(mon.watchpoints)
        if run.orders is not None:
            return self.runner.step(run.orders, frozenset(mon.breakpoints))
        return self.runner.run(lambda: self.speed == "real", lambda: frozenset(mon.breakpoints),
                               limits=self.limits)

    def _went_back(self) -> None:
        """The monitor went back along the timeline (its thread): the trace follows, and
        the paper is shown again from the teleprinter as it now is."""
        self.runner.went_back()
        self._paper_went_back = True

    _paper_went_back = False

    def _answer(self, text: str) -> None:
        """An answer into the command line's pane, when the command line is open."""
        for screen in self.screen_stack:
            if isinstance(screen, CommandLine):
                screen.answer(text)

    def _after_monitor_line(self) -> None:
        self._show_said()  # answers still on their way
        mon = self.monitor
        self.breakpoints = frozenset(mon.breakpoints)
        self.runner.watchpoints = frozenset(mon.watchpoints)
        self._study().set_watchpoints(mon.watchpoints)
        if self._paper_went_back:  # the paper as it was then, perhaps a sheet torn since
            self._paper_went_back = False
            self.console_screen.query_one(TeleprinterView).reset()
        self.refresh_machine()
        if len(self._results) > 1:  # several lines of answer: show them where they are logged
            self.console_screen.query_one(TabbedContent).active = "study"

    # --- slow run ---------------------------------------------------------------------------

    def on_memory_view_slow_run(self, event: MemoryView.SlowRun) -> None:
        self.run_worker(self._slow_run(), group="monitor", name="slow run")

    async def _slow_run(self) -> None:
        await self.halt()
        self.say("slow run: one order at a time, the row at K highlighted; STOP (x) ends it")
        self.runner.clear_stop()
        worker = self.run_worker(self._slow_steps, thread=True, group="machine",
                                 name="slow run")
        self._run_worker = worker
        await worker.wait()
        self.refresh_machine()

    def _slow_steps(self) -> None:
        runner = self.runner
        while not runner.stop_requested:
            runner.watchpoints = frozenset(self.monitor.watchpoints)
            stop = runner.step(1, frozenset(self.monitor.breakpoints))
            if stop.reason != "step":
                self._from_thread(self.say, f"slow run: {stop.describe()}")
                return
            time.sleep(SLOW_RUN_SECONDS)
        self._from_thread(self.say, "slow run stopped")

    # --- paper and reader -------------------------------------------------------------------

    def action_tear_paper(self) -> None:
        """Tear off the teleprinter's paper between runs."""
        monitor = self.monitor
        self.runner.call(lambda: monitor.execute("tear"))  # expect reads the new paper
        self.console_screen.query_one(TeleprinterView).reset()

    def read_on(self) -> None:
        """A tape placed while the machine waits on `i`: the reader reads on at once."""
        stop = self.machine.last_stop
        if self.running or stop is None or stop.reason != "waiting for tape":
            return
        self.say("the machine was waiting for tape: it reads on")
        self.run_worker(self.press("restart"), group="press")
