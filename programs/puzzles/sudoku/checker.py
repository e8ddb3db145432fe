"""Independent Sudoku checker: shares no code with the solvers, only the rules.

It looks at a finished grid as a person would: every row, column and 3x3 box holds the
digits 1 to 9 once each, and every clue of the puzzle is still in its place.
"""

from __future__ import annotations

from collections.abc import Sequence

_DIGITS = frozenset(range(1, 10))


def _groups() -> list[tuple[str, list[tuple[int, int]]]]:
    """The 27 houses as named lists of (row, column)."""
    groups = []
    for r in range(9):
        groups.append((f"row {r + 1}", [(r, c) for c in range(9)]))
    for c in range(9):
        groups.append((f"column {c + 1}", [(r, c) for r in range(9)]))
    for br in range(3):
        for bc in range(3):
            cells = [(3 * br + dr, 3 * bc + dc) for dr in range(3) for dc in range(3)]
            groups.append((f"box {3 * br + bc + 1}", cells))
    return groups


def solution_problems(puzzle: Sequence[int], solution: Sequence[int]) -> list[str]:
    """Every way `solution` fails to solve `puzzle` (empty list: it is a solution)."""
    if len(puzzle) != 81 or len(solution) != 81:
        return [f"expected 81 cells, got puzzle {len(puzzle)} and solution {len(solution)}"]
    grid = [[solution[9 * r + c] for c in range(9)] for r in range(9)]
    problems = []
    for r in range(9):
        for c in range(9):
            given = puzzle[9 * r + c]
            if grid[r][c] not in _DIGITS:
                problems.append(f"row {r + 1}, column {c + 1}: {grid[r][c]!r} is not 1-9")
            elif given and given != grid[r][c]:
                problems.append(
                    f"row {r + 1}, column {c + 1}: clue {given} changed to {grid[r][c]}"
                )
    for name, cells in _groups():
        values = [grid[r][c] for r, c in cells]
        if set(values) != _DIGITS:
            missing = sorted(_DIGITS - set(values))
            problems.append(f"{name}: digits {missing} missing")
    return problems


def is_solution(puzzle: Sequence[int], solution: Sequence[int]) -> bool:
    """True when `solution` is a complete, valid grid that keeps the clues of `puzzle`."""
    return not solution_problems(puzzle, solution)
