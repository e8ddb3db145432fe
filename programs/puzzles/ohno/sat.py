"""0h n0 as clauses for the SAT engine (`--engine sat`): one variable per cell, true = blue.

A number n sees exactly x cells in a direction when the first x cells that way are blue and
the next is red or the edge; one variable per (direction, x) says so, and the four
directions' values are added in two pairs whose sums must make n.

One solver serves the boards of a size in a file (`OhnoSat`): "a blue cell sees another
blue" is written once per solver; the clauses of "the cell at p shows n" are written the
first time a board has that number there, guarded by a selector literal of (p, n) that the
boards with it assume and the others deny; the given colours are assumptions. A board with
too many numbers unlike its own in the solver gets a fresh one (`IDLE`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from programs.puzzles.ohno.formats import BLUE, RED, Board
from programs.puzzles.sat import Clause, SatSolver, SatStats


def _rays(rows: int, cols: int, p: int, reach: int) -> list[list[int]]:
    """The cells in the four directions from p, nearest first, at most `reach` of each."""
    r, c = divmod(p, cols)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        ray = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < rows and 0 <= cc < cols and len(ray) < reach:
            ray.append(rr * cols + cc)
            rr, cc = rr + dr, cc + dc
        out.append(ray)
    return out


def shape_clauses(rows: int, cols: int) -> list[Clause]:
    """What every board of this size obeys; variable i + 1 is cell i blue."""
    # A blue cell sees another blue: it has a blue neighbour.
    return [[-(i + 1), *(q + 1 for ray in _rays(rows, cols, i, 1) for q in ray)]
            for i in range(rows * cols)]


def number_clauses(rows: int, cols: int, p: int, n: int,
                   fresh: Callable[[], int]) -> list[Clause]:
    """The cell at p sees exactly n blue cells (new variables from `fresh`)."""
    out: list[Clause] = []
    # sees[d][x]: exactly x cells seen in direction d (x <= n)
    sees: list[dict[int, int]] = []
    for ray in _rays(rows, cols, p, n + 1):
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


# Numbers of other boards kept per number of this one: more would slow every solver call
# (30 boards 8x8: 0.83x the time of a solver a board at 2, 1.0x at 0 and 4); beyond it, a
# fresh solver.
IDLE = 2


class _Shape:
    """The solver of one board size and the selector of each number written into it."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.solver = SatSolver(shape_clauses(rows, cols), top=rows * cols)
        self.selectors: dict[tuple[int, int], int] = {}

    def selector(self, p: int, n: int) -> int:
        """The literal that switches on "the cell at p shows n", written on first use."""
        s = self.selectors.get((p, n))
        if s is None:
            s = self.selectors[p, n] = self.solver.fresh()
            rules = number_clauses(self.rows, self.cols, p, n, self.solver.fresh)
            self.solver.add([-s, *clause] for clause in rules)
        return s


class OhnoSat:
    """The SAT engine for the boards of one file: one solver per board size."""

    def __init__(self) -> None:
        self.shapes: dict[tuple[int, int], _Shape] = {}

    def iter_solutions(self, board: Board, stats: SatStats | None = None
                       ) -> Iterator[list[bool]]:
        """Every solution as blue flags, row by row."""
        key = (board.rows, board.cols)
        numbers = {(i, v) for i, v in enumerate(board.cells) if v > 0}
        shape = self.shapes.get(key)
        if shape is None or len(shape.selectors.keys() - numbers) > IDLE * max(1, len(numbers)):
            # numbers of other boards cost every solver call: bounded, or a fresh start
            shape = self.shapes[key] = _Shape(*key)
        n_cells = board.rows * board.cols
        givens = []
        on = set()
        for i, v in enumerate(board.cells):
            if v == RED:
                givens.append(-(i + 1))
            elif v >= BLUE:
                givens.append(i + 1)
                if v > 0:
                    on.add(shape.selector(i, v))
        # numbers of other boards stay off (else the solver may try them on)
        selectors = [s if s in on else -s for s in shape.selectors.values()]
        for true in shape.solver.models(range(1, n_cells + 1), givens + selectors,
                                        stats=stats):
            yield [i + 1 in true for i in range(n_cells)]


def iter_solutions(board: Board, stats: SatStats | None = None,
                   engine: OhnoSat | None = None) -> Iterator[list[bool]]:
    """Every solution as blue flags, row by row, from `engine` or a solver of its own."""
    return (engine or OhnoSat()).iter_solutions(board, stats)


def solve(board: Board, engine: OhnoSat | None = None) -> list[bool] | None:
    """One solution from the SAT solver, or None."""
    return next(iter_solutions(board, engine=engine), None)
