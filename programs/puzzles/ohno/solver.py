"""0h n0 solver: rules to a fixed point, look-ahead, depth-first search, counting with a limit.

Cell states are OPEN, IS_BLUE, IS_RED. For every number n the solver lists, for each of
the four directions, how many cells x it could still see that way: x starts after the
blue run already seen, the first x cells must not be red, and cell x (if any) must not be
blue, since it has to stop the view. Sums over the four directions must make n; the values
of a direction that no choice in the other three completes are dropped (sets of values are
bit masks, added as sumsets). Then the smallest value left means that many cells must be
blue, and a single value left means the cell after them must be red. This one rule covers
"too many seen", "too little reach", "must see at least k this way" and "finished: close".

For the second rule, a blue cell needs a blue neighbour (on a finished board, seeing
another blue is having a blue neighbour): a blue cell with one possible neighbour makes it
blue, and an open cell walled in by reds and edges must be red.

Work is driven by queues: deciding a cell re-examines only the numbers that look at it and
the cell and its neighbours. When the rules stall, every open cell at the edge of an
unfinished number's view is tried both ways (look-ahead): a color that leads to a
contradiction fixes the other, cells both trials agree on are fixed, and otherwise the
search branches on the cell whose trials decided the most.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from programs.puzzles.ohno.formats import BLUE, IS_BLUE, IS_RED, OPEN, RED, Board

_NAMES = ("up", "down", "left", "right")


@dataclass
class Geometry:
    """Rays and neighbours of every cell of a board, computed once."""

    rays: list[tuple[tuple[int, ...], ...]]
    neighbours: list[tuple[int, ...]]
    numbers: list[tuple[int, int]]  # (cell, number)
    watchers: list[tuple[int, ...]]  # per cell: the numbers whose rays pass through it
    sums: dict[tuple[int, int], int] = field(default_factory=dict)  # memo of _add

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
        watching: list[list[int]] = [[] for _ in range(rows * cols)]
        for k, (p, n) in enumerate(numbers):
            for ray in rays[p]:
                # a number n only ever looks at the first n + 1 cells of a ray
                for q in ray[: n + 1]:
                    watching[q].append(k)
        return cls(rays, neighbours, numbers, [tuple(w) for w in watching])


@dataclass
class Stats:
    """Work done by a search."""

    guesses: int = 0
    dead_ends: int = 0
    probes: int = 0


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
    board: Board,
    geo: Geometry,
    s: list[int],
    log: list[Step] | None = None,
    touched: list[int] | None = None,
    changed: list[int] | None = None,
) -> bool:
    """Apply the rules until nothing changes; False on a contradiction.

    With `touched` (cells just decided by a guess) only the numbers and cells those can
    affect are looked at first; otherwise everything is. `changed` collects the cells set.
    """
    cols = board.cols
    rays = geo.rays
    neighbours = geo.neighbours
    watchers = geo.watchers
    numbers = geo.numbers
    sums = geo.sums
    if touched is None:
        todo_numbers = set(range(len(numbers)))
        todo_cells = set(range(len(s)))
    else:
        todo_numbers = set()
        todo_cells = set()
        for q in touched:
            todo_numbers.update(watchers[q])
            todo_cells.add(q)
            todo_cells.update(neighbours[q])

    def decide(q: int, state: int, reason: str | None) -> None:
        """Set a cell and queue everything that looks at it."""
        s[q] = state
        if changed is not None:
            changed.append(q)
        todo_numbers.update(watchers[q])
        todo_cells.add(q)
        todo_cells.update(neighbours[q])
        if log is not None and reason is not None:
            log.append(Step(q, state, reason))

    while todo_numbers or todo_cells:
        if todo_numbers:
            p, n = numbers[todo_numbers.pop()]
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
            pair01 = _add(masks[0], masks[1], lim, sums)
            pair23 = _add(masks[2], masks[3], lim, sums)
            others = (
                _add(masks[1], pair23, lim, sums),
                _add(masks[0], pair23, lim, sums),
                _add(pair01, masks[3], lim, sums),
                _add(pair01, masks[2], lim, sums),
            )
            for d, ray in enumerate(rays[p]):
                m = masks[d]
                feasible = 0
                while m:
                    low = m & -m
                    m ^= low
                    if others[d] >> (n - low.bit_length() + 1) & 1:
                        feasible |= low
                if not feasible:
                    return False
                lo = (feasible & -feasible).bit_length() - 1
                hi = feasible.bit_length() - 1
                for j in range(starts[d], lo):
                    if s[ray[j]] == OPEN:
                        decide(ray[j], IS_BLUE, log is not None and (
                            f"the {n} at {_where(cols, p)} must see at least {lo} {_NAMES[d]}"
                        ) or None)
                if lo == hi and lo < len(ray) and s[ray[lo]] == OPEN:
                    decide(ray[lo], IS_RED, log is not None and (
                        f"the {n} at {_where(cols, p)} sees exactly {lo} {_NAMES[d]}"
                    ) or None)
            continue
        p = todo_cells.pop()
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
                decide(open_cell, IS_BLUE, log is not None and (
                    f"the blue at {_where(cols, p)} has no other neighbour to see"
                ) or None)
        elif opens == 0:
            decide(p, IS_RED, "a blue here could see no other blue")
    return True


def _add(a: int, b: int, lim: int, memo: dict[tuple[int, int], int]) -> int:
    """Sums of two value sets held as bit masks, kept to the bits of `lim`."""
    out = memo.get((a, b))
    if out is None:
        out = 0
        x = a
        while x:
            low = x & -x
            x ^= low
            out |= b * low
        memo[(a, b)] = out  # masks have at most 10 bits, so the memo stays small
    return out & lim


def _frontier(geo: Geometry, s: list[int]) -> list[int]:
    """Open cells where an unfinished number's view could stop or go on."""
    out = []
    for p, _ in geo.numbers:
        for ray in geo.rays[p]:
            for q in ray:
                t = s[q]
                if t == IS_BLUE:
                    continue
                if t == OPEN:
                    out.append(q)
                break
    return out


def _lookahead(board: Board, geo: Geometry, s: list[int], stats: Stats) -> int:
    """Try both colors of every frontier cell; keep forced ones; return the cell to branch on.

    Returns -1 when no cell is open, -2 on a contradiction. The branch cell is the one whose
    two trials decided the most cells (product of both), a common look-ahead score.
    """
    while True:
        best = -1
        best_score = -1
        progress = False
        opens = s.count(OPEN)
        if not opens:
            return -1
        for p in dict.fromkeys(_frontier(geo, s)):
            if s[p] != OPEN:
                continue
            stats.probes += 1
            blue = s[:]
            blue[p] = IS_BLUE
            went_blue: list[int] = []
            blue_ok = propagate(board, geo, blue, touched=[p], changed=went_blue)
            red = s[:]
            red[p] = IS_RED
            went_red: list[int] = []
            red_ok = propagate(board, geo, red, touched=[p], changed=went_red)
            if not blue_ok and not red_ok:
                return -2
            if not blue_ok or not red_ok:
                s[:] = red if blue_ok is False else blue
                progress = True
                opens = s.count(OPEN)
                continue
            # cells both trials agree on are forced whatever p turns out to be
            agreed = [q for q in went_blue if red[q] == blue[q]]
            if agreed:
                for q in agreed:
                    s[q] = blue[q]
                if not propagate(board, geo, s, touched=agreed):
                    return -2
                progress = True
                opens = s.count(OPEN)
                continue
            score = (len(went_blue) + 1) * (len(went_red) + 1)
            if score > best_score:
                best, best_score = p, score
        if progress:
            continue
        if best >= 0:
            return best
        return s.index(OPEN)


def _search(board: Board, geo: Geometry, start: bytearray,
            stats: Stats) -> Iterator[bytearray]:
    """Depth-first from a propagated state: look ahead, then branch blue, red.

    An explicit stack instead of recursion: a board's depth is its number of open cells,
    far beyond Python's recursion limit, and the stack holds one state per level at most
    twice, so memory grows with depth times board size, nothing more.
    """
    todo: list[tuple[bytearray, int]] = [(start, -1)]  # (state, guessed cell or -1)
    while todo:
        s, guessed = todo.pop()
        if guessed >= 0:
            stats.guesses += 1
            if not propagate(board, geo, s, touched=[guessed]):
                stats.dead_ends += 1
                continue
        p = _lookahead(board, geo, s, stats)
        if p == -2:
            stats.dead_ends += 1
            continue
        if p == -1:
            yield s
            continue
        red = s[:]
        red[p] = IS_RED
        s[p] = IS_BLUE
        todo.append((red, p))  # blue is popped first, red after its whole subtree
        todo.append((s, p))


def iter_solutions(board: Board, stats: Stats | None = None) -> Iterator[list[bool]]:
    """Every solution as blue flags, row by row."""
    geo = Geometry.of(board)
    start = bytearray(initial_state(board))
    if not propagate(board, geo, start):
        return
    for s in _search(board, geo, start, stats or Stats()):
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


def deduce(board: Board, trials: bool = True) -> Deduction:
    """Rules, then (with `trials`) single-cell trials, with the reason of every step."""
    geo = Geometry.of(board)
    s = initial_state(board)
    out = Deduction(state=s)
    out.consistent = propagate(board, geo, s, out.steps)
    while out.consistent and trials:
        forced = None
        for p in dict.fromkeys(_frontier(geo, s)):
            for state, other, name in ((IS_BLUE, IS_RED, "blue"), (IS_RED, IS_BLUE, "red")):
                trial = s[:]
                trial[p] = state
                if not propagate(board, geo, trial, touched=[p]):
                    forced = (p, other, name)
                    break
            if forced:
                break
        if forced is None:
            break
        p, other, name = forced
        s[p] = other
        out.steps.append(Step(p, other, f"trial: {name} here leads to a contradiction"))
        out.consistent = propagate(board, geo, s, out.steps, touched=[p])
    return out
