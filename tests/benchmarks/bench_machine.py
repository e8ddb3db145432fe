"""Benchmark: orders per second in max mode on the four pi_1000 tapes (1.72 million orders).

Side by side in one run, warm against warm: each contender runs the whole pi computation
once untimed (our machine fills its code cache, the interpreter its caches), then
`--repeat` times alternately; the figure is the best CPU time (time.process_time) of each.

- pc1.Machine: compiled blocks and regions (the goal: 12 M orders/s, moonshot 20 M);
- pc1.Machine recording a history ring of 1,024 entries (`run(history=...)`), the cost of
  the study view's trace at full speed (goal: under 2x the plain run);
- pc1.Machine with a watchpoint on a word the program never changes (14, a constant);
- pc1.Machine with a breakpoint at an address the program never reaches (500: the console's
  and `pc1 verify`'s runs have one; only code starting there may run apart);
- a straightforward fetch-decode-execute interpreter written here (the ratio's base);
- the same interpreter with its registers in local variables (a fairer plain interpreter).

Then the cold run, as a user meets it: a fresh process imports pc1 and runs the four tapes
once, compiling as it goes; its CPU time is reported whole (RUSAGE_CHILDREN: start-up,
imports, compiling and running) and for the run alone (compiling included), best of
`--repeat`, beside the locals interpreter in a fresh process too.

`--against DIR` runs another checkout's machine (DIR/.venv/bin/python with DIR's pc1, e.g.
/work/main before a change) warm in a process of its own, in the same alternating rounds and
with the same warm-up and statistic, so that the two figures meet the same load.

PyPy: run this script under `pypy3` if one implementing Python >= 3.11 (the project's
requires-python) is installed; the script says which interpreter it found.  Run on demand:

    .venv/bin/python tests/benchmarks/bench_machine.py [--repeat 7] [--against /work/main]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pc1 import Machine, read_tape  # noqa: E402
from pc1.devices.tape import decode_initial_load  # noqa: E402
from pc1.machine import word as w  # noqa: E402
from pc1.machine.history import TraceRing  # noqa: E402

# the pi_1000 tapes: ../shared beside the repository, or $PC1_PI_TAPES (--tapes sets it, so
# that the fresh processes of the cold runs find them too)
TAPES = Path(os.environ.get("PC1_PI_TAPES")
             or ROOT.parent / "shared" / "third_party" / "pc1onunity")
PI_TAIL = "18577805321712268066130019278766111959092164201989"
ORDERS = 1_723_498


class PlainInterpreter:
    """One order at a time through an if-chain: the straightforward way."""

    def __init__(self) -> None:
        self.mem = [0] * 512
        self.A = self.R = 0
        self.K = 0
        self.orders = 0
        self.printed: list[int] = []

    def run(self, limit: int = 10_000_000) -> None:
        mem = self.mem
        while self.orders < limit:
            order = mem[self.K]
            k = self.K
            self.K = (k + 1) & 511
            self.orders += 1
            op, long, n = order >> 12, order & 0o4000, order & 2047
            if long:
                e = n & 510
                m = mem[e] << 18 | mem[e + 1]
            else:
                m = mem[n & 511] << 18
            a, r = self.A, self.R
            if op == 24:
                self.A = (a + m) & w.MASK36
            elif op == 20:
                self.A = (a - m) & w.MASK36
            elif op == 13:
                self.A = m
            elif op == 6:
                self.A = -m & w.MASK36
            elif op == 14:
                self.A = a & m
            elif op == 19:
                self.A = a ^ m
            elif op == 29:
                self.A, self.R = r, m
            elif op == 1:
                if long:
                    mem[e], mem[e + 1] = a >> 18, a & w.MASK18
                else:
                    mem[n & 511] = a >> 18
            elif op == 23:
                x = n & 511
                mem[x] = (mem[x] & 0o774000) | ((a >> 18) & 2047)
            elif op in (9, 10):
                c, back = w.shift_count(n)
                left = (op == 9) != back
                if long:
                    self.A, self.R = (w.shift_long_left(a, r, c) if left else
                                      w.shift_long_right(a, r, c, op == 10))
                else:
                    self.A = (w.shift_short_left(a, c) if left else
                              w.shift_short_right_arith(a, c) if op == 10 else a >> c)
            elif op == 15:
                self.A, self.R = w.multiply(a, m)
            elif op == 25:
                self.A, self.R = (w.multiply_add(a, m, r) if long
                                  else w.multiply_add_short(a, m, r))
            elif op == 18:
                qr = w.divide(a, r, m)
                if qr is None:
                    return
                self.A, self.R = qr
            elif op == 26 and long:
                if n & 511 == k:
                    return
                self.K = n & 511
            elif op == 17:
                if (a == 0) if long else not (a >> 18) & 2047:
                    if n & 511 == k:
                        return
                    self.K = n & 511
            elif op == 30:
                if bool(a >> 35) != bool(long):
                    if n & 511 == k:
                        return
                    self.K = n & 511
            elif op == 3:
                self.printed.append(a >> 30)
            elif op in (12, 21, 26):
                pass
            else:
                return


class LocalsInterpreter(PlainInterpreter):
    """The same if-chain with A, R, K and the count in local variables."""

    def run(self, limit: int = 10_000_000) -> None:
        mem, printed = self.mem, self.printed
        a, r, k, orders = self.A, self.R, self.K, self.orders
        mask36, mask18 = w.MASK36, w.MASK18
        try:
            while orders < limit:
                order = mem[k]
                here = k
                k = (k + 1) & 511
                orders += 1
                op, long, n = order >> 12, order & 0o4000, order & 2047
                if long:
                    e = n & 510
                    m = mem[e] << 18 | mem[e + 1]
                else:
                    m = mem[n & 511] << 18
                if op == 24:
                    a = (a + m) & mask36
                elif op == 20:
                    a = (a - m) & mask36
                elif op == 13:
                    a = m
                elif op == 6:
                    a = -m & mask36
                elif op == 14:
                    a &= m
                elif op == 19:
                    a ^= m
                elif op == 29:
                    a, r = r, m
                elif op == 1:
                    if long:
                        mem[e], mem[e + 1] = a >> 18, a & mask18
                    else:
                        mem[n & 511] = a >> 18
                elif op == 23:
                    x = n & 511
                    mem[x] = (mem[x] & 0o774000) | ((a >> 18) & 2047)
                elif op in (9, 10):
                    c, back = w.shift_count(n)
                    left = (op == 9) != back
                    if long:
                        a, r = (w.shift_long_left(a, r, c) if left else
                                w.shift_long_right(a, r, c, op == 10))
                    else:
                        a = (w.shift_short_left(a, c) if left else
                             w.shift_short_right_arith(a, c) if op == 10 else a >> c)
                elif op == 15:
                    a, r = w.multiply(a, m)
                elif op == 25:
                    a, r = w.multiply_add(a, m, r) if long else w.multiply_add_short(a, m, r)
                elif op == 18:
                    qr = w.divide(a, r, m)
                    if qr is None:
                        return
                    a, r = qr
                elif op == 26 and long:
                    if n & 511 == here:
                        return
                    k = n & 511
                elif op == 17:
                    if (a == 0) if long else not (a >> 18) & 2047:
                        if n & 511 == here:
                            return
                        k = n & 511
                elif op == 30:
                    if bool(a >> 35) != bool(long):
                        if n & 511 == here:
                            return
                        k = n & 511
                elif op == 3:
                    printed.append(a >> 30)
                elif op in (12, 21, 26):
                    pass
                else:
                    return
        finally:
            self.A, self.R, self.K, self.orders = a, r, k, orders


def machine_run(**options) -> Callable[[], tuple[int, float]]:
    """Our machine on the four tapes with `run(**options)`: (orders, CPU seconds)."""
    tapes = [read_tape(TAPES / f"pi_1000_{i}.ptw") for i in range(4)]

    def once() -> tuple[int, float]:
        m = Machine()
        extra = {key: make() for key, make in options.items()}
        t = time.process_time()
        for tape in tapes:
            m.initial_load(tape)
            m.clear_start()
            m.run(**extra)
        seconds = time.process_time() - t
        assert m.printed_text().rstrip().endswith(PI_TAIL)
        return m.orders, seconds

    return once


def plain_run(kind: type[PlainInterpreter] = PlainInterpreter
              ) -> Callable[[], tuple[int, float]]:
    """A plain interpreter on the same four memory images."""
    images = [decode_initial_load(read_tape(TAPES / f"pi_1000_{i}.ptw").frames)[0]
              for i in range(4)]

    def once() -> tuple[int, float]:
        p = kind()
        t = time.process_time()
        for words in images:
            p.mem[: len(words)] = words
            p.A, p.R, p.K = 0, 0, 0
            p.run()
        return p.orders, time.process_time() - t

    return once


# the four pi-1000 tapes on a new Machine, in a process of its own: once() runs them and
# returns the machine and the CPU seconds of the run alone (compiling included)
_PI_TAPES = """
import sys, time
sys.path.insert(0, {root!r})
from pc1 import Machine, read_tape
tapes = [read_tape({tapes!r} + f"/pi_1000_{{i}}.ptw") for i in range(4)]

def once():
    m = Machine()
    t = time.process_time()
    for tape in tapes:
        m.initial_load(tape)
        m.clear_start()
        m.run()
    return m, time.process_time() - t
"""

# a fresh process: runs the four tapes once, prints its orders and the seconds of the run;
# the parent measures the whole process
COLD = _PI_TAPES + """
m, seconds = once()
print(m.orders, seconds)
"""
COLD_PLAIN = """
import sys, time
sys.path.insert(0, {root!r})
sys.path.insert(0, {here!r})
from bench_machine import LocalsInterpreter, plain_run
orders, seconds = plain_run(LocalsInterpreter)()
print(orders, seconds)
"""


# another checkout's machine, warm: a process of its own that runs the four tapes once
# untimed, then once more for each line it reads, printing the orders and the run's CPU seconds
AGAINST = _PI_TAPES + """
def checked():
    m, seconds = once()
    assert m.printed_text().rstrip().endswith({tail!r})
    return m.orders, seconds

checked()
print("ready", flush=True)
for _ in sys.stdin:
    print(*checked(), flush=True)
"""


def against_run(checkout: Path) -> Callable[[], tuple[int, float]]:
    """The machine of another checkout, warm in its own Python: (orders, CPU seconds)."""
    python = checkout / ".venv" / "bin" / "python"
    source = AGAINST.format(root=str(checkout), tapes=str(TAPES), tail=PI_TAIL)
    child = subprocess.Popen([str(python), "-c", source], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, cwd=checkout)
    assert child.stdout.readline().strip() == "ready"

    def once() -> tuple[int, float]:
        child.stdin.write("run\n")
        child.stdin.flush()
        orders, seconds = child.stdout.readline().split()
        return int(orders), float(seconds)

    return once


def cold_run(code: str, cache: str = "off") -> Callable[[], tuple[float, float]]:
    """A fresh process running `code`: (its whole CPU seconds, the run's own CPU seconds).

    `cache`: PC1_CODE_CACHE for it: off (compiling included) or a folder of kept code."""
    import resource

    source = code.format(root=str(ROOT), tapes=str(TAPES), here=str(Path(__file__).parent))
    # .pyc files kept, as an installed wheel has them (bench_cold_start.py does the same)
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
           "PC1_CODE_CACHE": cache}

    def once() -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True,
                             check=True, env=env).stdout.split()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert int(out[0]) == ORDERS, out
        whole = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return whole, float(out[1])

    return once


def pypy_note() -> str:
    """Run this benchmark under PyPy if a suitable one is installed, else say why not."""
    pypy = shutil.which("pypy3")
    if pypy is None:
        return "PyPy: not installed (pypy3 not on PATH)"
    version = subprocess.run([pypy, "-c", "import sys; print(*sys.version_info[:2])"],
                             capture_output=True, text=True).stdout.split()
    if [int(v) for v in version] < [3, 11]:
        return (f"PyPy: {pypy} implements Python {'.'.join(version)}; the project needs "
                "3.11 (requires-python), so it is not measured")
    out = subprocess.run([pypy, __file__, "--repeat", "3", "--no-pypy"], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return "PyPy:\n" + out.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of each contender")
    parser.add_argument("--no-pypy", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--against", type=Path, default=None, metavar="DIR",
                        help="also run DIR's pc1 (its .venv), warm, in the same rounds")
    parser.add_argument("--warm-only", action="store_true",
                        help="only the warm runs (no cold processes, no PyPy)")
    parser.add_argument("--tapes", type=Path, default=None, metavar="DIR",
                        help="the folder of the pi_1000 tapes (default: ../shared's)")
    args = parser.parse_args()
    if args.tapes is not None:
        global TAPES  # noqa: PLW0603 - the contenders read it, and so do the fresh processes
        TAPES = args.tapes.resolve()
        os.environ["PC1_PI_TAPES"] = str(TAPES)
    if not TAPES.exists():
        print(f"skipped: the pi_1000 tapes are not in {TAPES}")
        return 0
    contenders = {
        "pc1.Machine": machine_run(),
        "pc1.Machine + history ring": machine_run(history=lambda: TraceRing(1024)),
        "pc1.Machine + watchpoint": machine_run(watch=lambda: [14]),  # a constant word
        "pc1.Machine + breakpoint": machine_run(breakpoints=lambda: [500]),  # never reached
        "plain interpreter": plain_run(),
        "plain, local variables": plain_run(LocalsInterpreter),
    }
    if args.against is not None:
        if not (args.against / ".venv" / "bin" / "python").exists():
            print(f"bench_machine: --against {args.against}: no .venv/bin/python there",
                  file=sys.stderr)
            return 2
        # both in processes of their own, alike (the in-process run above shares this
        # process's heap with the other contenders)
        contenders["pc1.Machine, own process"] = against_run(ROOT)
        contenders[f"pc1.Machine at {args.against}"] = against_run(args.against.resolve())
    best = {}
    for name, once in contenders.items():  # warm-up: one untimed run each
        orders, _ = once()
        assert orders == ORDERS, (name, orders)
        best[name] = float("inf")
    for _ in range(args.repeat):  # alternate, so a busy spell hits every contender alike
        for name, once in contenders.items():
            best[name] = min(best[name], once()[1])
    plain = ORDERS / best["plain interpreter"]
    ours = ORDERS / best["pc1.Machine"]
    print(f"pi_1000 (4 tapes), {ORDERS:,} orders, max mode, "
          f"{platform.python_implementation()} {platform.python_version()}; "
          f"warm, best CPU time of {args.repeat}; load average {os.getloadavg()[0]:.2f}")
    width = max(30, *(len(name) + 2 for name in contenders))
    print(f"{'':{width}}{'seconds':>10}{'orders/s':>14}{'vs plain':>10}")
    for name in contenders:
        rate = ORDERS / best[name]
        print(f"{name:{width}}{best[name]:>10.3f}{rate:>14,.0f}{rate / plain:>9.2f}x")
    print(f"vs the plain interpreter with local variables: "
          f"{ours / (ORDERS / best['plain, local variables']):.2f}x")
    print(f"history ring costs {best['pc1.Machine + history ring'] / best['pc1.Machine']:.2f}x "
          "the plain run (goal: under 2x)")
    print(f"goal 12,000,000 orders/s: {'met' if ours >= 12e6 else 'NOT met'}; "
          f"moonshot 20,000,000: {'met' if ours >= 20e6 else 'not met'}")
    if args.against is not None:
        ours, theirs = best["pc1.Machine, own process"], best[f"pc1.Machine at {args.against}"]
        print(f"this checkout's machine takes {ours / theirs:.3f}x the CPU time of "
              f"{args.against}'s, each in a process of its own ({ours:.3f} s against "
              f"{theirs:.3f} s)")
    if args.warm_only:
        return 0
    import tempfile

    kept = tempfile.mkdtemp(prefix="bench-machine-code-")
    cold = {"pc1.Machine": cold_run(COLD), "pc1.Machine, code kept": cold_run(COLD, kept),
            "plain, local variables": cold_run(COLD_PLAIN)}
    cold["pc1.Machine, code kept"]()  # fills the folder, as a first run does
    cold_best = {name: (float("inf"), float("inf")) for name in cold}
    for _ in range(args.repeat):  # alternate here too
        for name, once in cold.items():
            whole, run = once()
            cold_best[name] = (min(cold_best[name][0], whole), min(cold_best[name][1], run))
    print(f"cold: a fresh process each time, best of {args.repeat} (compiling included; "
          "'code kept': compiled code from an earlier run read from disk)")
    print(f"{'':30}{'process s':>10}{'run s':>10}{'orders/s':>14}")
    for name, (whole, run) in cold_best.items():
        print(f"{name:30}{whole:>10.3f}{run:>10.3f}{ORDERS / run:>14,.0f}")
    print(f"cold run (compiling included) {cold_best['pc1.Machine'][1] / best['pc1.Machine']:.2f}x "
          "the warm run")
    shutil.rmtree(kept, ignore_errors=True)
    if not args.no_pypy:
        print(pypy_note())
    return 0


if __name__ == "__main__":
    sys.exit(main())
