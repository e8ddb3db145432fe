"""Benchmark: N-queens counts, infinite queens to 10^6, the quintominal dodecahedron;
N-queens work units on 1 and 2 processes; peak memory of infinite queens streamed.

Wall-clock time (time.perf_counter) and CPU time of this process (time.process_time) of
each task, the best of a few runs for the short ones and one run for the long ones, against
the targets of issue 6; the verdict is on wall-clock time. On a busy machine the CPU time
shows what the program itself needs (the load average is printed at the start). Caches
are cleared before each quintomino run so the symmetry tables are built inside the time.
Run on demand:

    .venv/bin/python tests/benchmarks/bench_combinatorics.py [--max-n 15] [--repeat 3]

The mirror-only counter is timed up to n = 14 for comparison (n = 15 takes it ~30 s).

Scale (issue 16), in the same run unless `--skip-scale`: the n = 16 count in work units on
one and on two local worker processes (wall-clock time of one run each, the scaling ratio
beside it), and the peak resident memory of `pc1 queens --infinite 10000000` (written to
/dev/null; measured by a fresh parent process whose only child is that command, through
getrusage(RUSAGE_CHILDREN)), against the 150 MB goal.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from programs.queens.boards import count_queens, count_queens_mirror  # noqa: E402
from programs.queens.count import count_in_units  # noqa: E402
from programs.queens.executors import ProcessExecutor  # noqa: E402
from programs.queens.infinite import sweep_infinite_queens, taocp_infinite_queens  # noqa: E402
from programs.quintomino import dodecahedron  # noqa: E402
from programs.quintomino.solutions import (
    backtrack_solutions,
    equivalence_classes,
    exact_cover_solutions,
)

A000170 = {12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}
PEAK_RSS = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def units_on(jobs: int, n: int) -> tuple[int, float, float]:
    """The n-queens count in work units on `jobs` local processes:
    (count, wall seconds, CPU seconds of the worker processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    executor = ProcessExecutor(jobs)
    start = time.perf_counter()
    try:
        total = count_in_units(n, executor).total
    finally:
        executor.close()  # joins the workers, so their CPU time is counted below
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return total, wall, cpu


def infinite_peak_kib(terms: int) -> int:
    """Peak resident memory (KiB) of `pc1 queens --infinite TERMS` writing to /dev/null."""
    command = [sys.executable, "-m", "pc1", "queens", "--infinite", str(terms)]
    out = subprocess.run([sys.executable, "-c", PEAK_RSS, *command], capture_output=True,
                         text=True, check=True, cwd=Path(__file__).resolve().parents[2])
    return int(out.stdout.split()[-1])


def scale(n: int, terms: int) -> None:
    """The issue-16 figures: units on 1 and 2 processes, peak memory of streamed output."""
    print(f"\nN-queens n = {n} in work units, wall clock, one run each "
          f"(load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs):")
    times = {}
    for jobs in (1, 2):
        total, wall, cpu = units_on(jobs, n)
        ok = "" if total == A000170.get(n, total) else "  WRONG"
        times[jobs] = wall
        print(f"  {jobs} process{'es' if jobs > 1 else '  '}  {total}{ok}  {wall:8.2f} s wall"
              f"  {cpu:8.2f} s CPU in the workers")
    print(f"  scaling: 2 processes run {times[1] / times[2]:.2f}x as fast as 1 "
          "(on a machine busy with other work the second CPU is not free, and this says so)")
    kib = infinite_peak_kib(terms)
    verdict = "ok" if kib < 150 * 1024 else "OVER"
    print(f"\npc1 queens --infinite {terms}: peak resident memory {kib / 1024:.1f} MiB "
          f"(goal < 150 MB: {verdict})")


def timed(task: Callable[[], object], repeat: int) -> tuple[object, float, float]:
    """The task's result, best wall-clock and best CPU time over ``repeat`` runs."""
    best_wall = best_cpu = float("inf")
    result = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = task()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return result, best_wall, best_cpu


def infinite(generator: Callable, count: int) -> Callable[[], object]:
    def task() -> object:
        terms = list(islice(generator(), count))
        return f"q_{count - 1} = {terms[-1]}"

    return task


def quintomino(solver: Callable) -> Callable[[], object]:
    def task() -> object:
        for table in (dodecahedron.symmetries, dodecahedron._readings_by_pair,
                      dodecahedron._neighbours):  # fmt: skip
            table.cache_clear()
        solutions = list(solver())
        classes = equivalence_classes(solutions)
        return f"{len(solutions)} solutions, classes {'/'.join(str(len(c)) for c in classes)}"

    return task


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=15, help="largest board to count")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each short task")
    parser.add_argument("--units-n", type=int, default=16, help="board counted in work units")
    parser.add_argument("--terms", type=int, default=10**7, help="infinite-queens terms")
    parser.add_argument("--skip-scale", action="store_true", help="leave out the scale part")
    parser.add_argument("--only-scale", action="store_true", help="only the scale part")
    args = parser.parse_args()
    if args.only_scale:
        scale(args.units_n, args.terms)
        return 0

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rows = []
    counters = [
        ("symmetry classes", count_queens, args.max_n),
        ("mirror only", count_queens_mirror, min(args.max_n, 14)),
    ]
    for name, counter, largest in counters:
        for n in range(12, largest + 1):
            task = functools.partial(counter, n)
            result, wall, cpu = timed(task, 1 if n >= 14 else args.repeat)
            ok = "" if result == A000170.get(n, result) else "  WRONG"
            target = 5.0 if n == 14 else None
            rows.append((f"N-queens n = {n}, {name}", f"{result}{ok}", wall, cpu, target))
    for name, generator in (("seed's sweep", sweep_infinite_queens),
                            ("TAOCP Algorithm G", taocp_infinite_queens)):  # fmt: skip
        result, wall, cpu = timed(infinite(generator, 10**6), args.repeat)
        rows.append((f"infinite queens 10^6, {name}", result, wall, cpu, 5.0))
    for name, solver in (("dancing links", exact_cover_solutions),
                         ("seed's backtracking", backtrack_solutions)):  # fmt: skip
        result, wall, cpu = timed(quintomino(solver), args.repeat)
        rows.append((f"quintomino + classes, {name}", result, wall, cpu, 1.0))

    print(f"Python {platform.python_version()} on {platform.machine()}, best of {args.repeat} "
          "(one run for n >= 14)")  # fmt: skip
    print(f"load average at start: {load}")
    print(f"{'task':42} {'result':32} {'wall':>8} {'cpu':>8} {'target':>7}")
    for task, result, wall, cpu, target in rows:
        verdict = "" if target is None else ("ok" if wall < target else "SLOW")
        limit = "" if target is None else f"< {target:.0f} s"
        print(f"{task:42} {result!s:32} {wall:7.3f}s {cpu:7.3f}s {limit:>7}  {verdict}")
    if not args.skip_scale:
        scale(args.units_n, args.terms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
