"""Counting Nurikabe solutions by a frontier dynamic program instead of a search.

Cells are decided one at a time in row-major order along the narrow side. What the cells
still to come need to know of the decided ones is small: for each of the last `width`
decided cells its component (land or wall, joined through decided cells) and, for a land
component, its clue and its size so far; and whether the cell up and to the left is a wall
(the 2x2 rule). Boards that agree on that are merged and their counts added (capped), so the
work grows with the number of distinct frontiers, not with the search tree.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from .lookahead import MASK, SHIFT, Lookahead
from .model import LAND, WALL, Puzzle, cell_name

# Distinct frontiers kept at one cell before the count gives up (a few hundred bytes each).
BUDGET = 400_000
# The rules look ahead after this many cells of a row and at its end (0: never). Off by
# default: run at row ends they cut the CPU time of janko 962 and grilops 1 (10x10) by half
# or more, but a 36x20 board too wide for the budget gives up 7 to 20 times later, and
# grilops 2 stays far too wide for the budget (bench_nurikabe_frontier.py).
AHEAD = 0


class TooWide(Exception):
    """The frontier grew past the state budget: the caller should search instead."""


@dataclass
class Count:
    """Solutions counted up to a cap, up to `cap` of them, and the effort it took."""

    count: int
    solutions: list[tuple[int, ...]]
    peak: int  # most frontiers kept at one cell
    total: int  # frontiers made over all cells
    widths: list[int]  # frontiers kept after each cell, in the order they were decided


def _relabel(nf: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Number the components in order of first appearance: the new frontier and, for each
    new number, the old one (components off the frontier are dropped)."""
    seen: dict[int, int] = {}
    out = []
    for lab in nf:
        if lab < 0:
            out.append(-1)
            continue
        new = seen.get(lab)
        if new is None:
            new = seen[lab] = len(seen)
        out.append(new)
    return tuple(out), tuple(seen)


def _move(f: tuple[int, ...], c: int, join_up: bool, join_left: bool,
          shapes: list[tuple[int, ...]], shape_of: dict[tuple[int, ...], int]
          ) -> tuple[int, tuple[int, ...], bool, int]:
    """The frontier after the cell in column c joins the components above and on the left
    (as asked): its number, the old number of each new component, whether the cell above
    left the frontier with its component, and the old number the cell took (one past the
    others if it starts a component)."""
    up = f[c]
    left = f[c - 1] if c else -1
    nf = list(f)
    if join_up:
        lab = up
        if join_left and left != up:
            nf = [up if x == left else x for x in nf]
    elif join_left:
        lab = left
    else:
        lab = max(f) + 1
    nf[c] = lab
    cf, kept = _relabel(tuple(nf))
    shape = shape_of.get(cf)
    if shape is None:
        shape = shape_of[cf] = len(shapes)
        shapes.append(cf)
    return shape, kept, up >= 0 and up not in kept, lab


def _look(ahead: Lookahead, i: int, states: dict[tuple, list],
          shapes: list[tuple[int, ...]]) -> dict[tuple, list]:
    """The frontiers after cell i the rules do not prove dead, each with the cells they
    force below it."""
    out = {}
    for key, val in states.items():
        known = ahead.settle(i, shapes[key[2]], key[3], key[1], val[3], val[4])
        if known is not None:
            val[3], val[4] = known
            out[key] = val
    return out


def count(puzzle: Puzzle, cells: tuple[int, ...] | None = None, cap: int = 2,
          budget: int = BUDGET, ahead: int | None = None) -> Count:
    """Count the solutions (up to `cap`) from the given state; TooWide past the budget.
    The rules run ahead of the frontiers (lookahead.py) every `ahead` cells of a row and at
    its end; 0: never; None: every AHEAD."""
    # The frontiers make no reference cycles, but their millions of containers would have
    # the cyclic collector walk all those kept, again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _count(puzzle, cells, cap, budget, AHEAD if ahead is None else ahead)
    finally:
        if collecting:
            gc.enable()


def _count(puzzle: Puzzle, cells: tuple[int, ...] | None, cap: int, budget: int,
           every: int) -> Count:
    """The count itself (see count)."""
    rows, cols, clues = puzzle.rows, puzzle.cols, puzzle.clues
    given = cells if cells is not None else puzzle.empty_state()
    flip = cols > rows
    if flip:
        # Run along the narrow side: the frontier is as wide as a row.
        rows, cols = cols, rows
        order = [r * puzzle.cols + c for c in range(puzzle.cols) for r in range(puzzle.rows)]
    else:
        order = list(range(puzzle.size))
    n = rows * cols
    land_total = sum(clues)
    wall_total = n - land_total
    # The largest clue still to come after each cell.
    room = [0] * n
    for j in range(n - 2, -1, -1):
        room[j] = max(room[j + 1], clues[order[j + 1]])
    # A state: is the cell up-left a wall the 2x2 rule needs, walls so far, the number of the
    # frontier (the component of each frontier cell, in `shapes`), each component's code
    # (0 wall; clue << SHIFT | size land). Its value: solutions through it (capped), one of
    # them as a land bitmask and a tuple of up to cap - 1 more.
    shapes: list[tuple[int, ...]] = [(-1,) * cols]
    shape_of: dict[tuple[int, ...], int] = {shapes[0]: 0}
    ahead = None
    if every:
        ahead = Lookahead(rows, cols, [clues[j] for j in order],
                          sum(1 << j for j in range(n) if given[order[j]] == LAND),
                          sum(1 << j for j in range(n) if given[order[j]] == WALL))
    states: dict[tuple, list] = {(0, 0, 0, ()): [1, 0, (), 0, 0]}
    widths: list[int] = []
    for i in range(n):
        r, c = divmod(i, cols)
        cell = order[i]
        clue = clues[cell]
        want = given[cell]
        if clue:
            if want == WALL:
                states = {}  # a number on a wall: nothing to count
            want = LAND
        may_wall = want != LAND
        may_land = want != WALL
        bit = 1 << i
        last = c + 1 == cols
        fresh: dict[tuple, list] = {}
        get = fresh.get
        # The frontiers after this cell, by (frontier, joins the cell above, joins the one
        # on the left): few frontiers serve many states.
        moves: dict[tuple[int, bool, bool], tuple[int, tuple[int, ...], bool, int]] = {}
        for (d, walls, shape, codes), (num, w1, more, fl, fw) in states.items():
            f = shapes[shape]
            up = f[c]
            left = f[c - 1] if c else -1
            up_code = codes[up] if up >= 0 else -1
            left_code = codes[left] if left >= 0 else -1
            # The 2x2 rule looks back at the cell above only if the next cell would close
            # a block of walls there: otherwise forgetting it merges more boards.
            corner = not last and up_code == 0 and f[c + 1] >= 0 and codes[f[c + 1]] == 0
            for colour in (WALL, LAND):
                if colour == WALL:
                    if not may_wall or fl & bit or walls == wall_total or (
                            d and up_code == 0 and left_code == 0):
                        continue
                    w, b, code = walls + 1, 0, 0
                    ju, jl = up_code == 0, left_code == 0
                else:
                    if not may_land or fw & bit or i + 1 - walls > land_total:
                        continue
                    w, b = walls, bit
                    size, owner = 1, clue
                    ju, jl = up_code > 0, left_code > 0
                    if ju:
                        size += up_code & MASK
                        owner = up_code >> SHIFT
                        if owner and clue:
                            continue  # two numbers in one island
                        owner = owner or clue
                    if jl and left != up:
                        size += left_code & MASK
                        k = left_code >> SHIFT
                        if k:
                            if owner:
                                continue
                            owner = k
                    if owner:
                        if size > owner:
                            continue
                    elif size >= room[i] and all(
                            size >= (x >> SHIFT) - (x & MASK) for x in codes):
                        continue  # a piece without a number too large for any island
                    code = owner << SHIFT | size
                move = moves.get((shape, ju, jl))
                if move is None:
                    move = moves[shape, ju, jl] = _move(f, c, ju, jl, shapes, shape_of)
                to, kept, closes, lab = move
                ext = codes + (code,)
                cl = tuple([code if x == lab else ext[x] for x in kept])
                if closes:
                    # The cell above leaves the frontier and took its component with it.
                    if up_code:
                        if up_code >> SHIFT != up_code & MASK:
                            continue  # an island short of its number, or without one
                    elif w != wall_total or 0 in cl:
                        continue  # walls cut off from the others, or more walls to come
                key = (corner and not b, w, to, cl)
                old = get(key)
                if old is None:
                    fresh[key] = [num, w1 | b, tuple([x | b for x in more]) if more else (),
                                  fl, fw]
                    if len(fresh) > budget:
                        raise TooWide(f"over {budget} frontiers at {cell_name(puzzle, cell)}")
                else:
                    old[0] = min(cap, old[0] + num)
                    # Same frontier, same completions: what was forced on either holds.
                    old[3] |= fl
                    old[4] |= fw
                    if len(old[2]) + 1 < cap:
                        old[2] = (*old[2], w1 | b, *[x | b for x in more])[:cap - 1]
        if ahead is not None and (last or (c + 1) % every == 0) and i + 1 < n:
            fresh = _look(ahead, i, fresh, shapes)
        states = fresh
        widths.append(len(states))
    found = 0
    sols: list[int] = []
    for (_d, walls, _shape, codes), (num, w1, more, _fl, _fw) in states.items():
        if walls != wall_total:
            continue
        if any(code and code >> SHIFT != code & MASK for code in codes):
            continue
        if sum(1 for code in codes if code == 0) > 1:
            continue
        found = min(cap, found + num)
        sols.extend((w1, *more))
    del sols[cap:]
    out = []
    for mask in sols:
        grid = [WALL] * n
        for i in range(n):
            if mask >> i & 1:
                grid[order[i]] = LAND
        out.append(tuple(grid))
    return Count(found, out, max(widths, default=0), sum(widths), widths)
