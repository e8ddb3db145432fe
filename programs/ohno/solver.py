"""0h n0 solver: rules of thumb to a fixed point, then depth-first search, counting with a limit.

Cell states are OPEN, IS_BLUE, IS_RED. For every number the solver measures, in each of
the four directions, the blue run it already sees and the non-red reach it could see:

- more seen than the number, or less reach than the number: contradiction;
- at least `number - (reach in the other directions)` cells must be blue in a direction;
- an open cell that would make the number see too many (itself plus the blue run behind
  it) must be red; this also closes a finished number;

and for the second rule, a blue cell needs a blue neighbour (seeing another blue is the
same as having a blue neighbour on a finished board): a blue cell with one possible
neighbour fixes it blue, and an open cell walled in by reds and edges must be red.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from programs.ohno.formats import BLUE, IS_BLUE, IS_RED, OPEN, RED, Board

_NAMES = ("up", "down", "left", "right")


@dataclass
class Geometry:
    """Rays and neighbours of every cell of a board, computed once."""

    rays: list[tuple[tuple[int, ...], ...]]
    neighbours: list[tuple[int, ...]]
    numbers: list[tuple[int, int]]  # (cell, number)

    @classmethod
    def of(cls, board: Board) -> Geometry:
        """Precompute for `board`."""
        rows, cols = board.rows, board.cols
        rays = []
        neighbours = []
        for r in range(rows):
            for c in range(cols):
                up = tuple((rr * cols + c) for rr in range(r - 1, -1, -1))
                down = tuple((rr * cols + c) for rr in range(r + 1, rows))
                left = tuple((r * cols + cc) for cc in range(c - 1, -1, -1))
                right = tuple((r * cols + cc) for cc in range(c + 1, cols))
                rays.append((up, down, left, right))
                neighbours.append(tuple(ray[0] for ray in (up, down, left, right) if ray))
        numbers = [(i, v) for i, v in enumerate(board.cells) if v > 0]
        return cls(rays, neighbours, numbers)


@dataclass
class Stats:
    """Work done by a search."""

    guesses: int = 0
    dead_ends: int = 0


@dataclass
class Step:
    """One deduction: the cell, the state it got, and why."""

    cell: int
    state: int
    reason: str


def initial_state(board: Board) -> list[int]:
    """Givens as states: numbers and 'O' blue, '#' red, the rest open."""
    out = []
    for v in board.cells:
        if v == RED:
            out.append(IS_RED)
        elif v >= BLUE:
            out.append(IS_BLUE)
        else:
            out.append(OPEN)
    return out


def _where(cols: int, cell: int) -> str:
    """r<row>c<col>, 1-based."""
    return f"r{cell // cols + 1}c{cell % cols + 1}"


def propagate(
    board: Board, geo: Geometry, s: list[int], log: list[Step] | None = None
) -> bool:
    """Apply the rules until nothing changes; False on a contradiction."""
    cols = board.cols
    rays = geo.rays
    neighbours = geo.neighbours
    n_cells = len(s)
    changed = True
    while changed:
        changed = False
        for p, n in geo.numbers:
            masks = [0, 0, 0, 0]
            starts = [0, 0, 0, 0]
            for d, ray in enumerate(rays[p]):
                size = len(ray)
                k = 0
                while k < size and s[ray[k]] == IS_BLUE:
                    k += 1
                starts[d] = k
                # bit x: the number may see exactly x cells this way (cell x can stop it)
                m = 0
                x = k
                while x <= n:
                    if x == size:
                        m |= 1 << x
                        break
                    t = s[ray[x]]
                    if t == IS_RED:
                        m |= 1 << x
                        break
                    if t == OPEN:
                        m |= 1 << x
                    x += 1
                if not m:
                    return False
                masks[d] = m
            lim = (2 << n) - 1
            pair01 = _add(masks[0], masks[1], lim)
            pair23 = _add(masks[2], masks[3], lim)
            others = (
                _add(masks[1], pair23, lim),
                _add(masks[0], pair23, lim),
                _add(pair01, masks[3], lim),
                _add(pair01, masks[2], lim),
            )
            for d, ray in enumerate(rays[p]):
                m = masks[d]
                feasible = 0
                while m:
                    low = m & -m
                    m ^= low
                    x = low.bit_length() - 1
                    if others[d] >> (n - x) & 1:
                        feasible |= low
                if not feasible:
                    return False
                lo = (feasible & -feasible).bit_length() - 1
                hi = feasible.bit_length() - 1
                for j in range(starts[d], lo):
                    if s[ray[j]] == OPEN:
                        s[ray[j]] = IS_BLUE
                        changed = True
                        if log is not None:
                            log.append(Step(ray[j], IS_BLUE, (
                                f"the {n} at {_where(cols, p)} must see at least {lo}"
                                f" {_NAMES[d]}"
                            )))
                if lo == hi and lo < len(ray) and s[ray[lo]] == OPEN:
                    s[ray[lo]] = IS_RED
                    changed = True
                    if log is not None:
                        log.append(Step(ray[lo], IS_RED, (
                            f"the {n} at {_where(cols, p)} sees exactly {lo} {_NAMES[d]}"
                        )))
        for p in range(n_cells):
            state = s[p]
            if state == IS_RED:
                continue
            open_cell = -1
            opens = 0
            has_blue = False
            for q in neighbours[p]:
                t = s[q]
                if t == IS_BLUE:
                    has_blue = True
                    break
                if t == OPEN:
                    opens += 1
                    open_cell = q
            if has_blue:
                continue
            if state == IS_BLUE:
                if opens == 0:
                    return False
                if opens == 1:
                    s[open_cell] = IS_BLUE
                    if log is not None:
                        log.append(Step(open_cell, IS_BLUE, (
                            f"the blue at {_where(cols, p)} has no other neighbour to see"
                        )))
                    changed = True
            elif opens == 0:
                s[p] = IS_RED
                if log is not None:
                    log.append(Step(p, IS_RED, "a blue here could see no other blue"))
                changed = True
    return True


def _add(a: int, b: int, lim: int) -> int:
    """Sums of two value sets held as bit masks, kept to the bits of `lim`."""
    out = 0
    while a:
        low = a & -a
        a ^= low
        out |= b * low
    return out & lim


def _choose(geo: Geometry, s: list[int]) -> int:
    """The open cell to branch on: next to the tightest unfinished number, else any."""
    best = -1
    best_slack = 1 << 30
    for p, n in geo.numbers:
        first_open = -1
        reach = 0
        seen = 0
        for ray in geo.rays[p]:
            k = 0
            size = len(ray)
            while k < size and s[ray[k]] == IS_BLUE:
                k += 1
            seen += k
            m = k
            while m < size and s[ray[m]] != IS_RED:
                m += 1
            reach += m
            if m > k and first_open < 0:
                first_open = ray[k]
        if first_open >= 0 and reach - n < best_slack:
            best, best_slack = first_open, reach - n
    if best >= 0:
        return best
    for p, t in enumerate(s):
        if t == OPEN:
            return p
    return -1


def _search(board: Board, geo: Geometry, s: list[int], stats: Stats) -> Iterator[list[int]]:
    """Depth-first: propagate, branch blue then red on the chosen cell."""
    if not propagate(board, geo, s):
        stats.dead_ends += 1
        return
    p = _choose(geo, s)
    if p < 0:
        yield s
        return
    for state in (IS_BLUE, IS_RED):
        stats.guesses += 1
        t = s[:]
        t[p] = state
        yield from _search(board, geo, t, stats)


def iter_solutions(board: Board, stats: Stats | None = None) -> Iterator[list[bool]]:
    """Every solution as blue flags, row by row."""
    geo = Geometry.of(board)
    for s in _search(board, geo, initial_state(board), stats or Stats()):
        yield [t == IS_BLUE for t in s]


def solve(board: Board, stats: Stats | None = None) -> list[bool] | None:
    """One solution, or None."""
    return next(iter_solutions(board, stats), None)


def count_solutions(board: Board, limit: int = 2) -> int:
    """Number of solutions, counting no further than `limit`."""
    n = 0
    for _ in iter_solutions(board):
        n += 1
        if n >= limit:
            break
    return n


def is_unique(board: Board) -> bool:
    """True when the board has exactly one solution."""
    return count_solutions(board, limit=2) == 1


@dataclass
class Deduction:
    """The logic phase: every step, the state it reached, and whether it was consistent."""

    steps: list[Step] = field(default_factory=list)
    state: list[int] = field(default_factory=list)
    consistent: bool = True


def deduce(board: Board) -> Deduction:
    """Rules only, no guessing, with the reason of every step."""
    s = initial_state(board)
    out = Deduction()
    out.consistent = propagate(board, Geometry.of(board), s, out.steps)
    out.state = s
    return out
