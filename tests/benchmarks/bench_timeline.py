"""Benchmark: what time travel costs on Wada's pi computation (tapes/pi1000cmp, about 27
simulated minutes), side by side in one run.

- the plain run: R0 reads the compute tape and the program runs to its halt, at full speed
  (Machine.run with no limit);
- the same run through a Timeline, which takes a snapshot every 16,384 orders (the goal:
  under 1.3x the plain run);
- `back 1` at the end of that run: the nearest snapshot put back and up to 16,384 orders
  run again (the goal: under 0.2 s);
- `back-to-write 300` at the end (informative: a search replays with the history ring).

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
from pc1.machine import Timeline  # noqa: E402

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


def with_timeline() -> tuple[float, Timeline]:
    m = loaded()
    timeline = Timeline(m)
    t = time.process_time()
    stop = timeline.run()
    assert stop.reason == "halt", stop
    return time.process_time() - t, timeline


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
    best = {"plain": [], "timeline": [], "back 1": [], "back-to-write 300": []}
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
    base = min(best["plain"])
    print(f"pi1000cmp: {orders:,} orders; the timeline kept {snapshots} snapshots")
    print(f"{'contender':<20}{'best CPU s':>12}{'ratio':>9}  goal")
    goals = {"timeline": "under 1.3x the plain run", "back 1": "under 0.2 s"}
    for name, times in best.items():
        b = min(times)
        ratio = f"{b / base:8.2f}x" if name in ("plain", "timeline") else ""
        print(f"{name:<20}{b:>12.3f}{ratio:>9}  {goals.get(name, '')}")


if __name__ == "__main__":
    main()
