"""Benchmark: what time travel costs on Wada's pi computation (tapes/pi1000cmp, about 27
simulated minutes), side by side in one run.

- the plain run: R0 reads the compute tape and the program runs to its halt, at full speed
  (Machine.run with no limit);
- the same run through a Timeline, which takes a snapshot every 16,384 orders (the goal:
  under 1.3x the plain run);
- `back 1` at the end of that run: the nearest snapshot put back and up to 16,384 orders
  run again (the goal: under 0.2 s);
- `back-to-write 300` at the end (informative: a search replays with the history ring),
  and the same search as it was before: each order run made a TraceEntry and decoded
  (`written_by`) instead of looked up in the set of words that store into 300;
- the console's free run at full speed (tui.runner.Runner, in chunks of about a frame, the
  last 200 orders of each recorded in its trace), through its Timeline as the console runs
  it and with the timeline bypassed (every chunk straight to Machine.run, no trace filled
  again at the halt): what the snapshots cost the console;
- the console's free run as it was before, every order recorded in the trace: what
  recording only each chunk's last orders saves;
- `back 1` at the end of the console's run as the study view's `,` does it: the timeline
  goes back and the trace is filled again (the orders before, run again).

Each contender runs once untimed (the block compiler's cache warms up), then `--repeat`
times alternately; the figure is the best CPU time (time.process_time) of each.  Run on
demand:

    .venv/bin/python tests/benchmarks/bench_timeline.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pc1 import Machine, read_tape  # noqa: E402
from pc1.machine import Timeline, TraceRing  # noqa: E402

TAPES = ROOT / "tapes"


def loaded() -> Machine:
    """R0 in the store, the compute tape in the reader, CLEAR START pressed."""
    m = Machine()
    m.initial_load(read_tape(TAPES / "r0.ptw"))
    m.load_tape(read_tape(TAPES / "pi1000cmp.ptr"))
    m.clear_start()
    return m


def plain() -> tuple[float, Machine]:
    m = loaded()
    t = time.process_time()
    stop = m.run()
    assert stop.reason == "halt", stop
    return time.process_time() - t, m


def with_timeline(kind: type[Timeline] = Timeline) -> tuple[float, Timeline]:
    m = loaded()
    timeline = kind(m)
    t = time.process_time()
    stop = timeline.run()
    assert stop.reason == "halt", stop
    return time.process_time() - t, timeline


class Bypassed:
    """A runner's timeline that is no timeline: every run straight to Machine.run."""

    def __init__(self, machine: Machine) -> None:
        self.run = machine.run
        self.earliest = 0

    def rerun(self, since: int, history, *, from_before: bool = False) -> int:
        """Nothing to run again from: no snapshots (the trace stays empty)."""
        return since


class DecodingTimeline(Timeline):
    """The search back as it was before: every order run made a TraceEntry and decoded."""

    def last_write(self, address):
        from pc1.machine.timeline import Write, written_by

        def writes(entries, first):
            return [(first + i, e) for i, e in enumerate(entries)
                    if address in written_by(e.order)]

        found = self._search_back(writes)
        return None if found is None else Write(found[0], found[1].address, found[1].order)

    _replayed = staticmethod(TraceRing.entries)  # a TraceEntry made for each order


def every_order_recorded():
    """The console's runner recording every order of a free run, as it did before."""
    from tui.runner import Runner, _least

    class Recording(Runner):
        def _full_speed(self, limit, cycles, room, breakpoints):
            return self.timeline.run(limit, max_cycles=_least(cycles, room),
                                     breakpoints=breakpoints, watch=self.watchpoints,
                                     history=self.history)

    return Recording


def console(through_timeline: bool, runner_class=None):
    """The console's runner at full speed (no pacing, no UI), to the halt."""
    from tui.runner import Runner

    m = loaded()
    runner = (runner_class or Runner)(m, lambda snapshot: None)
    if not through_timeline:
        runner.timeline = Bypassed(m)
    t = time.process_time()
    stop = runner.run(lambda: False, frozenset)
    assert stop.reason == "halt", stop
    return time.process_time() - t, runner


def console_back_1(runner) -> None:
    """`,` on the study view: back one order, and the trace refilled."""
    runner.timeline.back(1)
    runner.went_back()


def timed(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    plain()
    with_timeline()  # warm
    recording = every_order_recorded()
    console(True)
    console(False)
    console(True, recording)
    best = {"plain": [], "timeline": [], "back 1": [], "back-to-write 300": [],
            "back-to-write, before": [],
            "console, bypassed": [], "console": [], "console back 1": [],
            "console, every order": []}
    orders = snapshots = 0
    for _ in range(args.repeat):
        seconds, m = plain()
        best["plain"].append(seconds)
        orders = m.orders
        seconds, timeline = with_timeline()
        best["timeline"].append(seconds)
        snapshots = len(timeline.snapshots)
        end = timeline.machine.orders
        best["back 1"].append(timed(lambda tl=timeline: tl.back(1)))
        assert timeline.machine.orders == end - 1
        _, timeline = with_timeline()
        best["back-to-write 300"].append(timed(lambda tl=timeline: tl.last_write(300)))
        found = timeline.last_write(300)
        _, timeline = with_timeline(DecodingTimeline)
        best["back-to-write, before"].append(timed(lambda tl=timeline: tl.last_write(300)))
        assert timeline.last_write(300) == found
        seconds, _ = console(False)
        best["console, bypassed"].append(seconds)
        seconds, runner = console(True)
        best["console"].append(seconds)
        end = runner.machine.orders
        best["console back 1"].append(timed(lambda r=runner: console_back_1(r)))
        assert runner.machine.orders == end - 1 and runner.entries()[-1].address != -1
        seconds, _ = console(True, recording)
        best["console, every order"].append(seconds)
    base = min(best["plain"])
    print(f"pi1000cmp: {orders:,} orders; the timeline kept {snapshots} snapshots")
    print(f"{'contender':<22}{'best CPU s':>12}{'ratio':>9}  goal")
    goals = {"timeline": "under 1.3x the plain run", "back 1": "under 0.2 s",
             "console": "under 1.3x the console bypassed", "console back 1": "under 0.2 s",
             "console, every order": "the console before: each order recorded"}
    bases = {"plain": base, "timeline": base, "console, bypassed": min(best["console, bypassed"]),
             "console": min(best["console, bypassed"]),
             "console, every order": min(best["console, bypassed"])}
    for name, times in best.items():
        b = min(times)
        ratio = f"{b / bases[name]:8.2f}x" if name in bases else ""
        print(f"{name:<22}{b:>12.3f}{ratio:>9}  {goals.get(name, '')}")


if __name__ == "__main__":
    main()
