"""Nurikabe benchmark: Hui's n6 and n7, the shared puzzles, larger generated puzzles and
generated hard sparse ones (few clues, large islands), pure Python and the SAT engine side
by side in one run.

    .venv/bin/python tests/benchmarks/bench_nurikabe.py [--repeats 3] [--sizes 15x15:4]
        [--sparse 3]

For each puzzle: CPU time (time.process_time, best of --repeats, same for both engines)
to solve and to prove the solution unique (count up to 2), pure Python then SAT
(python-sat with CaDiCaL, lazy connectivity cuts; columns left out when it is not
installed), the ratio python/SAT of the uniqueness proofs, the guesses of the Python
search, and whether the independent checker accepts the solution.  Generated puzzles come
from programs.puzzles.nurikabe.generator with fixed seeds; their generation time is shown apart.
Goals from issue 14: every hard puzzle solved in under 5 s and proven unique in under 10 s.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from programs.puzzles.nurikabe.checker import is_solution  # noqa: E402
from programs.puzzles.nurikabe.formats import read_hui, read_plain  # noqa: E402
from programs.puzzles.nurikabe.generator import generate, generate_sparse  # noqa: E402
from programs.puzzles.nurikabe.model import Puzzle  # noqa: E402
from programs.puzzles.nurikabe.solver import solve  # noqa: E402

DATA = ROOT / "tests" / "programs" / "nurikabe" / "data"
SHARED = ROOT.parent / "shared" / "puzzles"


def best(fn, repeats: int) -> tuple[float, object]:
    """Best CPU time of fn() over repeats, and its last result."""
    times = []
    out = None
    for _ in range(repeats):
        t = time.process_time()
        out = fn()
        times.append(time.process_time() - t)
    return min(times), out


def _sat_count(puzzle: Puzzle, limit: int) -> list[tuple[int, ...]]:
    from programs.puzzles.nurikabe import sat

    return list(itertools.islice(sat.iter_solutions(puzzle), limit))


def row(name: str, puzzle: Puzzle, repeats: int, with_sat: bool, extra: str = "") -> None:
    """Print one line of the table."""
    t_solve, r1 = best(lambda: solve(puzzle), repeats)
    t_count, r2 = best(lambda: solve(puzzle, limit=2), repeats)
    ok = bool(r1.solutions) and is_solution(puzzle, r1.solutions[0])
    count = len(r2.solutions)
    sat_cols = ""
    if with_sat:
        s_solve, s1 = best(lambda: _sat_count(puzzle, 1), repeats)
        s_count, s2 = best(lambda: _sat_count(puzzle, 2), repeats)
        agree = s2 == r2.solutions
        sat_cols = (f" {s_solve:>8.3f} {s_count:>8.3f} {t_count / max(s_count, 1e-6):>6.1f}"
                    f" {'yes' if agree else 'NO':>5}")
    print(f"{name:<30} {puzzle.rows:>3}x{puzzle.cols:<3} {t_solve:>8.3f} {t_count:>8.3f}"
          f"{sat_cols} {r2.guesses:>7} {count:>5} {'yes' if ok else 'NO':>7}  {extra}",
          flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sizes", default="15x15:4,14x24:4,20x20:3",
                        help="generated puzzles as ROWSxCOLS:MAX_ISLAND, comma-separated")
    parser.add_argument("--seed", type=int, default=2014)
    parser.add_argument("--skip-hard", action="store_true",
                        help="leave out the search-heavy grilops puzzle")
    parser.add_argument("--sparse", type=int, default=1,
                        help="generated hard sparse 10x10 puzzles (few clues, large islands)")
    args = parser.parse_args()
    try:
        import pysat  # noqa: F401
        with_sat = True
    except ImportError:
        with_sat = False
        print("python-sat is not installed: pure Python only (pip install '.[sat]')")

    sat_head = f" {'sat s':>8} {'sat u s':>8} {'py/sat':>6} {'agree':>5}" if with_sat else ""
    print(f"{'puzzle':<30} {'size':>7} {'solve s':>8} {'unique s':>8}{sat_head} "
          f"{'guesses':>7} {'count':>5} {'checked':>7}")
    hui = {g.name: g for g in read_hui((DATA / "hui_puzzles.txt").read_text())}
    for name in ("n6", "n7"):
        row(f"Hui {name}", hui[name].puzzle, args.repeats, with_sat)
    if SHARED.is_dir():
        for path in sorted(SHARED.glob("nurikabe-*.txt")):
            if args.skip_hard and "grilops" in path.name:
                continue
            reps = 1 if "grilops" in path.name else args.repeats
            row(path.stem, read_plain(path.read_text()).puzzle, reps, with_sat)
    for k, spec in enumerate(args.sizes.split(",")):
        dims, _, cap = spec.partition(":")
        rows, cols = (int(x) for x in dims.split("x"))
        t = time.process_time()
        puzzle, _solution = generate(rows, cols, args.seed + k, max_island=int(cap or 4))
        made = time.process_time() - t
        row(f"generated {dims} islands<={cap}", puzzle, args.repeats, with_sat,
            f"(generated in {made:.1f} s, {sum(1 for c in puzzle.clues if c)} clues)")
    seed = args.seed
    for _ in range(args.sparse):
        t = time.process_time()
        while True:
            seed += 1
            try:
                puzzle, _solution = generate_sparse(10, 10, seed, max_island=20)
                break
            except RuntimeError:
                continue
        made = time.process_time() - t
        row(f"sparse 10x10 seed {seed}", puzzle, 1, with_sat,
            f"(generated in {made:.1f} s, {sum(1 for c in puzzle.clues if c)} clues)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
