"""Nurikabe benchmark: Hui's n6 and n7, the shared puzzles, and larger generated puzzles,
side by side in one run.

    .venv/bin/python tests/benchmarks/bench_nurikabe.py [--repeats 3] [--sizes 15x15:4,20x20:3]

For each puzzle: time to solve (best of --repeats), time to prove the solution unique
(count up to 2), the guesses the search needed, and whether the independent checker
accepts the solution.  Generated puzzles come from programs.nurikabe.generator with a
fixed seed; their generation time is shown separately.  Goal from issue 7: n7 under 2 s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from programs.nurikabe.checker import is_solution  # noqa: E402
from programs.nurikabe.formats import read_hui, read_plain  # noqa: E402
from programs.nurikabe.generator import generate  # noqa: E402
from programs.nurikabe.model import Puzzle  # noqa: E402
from programs.nurikabe.solver import solve  # noqa: E402

DATA = ROOT / "tests" / "programs" / "nurikabe" / "data"
SHARED = ROOT.parent / "shared" / "puzzles"


def best(fn, repeats: int) -> tuple[float, object]:
    """Best wall time of fn() over repeats, and its last result."""
    times = []
    out = None
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def row(name: str, puzzle: Puzzle, repeats: int, extra: str = "") -> None:
    """Print one line of the table."""
    t_solve, r1 = best(lambda: solve(puzzle), repeats)
    t_count, r2 = best(lambda: solve(puzzle, limit=2), repeats)
    ok = bool(r1.solutions) and is_solution(puzzle, r1.solutions[0])
    count = len(r2.solutions)
    print(f"{name:<30} {puzzle.rows:>3}x{puzzle.cols:<3} {t_solve:>9.3f} {t_count:>9.3f} "
          f"{r2.guesses:>7} {count:>6} {'yes' if ok else 'NO':>8}  {extra}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sizes", default="15x15:4,14x24:4,20x20:3,25x25:3",
                        help="generated puzzles as ROWSxCOLS:MAX_ISLAND, comma-separated")
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--skip-hard", action="store_true",
                        help="leave out the search-heavy grilops puzzle")
    args = parser.parse_args()

    print(f"{'puzzle':<30} {'size':>7} {'solve s':>9} {'unique s':>9} {'guesses':>7} "
          f"{'count':>6} {'checked':>8}")
    hui = {g.name: g for g in read_hui((DATA / "hui_puzzles.txt").read_text())}
    for name in ("n6", "n7"):
        row(f"Hui {name}", hui[name].puzzle, args.repeats)
    if SHARED.is_dir():
        for path in sorted(SHARED.glob("nurikabe-*.txt")):
            if args.skip_hard and "grilops" in path.name:
                continue
            reps = 1 if "grilops" in path.name else args.repeats
            row(path.stem, read_plain(path.read_text()).puzzle, reps)
    for k, spec in enumerate(args.sizes.split(",")):
        dims, _, cap = spec.partition(":")
        rows, cols = (int(x) for x in dims.split("x"))
        t = time.perf_counter()
        puzzle, _solution = generate(rows, cols, args.seed + k, max_island=int(cap or 4))
        made = time.perf_counter() - t
        row(f"generated {dims} islands<={cap}", puzzle, args.repeats,
            f"(generated in {made:.1f} s, {sum(1 for c in puzzle.clues if c)} clues)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
