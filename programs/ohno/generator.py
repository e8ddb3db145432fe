"""Random 0h n0 boards of any size with a unique solution, for tests and the benchmark.

A random coloring is drawn (blue cells without a blue neighbour turn red), every cell is
given (reds as '#', blues as their number, or as 'O' where a blue sees more than 9), and
then givens are removed in random order while the solution stays unique.
"""

from __future__ import annotations

import random

from programs.ohno.formats import BLUE, EMPTY, RED, Board
from programs.ohno.solver import count_solutions


def random_coloring(rows: int, cols: int, rnd: random.Random, red: float = 0.3) -> list[bool]:
    """Blue flags obeying the second rule: no blue cell without a blue neighbour."""
    blue = [rnd.random() >= red for _ in range(rows * cols)]
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        near = [
            (r + dr) * cols + c + dc
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        ]
        # turning a lonely blue red never leaves another blue lonely: it had no blue friend
        if blue[i] and not any(blue[q] for q in near):
            blue[i] = False
    return blue


def sight(rows: int, cols: int, blue: list[bool], i: int) -> int:
    """Blue cells seen from cell i."""
    r, c = divmod(i, cols)
    total = 0
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols and blue[rr * cols + cc]:
            total += 1
            rr, cc = rr + dr, cc + dc
    return total


def generate(
    rows: int, cols: int | None = None, seed: int = 0, red: float = 0.3
) -> tuple[Board, list[bool]]:
    """A board with exactly one solution, and that solution."""
    cols = rows if cols is None else cols
    rnd = random.Random(seed)
    blue = random_coloring(rows, cols, rnd, red)
    givens = []
    for i in range(rows * cols):
        if not blue[i]:
            givens.append(RED)
        else:
            seen = sight(rows, cols, blue, i)
            givens.append(seen if 1 <= seen <= 9 else BLUE)
    order = list(range(rows * cols))
    rnd.shuffle(order)
    for i in order:
        kept = givens[i]
        givens[i] = EMPTY
        if count_solutions(Board(rows, cols, tuple(givens)), limit=2) != 1:
            givens[i] = kept
    return Board(rows, cols, tuple(givens)), blue
