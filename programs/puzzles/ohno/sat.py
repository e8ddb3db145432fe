"""0h n0 as clauses for the SAT engine (`--engine sat`): one variable per cell, true = blue.

A number n sees exactly x cells in a direction when the first x cells that way are blue and
the next is red or the edge; one variable per (direction, x) says so, and the four
directions' values are added in two pairs whose sums must make n.
"""

from __future__ import annotations

from collections.abc import Iterator

from programs.puzzles.ohno.formats import BLUE, RED, Board
from programs.puzzles.sat import Clause, SatStats, models


def _rays(board: Board, p: int, reach: int) -> list[list[int]]:
    """The cells in the four directions from p, nearest first, at most `reach` of each."""
    r, c = divmod(p, board.cols)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        ray = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < board.rows and 0 <= cc < board.cols and len(ray) < reach:
            ray.append(rr * board.cols + cc)
            rr, cc = rr + dr, cc + dc
        out.append(ray)
    return out


def clauses(board: Board) -> list[Clause]:
    """The rules of `board`; variable i + 1 is cell i blue."""
    n_cells = board.rows * board.cols
    top = n_cells

    def fresh() -> int:
        nonlocal top
        top += 1
        return top

    out: list[Clause] = []
    for i, v in enumerate(board.cells):
        if v == RED:
            out.append([-(i + 1)])
        elif v >= BLUE:
            out.append([i + 1])
    # A blue cell sees another blue: it has a blue neighbour.
    for i in range(n_cells):
        out.append([-(i + 1), *(q + 1 for ray in _rays(board, i, 1) for q in ray)])
    for p, n in enumerate(board.cells):
        if n <= 0:
            continue
        # sees[d][x]: exactly x cells seen in direction d (x <= n)
        sees: list[dict[int, int]] = []
        for ray in _rays(board, p, n + 1):
            if len(ray) > n:
                out.append([-(q + 1) for q in ray[: n + 1]])  # never more than n
            options = {}
            for x in range(min(n, len(ray)) + 1):
                e = fresh()
                options[x] = e
                body = [q + 1 for q in ray[:x]]
                if x < len(ray):
                    body.append(-(ray[x] + 1))
                out.extend([-e, lit] for lit in body)
                out.append([e, *(-lit for lit in body)])
            sees.append(options)
        halves = []
        for a, b in ((sees[0], sees[1]), (sees[2], sees[3])):
            total: dict[int, int] = {}
            for x, ex in a.items():
                for y, ey in b.items():
                    if x + y <= n:
                        s = total.get(x + y) or total.setdefault(x + y, fresh())
                        out.append([-ex, -ey, s])
                    else:
                        out.append([-ex, -ey])
            halves.append(total)
        for v, s in halves[0].items():
            for w, t in halves[1].items():
                if v + w != n:
                    out.append([-s, -t])
        # the two halves must meet: some pair of sums makes n
        out.append([s for v, s in halves[0].items() if n - v in halves[1]])
    return out


def iter_solutions(board: Board, stats: SatStats | None = None) -> Iterator[list[bool]]:
    """Every solution as blue flags, row by row, found by the SAT solver."""
    n_cells = board.rows * board.cols
    for true in models(clauses(board), range(1, n_cells + 1), stats=stats):
        yield [i + 1 in true for i in range(n_cells)]


def solve(board: Board) -> list[bool] | None:
    """One solution from the SAT solver, or None."""
    return next(iter_solutions(board), None)
