"""The monitor: one command language for `pc1 script` and the console's command line.

Each verb is defined once with its usage, help and aliases (pc1/monitor/verbs.py holds the
table; `help` and docs/monitor.md are drawn from it, as py65's monitor does).  The verbs of
the panel and devices live in pc1/monitor/panel.py, those of the store in
pc1/monitor/store.py, those that study a run (going back in time, the profile, xref, explain) in
pc1/monitor/study.py, saving and restoring the machine in pc1.monitor.study_save.py, the
checks and scripts here.  The monitor holds the operator's state
around the machine (breakpoints, watchpoints, the punch file, how far `expect` has read the
paper); running the machine is left to `runner`, which a script does at once
(Monitor.perform) and the console does on its worker thread, paced and with STOP.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from pc1.base import InputError, confined_path, expand_user, read_text_file
from pc1.devices import (
    PAPER_KEEP,
    PUNCH_REEL,
    Tape,
    codes_for_characters,
    codes_to_text,
    read_tape,
    tape_path,
    write_tape,
)
from pc1.machine import Machine, Stop, Timeline
from pc1.monitor.panel import PanelVerbs
from pc1.monitor.store import StoreVerbs
from pc1.monitor.study import StudyVerbs
from pc1.monitor.study_save import StateVerbs
from pc1.monitor.values import MonitorError, evaluate
from pc1.monitor.verbs import (
    VERBS,
    CheckFailed,
    Interrupted,
    LimitReached,
    Run,
    find_verb,
    help_lines,
    strip_comment,
    unquote,
    verb,
)

__all__ = ["VERBS", "CheckFailed", "Interrupted", "LimitReached", "Monitor", "Run", "find_verb",
           "help_lines", "strip_comment"]

CHUNK_ORDERS = 2_000_000  # a run checks the wall-time limit at least this often
FIRST_CHUNK = 100_000  # then doubled or halved so that a chunk takes about CHUNK_SECONDS
CHUNK_SECONDS = 0.05  # so that Ctrl-C, the time limit and the paper act at once
MAX_DEPTH = 8  # `do` inside `do`: deep enough for real use, shallow enough to catch a loop

Output = Callable[[str, str], None]  # (kind, text); kind: result | paper | report


class Monitor(PanelVerbs, StoreVerbs, StudyVerbs, StateVerbs):
    """The operator's command language over one machine."""

    def __init__(self, machine: Machine | None = None, *, folder: Path | None = None,
                 max_orders: int | None = None, time_limit: float | None = None,
                 out: Output | None = None, root: Path | None = None) -> None:
        self.machine = machine if machine is not None else Machine()
        self.root = root  # a served console's folder: no file outside it is read or written
        # every run goes through it, so `back` and the searches can reach the whole study
        self.timeline = Timeline(self.machine)
        self.folder = folder if folder is not None else (root or Path.cwd())
        self.max_orders = max_orders
        self.time_limit = time_limit
        self.out: Output = out or (lambda kind, text: None)
        self.runner: Callable[[Run], Stop] = self.perform
        # told (orders, simulated seconds) after each chunk of a run: a long run's progress
        self.progress: Callable[[int, float], None] | None = None
        self.breakpoints: set[int] = set()
        self.watchpoints: set[int] = set()
        self.punch_file: Path | None = None
        self.orders_used = 0
        self.started = time.monotonic()
        tp = self.machine.teleprinter
        # how far `expect` has read the paper, and how far it has gone out (printed_count)
        self._expect_from = self._paper_out = tp.printed_count
        self._line_ended = True
        if tp.paper_keep is None:  # a script may run for hours
            tp.paper_keep = PAPER_KEEP
        if tp.punch_reel is None:
            tp.punch_reel = PUNCH_REEL
        self._depth = 0
        self.interrupted = False

    def interrupt(self) -> None:
        """Ctrl-C or SIGTERM: end the run after the block in progress (safe from a signal
        handler); the run is reported, its paper and punch kept, and the script ends."""
        self.interrupted = True
        self.machine.stop()

    # --- lines and scripts ------------------------------------------------------------------

    def execute(self, line: str) -> None:
        """Carry out one line; MonitorError if it is not understood."""
        text = strip_comment(line)
        if not text:
            return
        word, _, rest = text.partition(" ")
        v = find_verb(word)
        if v is None:
            raise MonitorError(f"unknown verb {word!r} (help lists the verbs)")
        v.do(self, rest.strip())

    def run_text(self, text: str, source: str) -> None:
        """Carry out a script's lines; a bad line raises InputError naming source and line."""
        for number, line in enumerate(text.splitlines(), 1):
            try:
                self.execute(line)
            except MonitorError as exc:
                raise InputError(str(exc), source=source, where=f"line {number}") from None
            except (CheckFailed, LimitReached, Interrupted) as exc:
                if getattr(exc, "placed", False):
                    raise
                placed = type(exc)(f"{source}: line {number}: {exc}")
                placed.placed = True  # type: ignore[attr-defined]
                raise placed from None

    def run_file(self, path: Path) -> None:
        """Carry out a script file; its relative paths are relative to its folder."""
        # a script is written by hand; a bigger file is refused unread
        text = read_text_file(path, 1_000_000, "a monitor script")
        folder, self.folder = self.folder, path.parent
        self._depth += 1
        try:
            self.run_text(text, str(path))
        finally:
            self.folder = folder
            self._depth -= 1

    def resolve(self, name: str, *, writing: bool = False) -> Path:
        """A file named in a line: beside the script (or here), else one of our tapes.

        With a root (the served console) a path outside it is refused, in one line, and a
        file to write is never one of our tapes (they are outside it).
        """
        path = expand_user(name)
        if not path.is_absolute():
            here = self.folder / path
            shipped = not (writing and self.root is not None)
            if shipped and not here.exists() and path.name == name and tape_path(name).exists():
                return tape_path(name)  # our shipped tapes are package data, readable anywhere
            path = here
        try:
            return confined_path(path, self.root)
        except InputError as exc:
            raise MonitorError(str(exc)) from None

    def _tape(self, name: str) -> Tape:
        if not name:
            raise MonitorError("name a tape file")
        path = self.resolve(unquote(name))
        try:
            return read_tape(path)
        except InputError as exc:
            raise MonitorError(str(exc)) from None
        except OSError as exc:
            raise MonitorError(f"{path}: {exc.strerror or exc}") from None

    # --- running --------------------------------------------------------------------------

    def perform(self, run: Run) -> Stop:
        """Run the machine here and now, within the order and wall-time limits."""
        m = self.machine
        budget = None if self.max_orders is None else self.max_orders - self.orders_used
        deadline = None if self.time_limit is None else self.started + self.time_limit
        orders = cycles = 0
        chunk = min(FIRST_CHUNK, CHUNK_ORDERS)
        # a chunk that ends where a breakpoint is reports the breakpoint (the machine looks
        # for breakpoints before limits), so chunks never step over one
        while True:
            want = chunk
            for cap in (run.orders, budget):
                if cap is not None:
                    want = min(want, cap - orders)
            if want <= 0:
                reason = "step" if run.orders is not None and orders >= run.orders \
                    else "order limit"
                stop = Stop(reason, m.K, orders, cycles)
                break
            t0 = time.monotonic()
            part = self.timeline.run(max_orders=want, breakpoints=self.breakpoints,
                                     **self._watch_argument())
            elapsed = time.monotonic() - t0
            if elapsed < CHUNK_SECONDS / 2:
                chunk = min(CHUNK_ORDERS, chunk * 2)
            elif elapsed > CHUNK_SECONDS * 2:
                chunk = max(1_000, chunk // 2)
            self._paper_goes_out()  # as it is printed: a long run shows its paper at once
            if self.progress is not None:
                self.progress(m.orders, m.simulated_seconds)
            orders += part.orders
            cycles += part.cycles
            if self.interrupted:
                stop = Stop("interrupted", m.K, orders, cycles)
                break
            if part.reason != "order limit":
                stop = part._replace(orders=orders, cycles=cycles)  # keeps a watch's word
                break
            if deadline is not None and time.monotonic() > deadline:
                stop = Stop("time limit", m.K, orders, cycles)
                break
        m.last_stop = stop
        return stop

    def _paper_goes_out(self) -> None:
        """Send out what was printed since the last time (what is still kept)."""
        tp = self.machine.teleprinter
        text = codes_to_text(tp.printed_since(self._paper_out))
        self._paper_out = tp.printed_count
        if text:
            self.out("paper", text)
            self._line_ended = text.endswith("\n")

    def _watch_argument(self) -> dict:
        return {"watch": frozenset(self.watchpoints)} if self.watchpoints else {}

    def start(self, run: Run) -> Stop:
        """Run through `runner`, then show what was printed and how the machine stopped."""
        m = self.machine
        before = m.teleprinter.printed_count
        punched = len(m.teleprinter.punched)
        overrun = m.teleprinter.punch_overrun
        stop = self.runner(run)
        self.orders_used += stop.orders
        self._paper_goes_out()
        if m.teleprinter.printed_count > before and not self._line_ended:
            self.out("paper", "\n")  # the report after the paper starts on a line of its own
            self._line_ended = True
        self.out("report", f"{run.label}: {stop.describe()} after {stop.orders:,} orders")
        if self.punch_file is not None and len(m.teleprinter.punched) != punched:
            self._save_punch()
        if m.teleprinter.punch_overrun > overrun:
            self.out("report", f"punch: the reel is full at {len(m.teleprinter.punched):,} "
                               f"frames; {m.teleprinter.punch_overrun:,} more are not kept")
        if stop.reason == "interrupted":
            raise Interrupted(f"stopped by Ctrl-C or SIGTERM at {m.K} (what was printed and "
                              "punched is kept)")
        if stop.reason == "time limit":
            raise LimitReached(f"wall-time limit of {self.time_limit:g} s reached "
                               "(raise it with --time-limit SECONDS)")
        if stop.reason == "order limit" and self.max_orders is not None \
                and self.orders_used >= self.max_orders:
            raise LimitReached(f"order limit of {self.max_orders:,} orders reached "
                               "(raise it with --max-orders N)")
        return stop

    def _save_punch(self) -> None:
        """The punched tape so far, written whole to the punch file (never our own tapes)."""
        try:
            write_tape(self.punch_file, self.machine.teleprinter.punched)
        except InputError as exc:
            raise MonitorError(str(exc)) from None
        except OSError as exc:
            raise MonitorError(f"{self.punch_file}: {exc.strerror or exc}") from None

    def _press(self, label: str, press: Callable[[], None]) -> None:
        press()
        self.start(Run(label, None if self.machine.free_run else 1))

    # --- the verbs: checks and scripts --------------------------------------------------------

    @verb("expect", "TEXT", "the teleprinter must have printed TEXT (after what the last "
          "expect matched); else the script fails")
    def _expect(self, arg: str) -> None:
        want = unquote(arg)
        if not want:
            raise MonitorError("expect TEXT")
        tp = self.machine.teleprinter
        codes = tp.printed_since(self._expect_from)
        rest = codes_to_text(codes)
        at = rest.find(want)
        if at < 0:
            if not rest:
                since = " since the last match" if tp.printed_count else ""
                raise CheckFailed(f"expect {want!r}: nothing printed{since}")
            tail = rest[-60:].replace("\n", "\\n")
            kept = f"; only the newest {len(tp.printed):,} characters are kept" \
                if tp.torn_off > self._expect_from else ""
            raise CheckFailed(f"expect {want!r}: not printed (the paper since the last match "
                              f"ends {tail!r}{kept})")
        self._expect_from = max(self._expect_from, tp.torn_off) + codes_for_characters(
            codes, at + len(want))
        self.out("report", f"expect {want!r}: printed")

    @verb("assert", "LEFT OP RIGHT", "check registers, mem[ADDR], long[ADDR], orders with "
          "== != < > <= >=; else the script fails")
    def _assert(self, arg: str) -> None:
        holds, shown = evaluate(self.machine, arg)
        if not holds:
            raise CheckFailed(f"assert {arg.strip()}: {shown}")
        self.out("report", f"assert {arg.strip()}: holds")

    @verb("echo", "TEXT", "print TEXT")
    def _echo(self, arg: str) -> None:
        self.out("result", unquote(arg))

    @verb("do", "FILE", "carry out the lines of a script file")
    def _do(self, arg: str) -> None:
        if not arg:
            raise MonitorError("do FILE")
        if self._depth >= MAX_DEPTH:
            raise MonitorError(f"do nested deeper than {MAX_DEPTH} (does a script call itself?)")
        path = self.resolve(unquote(arg))
        if not path.is_file():
            raise MonitorError(f"{path}: no such script")
        self.run_file(path)

    @verb("help", "[VERB]", "list the verbs, or the help of one", ("?",))
    def _help(self, arg: str) -> None:
        for line in help_lines(arg):
            self.out("result", line)
