"""Sudoku as clauses for the SAT engine (`--engine sat`): one variable per (row, column, digit)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from programs.puzzles.sat import SOLVER, Clause, SatStats, exactly_one, models


def var(r: int, c: int, d: int) -> int:
    """Variable of digit d (1-9) in row r, column c (0-8)."""
    return 81 * r + 9 * c + d


@lru_cache(maxsize=1)
def rules() -> tuple[Clause, ...]:
    """The rules of every Sudoku: one digit per cell, each digit once per row, column, box."""
    out: list[Clause] = []
    digits = range(1, 10)
    for r in range(9):
        for c in range(9):
            out += exactly_one([var(r, c, d) for d in digits])
    for d in digits:
        for k in range(9):
            out += exactly_one([var(k, c, d) for c in range(9)])
            out += exactly_one([var(r, k, d) for r in range(9)])
            br, bc = 3 * (k // 3), 3 * (k % 3)
            out += exactly_one([var(br + i // 3, bc + i % 3, d) for i in range(9)])
    return tuple(out)


def iter_solutions(cells: Sequence[int], stats: SatStats | None = None
                   ) -> Iterator[tuple[int, ...]]:
    """Every solution of `cells` (81 ints, 0 empty), found by the SAT solver."""
    if len(cells) != 81:
        raise ValueError(f"a Sudoku has 81 cells, not {len(cells)}")
    clues = [[var(i // 9, i % 9, v)] for i, v in enumerate(cells) if v]
    for true in models([*rules(), *clues], range(1, 730), stats=stats, one_hot=True):
        grid = [0] * 81
        for v in true:
            if v <= 729:
                grid[(v - 1) // 9] = (v - 1) % 9 + 1
        yield tuple(grid)


def solve(cells: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution the SAT solver finds, or None."""
    return next(iter_solutions(cells), None)


def solve_many(puzzles: Iterable[Sequence[int]]) -> Iterator[tuple[int, ...] | None]:
    """First solutions of many puzzles from one solver holding the rules once: each
    puzzle's clues are assumptions, so nothing is rebuilt between puzzles."""
    from pysat.solvers import Solver  # optional dependency: imported only when used

    with Solver(name=SOLVER, bootstrap_with=rules()) as solver:
        for cells in puzzles:
            clues = [var(i // 9, i % 9, v) for i, v in enumerate(cells) if v]
            if not solver.solve(assumptions=clues):
                yield None
                continue
            grid = [0] * 81
            for v in solver.get_model():
                if 0 < v <= 729:
                    grid[(v - 1) // 9] = (v - 1) % 9 + 1
            yield tuple(grid)
