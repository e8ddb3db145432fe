"""Random puzzles with a unique solution: grow islands in a sea of wall, number them, and
move numbers until the solver proves the solution unique (by its rules alone, or by a short
search that finds no second solution)."""

from __future__ import annotations

import random

from .board import Contradiction
from .checker import is_solution
from .model import LAND, UNKNOWN, WALL, Puzzle
from .solver import logic_only, solve


def _walls_connected(rows: int, cols: int, grid: list[int]) -> bool:
    walls = [i for i, s in enumerate(grid) if s == WALL]
    if not walls:
        return True
    seen = {walls[0]}
    todo = [walls[0]]
    while todo:
        i = todo.pop()
        r, c = divmod(i, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and grid[j] == WALL and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(walls)


def _wall_block(rows: int, cols: int, grid: list[int]) -> bool:
    """True if some 2x2 block of the grid is all wall."""
    return any(all(grid[j] == WALL for j in (i, i + 1, i + cols, i + cols + 1))
               for i in (r * cols + c for r in range(rows - 1) for c in range(cols - 1)))


def random_solution(rows: int, cols: int, rng: random.Random,
                    max_island: int = 6) -> tuple[list[int], list[int]]:
    """A random valid grid: (states, island id per cell, -1 for wall).

    A draw may leave a 2x2 block of wall that no cell of it can break without joining
    islands past twice the cap or cutting the wall in two (some 2% of 8x8 draws with a cap
    of 9, more with small caps): such a grid is drawn again.
    """
    for _ in range(10_000):
        grid, island = _draw(rows, cols, rng, max_island)
        if not _wall_block(rows, cols, grid):
            return grid, island
    raise RuntimeError(f"no valid {rows}x{cols} grid with islands up to {max_island}")


def _draw(rows: int, cols: int, rng: random.Random,
          max_island: int) -> tuple[list[int], list[int]]:
    """Islands grown at random in a sea of wall; a 2x2 block of wall may be left."""
    n = rows * cols
    grid = [WALL] * n
    island = [-1] * n
    sizes: list[int] = []

    def nbrs(i: int) -> list[int]:
        r, c = divmod(i, cols)
        return [rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < rows and 0 <= cc < cols]

    def try_land(i: int, cap: int) -> bool:
        ids = sorted({island[j] for j in nbrs(i) if grid[j] == LAND})
        if 1 + sum(sizes[k] for k in ids) > cap:
            return False
        grid[i] = LAND
        if not _walls_connected(rows, cols, grid):
            grid[i] = WALL
            return False
        if not ids:
            island[i] = len(sizes)
            sizes.append(1)
            return True
        # Joining islands makes one island of them all.
        k = ids[0]
        for other in ids[1:]:
            for j in range(n):
                if island[j] == other:
                    island[j] = k
            sizes[k] += sizes[other]
            sizes[other] = 0
        island[i] = k
        sizes[k] += 1
        return True

    # Break every 2x2 wall block (trying each of its cells), then let islands grow a little.
    tops = [r * cols + c for r in range(rows - 1) for c in range(cols - 1)]
    for cap in (max_island, 2 * max_island):
        progress = True
        while progress:
            progress = False
            rng.shuffle(tops)
            for top in tops:
                block = [top, top + 1, top + cols, top + cols + 1]
                if any(grid[j] == LAND for j in block):
                    continue
                rng.shuffle(block)
                if any(try_land(j, cap) for j in block):
                    progress = True
    for _ in range(n // 8):
        i = rng.randrange(n)
        if grid[i] == WALL and any(grid[j] == LAND for j in nbrs(i)):
            try_land(i, max_island)
    return grid, island


def generate(rows: int, cols: int, seed: int, max_island: int = 5, attempts: int = 50,
             repairs: int = 60, node_budget: int = 40) -> tuple[Puzzle, tuple[int, ...]]:
    """A puzzle with exactly one solution, and that solution; deterministic for a seed."""
    rng = random.Random(seed)
    for _ in range(attempts):
        grid, island = random_solution(rows, cols, rng, max_island)
        members = _members(island)
        solution = tuple(grid)
        where = {k: rng.choice(cells) for k, cells in members.items()}
        # Move numbers until the rules alone decide every cell: sound rules that leave no
        # choice prove the solution unique.  Give up on the grid after a few moves.
        for _ in range(repairs):
            puzzle = _numbered(rows, cols, where, members)
            cells = _decided(puzzle, solution)
            if cells is None:
                break
            if UNKNOWN not in cells:
                if tuple(cells) == solution:
                    return puzzle, solution
                break
            # Where the rules stall, a short search may still prove the solution unique.
            result = solve(puzzle, limit=2, lookahead=False, max_nodes=node_budget)
            if result.solutions == [solution] and result.exhausted:
                return puzzle, solution
            # A number on an undecided land cell pins it down.
            choices = [i for i, s in enumerate(cells) if s == UNKNOWN and solution[i] == LAND]
            if not choices:
                break
            i = rng.choice(choices)
            where[island[i]] = i
    raise RuntimeError(f"no unique {rows}x{cols} puzzle in {attempts} attempts (seed {seed})")


def _decided(puzzle: Puzzle, solution: tuple[int, ...]) -> list[int] | None:
    """What the rules alone decide of a numbered grid; None if the numbers do not fit the
    grid they came from (another grid is needed)."""
    if not is_solution(puzzle, solution):
        return None
    try:
        cells, _steps = logic_only(puzzle, lookahead=False)
    except Contradiction:
        return None
    return cells


def _members(island: list[int]) -> dict[int, list[int]]:
    """The cells of each island (island numbers >= 0; -1 is wall)."""
    members: dict[int, list[int]] = {}
    for i, k in enumerate(island):
        if k >= 0:
            members.setdefault(k, []).append(i)
    return members


def _numbered(rows: int, cols: int, where: dict[int, int],
              members: dict[int, list[int]]) -> Puzzle:
    """The puzzle with each island's size written on its chosen cell."""
    clues = [0] * (rows * cols)
    for k, i in where.items():
        clues[i] = len(members[k])
    return Puzzle(rows, cols, tuple(clues))


def generate_sparse(rows: int, cols: int, seed: int, max_island: int = 12, attempts: int = 40,
                    repairs: int = 30, node_budget: int = 1500,
                    min_open: int = 10) -> tuple[Puzzle, tuple[int, ...]]:
    """A hard puzzle: few clues and large islands, unique (proven by the full search), where
    the rules without lookahead leave at least `min_open` cells undecided.

    Grids with large islands are drawn until one, with a number on a random cell of each
    island, has a single solution; where a second solution differs, that island's number
    moves onto a cell where they differ.  Deterministic for a seed.
    """
    rng = random.Random(seed)
    for _ in range(attempts):
        grid, island = random_solution(rows, cols, rng, max_island)
        members = _members(island)
        solution = tuple(grid)
        if len(members) > rows * cols // 7:
            continue  # too many islands to be sparse
        where = {k: rng.choice(cells) for k, cells in members.items()}
        for _ in range(repairs):
            puzzle = _numbered(rows, cols, where, members)
            cells = _decided(puzzle, solution)
            if cells is None:
                break
            if cells.count(UNKNOWN) < min_open:
                break  # easy (or unique by the rules alone): another grid
            result = solve(puzzle, limit=2, max_nodes=node_budget)
            if len(result.solutions) == 1 and result.exhausted:
                return puzzle, solution
            if len(result.solutions) < 2:
                break  # the budget ran out: too hard to prove here
            other = next(s for s in result.solutions if s != solution)
            differ = [i for i in range(rows * cols) if other[i] != solution[i] and island[i] >= 0]
            if not differ:
                break
            i = rng.choice(differ)
            where[island[i]] = i
    raise RuntimeError(f"no sparse unique {rows}x{cols} puzzle in {attempts} attempts "
                       f"(seed {seed})")
