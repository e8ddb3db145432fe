"""Free runs of the machine on a worker thread, reported as immutable snapshots.

Nothing here touches Textual: the app gives `post` (thread-safe) and reads the snapshots on
its own thread.  While a run is in progress only this thread touches the machine; the UI
hands it changes through `call` (tapes, punch switch), performed between chunks.

Every order runs through a `Timeline` (pc1.machine), the one the console's monitor uses too,
so that after any run the study view and the monitor's `back`, `back-to-write` and
`back-to-break` can go back along it.  A run may have limits (orders, simulated seconds,
wall-clock seconds: `Limits`), the same as `pc1 run --max-orders/--time-limit`.

At full speed only the last orders of each chunk are recorded in the trace: a record of
every order would cost the run about half its speed (tests/benchmarks/bench_timeline.py).
A run that stops among the orders run unrecorded runs its last chunk again for the trace;
every part of a chunk, and its run again, runs the same way, so that the machine's compiled
code serves them all.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from pc1.machine import Limits, Machine, Pacer, Stop, Timeline, TraceEntry, TraceRing
from pc1.machine import Snapshot as MachineState

FRAME_SECONDS = 1 / 30  # lamp refresh rate: neon-like flicker without flooding the UI
MAX_CATCH_UP_SECONDS = 0.25  # after a stall, real time resumes instead of racing to catch up
TRACE_LENGTH = 200  # orders kept in the history ring, at any speed
FIRST_CHUNK_CYCLES = 20_000  # the first chunk of a run at full speed (then about a frame)
# At full speed the run holds the GIL; a short sleep after each chunk keeps the UI (and STOP)
# responsive for a few per cent of the speed.
UI_BREATH_SECONDS = 0.002
# A frame is posted only once the UI has shown the one before (Runner.shown): a UI slower
# than the machine (a loop printing thousands of lines a second) would otherwise face a queue
# of frames growing without end, with STOP and every key waiting behind it. If the UI never
# says so (an app that does not call `shown`), a frame still goes out this often.
UNSHOWN_REPOST_SECONDS = 1.0
# ...and while a frame waits to be shown, the machine waits for it this long at most before
# it runs on: a UI that calls `shown` gets the processor (and the GIL) to draw the frame and
# answer keys; the machine loses only the time the UI needs.
UI_WAIT_SECONDS = 0.1
# The machine keeps compiled code for one way of running at a time: a run that records or
# not, has a cycle limit or not, other breakpoints or watches, compiles all its code again.
# Every part of a chunk at full speed, and a chunk run again, runs the same way (unrecorded,
# with a cycle limit; the recorded orders through the trace hook, which needs no code).
NO_CYCLE_LIMIT = 1 << 62


@dataclass(frozen=True)
class Snapshot:
    """What the panel shows at one moment."""

    A: int
    R: int
    M: int
    X: int
    K: int
    orders: int
    cycles: int
    seconds: float
    tape_name: str | None
    tape_position: int
    tape_length: int
    printed: int
    punched: int
    ff31: int
    running: bool
    rate: float = 0.0  # orders per wall-clock second in the run now going on
    stop: Stop | None = None
    run_orders: int = 0  # since the last INITIAL LOAD or CLEAR START
    run_seconds: float = 0.0  # simulated, since the same press


def take_snapshot(m: Machine, running: bool, rate: float = 0.0,
                  base: tuple[int, int] = (0, 0)) -> Snapshot:
    """A snapshot of `m` (call it on the thread that owns the machine); `base` is the
    (orders, cycles) at the press the run counters count from."""
    tape = m.tape
    return Snapshot(
        m.A, m.R, m.M, m.X, m.K, m.orders, m.cycles, m.simulated_seconds,
        tape.name if tape else None, m.tape_position, len(tape.frames) if tape else 0,
        len(m.teleprinter.printed), len(m.teleprinter.punched), m.ff31, running, rate,
        m.last_stop, m.orders - base[0], (m.cycles - base[1]) / m.clock_hz,
    )


@dataclass(frozen=True)
class Chunk:
    """Where a chunk at full speed began: the machine's state, the trace then, and the
    breakpoints and watched words it runs with (the same for its run again)."""

    start: MachineState
    before: TraceRing
    breakpoints: frozenset[int]
    watch: frozenset[int]

    def way(self, cycles: int | None = None) -> dict:
        """The run options of every part of the chunk and of its run again: the same
        breakpoints and watches, and always a cycle limit (`cycles`, else none to speak of)."""
        return {"max_cycles": _least(NO_CYCLE_LIMIT, cycles), "breakpoints": self.breakpoints,
                "watch": self.watch}


class Recorder:
    """Orders recorded into a ring through the machine's trace hook: the hook sees each order
    before it runs, with A and R as the order before left them; `close` after the run."""

    def __init__(self, machine: Machine, ring: TraceRing) -> None:
        self.machine = machine
        self.ring = ring
        self._pending: tuple[int, int] | None = None

    def __call__(self, address: int, order: int) -> None:
        """The trace hook: the order before this one is done, A and R as it left them."""
        self.close()
        self._pending = (address, order)

    def close(self) -> None:
        """The run is over: its last order, with A and R as it left them."""
        if self._pending is not None:
            m = self.machine
            self.ring.record((*self._pending, m.A, m.R))
            self._pending = None


def record(timeline: Timeline, chunk: Chunk, ring: TraceRing, orders: int | None,
           cycles: int | None) -> Stop:
    """Up to `orders` orders (within `cycles` cycles) through the timeline, each recorded in
    `ring`, run the way the chunk's unrecorded orders ran."""
    recorder = Recorder(timeline.machine, ring)
    stop = timeline.run(orders, trace=recorder, **chunk.way(cycles))
    recorder.close()
    return stop


def retrace(timeline: Timeline, chunk: Chunk) -> TraceRing:
    """The last TRACE_LENGTH orders up to now, the chunk run again from its start: the work
    is at most one chunk's, however long the run.  The machine ends as it was, with the very
    paper, punched tape and speaker's changes it had (the run again makes its own copies)."""
    m, tp = timeline.machine, timeline.machine.teleprinter
    here, end = timeline.snapshot(), m.orders
    ring = TraceRing(TRACE_LENGTH)
    ran = end - chunk.start.orders
    if ran < TRACE_LENGTH:  # the orders before the chunk are at the end of its trace
        for entry in chunk.before.raw()[ran - TRACE_LENGTH:]:
            ring.record(entry)
    kept = (tp.printed, tp.torn_off, tp.punched, tp.punch_overrun, m.speaker_events,
            m.speaker_dropped)
    # codes let go while the chunk ran cannot be cut back by going to its start: on the
    # paper kept they would be printed twice
    tp.printed, tp.punched, m.speaker_events = (list(tp.printed), list(tp.punched),
                                                list(m.speaker_events))
    try:
        timeline.restore(chunk.start)
        _replay(m, chunk, end - TRACE_LENGTH, None)
        recorder = Recorder(m, ring)
        _replay(m, chunk, end, recorder)
        recorder.close()
    finally:
        timeline.restore(here)
        (tp.printed, tp.torn_off, tp.punched, tp.punch_overrun, m.speaker_events,
         m.speaker_dropped) = kept
    return ring


def _replay(m: Machine, chunk: Chunk, to: int, recorder: Recorder | None) -> None:
    # on past a breakpoint or watch that the first run went past where its slices met
    while m.orders < to:
        first = m.orders
        m.run(to - first, trace=recorder, **chunk.way())
        if m.orders == first:
            break  # stopped where it stands (it did so the first time, too)


class Runner:
    """Runs one machine in free run, in chunks, until it stops or STOP is pressed."""

    def __init__(self, machine: Machine, post: Callable[[Snapshot], None]) -> None:
        self.machine = machine
        self.post = post
        self.history = TraceRing(TRACE_LENGTH)  # filled by the machine at full speed too
        self.timeline = Timeline(machine)  # every run goes through it: the study goes back
        self.watchpoints: frozenset[int] = frozenset()
        self.base = (machine.orders, machine.cycles)
        self._stop = threading.Event()
        self._calls: deque[Callable[[], None]] = deque()
        self._lock = threading.Lock()
        self._unshown = threading.Event()  # a frame is on its way to the UI
        self._ready = threading.Event()  # ...and the UI has shown it
        self._acknowledged = False  # the UI calls `shown` (a test's bare list does not)
        self._posted_at = 0.0
        self.running = False

    @property
    def trace(self) -> list[tuple[int, int]]:
        """The last orders run: (address, order word), oldest first."""
        return [(e.address, e.order) for e in self.history.entries()]

    def entries(self) -> list[TraceEntry]:
        """The last orders run with A and R as each left them, oldest first."""
        return self.history.entries()

    def went_back(self) -> None:
        """The machine went back along its timeline: the trace becomes the orders that led
        to where it is now (run again from the nearest snapshot; the machine's thread)."""
        m = self.machine
        self._fill_trace()
        if self.base[0] > m.orders:  # back before the press the counters start from
            self.base = (m.orders, m.cycles)

    def _fill_trace(self) -> None:
        """The trace made anew: the last orders before now, run again from a snapshot."""
        m, timeline = self.machine, self.timeline
        ring = TraceRing(TRACE_LENGTH)
        timeline.rerun(max(timeline.earliest, m.orders - TRACE_LENGTH), ring, from_before=True)
        self.history = ring

    def _full_speed(self, limit: int | None, cycles: int, room: int | None,
                    breakpoints: frozenset[int]) -> Stop:
        """A chunk of a free run at full speed: `cycles` cycles unrecorded, then up to
        TRACE_LENGTH orders recorded into a new trace (within `limit` orders and `room`
        cycles, the last TRACE_LENGTH of `limit` always recorded); the Stop of the part that
        ended it.  The trace is whole after it: if the chunk stopped among orders run
        unrecorded (a halt, a breakpoint, STOP), the chunk is run again from its start."""
        m, timeline = self.machine, self.timeline
        chunk = Chunk(timeline.snapshot(), self.history, breakpoints, self.watchpoints)
        orders0, cycles0 = m.orders, m.cycles
        bulk = None if limit is None else limit - TRACE_LENGTH
        if bulk is None or bulk > 0:
            part = timeline.run(bulk, **chunk.way(_least(cycles, room)))
            spare = None if room is None else room - (m.cycles - cycles0)
            if (part.reason not in ("cycle limit", "order limit") or m.orders == orders0
                    or (spare is not None and spare <= 0)):
                if m.orders > orders0:  # it stopped among the orders run unrecorded
                    self.history = retrace(timeline, chunk)
                return part
        # the tail goes into a ring of its own, handed over whole: the UI thread may be
        # reading the one it replaces; with nothing run unrecorded it goes on from the trace
        tail = TraceRing(TRACE_LENGTH)
        if m.orders == orders0:
            for entry in self.history.raw():
                tail.record(entry)
        begun = m.orders
        left = None if limit is None else limit - (m.orders - orders0)
        spare = None if room is None else room - (m.cycles - cycles0)
        part = record(timeline, chunk, tail, _least(TRACE_LENGTH, left), spare)
        if begun > orders0 and m.orders - begun < TRACE_LENGTH:
            self.history = retrace(timeline, chunk)
        else:
            self.history = tail
            if part.reason == "order limit" and m.orders - begun == TRACE_LENGTH:
                part = part._replace(reason="cycle limit")  # the tail's own limit: run on
        return part

    def reset_counters(self) -> None:
        """INITIAL LOAD and CLEAR START begin a new run: its counters start from here."""
        self.base = (self.machine.orders, self.machine.cycles)

    def snapshot(self, running: bool, rate: float = 0.0) -> Snapshot:
        """A snapshot with this runner's run counters."""
        return take_snapshot(self.machine, running, rate, self.base)

    def request_stop(self) -> None:
        """STOP: end the run after the block in progress (any thread)."""
        self._stop.set()
        self.machine.stop()
        self._ready.set()  # a machine waiting for the UI hears STOP at once

    @property
    def stop_requested(self) -> bool:
        """True once STOP has been pressed for the run (or slow run) in progress."""
        return self._stop.is_set()

    def clear_stop(self) -> None:
        """Forget an earlier STOP before a slow run begins."""
        self._stop.clear()

    def call(self, fn: Callable[[], None]) -> None:
        """Do `fn` on the machine now, or between chunks if a run is going on."""
        with self._lock:
            if not self.running:
                fn()
                return
            self._calls.append(fn)

    def shown(self) -> None:
        """The UI has shown the last frame posted: the next one may go (any thread)."""
        self._acknowledged = True
        self._unshown.clear()
        self._ready.set()

    def _wait_for_ui(self) -> None:
        # a frame posted more than a frame ago and not shown: the UI is behind
        if (self._acknowledged and self._unshown.is_set()
                and time.perf_counter() - self._posted_at > FRAME_SECONDS):
            self._ready.wait(UI_WAIT_SECONDS)

    def _post_frame(self, snapshot: Snapshot) -> bool:
        now = time.perf_counter()
        if self._unshown.is_set() and now - self._posted_at < UNSHOWN_REPOST_SECONDS:
            return False
        self._unshown.set()
        self._ready.clear()
        self._posted_at = now
        self.post(snapshot)
        return True

    def _drain(self) -> None:
        while self._calls:
            self._calls.popleft()()

    def begin(self) -> None:
        """Arm a run before its thread starts, so that a STOP pressed at once is not lost."""
        with self._lock:
            self._stop.clear()
            self.running = True

    def step(self, orders: int = 1, breakpoints: frozenset[int] = frozenset()) -> Stop:
        """`orders` orders (START with FREE RUN off is one), recorded in the history."""
        m = self.machine
        stop = self.timeline.run(max_orders=orders, breakpoints=breakpoints,
                                 watch=self.watchpoints, history=self.history)
        if stop.reason == "order limit":
            stop = stop._replace(reason="step")
            m.last_stop = stop
        self.post(self.snapshot(False))
        return stop

    def run(self, real_time: Callable[[], bool], breakpoints: Callable[[], frozenset[int]],
            max_orders: int | None = None, limits: Limits | None = None) -> Stop:
        """Free run on this thread; posts a snapshot every frame and one at the end.

        `real_time` and `breakpoints` are asked before every chunk, so the speed and the
        breakpoints can change during a run.  `limits` (orders, simulated and wall-clock
        seconds) end it with their own Stop reasons; `max_orders` is an order limit too.
        """
        m = self.machine
        limits = limits or Limits()
        if max_orders is not None:
            max_orders = min(max_orders, limits.orders or max_orders)
        else:
            max_orders = limits.orders
        if not self.running:
            self.begin()
        orders0, cycles0 = m.orders, m.cycles
        wall0 = time.perf_counter()
        pacer = Pacer(m.clock_hz)
        paced = False
        chunk = FIRST_CHUNK_CYCLES  # tuned below so that one chunk takes about a frame
        next_post = wall0 + FRAME_SECONDS
        stop: Stop | None = None
        try:
            while stop is None:
                with self._lock:
                    self._drain()
                if self._stop.is_set():
                    stop = Stop("stopped", m.K, m.orders - orders0, m.cycles - cycles0)
                    break
                limit = None if max_orders is None else max_orders - (m.orders - orders0)
                if limit is not None and limit <= 0:
                    stop = Stop("order limit", m.K, m.orders - orders0, m.cycles - cycles0)
                    break
                reason = limits.reached(0, (m.cycles - cycles0) / m.clock_hz,
                                        time.perf_counter() - wall0)
                if reason is not None:
                    stop = Stop(reason, m.K, m.orders - orders0, m.cycles - cycles0)
                    break
                # a simulated time limit: no chunk runs past it
                room = None if limits.simulated is None else max(
                    1, round(limits.simulated * m.clock_hz) - (m.cycles - cycles0))
                if real_time():
                    if pacer.clock_hz != m.clock_hz or not paced:
                        pacer.clock_hz = m.clock_hz
                        pacer.reset(m.cycles)
                    paced = True
                    budget = pacer.budget(m.cycles)
                    cap = int(m.clock_hz * MAX_CATCH_UP_SECONDS)
                    if budget > cap:
                        pacer.reset(m.cycles)
                        budget = cap
                    if budget <= 0:
                        time.sleep(FRAME_SECONDS / 4)
                        continue
                    part = self.timeline.run(limit, max_cycles=_least(budget, room),
                                             breakpoints=breakpoints(),
                                             watch=self.watchpoints, history=self.history)
                else:
                    paced = False
                    t = time.perf_counter()
                    part = self._full_speed(limit, chunk, room, breakpoints())
                    dt = time.perf_counter() - t
                    time.sleep(UI_BREATH_SECONDS)
                    self._wait_for_ui()
                    if dt < FRAME_SECONDS / 2:
                        chunk = min(chunk * 2, 50_000_000)
                    elif dt > FRAME_SECONDS * 1.5:
                        chunk = max(chunk // 2, 1_000)
                if part.reason not in ("cycle limit", "order limit", "stopped"):
                    stop = part._replace(orders=m.orders - orders0, cycles=m.cycles - cycles0)
                    break
                now = time.perf_counter()
                if now >= next_post and self._post_frame(
                        self.snapshot(True, (m.orders - orders0) / (now - wall0))):
                    next_post = now + FRAME_SECONDS
        finally:
            with self._lock:
                self._drain()
                self.running = False
        m.last_stop = stop
        wall = time.perf_counter() - wall0
        self.post(self.snapshot(False, stop.orders / wall if wall > 0 else 0.0))
        return stop


def _least(budget: int, cap: int | None) -> int:
    return budget if cap is None else min(budget, cap)
