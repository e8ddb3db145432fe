"""Random 0h n0 boards of any size with a unique solution, for tests and the benchmark.

A random coloring is drawn (blue cells without a blue neighbour turn red); givens are
taken from it (reds as '#', blues as their number, or as 'O' where a blue sees more
than 9) until the solution is unique, and then thinned out while it stays unique.
"""

from __future__ import annotations

import itertools
import random

from programs.puzzles.ohno.formats import BLUE, EMPTY, RED, Board
from programs.puzzles.ohno.solver import count_solutions, iter_solutions


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
    rows: int, cols: int | None = None, seed: int = 0, red: float = 0.3, thin: bool = True,
    start: float = 0.2,
) -> tuple[Board, list[bool]]:
    """A board with exactly one solution, and that solution.

    Givens are added where two solutions of the current board disagree until only one
    is left, then each given is dropped again if the board stays unique without it. Far
    fewer uniqueness checks than removing from a full board, so 20x20 takes seconds.
    Without `thin` the givens are not dropped again and each round adds several (a
    `start` fraction of the cells is given at first): large boards in seconds, with more
    givens.
    """
    cols = rows if cols is None else cols
    rnd = random.Random(seed)
    blue = random_coloring(rows, cols, rnd, red)
    truth = []
    for i in range(rows * cols):
        if not blue[i]:
            truth.append(RED)
        else:
            seen = sight(rows, cols, blue, i)
            truth.append(seen if 1 <= seen <= 9 else BLUE)
    givens = [EMPTY] * (rows * cols)
    # a random part of the cells to start with, so few rounds of adding are needed
    for i in rnd.sample(range(rows * cols), int(rows * cols * start)):
        givens[i] = truth[i]
    while True:
        two = list(itertools.islice(iter_solutions(Board(rows, cols, tuple(givens))), 2))
        if len(two) < 2:
            break
        differ = [i for i in range(rows * cols) if two[0][i] != two[1][i]]
        for i in rnd.sample(differ, 1 if thin else max(1, len(differ) // 8)):
            givens[i] = truth[i]
    clues = [i for i in range(rows * cols) if givens[i] != EMPTY] if thin else []
    rnd.shuffle(clues)
    for i in clues:
        givens[i] = EMPTY
        if count_solutions(Board(rows, cols, tuple(givens)), limit=2) != 1:
            givens[i] = truth[i]
    return Board(rows, cols, tuple(givens)), blue
