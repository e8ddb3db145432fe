"""Nurikabe as clauses for the SAT engine (`--engine sat`), wall connectivity added lazily.

Variable i + 1 is "cell i is land". Every land cell belongs to exactly one numbered island
(one variable per cell and clue close enough to reach it); neighbouring land cells belong to
the same island; an island has as many cells as its number; no 2x2 block is all wall.
An island is connected by a bounded reachability encoding: each of its cells lies at most
k - 1 steps from its clue along its own cells (a lazy cut per disconnected island looped too
often on sparse puzzles). The walls' connectivity is too large to write out at first: a model
whose walls fall apart gets a cut (walls cut off by a ring of land) and the solver is asked
again; this is the lazy-cut scheme of SAT models for connectivity puzzles. When the cuts keep
coming (`TREE_AFTER` calls) on a board small enough (`TREE_CELLS`), the walls' connectivity
is written out the island's way: every wall lies at most W - 1 steps along walls from the
first wall cell in board order, W being the puzzle's wall count. Sparse puzzles, whose few
walls must join up across the whole board, loop on lazy cuts without it (grilops 2: unique
in 18 s with it, 35 s without; bench_nurikabe_walls.py).

One solver serves the puzzles of a size in a file (`NurikabeSat`) while they have the same
clues (one puzzle from several states, as Progcomp files hold it, or counted again); a
puzzle with other clues gets a fresh one, since islands kept from other puzzles slow every
call (`IDLE`). Written once per solver: the 2x2 rule, every cut that separates walls
(walls are connected in every puzzle) and the steps of the walls' reach, which mean the same
in every puzzle. Written once per clue (a number k at a cell c),
guarded by a selector literal of (c, k) that the puzzles with that clue assume and the
others deny: the island's variables, its size, its neighbours and its reachability. Written
per puzzle, under its activation literal: "a land cell belongs to one of this puzzle's
islands", and when it is written, "a wall is reached within W - 1 steps"; its given cells
are assumptions.
"""

from __future__ import annotations

from collections.abc import Iterator

from programs.puzzles.sat import Clause, SatSolver, SatStats

from .board import blocks, neighbours
from .model import LAND, WALL, Puzzle

# Islands of other puzzles kept per clue of this one. Kept islands slow every later solver
# call more than writing them again costs (20 puzzles 10x10: 1.35x the time of a solver a
# puzzle at 2, 1.0x at 0), so a solver serves the puzzles that have its islands all.
IDLE = 0
# The walls' reach is written out while cells x walls stays under this (10x10: any puzzle):
# its variables grow as their product; larger puzzles' walls are denser and cut lazily.
TREE_CELLS = 10000
# Solver calls with cuts before the walls' reach is written (0: from the start, -1: never):
# most puzzles join their walls in fewer, and the reach slows them (grilops 1: 0.7 s
# without, 2.1 s with it from the start, 1.3 s with it after 50 calls).
TREE_AFTER = 50


class _Island:
    """The clauses of one clue (number k at cell c), switched on by `selector`."""

    def __init__(self, solver: SatSolver, nbrs: tuple[tuple[int, ...], ...],
                 c: int, k: int) -> None:
        from pysat.card import CardEnc, EncType  # optional dependency

        self.cell = c
        self.selector = s = solver.fresh()
        # Cells within k - 1 steps of the clue (ignoring other clues) may join its island.
        dist = {c: 0}
        layer = [c]
        for d in range(1, k):
            nxt = []
            for i in layer:
                for j in nbrs[i]:
                    if j not in dist:
                        dist[j] = d
                        nxt.append(j)
            layer = nxt
        self.owner = {i: solver.fresh() for i in dist}  # cell -> "on this island"
        out: list[Clause] = [[self.owner[c]]]
        card = CardEnc.equals(lits=list(self.owner.values()), bound=k, top_id=solver.top,
                              encoding=EncType.seqcounter)
        solver.top = max(solver.top, card.nv)
        out.extend(card.clauses)
        for i, v in self.owner.items():
            out.append([-v, i + 1])  # on the island: land
            for j in nbrs[i]:
                w = self.owner.get(j)
                # land beside an island's cell is the same island
                out.append([-v, -(j + 1), w] if w else [-v, -(j + 1)])
        out.extend(self._reach(solver, nbrs, dist, k))
        solver.add([-s, *clause] for clause in out)

    def _reach(self, solver: SatSolver, nbrs: tuple[tuple[int, ...], ...],
               dist: dict[int, int], k: int) -> list[Clause]:
        """Connectivity written out: a cell on the island is at most k - 1 steps from its
        clue along island cells (r[i, d]: a path of at most d steps reaches i)."""
        c = self.cell
        r: dict[tuple[int, int], int] = {}
        for i, t in dist.items():
            if i != c:
                for d in range(t, k):
                    r[i, d] = solver.fresh()
        out: list[Clause] = []
        for (i, d), v in r.items():
            out.append([-v, self.owner[i]])
            if any(j == c for j in nbrs[i]):
                continue  # beside the clue: one step is always a path
            ways = [r[j, d - 1] for j in nbrs[i] if (j, d - 1) in r]
            if (i, d - 1) in r:
                ways.append(r[i, d - 1])
            out.append([-v, *ways])
        out.extend([-self.owner[i], r[i, k - 1]] for i in dist if i != c)
        return out


class _Shape:
    """The solver of one grid size and the islands written into it."""

    def __init__(self, rows: int, cols: int) -> None:
        self.nbrs = neighbours(rows, cols)
        self.size = rows * cols
        self.solver = SatSolver(([i + 1 for i in b] for b in blocks(rows, cols)),
                                top=self.size)
        self.islands: dict[tuple[int, int], _Island] = {}
        self.reach: list[list[int]] = []  # reach[d][i]: a wall path of <= d steps from the root

    def wall_reach(self, walls: int) -> list[int]:
        """For each cell, "within walls - 1 steps of the root along walls" (root: the first
        wall cell in board order), the steps written on first use."""
        solver, nbrs, n = self.solver, self.nbrs, self.size
        out: list[Clause] = []
        if not self.reach:
            # first[i]: every cell before i is land; the root is the wall that follows them.
            first = solver.fresh()
            out.append([first])
            root = []
            for i in range(n):
                r = solver.fresh()
                out += [[-r, first], [-r, -(i + 1)], [-first, i + 1, r]]
                root.append(r)
                after = solver.fresh()
                out += [[-after, first], [-after, i + 1], [-first, -(i + 1), after]]
                first = after
            self.reach.append(root)
        while len(self.reach) < walls:
            last = self.reach[-1]
            step = [solver.fresh() for _ in range(n)]
            for i, v in enumerate(step):
                # reached in d steps: a wall, reached before or beside a cell reached before
                out.append([-v, -(i + 1)])
                out.append([-v, last[i], *(last[j] for j in nbrs[i])])
                out.append([-last[i], v])  # more steps reach at least as far
            self.reach.append(step)
        solver.add(out)
        return self.reach[walls - 1]

    def island(self, c: int, k: int) -> _Island:
        """The island of clue k at cell c, written on first use."""
        found = self.islands.get((c, k))
        if found is None:
            found = self.islands[c, k] = _Island(self.solver, self.nbrs, c, k)
        return found

    def cuts(self, true: set[int]) -> list[Clause]:
        """Clauses a model breaks by walls in pieces; [] if they are joined."""
        out: list[Clause] = []
        nbrs = self.nbrs
        walls = {i for i in range(self.size) if i + 1 not in true}
        if walls:
            parts = []
            rest = set(walls)
            while rest:
                part = self._component(next(iter(rest)), rest)
                rest -= part
                parts.append(part)
            if len(parts) > 1:
                parts.sort(key=len)
                anchor = next(iter(parts[-1]))
                for part in parts[:-1]:
                    ring = {j for i in part for j in nbrs[i] if j not in part}
                    s = next(iter(part))
                    # Two walls on either side of a ring of land need a wall through it.
                    out.append([s + 1, anchor + 1, *(-(j + 1) for j in ring)])
        return out

    def _component(self, start: int, allowed: set[int]) -> set[int]:
        seen = {start}
        todo = [start]
        while todo:
            i = todo.pop()
            for j in self.nbrs[i]:
                if j in allowed and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return seen


class NurikabeSat:
    """The SAT engine for the puzzles of one file: one solver per grid size."""

    def __init__(self) -> None:
        self.shapes: dict[tuple[int, int], _Shape] = {}

    def iter_solutions(self, puzzle: Puzzle, cells: tuple[int, ...] | None = None,
                       stats: SatStats | None = None) -> Iterator[tuple[int, ...]]:
        """Every solution (cell states), from an optional partial state."""
        key = (puzzle.rows, puzzle.cols)
        clues = [(c, k) for c, k in enumerate(puzzle.clues) if k]
        shape = self.shapes.get(key)
        if shape is None or len(shape.islands.keys() - set(clues)) > IDLE * len(clues):
            # islands of other puzzles cost every solver call: bounded, or a fresh start
            shape = self.shapes[key] = _Shape(*key)
        islands = [shape.island(c, k) for c, k in clues]
        by_cell: dict[int, list[int]] = {}
        for island in islands:
            for i, v in island.owner.items():
                by_cell.setdefault(i, []).append(v)
        mine: list[Clause] = []
        for i in range(shape.size):
            owners = by_cell.get(i, [])
            mine.append([-(i + 1), *owners])  # land belongs to one of the islands ...
            for a, v in enumerate(owners):
                mine.extend([-v, -w] for w in owners[a + 1:])  # ... and one only
        walls = shape.size - sum(k for _c, k in clues)
        # calls left before the walls' reach is written; never for a large or wall-less board
        left = [TREE_AFTER if 0 < walls and shape.size * walls <= TREE_CELLS else -1]
        if not left[0]:
            mine.extend([i + 1, r] for i, r in enumerate(shape.wall_reach(walls)))

        def refine(true: set[int]) -> list[Clause]:
            # Lazy cuts first; when they keep coming, the walls' reach written out (once).
            out = shape.cuts(true)
            if out and left[0] > 0:
                left[0] -= 1
                if not left[0]:
                    live = shape.solver.live
                    out += [[-live, i + 1, r] for i, r in enumerate(shape.wall_reach(walls))]
            return out

        on = {island.selector for island in islands}
        # the islands of other puzzles stay off (else the solver may try them on)
        assume = [s if s in on else -s for s in (i.selector for i in shape.islands.values())]
        if cells is not None:
            for i, s in enumerate(cells):
                if s == LAND:
                    assume.append(i + 1)
                elif s == WALL:
                    assume.append(-(i + 1))
        n = puzzle.size
        for true in shape.solver.models(range(1, n + 1), assume, mine,
                                        refine, stats):
            yield tuple(LAND if i + 1 in true else WALL for i in range(n))


def iter_solutions(puzzle: Puzzle, cells: tuple[int, ...] | None = None,
                   stats: SatStats | None = None,
                   engine: NurikabeSat | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution (cell states) from `engine` or a solver of its own."""
    return (engine or NurikabeSat()).iter_solutions(puzzle, cells, stats)


def solve(puzzle: Puzzle, cells: tuple[int, ...] | None = None,
          engine: NurikabeSat | None = None) -> tuple[int, ...] | None:
    """One solution from the SAT solver, or None."""
    return next(iter_solutions(puzzle, cells, engine=engine), None)
