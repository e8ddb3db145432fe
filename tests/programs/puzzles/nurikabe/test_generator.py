"""The grids the Nurikabe generator draws: every one a valid solution of its own clues."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.checker import is_solution
from programs.puzzles.nurikabe.generator import random_solution
from programs.puzzles.nurikabe.model import WALL, Puzzle


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), rows=st.integers(2, 9), cols=st.integers(2, 9),
       cap=st.integers(1, 10))
@example(seed=131072, rows=8, cols=8, cap=9)  # the first draw keeps a 2x2 block of wall
def test_a_random_solution_is_valid_with_one_clue_per_island(seed: int, rows: int, cols: int,
                                                             cap: int) -> None:
    grid, island = random_solution(rows, cols, random.Random(seed), cap)
    blocks = [[grid[(r + dr) * cols + c + dc] for dr in (0, 1) for dc in (0, 1)]
              for r in range(rows - 1) for c in range(cols - 1)]
    assert not any(block == [WALL] * 4 for block in blocks)
    members: dict[int, list[int]] = {}
    for i, k in enumerate(island):
        assert (k >= 0) == (grid[i] != WALL)
        if k >= 0:
            members.setdefault(k, []).append(i)
    clues = [0] * (rows * cols)
    for cells in members.values():
        clues[min(cells)] = len(cells)
    assert is_solution(Puzzle(rows, cols, tuple(clues)), tuple(grid))
