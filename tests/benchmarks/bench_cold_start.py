"""Benchmark: `pc1` as a user runs it, a fresh process each time, against `python -c pass`.

Each command runs in a new process; its CPU time (user + system) is the change in
resource.getrusage(RUSAGE_CHILDREN) across it, so start-up, imports, compiling PC-1 code
and the run itself are all counted.  The commands alternate (A B A B ...) so that a busy
spell on the machine hits all of them alike; the figure is the best of `--repeat` for each,
and the ratio is against `python -c pass` measured in the same rounds.

Each pc1 command is measured twice: compiling its PC-1 code afresh (PC1_CODE_CACHE=off, the
first run ever) and with that code kept on disk by an earlier run (pc1/machine/code_cache.py,
in a folder of its own filled by the warm-up: what a user meets from the second run on).

`pc1` is measured as a user has it: this checkout's wheel, built and installed into a fresh
virtual environment (tests/wheel_venv.py, offline, some seconds), and `python -c pass` is that
environment's Python.  `--editable` measures the checkout's own .venv instead: its editable
install's import hook makes every start of that Python, `python -c pass` included, some 20 ms
slower, so its ratios flatter pc1 (`python -c pass` 30-38 ms there, 13-16 ms in the wheel's
environment).  The children run with their `.pyc` files written and read
(PYTHONDONTWRITEBYTECODE dropped from their environment), as an installed wheel has them.

Goals (issue 28): `pc1 --version` <= 2.5x, `pc1 run e1000` <= 5x, `pc1 run pi1000` <= 10x,
`pc1 verify pi` <= 10x.  `--against DIR` measures another checkout's `pc1` (its wheel, or
DIR/.venv/bin/pc1 with --editable; e.g. the main tree before a change) in the same rounds, so
the two are compared under the same load. On a machine too busy for CPU times to agree from
one run to the next, `--instructions` counts the instructions each command executes instead
(valgrind's callgrind, one run each, some 50 times slower): the same count however busy the
machine, so two trees compare exactly; its ratios are not the goals' (start-up runs far
fewer instructions a millisecond than the machine's inner loops do).  Run on demand:

    .venv/bin/python tests/benchmarks/bench_cold_start.py [--repeat 7] [--against /work/main]
    .venv/bin/python tests/benchmarks/bench_cold_start.py --editable
    .venv/bin/python tests/benchmarks/bench_cold_start.py --instructions --only 'run e1000'
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
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


# the environment of every child: bytecode files kept, as an installed wheel has them
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


ROOT = Path(__file__).resolve().parents[2]


def editable_pc1(checkout: Path) -> tuple[list[str], str]:
    """(`pc1` of a checkout's own .venv, that environment's Python)."""
    script = checkout / ".venv" / "bin" / "pc1"
    if not script.exists():
        raise SystemExit(f"{checkout}: no {script} (make its .venv first)")
    return [str(script)], str(script.with_name("python"))


def wheel_pc1(checkout: Path, base: Path) -> tuple[list[str], str]:
    """(`pc1` of the checkout's wheel installed into a fresh environment, its Python)."""
    sys.path.insert(0, str(ROOT))
    from tests.wheel_venv import InstallFailed, install_wheel

    try:
        bin_dir, _, _ = install_wheel(base, checkout)
    except InstallFailed as exc:
        raise SystemExit(str(exc)) from None
    return [str(bin_dir / "pc1")], str(bin_dir / "python")


def cpu_of(argv: list[str], cache: str) -> float:
    """CPU seconds (user + system) of one run of argv in a fresh process; it must succeed."""
    env = {**ENVIRONMENT, "PC1_CODE_CACHE": cache}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions_of(argv: list[str], cache: str) -> float:
    """Millions of instructions one run of argv executes (valgrind's callgrind count)."""
    env = {**ENVIRONMENT, "PC1_CODE_CACHE": cache}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    counted = re.search(rb"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or counted is None:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[-500:]}")
    return int(counted.group(1)) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of each command")
    parser.add_argument("--only", nargs="*", metavar="COMMAND",
                        help="measure only these pc1 commands (e.g. --only 'run e1000' version; "
                        "an option such as --version without its dashes)")
    parser.add_argument("--against", metavar="DIR",
                        help="also measure DIR/.venv/bin/pc1 (another checkout) in each round")
    parser.add_argument("--editable", action="store_true",
                        help="measure the checkout's .venv (editable install) instead of its "
                        "wheel in a fresh environment")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions (valgrind) instead of CPU time: one run each")
    args = parser.parse_args()
    measure, unit, scale = cpu_of, "ms", 1000.0
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions: valgrind is not installed")
        measure, unit, scale, args.repeat = instructions_of, "M", 1.0, 1
    wanted = [(c, g) for c, g in COMMANDS
              if not args.only or c in args.only or c.removeprefix("--") in args.only]
    with tempfile.TemporaryDirectory(prefix="bench-cold-start-") as cached:
        checkouts = {"": ROOT}
        if args.against:
            checkouts[f" [{Path(args.against).name}]"] = Path(args.against).resolve()
        trees: dict[str, list[str]] = {}
        pythons = []
        for n, (tag, checkout) in enumerate(checkouts.items()):
            pc1, python = (editable_pc1(checkout) if args.editable
                           else wheel_pc1(checkout, Path(cached, f"wheel{n}")))
            trees[tag] = pc1
            pythons.append(python)
        # the base is the Python that runs this checkout's pc1, started with nothing to do
        contenders = {"python -c pass": ([pythons[0], "-c", "pass"], "off")}
        for tag, pc1 in trees.items():
            # each tree its own code cache: a cache filled by the other never helps it
            kept = os.path.join(cached, f"tree{len(contenders)}")
            for command, _ in wanted:
                argv = [*pc1, *command.split()]
                contenders[f"pc1 {command}{tag}"] = (argv, "off")
                contenders[f"pc1 {command}{tag} (cached)"] = (argv, kept)
        for argv, cache in contenders.values():  # warm-up: .pyc written, the code cache filled
            cpu_of(argv, cache)
        best = dict.fromkeys(contenders, float("inf"))
        for _ in range(args.repeat):
            for name, (argv, cache) in contenders.items():
                best[name] = min(best[name], measure(argv, cache))
    base = best["python -c pass"]
    what = ("instructions executed (millions), one run each" if args.instructions else
            f"best CPU time (user + system) of {args.repeat}, alternating")
    where = ("the checkout's .venv (editable install)" if args.editable
             else "its wheel installed in a fresh environment")
    print(f"cold start, a fresh process each run: {what}; pc1 from {where}; "
          f"{platform.python_implementation()} {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'':20}{'compiling':>20}{'code cached':>22}  goal")
    print(f"{'python -c pass':20}{base * scale:>10.1f} {unit:<2}{1:>7.2f}x")
    for command, goal in wanted:
        for tag in trees:
            names = (f"pc1 {command}{tag}", f"pc1 {command}{tag} (cached)")
            cells = [f"{best[n] * scale:>10.1f} {unit:<2}{best[n] / base:>7.2f}x" for n in names]
            verdict = ""
            if goal is not None and not args.instructions:  # the goals are CPU-time ratios
                met = [best[n] / base <= goal for n in names]
                verdict = (f"<= {goal:g}x: compiling {'met' if met[0] else 'NOT met'}, "
                           f"cached {'met' if met[1] else 'NOT met'}")
            print(f"{'pc1 ' + command + tag:20}{cells[0]}  {cells[1]}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
