"""Sudoku benchmark: our bitmask solver against a plain Norvig-style solver, side by side.

Run: .venv/bin/python tests/benchmarks/bench_sudoku.py [--generate N] [--keep K] [--seed S]

The hard set is: the Norvig "hardest" puzzle from ../shared/puzzles (if present), Hui's
hard puzzles from the seed, a few well-known hard puzzles (kept only if they check out
as unique here), and the hardest K of N minimal puzzles generated from random grids
(hardness = branches our solver needs, so the selection does not favour it). Every
answer of both solvers is verified by the independent checker.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from programs.sudoku import fast, hui  # noqa: E402
from programs.sudoku.checker import is_solution  # noqa: E402
from programs.sudoku.examples import EXAMPLES, cells  # noqa: E402
from programs.sudoku.formats import parse_text  # noqa: E402

# Well-known hard puzzles, typed from memory of their published forms; any that does not
# have exactly one solution here is dropped with a note rather than trusted.
FAMOUS = {
    "AI Escargot": (
        "100007090030020008009600500005300900010080002600004000300000010040000007007000300"
    ),
    "Inkala 2012": (
        "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
    ),
    "Easter Monster": (
        "100000002090400050006000700050903000000070000000850040700000600030009080002000001"
    ),
    "Golden Nugget": (
        "000000039000001005003050800008090006070002000100400000009080050020000600400700000"
    ),
}


# ---------------------------------------------------------------------------------------
# A straightforward Norvig-style solver: dict of cell name -> string of candidate digits,
# assign = eliminate all other digits, eliminate propagates naked and hidden singles,
# search picks the square with the fewest candidates and copies the dict per branch.

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
SQUARES = [r + c for r in ROWS for c in DIGITS]
UNITLIST = (
    [[r + c for c in DIGITS] for r in ROWS]
    + [[r + c for r in ROWS] for c in DIGITS]
    + [
        [r + c for r in rs for c in cs]
        for rs in ("ABC", "DEF", "GHI")
        for cs in ("123", "456", "789")
    ]
)
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}


def n_assign(values: dict[str, str], s: str, d: str) -> dict[str, str] | None:
    """Remove every digit but d from square s."""
    for other in values[s].replace(d, ""):
        if n_eliminate(values, s, other) is None:
            return None
    return values


def n_eliminate(values: dict[str, str], s: str, d: str) -> dict[str, str] | None:
    """Remove d from s; propagate when s or a unit is down to one place."""
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    if not values[s]:
        return None
    if len(values[s]) == 1:
        last = values[s]
        for p in PEERS[s]:
            if n_eliminate(values, p, last) is None:
                return None
    for unit in UNITS[s]:
        places = [q for q in unit if d in values[q]]
        if not places:
            return None
        if len(places) == 1 and n_assign(values, places[0], d) is None:
            return None
    return values


def n_search(values: dict[str, str] | None) -> dict[str, str] | None:
    """Depth-first on the square with the fewest candidates."""
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        result = n_search(n_assign(dict(values), s, d))
        if result is not None:
            return result
    return None


def norvig_solve(puzzle: tuple[int, ...]) -> tuple[int, ...] | None:
    """Solve with the Norvig-style solver; 81 ints in and out."""
    values: dict[str, str] | None = {s: DIGITS for s in SQUARES}
    for s, v in zip(SQUARES, puzzle, strict=True):
        if v and values is not None:
            values = n_assign(values, s, str(v))
    result = n_search(values)
    if result is None:
        return None
    return tuple(int(result[s]) for s in SQUARES)


# ---------------------------------------------------------------------------------------


def random_grid(rnd: random.Random) -> list[int]:
    """A random complete grid: solve a grid seeded with a random first row."""
    first = rnd.sample(range(1, 10), 9)
    grid = fast.solve(first + [0] * 72)
    assert grid is not None
    # shuffle bands/stacks/rows/columns so grids differ beyond the first row
    digits = rnd.sample(range(1, 10), 9)
    bands = [3 * b + r for b in rnd.sample(range(3), 3) for r in rnd.sample(range(3), 3)]
    stacks = [3 * s + c for s in rnd.sample(range(3), 3) for c in rnd.sample(range(3), 3)]
    return [digits[grid[9 * r + c] - 1] for r in bands for c in stacks]


def minimal_puzzle(rnd: random.Random) -> tuple[int, ...]:
    """Remove clues in random order while the solution stays unique."""
    puzzle = random_grid(rnd)
    for i in rnd.sample(range(81), 81):
        kept = puzzle[i]
        puzzle[i] = 0
        if fast.count_solutions(puzzle, limit=2) != 1:
            puzzle[i] = kept
    return tuple(puzzle)


def hard_set(generate: int, keep: int, seed: int) -> list[tuple[str, tuple[int, ...]]]:
    """The benchmark's puzzles, each known to have exactly one solution."""
    out: list[tuple[str, tuple[int, ...]]] = []
    shared = ROOT.parent / "shared" / "puzzles" / "sudoku-norvig-hardest-01.txt"
    if shared.exists():
        for p in parse_text(shared.read_text(), str(shared)):
            out.append(("norvig-hardest-01", p.cells))
    for name in ("su21_99", "x"):
        out.append((f"hui-{name}", cells(EXAMPLES[name][1])))
    for name, text in FAMOUS.items():
        puzzle = cells(text)
        if fast.count_solutions(puzzle, limit=2) == 1:
            out.append((name, puzzle))
        else:
            print(f"note: {name} as typed does not have one solution; left out")
    rnd = random.Random(seed)
    t0 = time.perf_counter()
    generated = [minimal_puzzle(rnd) for _ in range(generate)]
    scored = sorted(generated, key=fast.guesses, reverse=True)[:keep]
    print(
        f"generated {generate} minimal puzzles in {time.perf_counter() - t0:.1f} s,"
        f" kept the {keep} needing the most guesses"
        f" ({fast.guesses(scored[-1])}..{fast.guesses(scored[0])} guesses)"
    )
    out.extend((f"gen-{k + 1}", p) for k, p in enumerate(scored))
    return out


def run_pair(puzzles: list[tuple[str, tuple[int, ...]]], rounds: int) -> tuple[float, float]:
    """Best-of-`rounds` CPU time of each solver on the whole set, rounds interleaved.

    CPU time (process_time) rather than wall time, since the machine is shared; rounds
    alternate between the solvers so both see the same background load.
    """
    best = {"fast": float("inf"), "norvig": float("inf")}
    solvers = {"fast": fast.solve, "norvig": norvig_solve}
    for _ in range(rounds):
        for name, solver in solvers.items():
            t0 = time.process_time()
            answers = [solver(p) for _, p in puzzles]
            best[name] = min(best[name], time.process_time() - t0)
            for (label, p), a in zip(puzzles, answers, strict=True):
                if a is None or not is_solution(p, a):
                    raise SystemExit(f"{name} failed on {label}")
    return best["fast"], best["norvig"]


def main() -> int:
    """Build the set, time both solvers, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--generate", type=int, default=150)
    ap.add_argument("--keep", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    puzzles = hard_set(args.generate, args.keep, args.seed)
    groups = [
        ("all", puzzles),
        ("famous + seed", [p for p in puzzles if not p[0].startswith("gen-")]),
        ("generated", [p for p in puzzles if p[0].startswith("gen-")]),
    ]
    for title, group in groups:
        n = len(group)
        ours, norvig = run_pair(group, args.rounds)
        print(f"\n{title}: {n} hard puzzles, best of {args.rounds} rounds, all answers checked")
        print(f"{'solver':<28}{'CPU s':>10}{'ms/puzzle':>12}{'puzzles/s':>12}")
        for label, t in (("fast (bitmasks)", ours), ("Norvig-style (dict/str)", norvig)):
            print(f"{label:<28}{t:>10.3f}{1000 * t / n:>12.2f}{n / t:>12.1f}")
        print(f"speed-up: {norvig / ours:.1f}x")
    print("\nper puzzle (ms): fast / Norvig-style / guesses")
    for label, p in puzzles[:12]:
        a = time.perf_counter()
        fast.solve(p)
        b = time.perf_counter()
        norvig_solve(p)
        c = time.perf_counter()
        print(f"  {label:<20}{1000 * (b - a):8.2f}{1000 * (c - b):10.2f}{fast.guesses(p):8d}")
    t0 = time.perf_counter()
    for name in ("ym", "su21_1", "su21_99", "x"):
        hui.sudoku(cells(EXAMPLES[name][1]))
    print(f"\nHui's method (breadth first, J-faithful) on the 4 unique seed puzzles:"
          f" {time.perf_counter() - t0:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
