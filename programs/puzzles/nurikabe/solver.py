"""The solver: named rules to a fixed point first, then search with propagation when they stall.

`solve` returns the first solution with the steps that led to it; `count_solutions` counts
up to a limit (2 answers "is it unique?").  Solutions should be confirmed with checker.py.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, field

from .board import Analysis, Board, Contradiction
from .frontier import TooWide, count
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
    probes: int = 0  # cells tried both ways to choose a guess
    frontiers: int = 0  # boards the frontier count (frontier.py) merged, if it finished


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
              rules: list[tuple[str, Rule]] = RULES, batch: int = 0,
              before: Analysis | None = None, changed: list[int] | None = None) -> Analysis:
    """Apply the rules until none sets a cell; after each rule that does, start over.

    With `batch` the first `batch` rules all run on one analysis before their cells are
    set (each deduction holds for the board it was made on, so for any board it grew
    into): fewer analyses in the search, where no explanation needs the cheapest rule
    first. Returns the analysis of the final board.  `before` is the analysis of the board
    with the `changed` cells still unknown: each analysis grows from the one before.
    """
    while True:
        analysis = Analysis(board, before, changed or ())
        if UNKNOWN not in board.cells:
            # A full board still has to pass the pool and wall checks.
            pool(board, analysis)
            wall_connectivity(board, analysis)
            return analysis
        fresh: list[Deduction] = []
        for k, (_name, rule) in enumerate(rules):
            if fresh and k >= batch:
                break
            fresh.extend(d for d in rule(board, analysis) if board.cells[d.cell] != d.state)
        if not fresh:
            return analysis
        apply(board, fresh)
        before, changed = analysis, [d.cell for d in fresh]
        if steps is not None:
            seen = set()
            for d in fresh:
                if d.cell not in seen:
                    seen.add(d.cell)
                    steps.append(Step(d.cell, d.state, d.rule, d.reason, depth))


def _candidates(board: Board, limit: int, analysis: Analysis | None = None) -> list[int]:
    """Cells worth probing: the ways out of the unfinished islands with the fewest ways out."""
    analysis = analysis or Analysis(board)
    islands = sorted((len(r.frontier), r.clue - len(r.cells) if r.clue else 0, k)
                     for k, r in enumerate(analysis.islands)
                     if r.frontier and len(r.cells) != r.clue)
    out: list[int] = []
    for _n, _left, k in islands:
        for i in sorted(analysis.islands[k].frontier):
            if i not in out:
                out.append(i)
        if len(out) >= limit:
            break
    if not out:
        out.append(board.cells.index(UNKNOWN))
    return out[:limit]


def _guess(analysis: Analysis) -> int:
    """The cell to guess past the looked-ahead levels: a way out of the unfinished island
    with the fewest ways out, and of those the most cells still to place (a third fewer
    boards than the fewest to prove janko 962 unique); -1 if there is none."""
    best, key = None, None
    for k, r in enumerate(analysis.islands):
        if r.frontier and len(r.cells) != r.clue:
            this = (len(r.frontier), len(r.cells) - r.clue if r.clue else 0, k)
            if key is None or this < key:
                best, key = r, this
    return min(best.frontier) if best is not None else -1


def _trial(board: Board, cell: int, state: int, analysis: Analysis) -> Board | None:
    """The board with `cell` set and the quick rules applied, or None on a contradiction."""
    trial = board.copy()
    trial.cells[cell] = state
    try:
        propagate(trial, rules=QUICK, batch=CHEAP, before=analysis, changed=[cell])
    except Contradiction:
        return None
    return trial


def _probe(board: Board, steps: list[Step] | None, depth: int, rules: list[tuple[str, Rule]],
           stats: Result, analysis: Analysis, batch: int = 0) -> tuple[int, Analysis]:
    """Look ahead one level on the candidate cells: a side that fails fixes the other
    (and the rules run again); otherwise the cell whose two sides decide most is returned,
    with the analysis of the board.

    Returns -1 when the board got complete; raises Contradiction when both sides fail.
    """
    while True:
        if UNKNOWN not in board.cells:
            return -1, analysis
        if depth > PROBE_DEPTH:
            cell = _guess(analysis)
            return (cell if cell >= 0 else board.cells.index(UNKNOWN)), analysis
        unknown = board.cells.count(UNKNOWN)
        best, best_score = -1, -1
        forced = False
        for cell in _candidates(board, PROBES, analysis):
            stats.probes += 1
            land = _trial(board, cell, LAND, analysis)
            wall = _trial(board, cell, WALL, analysis)
            if land is None and wall is None:
                raise Contradiction(f"{board.name(cell)} can be neither land nor wall")
            if land is None or wall is None:
                state, failed = (WALL, LAND) if land is None else (LAND, WALL)
                board.cells[cell] = state
                if steps is not None:
                    steps.append(Step(cell, state, "what if", f"if it were {STATE_NAMES[failed]} "
                                      "the rules would break", depth))
                analysis = propagate(board, steps, depth, rules, batch, analysis, [cell])
                forced = True
                break
            score = ((unknown - land.cells.count(UNKNOWN))
                     * (unknown - wall.cells.count(UNKNOWN)))
            if score > best_score:
                best, best_score = cell, score
        if not forced:
            return best, analysis


def _search(puzzle: Puzzle, cells: tuple[int, ...] | None, result: Result,
            first_rules: list[tuple[str, Rule]], pause: int = -1,
            guide: tuple[int, ...] | None = None) -> Iterator[tuple[int, ...] | None]:
    """Depth-first over every solution, with an explicit stack (no recursion limit).

    Each entry is a board whose last guess is not yet propagated and the steps that led
    to it; the steps of the first solution are kept in result.steps. With a `pause` of 0 or
    more, None is yielded once, after `pause` boards, if the search has boards left then (it
    can go on after it). With a `guide` (a solution) each guess tries its side first.
    """
    stop = pause
    # The analysis of the parent board, without the child's guess, goes along with the child.
    todo: list[tuple[Board, list[Step], int, Analysis | None, list[int] | None]] = [
        (Board(puzzle, cells), [], 0, None, None)]
    while todo:
        if result.nodes == stop:
            yield None
        board, steps, depth, before, changed = todo.pop()
        result.nodes += 1
        if result.max_nodes and result.nodes > result.max_nodes:
            result.exhausted = False
            return
        rules, batch = (first_rules, 0) if depth == 0 else (SEARCH, CHEAP)
        try:
            analysis = propagate(board, steps, depth, rules, batch, before, changed)
            cell, analysis = _probe(board, steps, depth, rules, result, analysis, batch)
        except Contradiction:
            continue
        if cell < 0:
            if not result.solutions:
                result.steps = list(steps)
            result.solutions.append(tuple(board.cells))
            yield tuple(board.cells)
            continue
        order = (WALL, LAND) if guide is None or guide[cell] == LAND else (LAND, WALL)
        for state in order:  # popped in the reverse order: land first
            result.guesses += 1
            child = board.copy()
            child.cells[cell] = state
            other = STATE_NAMES[WALL if state == LAND else LAND]
            reason = f"the rules stalled; guess {STATE_NAMES[state]} (then try {other})"
            todo.append((child, steps + [Step(cell, state, "guess", reason, depth + 1)],
                         depth + 1, analysis, [cell]))


def iter_solutions(puzzle: Puzzle, cells: tuple[int, ...] | None = None,
                   result: Result | None = None, lookahead: bool = True, limit: int = 0,
                   ) -> Iterator[tuple[int, ...]]:
    """Every solution from the given state (default: the bare puzzle), in search order;
    with a limit, at most that many, a count of two or more finished by the frontier count.

    The search goes on past FRONTIER_AFTER boards only on a board more than FRONTIER_WIDTH
    across, or if the frontier count gives up; if the search had no solution yet and the
    count finds one, a search guided by it gives its steps (result.steps).
    """
    result = result if result is not None else Result()
    narrow = min(puzzle.rows, puzzle.cols) <= FRONTIER_WIDTH
    pause = FRONTIER_AFTER if limit >= 2 and not result.max_nodes and narrow else -1
    for found in _search(puzzle, cells, result, LOGIC if lookahead else RULES, pause):
        if found is None:
            known = len(result.solutions)
            if _count_rest(puzzle, cells, result, limit, lookahead):
                yield from result.solutions[known:]
                return
            continue
        yield found
        if limit and len(result.solutions) >= limit:
            result.exhausted = False
            return


def solve(puzzle: Puzzle, cells: tuple[int, ...] | None = None, limit: int = 1,
          lookahead: bool = True, max_nodes: int = 0) -> Result:
    """Solve from the given state (default: the bare puzzle), stopping at `limit` solutions.

    With lookahead the "what if" rule (suppose, propagate, refute) runs before any guess.
    A max_nodes budget stops the search early (result.exhausted is then False). A count
    (limit 2 or more) may be finished by the frontier count (see iter_solutions).
    """
    result = Result(max_nodes=max_nodes)
    for _ in iter_solutions(puzzle, cells, result, lookahead, limit):
        pass
    return result


def _count_rest(puzzle: Puzzle, cells: tuple[int, ...] | None, result: Result,
                limit: int, lookahead: bool) -> bool:
    """Count the solutions by the frontier count, those the search found first;
    False if the count gave up or found several before the search's first (then the search
    goes on, and the solutions are its own)."""
    try:
        counted = count(puzzle, cells, cap=limit, budget=FRONTIER_BUDGET,
                        ahead=FRONTIER_AHEAD)
    except TooWide:
        return False
    if not result.solutions:
        if counted.count > 1:
            return False
        if counted.count == 1:
            # Walk straight to the one solution for its steps.
            guided = Result()
            first_rules = LOGIC if lookahead else RULES
            found = next((s for s in _search(puzzle, cells, guided, first_rules,
                                             guide=counted.solutions[0]) if s), None)
            if found != counted.solutions[0]:
                return False  # cannot happen: the two disagree, the search has the last word
            result.solutions, result.steps = [found], guided.steps
            result.guesses += guided.guesses
            result.nodes += guided.nodes
        result.exhausted = True
        result.frontiers = counted.total
        return True
    known = result.solutions
    if counted.count < limit and any(s not in counted.solutions for s in known):
        return False  # cannot happen: the two disagree, and the search has the last word
    # The search's solutions keep their places: a caller may have had them already.
    result.solutions = [*known, *(s for s in counted.solutions if s not in known)][:limit]
    result.exhausted = counted.count < limit
    result.frontiers = counted.total
    return True


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
    # Start where the last supposition broke: the cells before it failed to break a board
    # with less known, so on a large board they are tried again only after the rest.
    first = next((k for k, i in enumerate(near) if i >= board.what_if_from), 0)
    for i in near[first:] + near[:first]:
        for state in (LAND, WALL):
            trial = board.copy()
            trial.cells[i] = state
            try:
                propagate(trial, rules=QUICK, batch=CHEAP, before=analysis, changed=[i])
            except Contradiction as exc:
                other = WALL if state == LAND else LAND
                board.what_if_from = i
                return [Deduction(i, other, "what if",
                                  f"if it were {STATE_NAMES[state]}: {exc}")]
    return []


# A count searches this many boards, then (on a board at most FRONTIER_WIDTH across) the
# frontier count takes over, with this many frontiers at most at one cell: janko 962 unique
# in 12-13 s by search, counted in about 7; 14 across (Hui's n7) the frontiers pass a
# hundred thousand in the first three lines.
FRONTIER_AFTER = 500
FRONTIER_WIDTH = 10
FRONTIER_BUDGET = 100_000
# The count's rules run ahead of its frontiers at the end of each row (rows here are at most
# FRONTIER_WIDTH cells): janko 962 and grilops 1 counted in less than half the time. Not
# after every few cells: fewer frontiers, more time (bench_nurikabe_frontier.py).
FRONTIER_AHEAD = FRONTIER_WIDTH

# The cheap local rules at the head of RULES, run on one analysis together in the search.
CHEAP = 6
PROBES = 6  # cells looked ahead on before each guess
PROBE_DEPTH = 0  # ... in the first guesses, where a better choice saves the most

# Suppositions follow the cheap rules only: shape enumeration there costs more than it finds,
# and the island bottleneck costs large boards (hundreds of suppositions) more than it finds.
QUICK: list[tuple[str, Rule]] = [(n, r) for n, r in RULES
                                 if n not in ("island shapes", "island bottleneck")]
LOGIC: list[tuple[str, Rule]] = [*RULES, ("what if", what_if)]
# Inside the search, visit many nodes cheaply: shapes only for islands with few of them;
# the bottleneck prunes sparse puzzles' searches (a fifth fewer nodes on grilops 1).
SEARCH: list[tuple[str, Rule]] = [
    *[(n, r) for n, r in RULES if n not in ("island reach", "island shapes")],
    ("island shapes", functools.partial(island_shapes, limit=10))]
