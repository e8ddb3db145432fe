"""0h n0 benchmark: the seed's 9x9 boards and generated unique boards up to 20x20.

Run: .venv/bin/python tests/benchmarks/bench_ohno.py [--sizes 9 12 16 20] [--boards 4]

For each size, boards are generated with fixed seeds (generation time reported apart),
then solved and checked for uniqueness (search for a second solution); every solution is
verified by the independent checker. Also compared: the solver with look-ahead against
plain depth-first search on the same propagation and branching cell (sizes up to
--plain-max), to show what the look-ahead buys, and against the SAT engine (python-sat,
CaDiCaL; left out when not installed) on the uniqueness proofs, with the ratio
python/SAT. Times are CPU times (time.process_time) of one pass over each group.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from programs.puzzles.ohno import solver  # noqa: E402
from programs.puzzles.ohno.checker import is_solution  # noqa: E402
from programs.puzzles.ohno.examples import EXAMPLES  # noqa: E402
from programs.puzzles.ohno.formats import Board, parse_text  # noqa: E402
from programs.puzzles.ohno.generator import generate  # noqa: E402


def plain_solutions(board: Board, limit: int) -> int:
    """Count solutions with propagation and plain branching (no look-ahead)."""
    geo = solver.Geometry.of(board)
    start = solver.initial_state(board)
    if not solver.propagate(board, geo, start):
        return 0
    found = 0
    stack = [start]
    while stack and found < limit:
        s = stack.pop()
        if solver.OPEN not in s:
            found += 1
            continue
        frontier = solver._frontier(geo, s)  # noqa: SLF001 - same choice minus look-ahead
        p = frontier[0] if frontier else s.index(solver.OPEN)
        for state in (solver.IS_RED, solver.IS_BLUE):  # popped blue first
            t = s[:]
            t[p] = state
            if solver.propagate(board, geo, t, touched=[p]):
                stack.append(t)
    return found


def timed(fn, boards: list[Board]) -> tuple[float, list]:
    """CPU time of fn over all boards, and the results."""
    t0 = time.process_time()
    out = [fn(b) for b in boards]
    return time.process_time() - t0, out


def sat_count(board: Board, limit: int) -> int:
    """Solutions found by the SAT engine, up to limit."""
    from programs.puzzles.ohno import sat

    return sum(1 for _ in itertools.islice(sat.iter_solutions(board), limit))


def have_sat() -> bool:
    """True when python-sat is installed."""
    try:
        import pysat  # noqa: F401
    except ImportError:
        return False
    return True


def report(label: str, boards: list[Board], plain: bool) -> None:
    """Solve, verify and count solutions for a group of boards; print one line."""
    t_solve, sols = timed(solver.solve, boards)
    for b, s in zip(boards, sols, strict=True):
        if s is None or not is_solution(b.rows, b.cols, b.cells, s):
            raise SystemExit(f"{label}: wrong or missing solution")
    t_unique, counts = timed(lambda b: solver.count_solutions(b, limit=2), boards)
    if any(c != 1 for c in counts):
        raise SystemExit(f"{label}: a board is not unique")
    n = len(boards)
    line = (
        f"{label:<22}{n:>4}{1000 * t_solve / n:>11.1f}{n / t_solve:>10.1f}"
        f"{1000 * t_unique / n:>12.1f}{n / t_unique:>10.1f}"
    )
    if plain:
        t_plain, plain_counts = timed(lambda b: plain_solutions(b, 2), boards)
        assert plain_counts == counts
        line += f"{1000 * t_plain / n:>14.1f}"
    else:
        line += f"{'-':>14}"
    if have_sat():
        t_sat, sat_counts = timed(lambda b: sat_count(b, 2), boards)
        if sat_counts != counts:
            raise SystemExit(f"{label}: the SAT engine counts {sat_counts}, python {counts}")
        line += f"{1000 * t_sat / n:>12.1f}{t_unique / max(t_sat, 1e-9):>8.1f}"
    print(line)


def main() -> int:
    """Generate, solve, check, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 12, 16, 20])
    ap.add_argument("--boards", type=int, default=3)
    ap.add_argument("--plain-max", type=int, default=12, help="largest size for plain DFS")
    args = ap.parse_args()
    seeds = [parse_text(EXAMPLES[k])[0] for k in ("example1", "example2", "example3")]
    for board in seeds:  # warm up caches before anything is timed
        solver.count_solutions(board)
    groups: list[tuple[str, list[Board], bool]] = [("seed 9x9 examples", seeds, True)]
    for size in args.sizes:
        t0 = time.perf_counter()
        boards = [generate(size, seed=1000 * size + k)[0] for k in range(args.boards)]
        elapsed = time.perf_counter() - t0
        empty = sum(v == -2 for b in boards for v in b.cells) / (len(boards) * size * size)
        print(
            f"generated {len(boards)} unique {size}x{size} boards in {elapsed:.1f} s"
            f" ({100 * empty:.0f}% empty cells)"
        )
        groups.append((f"generated {size}x{size}", boards, size <= args.plain_max))
    print(
        f"\n{'boards':<22}{'n':>4}{'solve ms':>11}{'boards/s':>10}"
        f"{'unique? ms':>12}{'boards/s':>10}{'plain DFS ms':>14}"
        + (f"{'SAT uniq ms':>12}{'py/SAT':>8}" if have_sat() else "  (no python-sat)")
    )
    for label, boards, plain in groups:
        report(label, boards, plain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
