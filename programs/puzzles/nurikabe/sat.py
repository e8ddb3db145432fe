"""Nurikabe as clauses for the SAT engine (`--engine sat`), connectivity added lazily.

Variable i + 1 is "cell i is land". Every land cell belongs to exactly one numbered island
(one variable per cell and clue close enough to reach it); neighbouring land cells belong to
the same island; an island has as many cells as its number; no 2x2 block is all wall.
Connectivity is too large to write out: a model whose island or walls fall apart gets a cut
(a region left by no cell of its island, or walls cut off by a ring of land) and the solver
is asked again; this is the lazy-cut scheme of SAT models for connectivity puzzles.
"""

from __future__ import annotations

from collections.abc import Iterator

from programs.puzzles.sat import Clause, SatStats, models

from .board import blocks, neighbours
from .model import LAND, WALL, Puzzle


class _Model:
    """Variables and clauses of one puzzle, and the cuts for a model that breaks connectivity."""

    def __init__(self, puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> None:
        from pysat.card import CardEnc, EncType  # optional dependency

        self.puzzle = puzzle
        n = puzzle.size
        self.nbrs = neighbours(puzzle.rows, puzzle.cols)
        self.top = n
        self.clauses: list[Clause] = []
        self.owner: dict[tuple[int, int], int] = {}  # (cell, clue cell) -> variable
        clue_cells = [i for i, k in enumerate(puzzle.clues) if k]
        self.clue_cells = clue_cells
        for c in clue_cells:
            k = puzzle.clues[c]
            # Cells within k - 1 steps of the clue (ignoring other clues) may join its island.
            dist = {c: 0}
            layer = [c]
            for d in range(1, k):
                nxt = []
                for i in layer:
                    for j in self.nbrs[i]:
                        if j not in dist:
                            dist[j] = d
                            nxt.append(j)
                layer = nxt
            lits = []
            for i in dist:
                self.top += 1
                self.owner[i, c] = self.top
                lits.append(self.top)
            self.clauses.append([self.owner[c, c]])
            card = CardEnc.equals(lits=lits, bound=k, top_id=self.top,
                                  encoding=EncType.seqcounter)
            self.top = max(self.top, card.nv)
            self.clauses.extend(card.clauses)
        by_cell: dict[int, list[int]] = {}
        for (i, _c), v in self.owner.items():
            by_cell.setdefault(i, []).append(v)
        for i in range(n):
            land = i + 1
            owners = by_cell.get(i, [])
            # land exactly when owned, by one island at most
            self.clauses.append([-land, *owners])
            for a, v in enumerate(owners):
                self.clauses.append([-v, land])
                for w in owners[a + 1:]:
                    self.clauses.append([-v, -w])
        for (i, c), v in self.owner.items():
            for j in self.nbrs[i]:
                w = self.owner.get((j, c))
                # land beside an island's cell is the same island
                self.clauses.append([-v, -(j + 1), w] if w else [-v, -(j + 1)])
        for block in blocks(puzzle.rows, puzzle.cols):
            self.clauses.append([i + 1 for i in block])
        if cells is not None:
            for i, s in enumerate(cells):
                if s == LAND:
                    self.clauses.append([i + 1])
                elif s == WALL:
                    self.clauses.append([-(i + 1)])

    def cuts(self, true: set[int]) -> list[Clause]:
        """Clauses a model breaks by a disconnected island or wall; [] if it has none."""
        out: list[Clause] = []
        n = self.puzzle.size
        owner = self.owner
        for c in self.clue_cells:
            mine = {i for i in range(n) if owner.get((i, c), 0) in true}
            reached = self._component(c, mine)
            rest = mine - reached
            while rest:
                part = self._component(next(iter(rest)), rest)
                rest -= part
                ring = {j for i in part for j in self.nbrs[i] if j not in part}
                ring_lits = [owner[j, c] for j in ring if (j, c) in owner]
                # Any cell of this part on the island needs a way out through its ring.
                for i in part:
                    out.append([-owner[i, c], *ring_lits])
        walls = {i for i in range(n) if i + 1 not in true}
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
                    ring = {j for i in part for j in self.nbrs[i] if j not in part}
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


def iter_solutions(puzzle: Puzzle, cells: tuple[int, ...] | None = None,
                   stats: SatStats | None = None) -> Iterator[tuple[int, ...]]:
    """Every solution (cell states) from the SAT solver, from an optional partial state."""
    model = _Model(puzzle, cells)
    n = puzzle.size
    for true in models(model.clauses, range(1, n + 1), model.cuts, stats):
        yield tuple(LAND if i + 1 in true else WALL for i in range(n))


def solve(puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> tuple[int, ...] | None:
    """One solution from the SAT solver, or None."""
    return next(iter_solutions(puzzle, cells), None)
