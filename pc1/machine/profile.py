"""Where the time goes: the orders of a run counted by address, by order and by routine.

A `Profile` is handed to `Machine.run(history=...)`: the compiled blocks call its `record`
after every order with `(address, order word, A, R)`, at full speed.  It counts each
(address, word) pair; the cycles are worked out afterwards from the order table (each
form's cycles, plus the shift count of `l` and `r`, plus 6 for an `i` that found no
character, which the profile sees as a reader that did not move).  Simulated time is
cycles over the clock, so a share of the cycles is a share of the simulated time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from pc1.machine.clock import format_duration
from pc1.machine.orders import BY_LETTER, decode, form_of, mnemonic
from pc1.machine.word import shift_count

if TYPE_CHECKING:
    from pc1.machine.machine import Machine
    from pc1.machine.timeline import Timeline

_I_SHORT = BY_LETTER["i"].code << 1  # the word's top 7 bits: code and l bit
_SHIFTS = {BY_LETTER["l"].code, BY_LETTER["r"].code}
_DIVIDE = BY_LETTER["d"].code
INNER_SHARE = 0.5  # a loop holding one that takes half its time or more is an outer loop
INPUT_WAIT_CYCLES = 6  # an `i` that finds no character ready (orders.py: `cy += 6`)


class Tally(NamedTuple):
    """Orders executed and the cycles they took."""

    orders: int
    cycles: int


def cycles_of(word: int) -> int:
    """The cycles an order word takes when it runs (an `i` that finds a character)."""
    cycles = form_of(word).cycles
    if (word >> 12) & 63 in _SHIFTS:
        cycles += shift_count(word & 2047)[0]
    return cycles


def order_name(word: int) -> str:
    """The order's letter with `l` for a long one (`dl`, `t`), or `halt`."""
    text = mnemonic(word)
    return "halt" if text is None else text.split()[0]


class Profile:
    """Counts of the orders a machine runs, fed by Machine.run(history=profile)."""

    def __init__(self, machine: Machine) -> None:
        self.machine = machine
        self.counts: dict[tuple[int, int], int] = {}  # (address, word) -> times run
        self.waits: dict[int, int] = {}  # address of an `i` -> times it found no character
        self._position = machine.tape_position
        counts, waits = self.counts, self.waits

        def record(entry: tuple[int, int, int, int]) -> None:
            key = entry[0], entry[1]
            counts[key] = counts.get(key, 0) + 1
            if entry[1] >> 11 == _I_SHORT:
                position = machine.tape_position
                if position == self._position:
                    waits[entry[0]] = waits.get(entry[0], 0) + 1
                self._position = position

        self.record = record  # the name Machine.run calls, as on a TraceRing

    def run(self, **options) -> object:
        """Machine.run(**options) with this profile counting (returns its Stop)."""
        self._position = self.machine.tape_position  # the reader may have moved since
        return self.machine.run(history=self, **options)

    def by_address(self) -> dict[int, Tally]:
        """Orders and cycles at each address that ran."""
        out: dict[int, list[int]] = {}
        for (address, word), n in self.counts.items():
            t = out.setdefault(address, [0, 0])
            t[0] += n
            t[1] += n * cycles_of(word)
        for address, n in self.waits.items():
            out[address][1] += n * INPUT_WAIT_CYCLES
        return {a: Tally(*t) for a, t in sorted(out.items())}

    def by_order(self) -> dict[str, Tally]:
        """Orders and cycles of each order (`d`, `vl`, ...), most cycles first."""
        out: dict[str, list[int]] = {}
        for (_, word), n in self.counts.items():
            t = out.setdefault(order_name(word), [0, 0])
            t[0] += n
            t[1] += n * cycles_of(word)
        for n in self.waits.values():
            out["i"][1] += n * INPUT_WAIT_CYCLES
        return _most_first(out)

    def by_routine(self, routines: Mapping[int, str]) -> dict[str, Tally]:
        """Orders and cycles of each routine (address -> routine name), most cycles first;
        addresses no routine holds are `(no source)`."""
        out: dict[str, list[int]] = {}
        for address, tally in self.by_address().items():
            t = out.setdefault(routines.get(address, "(no source)"), [0, 0])
            t[0] += tally.orders
            t[1] += tally.cycles
        return _most_first(out)

    def total(self) -> Tally:
        """All the orders counted and their cycles."""
        tallies = self.by_address().values()
        return Tally(sum(t.orders for t in tallies), sum(t.cycles for t in tallies))

    def division(self) -> Tally:
        """Orders and cycles of the divisions (`d` and `dl`): the PC-1's slowest order."""
        orders = cycles = 0
        for (_, word), n in self.counts.items():
            if (word >> 12) & 63 == _DIVIDE:
                orders += n
                cycles += n * cycles_of(word)
        return Tally(orders, cycles)

    def words(self) -> dict[int, int]:
        """The word run most often at each address (code there may change as it runs)."""
        best: dict[int, tuple[int, int]] = {}
        for (address, word), n in self.counts.items():
            if n > best.get(address, (0, 0))[0]:
                best[address] = (n, word)
        return {a: w for a, (_, w) in best.items()}


class Loop(NamedTuple):
    """A loop of the run: the addresses from a backward `jl`'s target to the `jl` itself,
    with the orders and cycles run there and the cycles of its divisions."""

    first: int
    last: int  # where the jl that closes it stands
    tally: Tally
    division: int  # cycles of the `d`/`dl` orders run in it


def loops(profile: Profile, top: int = 4) -> list[Loop]:
    """The loops that took most time, most first; an outer loop (one holding a loop that
    takes half its time or more) is left out, as its inner loop says where the time goes."""
    by_address = profile.by_address()
    divided: dict[int, int] = {}
    for (address, word), n in profile.counts.items():
        if (word >> 12) & 63 == _DIVIDE:
            divided[address] = divided.get(address, 0) + n * cycles_of(word)
    found: dict[tuple[int, int], Loop] = {}
    for (address, word) in profile.counts:
        if form_of(word).kind != "jump":
            continue
        target = decode(word)[2] & 511
        if target >= address:
            continue
        span = [a for a in by_address if target <= a <= address]
        tally = Tally(sum(by_address[a].orders for a in span),
                      sum(by_address[a].cycles for a in span))
        found[target, address] = Loop(target, address, tally,
                                      sum(divided.get(a, 0) for a in span))
    inner = [lp for lp in found.values()
             if not any(o is not lp and lp.first <= o.first and o.last <= lp.last
                        and o.tally.cycles >= INNER_SHARE * lp.tally.cycles
                        for o in found.values())]
    return sorted(inner, key=lambda lp: (-lp.tally.cycles, lp.first))[:top]


def findings(profile: Profile, routines: Mapping[int, str] | None = None) -> str:
    """One line: the loop that took most time, how much of it was division, and division's
    share of the whole run."""
    total = profile.total().cycles
    if not total:
        return "no orders were run" if not profile.total().orders else "no time was spent"
    parts = []
    hot = loops(profile, top=1)
    if hot:
        lp = hot[0]
        where = (routines or {}).get(lp.first)
        parts.append(f"the hottest loop is {lp.first}-{lp.last}"
                     + (f" ({where})" if where else "")
                     + f": {100 * lp.tally.cycles / total:.1f}% of the time, "
                     f"{100 * lp.division / lp.tally.cycles:.0f}% of it division")
    parts.append(f"division is {100 * profile.division().cycles / total:.1f}% of the run")
    return "; ".join(parts)


def _most_first(tallies: dict[str, list[int]]) -> dict[str, Tally]:
    return {k: Tally(*t) for k, t in sorted(tallies.items(), key=lambda kv: (-kv[1][1], kv[0]))}


def _part(part: int, whole: int) -> str:
    return f"{round(100 * part / whole) if whole else 0:>3}%"


NAME_WIDTH = 44  # the name column of the profile's tables (a longer name gets its own line)


def profile_table(profile: Profile, routines: Mapping[int, str] | None = None, *,
                  clock_hz: float, top: int = 20) -> list[str]:
    """The profile as text: totals, then by routine, by order, and the busiest addresses."""
    total = profile.total()
    if not total.orders:
        return ["profile: no orders were run"]

    def share(cycles: int) -> str:
        if not total.cycles:  # orders that take no time (a run that only halts): no shares
            return f"{'-':>7}"
        return f"{100 * cycles / total.cycles:6.2f}%"

    def rows(title: str, tallies: Mapping[str, Tally], limit: int | None = None) -> list[str]:
        out = ["", f"{title:<{NAME_WIDTH}}{'orders':>12}{'cycles':>14}{'time':>9}"]
        for name, t in list(tallies.items())[:limit]:
            if len(name.rstrip()) > NAME_WIDTH:  # the whole name on a line of its own, never cut
                out.append(name.rstrip())
                name = ""
            out.append(f"{name:<{NAME_WIDTH}}{t.orders:>12,}{t.cycles:>14,}{share(t.cycles):>9}")
        return out

    lines = [f"profile: {total.orders:,} orders, {total.cycles:,} cycles, "
             f"{format_duration(total.cycles / clock_hz)} simulated at {clock_hz:g} Hz"]
    divisions = profile.division()
    if divisions.orders:
        lines.append(f"division: {divisions.orders:,} d/dl orders, "
                     f"{share(divisions.cycles).strip()} of the time")
    hot = loops(profile)
    if hot:
        lines += rows("loops (from a backward jl to it)", {
            f"{lp.first:>3}-{lp.last:<3} {_part(lp.division, lp.tally.cycles)} division  "
            f"{(routines or {}).get(lp.first, '')}": lp.tally for lp in hot})
    if routines is not None:
        lines += rows("by routine", profile.by_routine(routines))
    lines += rows("by order", profile.by_order())
    words = profile.words()
    busiest = sorted(profile.by_address().items(), key=lambda kv: (-kv[1].cycles, kv[0]))
    named = {f"{a:>3}  {mnemonic(words[a]) or words[a]:<8} "
             f"{(routines or {}).get(a, '')}": t for a, t in busiest}
    lines += rows(f"busiest addresses (top {top})", named, top)
    return lines


@dataclass(frozen=True)
class RunProfile:
    """The profile of one stretch of a timeline's history, and where that stretch lies."""

    profile: Profile
    began: int  # Machine.orders where the counting began (a snapshot at or after `since`)
    ended: int
    clear_start: int  # Machine.orders at that run's CLEAR START: the time axis's zero
    tape_name: str | None  # the tape in the reader as it began (its routines name the table)


def twin(timeline: Timeline, until: int | None = None) -> Timeline:
    """A timeline over a fresh machine holding `timeline`'s history up to `until` (a
    snapshot's time; default now), its machine in the state of that moment.  Take it while
    the machine is not running; then replay it on any thread, the machine itself untouched."""
    from pc1.machine.machine import Machine
    from pc1.machine.timeline import Timeline

    end = timeline.snapshot() if until is None else next(
        (s for s in timeline.snapshots if s.orders == until), None)
    if end is None:
        raise ValueError(f"the timeline holds no snapshot at order {until}")
    copy = Timeline(Machine(clock_hz=timeline.machine.clock_hz), timeline.spacing,
                    timeline.keep)
    copy.restore(end)
    copy.snapshots = [s for s in timeline.snapshots if s.orders < end.orders]
    return copy


def profile_stretch(timeline: Timeline, since: int, until: int | None = None) -> RunProfile:
    """Orders `since` to `until` (default: now) of a timeline's history run again on a twin
    machine with a profile counting; the timeline's own machine is not touched."""
    copy = twin(timeline, until)
    end = copy.machine.orders
    profile = Profile(copy.machine)
    began = copy.rerun(since, profile)
    first = next((s for s in copy.snapshots if s.orders == began), None)
    if first is None:  # nothing to replay: the stretch is empty
        return RunProfile(profile, began, end, copy.machine.clear_start_orders, None)
    return RunProfile(profile, began, end, first.clear_start_orders,
                      first.tape.name if first.tape is not None else None)


def runs_of(timeline: Timeline) -> list[tuple[int, int]]:
    """The runs a timeline holds, oldest first, by their CLEAR START: (orders at it, orders
    where the run's history ends: the first snapshot of the next run, or now)."""
    firsts: dict[int, int] = {}  # clear_start_orders -> orders of its first snapshot
    for s in timeline.snapshots:
        firsts.setdefault(s.clear_start_orders, s.orders)
    starts = sorted(firsts)
    ends = [firsts[c] for c in starts[1:]] + [timeline.machine.orders]
    return [(c, e) for c, e in zip(starts, ends, strict=True) if e > firsts[c]]
