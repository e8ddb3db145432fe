"""Benchmark: pi and e to 10**5 and 10**6 digits, our digits workbench against mpmath.

Run on demand (not part of the test suite):

    .venv/bin/python tests/benchmarks/bench_bignum.py [--sizes 100000 1000000] [--repeats 3]

Every measurement runs in a fresh subprocess (mpmath caches its constants), and times only
the computation up to the finished decimal string, not the imports, as process CPU time
(the default: the machine is shared, and all methods here are single-threaded) or wall
time (--clock wall). Four columns:

- ours with gmpy2 (the default backend) against mpmath with its gmpy2 backend;
- ours without gmpy2 (the import is blocked, so the decimal-module fallback runs) against
  mpmath's pure-Python backend (MPMATH_NOGMPY=1).

The ratio is mpmath's time over ours: above 1 means ours is faster. The best of
`--repeats` runs is reported (the pure-Python mpmath run at 10**6 takes about a minute
and runs once unless --repeats-slow says otherwise). A digest of the first N - 10
decimals checks that both sides printed the same digits.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

OURS = """
import hashlib, json, sys, time
if {block}:
    sys.modules["gmpy2"] = None  # as if gmpy2 were not installed
from bignum.digits import compute_digits
import bignum.backend, bignum.chudnovsky, bignum.e_series  # imports outside the timing,
bignum.backend.choose_backend()  # as for mpmath (this imports gmpy2 unless it is blocked)
start, cpu = time.perf_counter(), time.process_time()
d = compute_digits({constant!r}, {n})
text = d.integer + "." + d.decimals
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
digest = hashlib.sha256(d.decimals[: {n} - 10].encode()).hexdigest()[:16]
print(json.dumps({{"wall": wall, "cpu": cpu, "backend": d.backend, "digest": digest}}))
"""

MPMATH = """
import hashlib, json, time
import mpmath
from mpmath import mp
start, cpu = time.perf_counter(), time.process_time()
mp.dps = {n} + 10
value = +mp.{constant}
text = mpmath.nstr(value, {n} + 5, strip_zeros=False)
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
digest = hashlib.sha256(text.split(".")[1][: {n} - 10].encode()).hexdigest()[:16]
print(json.dumps({{"wall": wall, "cpu": cpu, "backend": mpmath.libmp.BACKEND, "digest": digest}}))
"""


CLOCK = "cpu"


def measure(code: str, env_extra: dict[str, str] | None = None) -> dict:
    """Run one snippet in a fresh interpreter; its JSON report, "seconds" on the chosen clock."""
    env = dict(os.environ)
    env.pop("MPMATH_NOGMPY", None)
    env.update(env_extra or {})
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    report["seconds"] = report[CLOCK]
    return report


def best(code: str, repeats: int, env_extra: dict[str, str] | None = None) -> dict:
    """The fastest of `repeats` fresh runs (the machine is shared; the minimum is the signal)."""
    runs = [measure(code, env_extra) for _ in range(max(repeats, 1))]
    return min(runs, key=lambda r: r["seconds"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    parser.add_argument("--constants", nargs="+", default=["pi", "e"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--repeats-slow", type=int, default=1,
                        help="repeats for mpmath's pure-Python backend at 10**6 and above")
    parser.add_argument("--conversion", type=int, nargs="*", default=[100_000, 1_000_000],
                        help="digit counts for the int -> str table (none: skip it)")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="cpu: process CPU time (default; fair on a shared machine), or wall")
    args = parser.parse_args()
    global CLOCK
    CLOCK = args.clock

    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}, "
          f"{CLOCK} time in seconds")
    header = (f"{'const':5} {'digits':>9} | {'ours+gmpy2':>10} {'mpmath+gmpy2':>12} {'ratio':>6} | "
              f"{'ours(no gmpy2)':>14} {'mpmath(pure)':>12} {'ratio':>6} | digits agree")
    print(header)
    print("-" * len(header))
    for constant in args.constants:
        for n in args.sizes:
            slow = args.repeats_slow if n >= 1_000_000 else args.repeats
            ours_fast = best(OURS.format(block=False, constant=constant, n=n), args.repeats)
            mp_fast = best(MPMATH.format(constant=constant, n=n), args.repeats)
            ours_pure = best(OURS.format(block=True, constant=constant, n=n), args.repeats)
            mp_pure = best(MPMATH.format(constant=constant, n=n), slow, {"MPMATH_NOGMPY": "1"})
            agree = len({ours_fast["digest"], mp_fast["digest"], ours_pure["digest"],
                         mp_pure["digest"]}) == 1
            print(f"{constant:5} {n:>9,} | {ours_fast['seconds']:>9.3f}s "
                  f"{mp_fast['seconds']:>11.3f}s "
                  f"{mp_fast['seconds'] / ours_fast['seconds']:>5.2f}x | "
                  f"{ours_pure['seconds']:>13.3f}s {mp_pure['seconds']:>11.3f}s "
                  f"{mp_pure['seconds'] / ours_pure['seconds']:>5.2f}x | "
                  f"{'yes' if agree else 'NO'}", flush=True)
            backends = {ours_fast["backend"], mp_fast["backend"], ours_pure["backend"],
                        mp_pure["backend"]}
            if backends != {"gmpy2", "gmpy", "decimal", "python"}:
                print(f"  (backends: {sorted(backends)})")
    print("ratio = mpmath time / our time (above 1: ours is faster); best of the repeats.")
    if args.conversion:
        print()
        conversion_table(args.conversion)
    return 0


def conversion_table(sizes: list[int]) -> None:
    """Python int -> decimal text: CPython 3.11's quadratic str() against our divide and conquer."""
    import time

    from bignum.decimal_string import int_to_decimal_string

    sys.set_int_max_str_digits(0)
    print(f"{'int -> str':>12} | {'str(int)':>9} {'ours':>9} {'ratio':>7}")
    for n in sizes:
        x = 7 ** int(n / 0.84509804)  # about n decimal digits
        start = time.perf_counter()
        plain = str(x)
        t_plain = time.perf_counter() - start
        start = time.perf_counter()
        ours = int_to_decimal_string(x)
        t_ours = time.perf_counter() - start
        assert ours == plain
        print(f"{len(plain):>12,} | {t_plain:>8.3f}s {t_ours:>8.3f}s {t_plain / t_ours:>6.1f}x")


if __name__ == "__main__":
    sys.exit(main())
