"""The headless operator: presses the buttons of `pc1 run`, streams the printed text as it
comes, keeps to an order budget and a wall-clock limit, and stops cleanly on Ctrl-C.

The machine runs in slices (Machine.run with a small order budget); after each slice the
teleprinter's new characters are written out and dropped, so a printing loop costs no memory
and a stop of any kind has already shown everything printed before it.  Slices are counted
in orders, never timed: where a slice ends decides what the machine compiles (the orders
that do not fit a compiled block run one by one), so the same run compiles the same code
at any load.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from pc1.base import InputError, stopping_on_signals
from pc1.devices import PUNCH_REEL, Tape, codes_to_text, format_numeric, read_tape
from pc1.machine import Machine, Stop, format_hms
from pc1.operator.session import Action, Session

if TYPE_CHECKING:  # a plain run neither sounds nor profiles: their modules stay unloaded
    from pc1.devices import WavStream
    from pc1.machine import Profile

# orders in a slice: well under a second even for a printing loop on a loaded machine, so
# the time limit acts soon, and it bounds the characters piled up within one slice (under
# 64 kB, a pipe's buffer, even for a loop that prints every other order; Ctrl-C stops the
# machine at once, within the slice)
SLICE_ORDERS = 100_000
OPERATOR_STOPS = ("order limit", "time limit", "interrupted")


class Press(NamedTuple):
    """What one start press did: the button, how the machine stopped, and the limit if any."""

    action: Action
    stop: Stop  # the press's own orders and cycles; reason may be one of OPERATOR_STOPS
    simulated_seconds: float

    @property
    def by_itself(self) -> bool:
        """True when the program stopped the machine (not a limit or the operator)."""
        return self.stop.by_itself


class PunchWriter:
    """Writes punched frames to a tape file as they come, in the file's format, up to a reel
    of `reel` frames (the reader's limit: what is punched can be read back); the frames
    after it are counted in `overrun`, not kept."""

    def __init__(self, stream: BinaryIO, kind: str, reel: int = PUNCH_REEL) -> None:
        self.stream, self.kind, self.reel = stream, kind, reel
        self._line: list[int] = []  # numeric format: codes waiting to fill a line of ten
        self.frames = 0  # written (or waiting in _line)
        self.overrun = 0

    def write(self, frames: list[int]) -> None:
        """Append frames to the file, as far as the reel goes."""
        room = self.reel - self.frames
        if len(frames) > room:
            self.overrun += len(frames) - max(0, room)
            frames = frames[:max(0, room)]
        self.frames += len(frames)
        if not frames:
            return
        if self.kind == "raw":
            self.stream.write(bytes(frames))
        elif self.kind == "text":
            from pc1.devices import format_ascii

            self.stream.write(format_ascii(frames).encode("ascii"))
        else:
            pending = self._line + frames
            whole = len(pending) - len(pending) % 10
            if whole:
                self.stream.write(format_numeric(pending[:whole]).encode("ascii"))
            self._line = pending[whole:]

    def close(self) -> None:
        """Write the last short line."""
        if self._line:
            self.stream.write(format_numeric(self._line).encode("ascii"))
            self._line = []


class Operator:
    """Performs operator actions on one machine for `pc1 run`."""

    def __init__(self, machine: Machine, write: Callable[[str], None], *,
                 max_orders: int | None = None, time_limit: float | None = None,
                 punch: PunchWriter | None = None, sound: WavStream | None = None,
                 progress: Callable[[int, float], None] | None = None) -> None:
        self.machine = machine
        self.write = write  # where printed text goes (stdout), already decoded
        self.max_orders = max_orders  # for the whole run, like the operator's patience
        self.time_limit = time_limit  # wall-clock seconds for the whole run
        self.punch = punch
        self.sound = sound  # FF31's changes go here as they come (--wav)
        # told (orders, simulated seconds) after each slice of a run: a long run's progress
        self.progress = progress
        self.profile: Profile | None = None  # counts the orders of the presses (--profile)
        self.presses: list[Press] = []
        self.interrupted = False
        self.speaker_changes = 0  # of flip-flop 31 in all: did the program play the speaker?
        self.ends_line = True  # the text written so far ends with a newline (or is empty)
        self._started = time.perf_counter()
        self._slice = SLICE_ORDERS
        self._orders0 = machine.orders  # the order budget counts from here
        if sound is not None:  # changes piling up within one slice go out too
            machine.speaker_sink = sound.feed

    def interrupt(self) -> None:
        """Ctrl-C: end the run after the block in progress (safe from a signal handler)."""
        self.interrupted = True
        self.machine.stop()

    def perform(self, action: Action) -> Press | None:
        """Carry out one action; a start press runs until the machine or a limit stops it."""
        m = self.machine
        if action.kind in ("initial-load", "tape"):
            tape = action.tape if isinstance(action.tape, Tape) else read_tape(action.tape)
            if action.kind == "initial-load" and not tape.frames:
                raise InputError("the tape is empty: INITIAL LOAD needs a binary tape (a start "
                                 "frame, groups of 7 frames, a closing 63)", source=tape.name)
            Session(m).perform(Action(action.kind, tape))
            return None
        {"clear-start": m.clear_start, "initial-start": m.initial_start,
         "restart": m.restart}[action.kind]()
        orders0, cycles0 = m.orders, m.cycles
        stop = self._free_run()
        press = Press(action, Stop(stop.reason, stop.address, m.orders - orders0,
                                   m.cycles - cycles0), (m.cycles - cycles0) / m.clock_hz)
        m.last_stop = press.stop  # so that --dump-state records the stop the user saw
        self.presses.append(press)
        return press

    def _free_run(self) -> Stop:
        m = self.machine
        while True:
            budget = self._slice
            if self.max_orders is not None:
                left = self.max_orders - (m.orders - self._orders0)
                if left <= 0:
                    return Stop("order limit", m.K, 0, 0)
                budget = min(budget, left)
            stop = self.profile.run(max_orders=budget) if self.profile is not None \
                else m.run(max_orders=budget)
            self.drain()
            if self.progress is not None:
                self.progress(m.orders, m.simulated_seconds)
            if self.interrupted:
                return Stop("interrupted", m.K, 0, 0)
            if stop.reason != "order limit":
                return stop
            if (self.time_limit is not None
                    and time.perf_counter() - self._started >= self.time_limit):
                return Stop("time limit", m.K, 0, 0)

    def drain(self) -> None:
        """Write out (and forget) what the teleprinter printed and punched since last time."""
        tp = self.machine.teleprinter
        if tp.printed:
            text = codes_to_text(tp.take_printed())
            if text:
                self.write(text)
                self.ends_line = text.endswith("\n")
        if tp.punched:
            if self.punch is not None:
                self.punch.write(tp.punched)
            tp.punched.clear()
        events = self.machine.speaker_events
        if events:
            self.speaker_changes += len(events)
            # written out or let go: a loop that toggles the speaker piles up no changes
            if self.sound is not None:
                self.sound.feed(events)
            events.clear()

    def end_line(self) -> None:
        """End the printed line, so a report never lands in the middle of it."""
        if not self.ends_line:
            self.write("\n")
            self.ends_line = True

    @contextmanager
    def catching_interrupts(self) -> Iterator[None]:
        """Within this block the first Ctrl-C or SIGTERM stops the machine cleanly (what was
        printed, punched and sounded is kept); a second one aborts."""
        with stopping_on_signals(self.interrupt):
            yield


def describe(press: Press, *, max_orders: int | None, time_limit: float | None) -> str:
    """The stop report of one press, e.g. 'CLEAR START e1000.ptr: halt at 76 after 437,262
    orders' or, for a stop by the operator, with cycles, simulated time and how to go on."""
    s = press.stop
    head = f"{press.action.label()}: {s.describe()} after {s.orders:,} orders"
    if s.reason not in OPERATOR_STOPS:
        return head
    why = {
        "order limit": f"the limit of {max_orders:,} orders was reached; raise it with "
                       "--max-orders N" if max_orders else "",
        "time limit": f"--time-limit {time_limit:g} s was reached; raise it with "
                      "--time-limit SECONDS" if time_limit else "",
        "interrupted": "stopped by Ctrl-C or SIGTERM",
    }[s.reason]
    return (f"{head}, {s.cycles:,} cycles, {format_hms(press.simulated_seconds)} simulated: "
            f"{why}")
