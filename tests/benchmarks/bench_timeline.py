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
  it and with the timeline bypassed (every chunk straight to Machine.run, no snapshots):
  what the snapshots cost the console;
- the console's free run as it was before, every order recorded in the trace: what
  recording only each chunk's last orders saves;
- both again in chunks sized to 1 ms frames, as small as a starved process makes them (a
  chunk is sized by wall-clock time): the few orders each chunk records cost more there, but
  no part of a chunk makes the machine compile its code again (each did, in an earlier
  version: 4,167 compiles of e-1000's blocks instead of 11, the run 25 times slower);
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
SMALL_FRAME = 0.001  # seconds: chunks as small as a loaded machine makes them


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


class Bypassed(Timeline):
    """A runner's timeline that keeps no snapshots: every run straight to Machine.run (the
    trace at the halt is still made again, from the chunk's own start)."""

    def run(self, max_orders: int | None = None, **options):
        """Machine.run: no snapshot taken, no state compared."""
        return self.machine.run(max_orders, **options)


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


def console(through_timeline: bool, runner_class=None, frame: float | None = None):
    """The console's runner at full speed (no pacing, no UI), to the halt; `frame`: the
    frame its chunks are sized to (small, as a loaded machine makes them), if not its own."""
    from tui import runner as module

    m = loaded()
    runner = (runner_class or module.Runner)(m, lambda snapshot: None)
    if not through_timeline:
        runner.timeline = Bypassed(m)
    own = module.FRAME_SECONDS
    module.FRAME_SECONDS = frame or own
    try:
        t = time.process_time()
        stop = runner.run(lambda: False, frozenset)
        seconds = time.process_time() - t
    finally:
        module.FRAME_SECONDS = own
    assert stop.reason == "halt", stop
    return seconds, runner


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
    console(True, frame=SMALL_FRAME)
    console(True, recording, SMALL_FRAME)
    best = {"plain": [], "timeline": [], "back 1": [], "back-to-write 300": [],
            "back-to-write, before": [],
            "console, bypassed": [], "console": [], "console back 1": [],
            "console, every order": [], "console, 1 ms frames": [],
            "every order, 1 ms frames": []}
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
        seconds, _ = console(True, frame=SMALL_FRAME)
        best["console, 1 ms frames"].append(seconds)
        seconds, _ = console(True, recording, SMALL_FRAME)
        best["every order, 1 ms frames"].append(seconds)
    base = min(best["plain"])
    print(f"pi1000cmp: {orders:,} orders; the timeline kept {snapshots} snapshots")
    print(f"{'contender':<26}{'best CPU s':>12}{'ratio':>9}  goal")
    goals = {"timeline": "under 1.3x the plain run", "back 1": "under 0.2 s",
             "console": "under 1.3x the console bypassed", "console back 1": "under 0.2 s",
             "console, every order": "the console before: each order recorded",
             "console, 1 ms frames": "informative: against the console before, same chunks",
             "every order, 1 ms frames": "the console before, in such chunks"}
    bases = {"plain": base, "timeline": base, "console, bypassed": min(best["console, bypassed"]),
             "console": min(best["console, bypassed"]),
             "console, every order": min(best["console, bypassed"]),
             "console, 1 ms frames": min(best["every order, 1 ms frames"]),
             "every order, 1 ms frames": min(best["every order, 1 ms frames"])}
    for name, times in best.items():
        b = min(times)
        ratio = f"{b / bases[name]:8.2f}x" if name in bases else ""
        print(f"{name:<26}{b:>12.3f}{ratio:>9}  {goals.get(name, '')}")


if __name__ == "__main__":
    main()
