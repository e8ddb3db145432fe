"""Sudoku as clauses for the SAT engine (`--engine sat`): one variable per (row, column, digit).

The rules are the same for every Sudoku, so one solver holds them for a whole file
(`SudokuSat`); each puzzle's clues are assumptions and its blocking clauses carry its
activation literal (`programs.puzzles.sat.SatSolver`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from programs.puzzles.sat import SOLVER, Clause, SatSolver, SatStats, exactly_one

__all__ = ["SOLVER", "SudokuSat", "iter_solutions", "rules", "solve", "solve_many", "var"]

CELL_VARS = range(1, 730)


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


def _grid(true: Iterable[int]) -> tuple[int, ...]:
    """The 81 digits of a model's true cell variables."""
    grid = [0] * 81
    for v in true:
        if v <= 729:
            grid[(v - 1) // 9] = (v - 1) % 9 + 1
    return tuple(grid)


class SudokuSat:
    """The SAT engine for the Sudokus of one file: one solver, the rules written once."""

    def __init__(self) -> None:
        self.solver = SatSolver(rules(), top=729)

    def iter_solutions(self, cells: Sequence[int], stats: SatStats | None = None
                       ) -> Iterator[tuple[int, ...]]:
        """Every solution of `cells` (81 ints, 0 empty); the clues are assumptions."""
        if len(cells) != 81:
            raise ValueError(f"a Sudoku has 81 cells, not {len(cells)}")
        clues = [var(i // 9, i % 9, v) for i, v in enumerate(cells) if v]
        for true in self.solver.models(CELL_VARS, clues, stats=stats, one_hot=True):
            yield _grid(true)


def iter_solutions(cells: Sequence[int], stats: SatStats | None = None,
                   engine: SudokuSat | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution of `cells` (81 ints, 0 empty), from `engine` or a solver of its own."""
    return (engine or SudokuSat()).iter_solutions(cells, stats)


def solve(cells: Sequence[int], engine: SudokuSat | None = None) -> tuple[int, ...] | None:
    """The first solution the SAT solver finds, or None."""
    return next(iter_solutions(cells, engine=engine), None)


def solve_many(puzzles: Iterable[Sequence[int]]) -> Iterator[tuple[int, ...] | None]:
    """First solutions of many puzzles from one solver, as `pc1 solve --engine sat` does."""
    engine = SudokuSat()
    for cells in puzzles:
        yield solve(cells, engine)
