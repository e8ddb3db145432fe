"""Plant known bugs one at a time and check the tests catch each on every Hypothesis seed.

Each bug is a one-line change of a module; the relevant tests run ``--runs`` times, each
with its own ``--hypothesis-seed``, in a scratch copy of the tree (the checkout is never
changed). A bug is caught on a run when pytest fails. Run on demand (not in CI):

    .venv/bin/python tests/mutation/planted.py [BUG ...] [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutate import scratch_copy  # noqa: E402


@dataclass(frozen=True)
class Bug:
    """One planted bug: in ``module`` replace ``old`` (found exactly once) by ``new``."""

    module: str
    old: str
    new: str
    tests: tuple[str, ...]


MONITOR_TESTS = ("tests/pc1/monitor/test_monitor.py", "tests/pc1/monitor/test_monitor_stateful.py")
ORDER_TESTS = ("tests/pc1/machine/test_orders.py", "tests/pc1/machine/test_order_edges.py")

BUGS: dict[str, Bug] = {
    # issue 17's three: the mex successor merge that loses a subtree...
    "mex-merge": Bug(
        "programs/mex/range_tree.py", "            parent.left = child.right",
        "            parent.left = None", ("tests/programs/mex/test_mex.py",)),
    # ...fraction_digits that never answers...
    "fraction-none": Bug(
        "bignum/fraction_digits.py", "    if n <= 0:\n        return \"\"",
        "    return None\n    if n <= 0:\n        return \"\"",
        ("tests/bignum/test_fraction_digits.py",)),
    # (the Sudoku solver without column hidden singles is guarded by issue 14's node counts)
    # and the divide oracle: a quotient sign lost for negative divisors, an overflow bound
    # off by one (once checked against word.divide itself)
    "divide-sign": Bug(
        "pc1/machine/word.py", "    if mv < 0:\n        q = -q", "    if mv < 0:\n        q = q",
        ("tests/pc1/machine/test_arithmetic.py", "tests/pc1/machine/test_orders.py")),
    "divide-bound": Bug(
        "pc1/machine/word.py", "    if not -(1 << 35) <= q < (1 << 35):",
        "    if not -(1 << 35) <= q <= (1 << 35):",
        ("tests/pc1/machine/test_arithmetic.py", "tests/pc1/machine/test_orders.py")),
    # the order semantics live in the templates of pc1/machine/orders.py, which mutmut does not
    # mutate (they are strings): one planted bug per kind of order instead
    **{
        f"order-{name}": Bug("pc1/machine/orders.py", old, new, ORDER_TESTS)
        for name, old, new in [
            ("add", 'Form("A <- A + M", 4, "A = (A + M) & MASK36"',
             'Form("A <- A + M", 4, "A = (A - M) & MASK36"'),
            ("subtract", 'Form("A <- A - M", 4, "A = (A - M) & MASK36"',
             'Form("A <- A - M", 4, "A = (M - A) & MASK36"'),
            ("and", '"A &= M"', '"A |= M"'),
            ("xor", '"A ^= M"', '"A |= M"'),
            ("zero-jump", '"if not (A >> 18) & 2047:\\n    JUMP(n)"',
             '"if not (A >> 19) & 2047:\\n    JUMP(n)"'),
            ("sign-jump", 'Form("jump to n if A < 0", 8, "if A >> 35:',
             'Form("jump to n if A < 0", 8, "if A >> 34:'),
            ("substitute", "(mem[x] & 0o774000)", "(mem[x] & 0o776000)"),
            ("r-to-a", 'Form("A <- R; R <- M", 4, "A = R\\nR = M"',
             'Form("A <- R; R <- M", 4, "R = M\\nA = R"'),
            ("store", '"x = n & 511\\nmem[x] = A >> 18"', '"x = n & 511\\nmem[x] = A >> 17"'),
        ]
    },
    "bitstring-byte": Bug(
        "programs/mex/range_tree.py", "    return 8 * first + (byte & -byte).bit_length() - 1",
        "    return 8 * first + byte.bit_length() - 1", ("tests/programs/mex/test_mex.py",)),
    # issue 29's seven gaps. (1) a long store checks the even word's flag, not the pair's
    "long-store-flag": Bug(
        "pc1/machine/compiler.py", 'written = "pflag[x]" if long else "cflag[x]"',
        'written = "cflag[x]"', ("tests/pc1/machine/test_machine.py",)),
    # (2) `deposit ADDR VALUE long` with the halves swapped
    "deposit-long-swap": Bug(
        "pc1/monitor/store.py", "mem[e], mem[e + 1] = value >> 18, value & 0o777777",
        "mem[e], mem[e + 1] = value & 0o777777, value >> 18", MONITOR_TESTS),
    # (3) break, watch and nobreak on a range that drops its last address
    "range-last": Bug(
        "pc1/monitor/store.py", "found += range(lo, hi + 1)", "found += range(lo, hi)",
        MONITOR_TESTS),
    # (4) a ledger resumed by position: units 0, 1, 3 done and 2 not gives 692, not 724
    "resume-by-position": Bug(
        "programs/queens/count.py",
        "todo = [(i, unit) for i, unit in enumerate(units) if i not in result.done]",
        "todo = list(enumerate(units))[len(result.done):]",
        ("tests/programs/queens/test_queens_units.py",)),
    # (5) 0h n0's explanation with left and right swapped
    "ohno-left-right": Bug(
        "programs/puzzles/ohno/solver.py", '_NAMES = ("up", "down", "left", "right")',
        '_NAMES = ("up", "down", "right", "left")',
        ("tests/programs/puzzles/ohno/test_solver.py", "tests/programs/puzzles/ohno/test_cli.py")),
    # (6) the quintomino's is_solution weakened to "12 pieces seen"...
    "quintomino-twelve-seen": Bug(
        "programs/quintomino/solutions.py", "    return seen == set(quintominoes())",
        "    return len(seen) == 12", ("tests/programs/quintomino/test_quintomino.py",)),
    # ...or to "every face a quintomino" (a piece may repeat)
    "quintomino-any-pieces": Bug(
        "programs/quintomino/solutions.py", "    return seen == set(quintominoes())",
        "    return seen <= set(quintominoes())",
        ("tests/programs/quintomino/test_quintomino.py",)),
}


def caught_runs(bug: Bug, runs: int, python: str) -> list[bool]:
    """For each seed 0..runs-1: True when the tests fail with the bug planted."""
    with tempfile.TemporaryDirectory(prefix="pc1-planted-") as tmp:
        workdir = Path(tmp)
        scratch_copy(workdir)
        def failed(seed: int) -> bool:
            # no example database: a failure found on one seed must not be replayed on the next
            shutil.rmtree(workdir / ".hypothesis", ignore_errors=True)
            # and never the derandomized CI profile (tests/conftest.py): each run its seed
            env = {k: v for k, v in os.environ.items() if k != "CI"}
            done = subprocess.run(
                [python, "-m", "pytest", *bug.tests, "-q", "-x", "-n", "0",
                 "-p", "no:cacheprovider", f"--hypothesis-seed={seed}"],
                cwd=workdir, capture_output=True, text=True, check=False, env=env,
            )
            return done.returncode != 0

        if failed(0):  # the tests must pass before the bug goes in
            raise SystemExit(f"planted: {' '.join(bug.tests)} fail without the bug")
        path = workdir / bug.module
        text = path.read_text(encoding="utf-8")
        if text.count(bug.old) != 1:
            raise SystemExit(f"planted: {bug.module}: the line to change is not there once")
        path.write_text(text.replace(bug.old, bug.new), encoding="utf-8")
        return [failed(seed) for seed in range(runs)]


def main(argv: list[str] | None = None) -> int:
    """Plant each bug asked for and print on how many runs the tests caught it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bugs", nargs="*", help=f"any of {', '.join(BUGS)} (default: all)")
    parser.add_argument("--runs", type=int, default=10, help="seeds per bug (10)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.bugs) - set(BUGS))
    if unknown:
        parser.error(f"unknown bug {unknown[0]!r}; choose from {', '.join(BUGS)}")
    missed = 0
    for name in args.bugs or BUGS:
        results = caught_runs(BUGS[name], args.runs, sys.executable)
        missed += results.count(False)
        print(f"{name:15} caught on {sum(results):2} of {len(results)} runs", flush=True)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
