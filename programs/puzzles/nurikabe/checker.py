"""The rule checker: independent of the solver (its own grid walk, no shared logic).

It judges a complete grid (is it a solution?) and a partial one (does it already break a
rule?), and words its findings as the Progcomp 2014 report does.  Rules as numbered there:
1 one number per island, 2 island size equals its number, 4 dark cells connected,
5 no 2x2 dark block.  (Rule 3, islands surrounded by dark cells, holds by construction.)
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import LAND, UNKNOWN, WALL, Puzzle


@dataclass(frozen=True)
class Violation:
    """One broken rule at one cell (0-origin row and column)."""

    rule: int
    row: int
    col: int
    text: str


def _grid(puzzle: Puzzle, cells: tuple[int, ...]) -> list[list[int]]:
    """2-D copy of the states, with clue cells forced light."""
    return [
        [LAND if puzzle.clues[r * puzzle.cols + c] else cells[r * puzzle.cols + c]
         for c in range(puzzle.cols)]
        for r in range(puzzle.rows)
    ]


def _around(rows: int, cols: int, r: int, c: int) -> list[tuple[int, int]]:
    """Orthogonal neighbours of (r, c) inside the grid."""
    out = []
    if r > 0:
        out.append((r - 1, c))
    if r + 1 < rows:
        out.append((r + 1, c))
    if c > 0:
        out.append((r, c - 1))
    if c + 1 < cols:
        out.append((r, c + 1))
    return out


def _region(grid: list[list[int]], start: tuple[int, int], kinds: set[int]) -> set[tuple[int, int]]:
    """Cells reachable from start through cells whose state is in kinds."""
    rows, cols = len(grid), len(grid[0])
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for nb in _around(rows, cols, r, c):
            if nb not in seen and grid[nb[0]][nb[1]] in kinds:
                seen.add(nb)
                todo.append(nb)
    return seen


def _at(r: int, c: int) -> str:
    return f"[{r},{c}] (0-origin)"


def first_violation(puzzle: Puzzle, cells: tuple[int, ...]) -> Violation | None:
    """The first broken rule (checked in the order 1, 2, 4, 5), or None.

    Grey (unknown) cells may still become either colour, so an island is only judged too
    small or number-less once no grey cell touches it, and dark cells count as disconnected
    only if no path of dark or grey cells joins them.
    """
    grid = _grid(puzzle, cells)
    rows, cols = puzzle.rows, puzzle.cols
    clue = puzzle.clues
    islands = []
    seen: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == LAND and (r, c) not in seen:
                island = _region(grid, (r, c), {LAND})
                seen |= island
                islands.append(sorted(island))
    # Rule 1: exactly one number per island; the second number met in reading order is named.
    for island in islands:
        numbered = [(r, c) for r, c in island if clue[r * cols + c]]
        if len(numbered) > 1:
            r, c = numbered[1]
            return Violation(1, r, c, f"multiple numbered cell in island at {_at(r, c)}")
    closed = {}
    for k, island in enumerate(islands):
        closed[k] = not any(
            grid[nr][nc] == UNKNOWN
            for r, c in island for nr, nc in _around(rows, cols, r, c)
        )
    for k, island in enumerate(islands):
        if closed[k] and not any(clue[r * cols + c] for r, c in island):
            r, c = island[0]
            return Violation(1, r, c, f"no numbered cell in island at {_at(r, c)}")
    # Rule 2: island size equals its number.
    for k, island in enumerate(islands):
        for r, c in island:
            number = clue[r * cols + c]
            if number and (len(island) > number or (closed[k] and len(island) < number)):
                return Violation(
                    2, r, c,
                    f"wrong number of cells ({len(island)}, not {number}) "
                    f"in island at {_at(r, c)}",
                )
    # Rule 4: all dark cells connected (through grey cells while the grid is unfinished).
    dark = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == WALL]
    if dark:
        reach = _region(grid, dark[0], {WALL, UNKNOWN})
        if any(d not in reach for d in dark):
            r, c = dark[0]
            return Violation(
                4, r, c, f"dark cell at {_at(r, c)} is not connected to all other dark cells"
            )
    # Rule 5: no 2x2 block of dark cells.
    for r in range(rows - 1):
        for c in range(cols - 1):
            if grid[r][c] == grid[r + 1][c] == grid[r][c + 1] == grid[r + 1][c + 1] == WALL:
                return Violation(5, r, c, f"2x2 block of dark cells at {_at(r, c)}")
    return None


def progcomp_line(name: str, violation: Violation) -> str:
    """The Progcomp report line for a game that breaks a rule."""
    return f"{name} violates rule {violation.rule}: {violation.text}"


def is_solution(puzzle: Puzzle, cells: tuple[int, ...]) -> bool:
    """True iff cells is a complete grid that keeps every rule of the puzzle."""
    return not solution_problems(puzzle, cells)


def solution_problems(
    puzzle: Puzzle, solution: tuple[int, ...], start: tuple[int, ...] | None = None
) -> list[str]:
    """Why solution is not a solution of puzzle (and of the given start state); [] if it is."""
    problems = []
    if len(solution) != puzzle.rows * puzzle.cols:
        return [f"grid has {len(solution)} cells, expected {puzzle.rows * puzzle.cols}"]
    for i, state in enumerate(solution):
        r, c = divmod(i, puzzle.cols)
        if state not in (LAND, WALL):
            problems.append(f"cell [{r},{c}] is not decided")
        elif puzzle.clues[i] and state != LAND:
            problems.append(f"numbered cell [{r},{c}] is dark")
        elif start is not None and start[i] != UNKNOWN and start[i] != state:
            problems.append(f"cell [{r},{c}] differs from the given state")
    if problems:
        return problems
    violation = first_violation(puzzle, solution)
    if violation is not None:
        return [f"rule {violation.rule}: {violation.text}"]
    return []
