"""The independent checker rejects every kind of wrong grid."""

from __future__ import annotations

from programs.puzzles.sudoku.checker import is_solution, solution_problems
from programs.puzzles.sudoku.examples import EXAMPLES, cells

PUZZLE = cells(EXAMPLES["ym"][1])
SOLUTION = cells(EXAMPLES["ym"][2])


def test_printed_solution_passes() -> None:
    assert solution_problems(PUZZLE, SOLUTION) == []


def test_swapped_cells_fail() -> None:
    bad = list(SOLUTION)
    bad[0], bad[1] = bad[1], bad[0]
    problems = solution_problems([0] * 81, bad)
    assert any(p.startswith("column 1") for p in problems)


def test_changed_clue_fails_even_if_grid_is_valid() -> None:
    # relabelling digits keeps the grid valid but moves the clues
    relabel = {d: d % 9 + 1 for d in range(1, 10)}
    other = [relabel[v] for v in SOLUTION]
    assert is_solution([0] * 81, other)
    assert any("clue" in p for p in solution_problems(PUZZLE, other))


def test_incomplete_and_wrong_length() -> None:
    holes = list(SOLUTION)
    holes[40] = 0
    assert "row 5, column 5: 0 is not 1-9" in solution_problems(PUZZLE, holes)
    assert not is_solution(PUZZLE, SOLUTION[:80])
