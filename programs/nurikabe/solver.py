"""The solver: named rules to a fixed point first, then search with propagation when they stall.

`solve` returns the first solution with the steps that led to it; `count_solutions` counts
up to a limit (2 answers "is it unique?").  Solutions should be confirmed with checker.py.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .board import Analysis, Board, Contradiction
from .model import LAND, STATE_NAMES, UNKNOWN, WALL, Puzzle
from .rules import RULES, Deduction, Rule, island_shapes, pool, wall_connectivity


@dataclass(frozen=True)
class Step:
    """One decided cell: by a named rule, or a guess made when the rules stalled."""

    cell: int
    state: int
    rule: str
    reason: str
    depth: int = 0  # guesses in force when this cell was set


@dataclass
class Result:
    """Outcome of a solve: solutions found (at most the limit), steps to the first, effort."""

    solutions: list[tuple[int, ...]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    guesses: int = 0
    nodes: int = 0
    exhausted: bool = True  # False when the limit or the node budget stopped the search
    max_nodes: int = 0  # 0: no budget


def apply(board: Board, deductions: list[Deduction]) -> None:
    """Set the deduced cells; a cell asked to be both states is a contradiction."""
    cells = board.cells
    for d in deductions:
        current = cells[d.cell]
        if current == UNKNOWN:
            cells[d.cell] = d.state
        elif current != d.state:
            raise Contradiction(f"{board.name(d.cell)} must be both land and wall")


def propagate(board: Board, steps: list[Step] | None = None, depth: int = 0,
              rules: list[tuple[str, Rule]] = RULES) -> None:
    """Apply the rules until none sets a cell; after each rule that does, start over."""
    while True:
        analysis = Analysis(board)
        if UNKNOWN not in board.cells:
            # A full board still has to pass the pool and wall checks.
            pool(board, analysis)
            wall_connectivity(board, analysis)
            return
        for _name, rule in rules:
            found = rule(board, analysis)
            fresh = [d for d in found if board.cells[d.cell] != d.state]
            if fresh:
                apply(board, fresh)
                if steps is not None:
                    seen = set()
                    for d in fresh:
                        if d.cell not in seen:
                            seen.add(d.cell)
                            steps.append(Step(d.cell, d.state, d.rule, d.reason, depth))
                break
        else:
            return


def _branch_cell(board: Board) -> int:
    """Where to guess: beside the unfinished island with the fewest ways out."""
    analysis = Analysis(board)
    best = None
    for region in analysis.islands:
        if region.frontier and len(region.cells) != region.clue:
            key = (len(region.frontier), region.clue - len(region.cells))
            if best is None or key < best[0]:
                best = (key, min(region.frontier))
    if best is not None:
        return best[1]
    return board.cells.index(UNKNOWN)


def _search(board: Board, result: Result, limit: int, steps: list[Step], depth: int,
            rules: list[tuple[str, Rule]]) -> None:
    result.nodes += 1
    if result.max_nodes and result.nodes > result.max_nodes:
        result.exhausted = False
        return
    try:
        propagate(board, steps, depth, rules)
    except Contradiction:
        return
    if UNKNOWN not in board.cells:
        result.solutions.append(tuple(board.cells))
        if len(result.solutions) == 1:
            result.steps = list(steps)
        return
    cell = _branch_cell(board)
    for state in (WALL, LAND):
        if len(result.solutions) >= limit:
            result.exhausted = False
            return
        result.guesses += 1
        child = board.copy()
        child.cells[cell] = state
        other = STATE_NAMES[WALL if state == LAND else LAND]
        reason = f"the rules stalled; guess {STATE_NAMES[state]} (then try {other})"
        # Below the first guess cheaper rules pay better than lookahead.
        _search(child, result, limit, steps + [Step(cell, state, "guess", reason, depth + 1)],
                depth + 1, SEARCH)


def solve(puzzle: Puzzle, cells: tuple[int, ...] | None = None, limit: int = 1,
          lookahead: bool = True, max_nodes: int = 0) -> Result:
    """Solve from the given state (default: the bare puzzle), stopping at `limit` solutions.

    With lookahead the "what if" rule (suppose, propagate, refute) runs before any guess.
    A max_nodes budget stops the search early (result.exhausted is then False).
    """
    result = Result(max_nodes=max_nodes)
    _search(Board(puzzle, cells), result, limit, [], 0, LOGIC if lookahead else RULES)
    return result


def count_solutions(puzzle: Puzzle, cells: tuple[int, ...] | None = None,
                    limit: int = 2) -> int:
    """Number of solutions, counted up to limit."""
    return len(solve(puzzle, cells, limit).solutions)


def logic_only(puzzle: Puzzle, cells: tuple[int, ...] | None = None,
               lookahead: bool = True) -> tuple[list[int], list[Step]]:
    """Apply the rules alone (no search): the resulting states and the steps taken."""
    board = Board(puzzle, cells)
    steps: list[Step] = []
    propagate(board, steps, rules=LOGIC if lookahead else RULES)
    return board.cells, steps


def what_if(board: Board, analysis: Analysis) -> list[Deduction]:
    """Suppose a cell is land (or wall) and follow the rules: a contradiction decides it."""
    cells = board.cells
    # Cells beside decided regions first: suppositions there meet the rules soonest.
    near = [i for i, s in enumerate(cells)
            if s == UNKNOWN and any(cells[j] != UNKNOWN for j in board.nbrs[i])]
    for i in near:
        for state in (LAND, WALL):
            trial = board.copy()
            trial.cells[i] = state
            try:
                propagate(trial, rules=QUICK)
            except Contradiction as exc:
                other = WALL if state == LAND else LAND
                return [Deduction(i, other, "what if",
                                  f"if it were {STATE_NAMES[state]}: {exc}")]
    return []


# Suppositions follow the cheap rules only: shape enumeration there costs more than it finds.
QUICK: list[tuple[str, Rule]] = [(n, r) for n, r in RULES if n != "island shapes"]
LOGIC: list[tuple[str, Rule]] = [*RULES, ("what if", what_if)]
# Inside the search, visit many nodes cheaply: shapes only for islands with few of them.
SEARCH: list[tuple[str, Rule]] = [
    *QUICK, ("island shapes", functools.partial(island_shapes, limit=30))]
