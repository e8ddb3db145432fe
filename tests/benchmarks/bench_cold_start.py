"""Benchmark: `pc1` as a user runs it, a fresh process each time, against `python -c pass`.

Each command runs in a new process; its CPU time (user + system) is the change in
resource.getrusage(RUSAGE_CHILDREN) across it, so start-up, imports, compiling PC-1 code
and the run itself are all counted.  The commands alternate (A B A B ...) so that a busy
spell on the machine hits all of them alike; the figure is the best of `--repeat` for each,
and the ratio is against `python -c pass` measured in the same rounds.

Goals (issue 28): `pc1 --version` <= 2.5x, `pc1 run e1000` <= 5x, `pc1 run pi1000` <= 10x,
`pc1 verify pi` <= 10x.  Run on demand:

    .venv/bin/python tests/benchmarks/bench_cold_start.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
from pathlib import Path

# the command as a user types it (the console script beside this interpreter), and the goal
# as a multiple of `python -c pass`
COMMANDS: list[tuple[str, float | None]] = [
    ("--version", 2.5),
    ("--help", None),
    ("run e1000", 5.0),
    ("run pi1000", 10.0),
    ("verify pi", 10.0),
    ("verify e", None),
]


def pc1_command() -> list[str]:
    """`pc1` beside this Python (an installed console script), else `python -m pc1`."""
    script = Path(sys.executable).with_name("pc1")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pc1"]


def cpu_of(argv: list[str]) -> float:
    """CPU seconds (user + system) of one run of argv in a fresh process; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of each command")
    parser.add_argument("--only", nargs="*", metavar="COMMAND",
                        help="measure only these pc1 commands (e.g. --only 'run e1000')")
    args = parser.parse_args()
    pc1 = pc1_command()
    wanted = [(c, g) for c, g in COMMANDS if not args.only or c in args.only]
    contenders = {"python -c pass": [sys.executable, "-c", "pass"]}
    contenders.update({f"pc1 {c}": [*pc1, *c.split()] for c, _ in wanted})
    for argv in contenders.values():  # warm-up: .pyc files written, caches of the OS filled
        cpu_of(argv)
    best = dict.fromkeys(contenders, float("inf"))
    for _ in range(args.repeat):
        for name, argv in contenders.items():
            best[name] = min(best[name], cpu_of(argv))
    base = best["python -c pass"]
    print(f"cold start, a fresh process each run: best CPU time (user + system) of "
          f"{args.repeat}, alternating; {platform.python_implementation()} "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}")
    print(f"{'':22}{'CPU ms':>9}{'x pass':>9}  goal")
    print(f"{'python -c pass':22}{base * 1000:>9.1f}{1:>8.2f}x")
    for command, goal in wanted:
        name = f"pc1 {command}"
        ratio = best[name] / base
        verdict = "" if goal is None else (f"<= {goal:g}x: {'met' if ratio <= goal else 'NOT met'}")
        print(f"{name:22}{best[name] * 1000:>9.1f}{ratio:>8.2f}x  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
