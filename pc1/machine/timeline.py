"""Time travel: snapshots kept as the machine runs, and exact re-execution from the nearest.

The PC-1 is deterministic: from a given state, with a given tape in the reader, it always
does the same thing.  So going back to order t is: put back the newest snapshot taken at or
before t, and run again to t.  Nothing is undone approximately; the state reached is the
state the machine had.

The time axis is `Machine.orders`; the operator sees it counted from the last CLEAR START
(`Machine.since_clear_start`).  A snapshot holds the registers, the store, K and X, the
counters, the flip-flops, the tape in the reader and its position, and how much paper,
punched tape and speaker changes there were (paper and punch only grow between snapshots,
so going back cuts them to those lengths).

A run through `Timeline.run` starts with a snapshot if the machine is not as the last run
left it (a deposit, a button, a new tape: the operator's actions happen between runs); that
snapshot is pinned: a replay may start there but never runs across it.  Otherwise the new run
simply goes on where the last stopped (a replay goes on past that stop too), and needs no
snapshot of its own until `spacing` orders have passed since the last: a console that runs
in slices of a frame each takes no more snapshots than one long run.

Tearing off the paper goes through the timeline (`tear_paper`): the torn sheet is kept as
long as a snapshot from before the tear is (the newest `SHEETS_KEEP` sheets at most), so
going back across the tear puts back the paper as it was then.

The bound: at most `KEEP` snapshots (each is the 512-word store and some counters, about
4.5 kB: under 10 MB in all).  One is taken every `spacing` orders; when the list is full,
every other unpinned one is let go and the spacing doubles, so snapshots cover the whole run
and going back costs at most one spacing of re-execution (16,384 orders at first; after a
billion orders, some half a million).  Should pinned snapshots alone fill the list (thousands
of deposits between runs), the oldest go and the history starts later.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from pc1.machine.history import Entry, TraceRing
from pc1.machine.orders import form_of

if TYPE_CHECKING:
    from pc1.devices import Tape
    from pc1.machine.machine import Machine, Stop

SPACING = 16_384  # orders between snapshots at first
KEEP = 2048  # snapshots kept at most (the bound on memory)
SCAN_CHUNK = 65_536  # a search replays this many orders at a time into a bounded ring
SHEETS_KEEP = 8  # torn sheets kept at most (each up to twice Teleprinter.paper_keep codes)


class TimelineError(Exception):
    """A point the timeline cannot reach (before its first snapshot, or in the future)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole state of the machine after `orders` orders."""

    orders: int
    cycles: int
    clear_start_orders: int
    A: int
    R: int
    M: int
    K: int
    X: int
    words: tuple[int, ...]
    ff30: int
    ff31: int
    tape: Tape | None
    tape_position: int
    printed: int  # Teleprinter.printed_count
    punched: int
    punch_overrun: int
    speaker: int  # speaker changes so far, kept or let go
    runs: tuple[tuple[int, int], ...]  # Teleprinter.runs: each run's place on the paper
    line_open: bool
    sheet: int  # the sheet of paper in the printer: tears before this snapshot
    # the machine was changed between runs here (a deposit, a button, a tape): a replay may
    # start here but never run across it, so it is never let go while later ones are kept
    pinned: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A sheet of paper torn off at `time`, kept whole for going back across the tear."""

    time: int
    printed: list[int]
    torn_off: int
    runs: tuple[tuple[int, int], ...]
    line_open: bool


class Write(NamedTuple):
    """An order that wrote a word: the time just before it, where it was, the word run."""

    time: int
    address: int
    order: int


class Moment(NamedTuple):
    """A point where a break or a watch would have stopped the run, and why."""

    time: int
    reason: str  # breakpoint | watchpoint
    address: int  # the breakpoint's address, or the watched word that changed


def written_by(order: int) -> tuple[int, ...]:
    """The addresses an order word stores into when it runs (none for most orders)."""
    form = form_of(order)
    n = order & 511
    if form.kind == "address":
        return (n,)
    if form.kind == "store":
        return (n & 510, n | 1) if order & 0o4000 else (n,)
    return ()


@cache
def writers_of(address: int) -> frozenset[int]:
    """Every order word that stores into `address` when it runs (written_by, inverted): a
    search back tests each order run against this set instead of decoding it."""
    out = []
    for bits in range(128):
        if not written_by(bits << 11):  # an order of this kind stores nowhere
            continue
        for n in range(512):
            word = bits << 11 | n
            if address in written_by(word):
                out += [word | high << 9 for high in range(4)]
    return frozenset(out)


class Timeline:
    """Snapshots of one machine, and runs, searches and returns along its history."""

    # what a search hands its `match` of the orders run again: plain tuples, as recorded
    _replayed = staticmethod(TraceRing.raw)

    def __init__(self, machine: Machine, spacing: int = SPACING, keep: int = KEEP) -> None:
        if spacing < 1 or keep < 2:
            raise ValueError("a timeline needs a spacing of 1 or more and room for 2 snapshots")
        self.machine = machine
        self.spacing = spacing
        self.keep = keep
        self.snapshots: list[Snapshot] = []
        self._left: Snapshot | None = None  # the state the last run or replay left
        self.tears = 0  # sheets torn off so far: the number of the sheet in the printer
        self._sheets: dict[int, Sheet] = {}  # torn sheets still wanted by a snapshot
        self._sheet_now = 0  # the sheet the machine's paper is now (another while replaying)
        self._live: Sheet | None = None  # the newest sheet, while an older one is put back

    # --- snapshots ------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The machine's state now, as a snapshot (not kept)."""
        m = self.machine
        tp = m.teleprinter
        return Snapshot(m.orders, m.cycles, m.clear_start_orders, m.A, m.R, m.M, m.K, m.X,
                        tuple(m.memory.words), m.ff30, m.ff31, m.tape, m.tape_position,
                        tp.printed_count, len(tp.punched), tp.punch_overrun,
                        len(m.speaker_events) + m.speaker_dropped, tuple(tp.runs),
                        tp.line_open, self._sheet_now)

    def take(self, running: bool = False) -> None:
        """Keep a snapshot of now; it replaces any taken at the same time or later.
        `running`: taken within a run, so nothing can have changed since the last one."""
        now = self.machine.orders
        self._forget_after(now - 1)
        s = self.snapshot()
        if not running and s != self._left:
            s = replace(s, pinned=True)  # changed since the last run: replays stop here
        self.snapshots.append(s)
        if len(self.snapshots) > self.keep:
            self._thin()
        self._let_sheets_go()

    def _begin(self) -> None:
        """The snapshot a run starts with: none if it goes on seamlessly from the last run
        and the last snapshot is less than `spacing` orders old."""
        last = self.snapshots[-1] if self.snapshots else None
        if (last is not None and self._left is not None
                and self.machine.orders - last.orders < self.spacing
                and self.machine.orders == self._left.orders
                and self.snapshot() == self._left):
            return
        self.take()

    def tear_paper(self) -> None:
        """Tear off the teleprinter's paper (between runs); the sheet is kept for going back
        to a time before the tear."""
        tp = self.machine.teleprinter
        if self.snapshots:  # no snapshot from before the tear: nobody can want the sheet
            self._sheets[self.tears] = Sheet(self.machine.orders, tp.printed, tp.torn_off,
                                             tuple(tp.runs), tp.line_open)
        tp.printed = []  # the torn sheet's list stays whole
        tp.clear_paper()
        for n in sorted(self._sheets)[:-SHEETS_KEEP]:  # the bound on memory
            del self._sheets[n]
        self.tears += 1
        self._sheet_now = self.tears

    def _let_sheets_go(self) -> None:
        first = self.snapshots[0].sheet if self.snapshots else self.tears
        for n in [n for n in self._sheets if n < first]:
            del self._sheets[n]

    def _thin(self) -> None:
        """Every other snapshot goes (the first and the pinned ones stay) and the spacing
        doubles; if pinned ones alone overflow, the oldest go and the history starts later."""
        kept, drop = self.snapshots[:1], True
        for s in self.snapshots[1:-1]:
            if s.pinned or not drop:
                kept.append(s)
            if not s.pinned:
                drop = not drop
        kept.append(self.snapshots[-1])
        self.snapshots = kept[-self.keep:]
        self.spacing *= 2
        self._let_sheets_go()

    def forget(self) -> None:
        """Let every snapshot go: the machine was put in a state no run of it led to (a
        restored state), so its history begins again here."""
        self.snapshots.clear()
        self._left = None
        self._sheets.clear()

    def _forget_after(self, time: int) -> None:
        while self.snapshots and self.snapshots[-1].orders > time:
            self.snapshots.pop()

    def restore(self, s: Snapshot) -> None:
        """Put the machine in the state of a snapshot."""
        m = self.machine
        words, memory = m.memory.words, m.memory
        for a, v in enumerate(s.words):
            if words[a] != v:
                memory[a] = v  # through the store, so compiled code follows
        m.A, m.R, m.M, m.K, m.X = s.A, s.R, s.M, s.K, s.X
        m.orders, m.cycles, m.clear_start_orders = s.orders, s.cycles, s.clear_start_orders
        m.ff30, m.ff31 = s.ff30, s.ff31
        m.tape, m.tape_position = s.tape, s.tape_position
        tp = m.teleprinter
        if s.sheet != self._sheet_now:
            self._change_sheet(s)
        tp.runs[:] = s.runs
        tp.line_open = s.line_open
        keep = s.printed - tp.torn_off
        if 0 <= keep <= len(tp.printed):  # else the operator tore off that paper since
            del tp.printed[keep:]
        if s.punched <= len(tp.punched):
            del tp.punched[s.punched:]
            tp.punch_overrun = s.punch_overrun
        keep = s.speaker - m.speaker_dropped
        if 0 <= keep <= len(m.speaker_events):
            del m.speaker_events[keep:]

    def _change_sheet(self, s: Snapshot) -> None:
        """Put in the printer the sheet that was there at the time of snapshot s (a torn
        one, copied so that the kept sheet stays as it was torn, or the newest one back)."""
        tp, sheet = self.machine.teleprinter, s.sheet
        if self._sheet_now == self.tears:  # the newest sheet goes aside, whole
            self._live = Sheet(self.machine.orders, tp.printed, tp.torn_off, tuple(tp.runs),
                               tp.line_open)
        paper = self._live if sheet == self.tears else self._sheets.get(sheet)
        if paper is None:  # a sheet let go (SHEETS_KEEP): what it held is not kept
            tp.printed, tp.torn_off = [], s.printed
        else:
            tp.printed = paper.printed if sheet == self.tears else list(paper.printed)
            tp.torn_off = paper.torn_off
        if sheet == self.tears:
            self._live = None
        self._sheet_now = sheet

    def _settle_sheets(self) -> None:
        """After going back across tears: they are in the future that is forgotten."""
        if self._sheet_now != self.tears:
            for n in [n for n in self._sheets if n >= self._sheet_now]:
                del self._sheets[n]
            self.tears = self._sheet_now
            self._live = None

    # --- running --------------------------------------------------------------------------

    def run(self, max_orders: int | None = None, *, max_cycles: int | None = None,
            **options) -> Stop:
        """Machine.run (same options and Stop), taking a snapshot every `spacing` orders."""
        m = self.machine
        self._begin()
        orders0, cycles0 = m.orders, m.cycles
        self._left = None  # until this run ends
        while True:
            want = self.spacing - (m.orders - self.snapshots[-1].orders)
            if max_orders is not None:
                want = min(want, orders0 + max_orders - m.orders)
            cycles = None if max_cycles is None else max_cycles - (m.cycles - cycles0)
            stop = m.run(max_orders=want, max_cycles=cycles, **options)
            if stop.reason != "order limit" or (
                    max_orders is not None and m.orders - orders0 >= max_orders):
                break
            if m._stop_requested:  # STOP pressed as the slice ended: the next would forget it
                stop = stop._replace(reason="stopped", address=m.K)
                break
            self.take(running=True)
        self._left = self.snapshot()  # a next run from here goes on seamlessly
        stop = stop._replace(orders=m.orders - orders0, cycles=m.cycles - cycles0)
        m.last_stop = stop
        return stop

    @property
    def earliest(self) -> int:
        """The earliest time the timeline can go back to."""
        if not self.snapshots:
            return self.machine.orders
        return self.snapshots[0].orders

    def go_to(self, time: int) -> None:
        """Put the machine in its exact state after `time` orders (earliest <= time <= now)."""
        m = self.machine
        now = m.orders
        if time > now:
            raise TimelineError(f"order {time - m.clear_start_orders:,} is in the future "
                                f"(now: {m.since_clear_start:,})")
        if time < self.earliest:
            raise TimelineError(self._too_early(time))
        if time == now:
            return
        self.take()  # now (a deposit since the last run pins it)
        self._replay_to(self._nearest(time), time)
        self._forget_after(time)
        self._settle_sheets()
        self._left = self.snapshot()  # the history's own state at `time`

    def back(self, n: int) -> int:
        """Undo n orders; returns the new time (Machine.orders)."""
        if n < 0:
            raise TimelineError(f"back takes a count of 0 or more, not {n}")
        self.go_to(self.machine.orders - n)
        return self.machine.orders

    def _too_early(self, time: int) -> str:
        m = self.machine
        return (f"the timeline begins at order {self.earliest - m.clear_start_orders:,} "
                f"since CLEAR START; order {time - m.clear_start_orders:,} is before it")

    def _nearest(self, time: int) -> Snapshot:
        return next(s for s in reversed(self.snapshots) if s.orders <= time)

    def _replay_to(self, s: Snapshot, time: int, **options) -> None:
        """From snapshot s, run again to `time` (no operator action lies between: a run that
        stopped was simply started again, so the replay goes on past its stops)."""
        self.restore(s)
        m = self.machine
        while m.orders < time:
            first = m.orders
            m.run(max_orders=time - first, **options)
            if m.orders == first:
                break

    # --- searches -------------------------------------------------------------------------

    def last_write(self, address: int) -> Write | None:
        """The last order before now that stored into `address` (t, tl or x), or None."""
        writers = writers_of(address & 511)

        def writes(entries: list[Entry], first: int) -> list[tuple[int, object]]:
            return [(first + i, e) for i, e in enumerate(entries) if e[1] in writers]

        found = self._search_back(writes)
        if found is None:
            return None
        time, e = found
        return Write(time, e[0], e[1])

    def last_stop_point(self, breakpoints: Iterable[int] = (),
                        watchpoints: Iterable[int] = ()) -> Moment | None:
        """The latest point before now where a break (before the order at it) or a watch
        (right after an order changed the word) would have stopped the run, or None."""
        bps = frozenset(a & 511 for a in breakpoints)
        wps = frozenset(a & 511 for a in watchpoints)
        if not bps and not wps:
            raise TimelineError("no breakpoints or watchpoints are set")

        def breaks(entries: list[Entry], first: int) -> list[tuple[int, object]]:
            return [(first + i, Moment(first + i, "breakpoint", e[0]))
                    for i, e in enumerate(entries) if e[0] in bps]

        found = self._search_back(breaks, wps)
        return None if found is None else found[1]

    @contextmanager
    def _now_kept(self) -> Iterator[Snapshot]:
        """Within it the machine may be run again from any snapshot; after it, it is as it
        was now (a snapshot of now, and the paper, punch and speaker as they are)."""
        m = self.machine
        self.take()
        here = self.snapshots[-1]
        # going back only shortens the paper, the punched tape and the speaker's changes;
        # coming back to now needs them as they are
        tp = m.teleprinter
        kept = (list(tp.printed), tp.torn_off, list(tp.punched), tp.punch_overrun,
                list(m.speaker_events), m.speaker_dropped)
        try:
            yield here
        finally:
            self.restore(here)
            (tp.printed[:], tp.torn_off, tp.punched[:], tp.punch_overrun,
             m.speaker_events[:], m.speaker_dropped) = kept
            m.last_stop = None

    def rerun(self, since: int, history, *, from_before: bool = False) -> int:
        """Run the history again from the first snapshot at or after `since` to now, with
        `history` (a TraceRing, or a Profile, whose own `run` is used) recording it; the
        machine ends as it was.  Returns the time the rerun began at.  `from_before`: from
        the last snapshot at or before `since` instead (a ring of the last orders)."""
        m = self.machine
        run = getattr(history, "run", None) or (lambda **o: m.run(history=history, **o))
        with self._now_kept() as here:
            if from_before:
                since = max([s.orders for s in self.snapshots if s.orders <= since],
                            default=since)
            stretch = [s for s in self.snapshots if s.orders >= since]
            # snapshot to snapshot: an operator's action between runs is in the next one
            for s, end in zip(stretch, [t.orders for t in stretch[1:]] + [here.orders],
                              strict=True):
                self.restore(s)
                while m.orders < end:
                    first = m.orders
                    stop = run(max_orders=end - first)
                    if stop.reason != "order limit" and m.orders == first:
                        break
            return stretch[0].orders if stretch else here.orders

    def _search_back(self, match: Callable[[list[Entry], int], list[tuple[int, object]]],
                     watch: frozenset[int] = frozenset()) -> tuple[int, object] | None:
        """The latest (time, what) before now that `match` finds in the orders run (or a
        watched word changes), searching back one snapshot at a time; the machine is left
        as it was now."""
        with self._now_kept() as here:
            end = here.orders
            for s in reversed(self.snapshots):
                if s.orders >= end:
                    continue
                best = self._scan(s, end, match, watch)
                if best is not None:
                    return best
                end = s.orders
            return None

    def _scan(self, s: Snapshot, end: int, match, watch: frozenset[int]):
        """Replay from s to `end`; the latest find in that stretch, or None."""
        m = self.machine
        self.restore(s)
        best = None
        while m.orders < end:
            first = m.orders
            ring = TraceRing(min(SCAN_CHUNK, end - first))
            stop = m.run(max_orders=ring.capacity, history=ring, watch=watch)
            found = match(self._replayed(ring), first)
            if found:
                best = max(found, key=lambda f: f[0])
            if stop.reason == "watchpoint" and m.orders < end:
                best = max(best or (-1, None), (m.orders, Moment(m.orders, "watchpoint",
                                                                 stop.watched)),
                           key=lambda f: f[0])
            elif m.orders == first:
                break  # stopped where it stands (it did so before, too)
        return best
