"""The monitor's verbs for studying a run: going back in time, where the time went, who
touches a word, and one word explained.

A mixin of pc1.monitor.Monitor, which provides machine, timeline (a pc1.machine.Timeline
that every run of the monitor goes through), out, breakpoints and watchpoints; each verb is
registered in the one verb table (pc1.monitor.verbs).  The time axis is the number of
orders since CLEAR START; the answers that move the machine say where on it it now is.
`profile` and `xref` run the history again through the timeline (the PC-1 does the same
again), so no run pays for them until they are asked.
"""

from __future__ import annotations

from collections.abc import Callable

from pc1.base import InputError
from pc1.machine import (
    Observed,
    Profile,
    Reference,
    TimelineError,
    explain,
    mnemonic,
    profile_table,
    static_xref,
)
from pc1.monitor.values import MonitorError, parse_address, parse_number
from pc1.monitor.verbs import verb

XREF_SHOWN = 12  # references listed of each kind; the rest are counted


def order_text(word: int) -> str:
    """An order word as R0 writes it (`tl 300`), or its number if it is no order."""
    return mnemonic(word) or str(word)


def reference_lines(found: dict[str, list[Reference]], counted: bool) -> list[str]:
    """One line for each kind of reference: `  reads: 220 (dl 288) x45,684, ...`."""
    out = []
    for kind, refs in found.items():
        shown = [f"{r.address} ({order_text(r.order)})" + (f" x{r.times:,}" if counted else "")
                 for r in refs[:XREF_SHOWN]]
        more = f" and {len(refs) - XREF_SHOWN} more" if len(refs) > XREF_SHOWN else ""
        out.append(f"  {kind}: {', '.join(shown) or 'none'}{more}")
    return out


class StudyVerbs:
    """time, back, back-to-write, back-to-break, profile, xref, explain."""

    # told after the machine went back (on the thread that runs the verb): the console
    # refills its trace and its paper from the machine as it now is
    went_back: Callable[[], None] | None = None

    def _now(self) -> str:
        """Where the machine is on the time axis, and the order it runs next."""
        m = self.machine
        return (f"order {m.since_clear_start:,} since CLEAR START; next: "
                f"{order_text(m.memory.words[m.K])} at {m.K}")

    def _went_back(self) -> None:
        """Paper went back too: `expect` and the paper going out start from it again."""
        count = self.machine.teleprinter.printed_count
        self._expect_from = min(self._expect_from, count)
        self._paper_out = min(self._paper_out, count)
        if self.went_back is not None:
            self.went_back()

    @verb("time", "", "where the machine is on the time axis (orders since CLEAR START) and "
          "how far back the timeline reaches")
    def _time(self, arg: str) -> None:
        m, timeline = self.machine, self.timeline
        earliest = timeline.earliest - m.clear_start_orders
        kept = len(timeline.snapshots)
        self.out("result", f"{self._now()}; {m.cycles:,} cycles in all; the timeline reaches "
                 f"back to order {earliest:,} ({kept} snapshot{'' if kept == 1 else 's'}, "
                 f"one every {timeline.spacing:,} orders)")

    @verb("back", "[N]", "go back N orders (default 1): registers, store, K, reader, paper "
          "and punch exactly as they were", ("bk",))
    def _back(self, arg: str) -> None:
        n = parse_number(arg) if arg.strip() else 1
        try:
            self.timeline.back(n)
        except TimelineError as exc:
            raise MonitorError(f"back {n}: {exc}") from None
        self._went_back()
        self.out("result", f"back {n}: {self._now()}")

    @verb("back-to-write", "ADDR", "go back to just before the last order that stored into "
          "ADDR, and say which order it was")
    def _back_to_write(self, arg: str) -> None:
        if not arg.strip():
            raise MonitorError("back-to-write ADDR")
        address = parse_address(arg)
        found = self.timeline.last_write(address)
        if found is None:
            raise MonitorError(f"back-to-write {address}: no order stored into {address} "
                               f"since order {self._earliest()} (where the timeline begins)")
        self.timeline.go_to(found.time)
        self._went_back()
        self.out("result", f"back-to-write {address}: {order_text(found.order)} at "
                 f"{found.address} stored into {address} as order "
                 f"{found.time + 1 - self.machine.clear_start_orders:,}; "
                 f"now just before it: {self._now()}")

    @verb("back-to-break", "", "go back to the latest earlier point where a breakpoint or a "
          "watchpoint would have stopped the run")
    def _back_to_break(self, arg: str) -> None:
        try:
            found = self.timeline.last_stop_point(self.breakpoints, self.watchpoints)
        except TimelineError as exc:
            raise MonitorError(f"back-to-break: {exc}") from None
        if found is None:
            raise MonitorError(f"back-to-break: no break or watch would have stopped the run "
                               f"since order {self._earliest()} (where the timeline begins)")
        self.timeline.go_to(found.time)
        self._went_back()
        why = (f"breakpoint at {found.address}" if found.reason == "breakpoint"
               else f"watchpoint: word {found.address} changed")
        self.out("result", f"back-to-break: {why}; {self._now()}")

    @verb("profile", "[N]", "where the time went since CLEAR START: orders, cycles and share "
          "of simulated time by routine, by order and at the N busiest addresses (default 20)")
    def _profile(self, arg: str) -> None:
        top = parse_number(arg) if arg.strip() else 20
        if top < 1:
            raise MonitorError(f"profile takes a count of at least 1, not {top}")
        m = self.machine
        profile = Profile(m)
        # the run again, recorded (the PC-1 does the same again): no run pays for a profile
        began = self.timeline.rerun(m.clear_start_orders, profile)
        self.out("result", f"profile of orders {began - m.clear_start_orders:,} to "
                 f"{m.since_clear_start:,} since CLEAR START")
        for line in profile_table(profile, self._routines(), clock_hz=m.clock_hz, top=top):
            self.out("result", line)

    def _routines(self) -> dict[int, str] | None:
        """Address -> routine, from the annotated sources of R0 and the tape in the reader."""
        from pc1.asm import routines_for_tape

        tape = self.machine.tape
        try:
            return routines_for_tape(tape.name if tape is not None else None) or None
        except (InputError, OSError):
            return None  # a source we cannot read: the profile has no routines

    @verb("xref", "ADDR", "which orders read the word at ADDR, store into it, change its "
          "address field or jump to it: in the annotated source and as seen in the run "
          "since CLEAR START")
    def _xref(self, arg: str) -> None:
        if not arg.strip():
            raise MonitorError("xref ADDR")
        target = parse_address(arg)
        m = self.machine
        self.out("result", f"xref {target}: the word holds {order_text(m.memory.words[target])}")
        words, where = self._source_words()
        self.out("result", f"{where}:")
        for line in reference_lines(static_xref(words, target), counted=False):
            self.out("result", line)
        seen = Observed(m, target)
        # the run again, watching (the PC-1 does the same again): no run pays for this
        began = self.timeline.rerun(m.clear_start_orders, seen)
        self.out("result", f"in the run, orders {began - m.clear_start_orders:,} to "
                 f"{m.since_clear_start:,} since CLEAR START (it ran as an order "
                 f"{seen.runs:,} times):")
        for line in reference_lines(seen.references(), counted=True):
            self.out("result", line)

    def _source_words(self) -> tuple[dict[int, int], str]:
        """The words to read statically, and what they are: the annotated sources of R0 and
        the tape in the reader, else the store as it is now."""
        from pc1.asm import source_words_for_tape

        tape = self.machine.tape
        try:
            words = source_words_for_tape(tape.name if tape is not None else None)
        except (InputError, OSError):
            words = {}
        if words:
            return words, "in the annotated sources of R0 and the tape, as written"
        return dict(enumerate(self.machine.memory.words)), \
            "in the store now (no annotated source; every word read as an order)"

    @verb("explain", "[ADDR]", "the word at ADDR (default: at K, the next order) as the order "
          "it is: letter, code, cycles, meaning, what it reads, stores or jumps to, its bits")
    def _explain(self, arg: str) -> None:
        m = self.machine
        address = parse_address(arg) if arg.strip() else m.K
        lines = explain(m.memory.words[address])
        self.out("result", f"{address}: {lines[0]}")
        for line in lines[1:]:
            self.out("result", line)

    def _earliest(self) -> str:
        return f"{self.timeline.earliest - self.machine.clear_start_orders:,}"
