"""0h n0's rules, trials and search on small boards, each against an oracle of its own.

Quick and deterministic (a fixed list of boards, no Hypothesis), so that a mutant of
programs/puzzles/ohno/solver.py costs seconds:

- the rules (`propagate`) against a second, naive reading of the same two rules, applied
  until nothing changes: for a number, every way of splitting it over the four directions
  is listed; a direction's cells before its shortest view must be blue, and the cell after
  its only view red; a blue with one open neighbour and no blue one makes it blue, an open
  cell with only red neighbours is red. Both rules only ever add, so the fixed point is the
  same whatever order the work is done in;
- the search (`iter_solutions`, `count_solutions`, `is_unique`, `solve`) and every step of
  `deduce` against a brute force over all colourings, checked by the independent checker;
- the search's counts against the shape of a binary search tree.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest

from programs.puzzles.ohno import solver
from programs.puzzles.ohno.checker import is_solution
from programs.puzzles.ohno.formats import EMPTY, IS_BLUE, IS_RED, OPEN, RED, Board, parse_text

WAYS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


# --- the oracles ----------------------------------------------------------------------------

def ray(b: Board, p: int, way: str) -> list[int]:
    """The cells from p outwards one way, nearest first."""
    dr, dc = WAYS[way]
    r, c = divmod(p, b.cols)
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < b.rows and 0 <= c < b.cols:
        out.append(r * b.cols + c)
        r, c = r + dr, c + dc
    return out


def neighbours(b: Board, p: int) -> list[int]:
    return [cells[0] for cells in (ray(b, p, way) for way in WAYS) if cells]


def views(s: list[int], cells: list[int], n: int) -> list[int]:
    """How many cells a number may see along `cells`: the first x not red, the next not
    blue (or the edge), and no more than n."""
    out = []
    for x in range(min(n, len(cells)) + 1):
        if all(s[q] != IS_RED for q in cells[:x]) and (x == len(cells)
                                                      or s[cells[x]] != IS_BLUE):
            out.append(x)
    return out


def naive_rules(b: Board, state: list[int]) -> list[int] | None:
    """The two rules applied until nothing changes; None on a contradiction."""
    s = list(state)
    numbers = [(p, v) for p, v in enumerate(b.cells) if v > 0]
    while True:
        before = list(s)
        for p, n in numbers:
            rays = [ray(b, p, way) for way in WAYS]
            splits = [xs for xs in itertools.product(*(views(s, r, n) for r in rays))
                      if sum(xs) == n]
            if not splits:
                return None
            for d, cells in enumerate(rays):
                seen = {xs[d] for xs in splits}
                for q in cells[:min(seen)]:
                    if s[q] == OPEN:
                        s[q] = IS_BLUE
                if len(seen) == 1 and min(seen) < len(cells) and s[cells[min(seen)]] == OPEN:
                    s[cells[min(seen)]] = IS_RED
        for p in range(len(s)):
            around = [s[q] for q in neighbours(b, p)]
            if s[p] == IS_RED or IS_BLUE in around:
                continue
            opens = [q for q in neighbours(b, p) if s[q] == OPEN]
            if s[p] == IS_BLUE and not opens:
                return None
            if s[p] == IS_BLUE and len(opens) == 1:
                s[opens[0]] = IS_BLUE
            if s[p] == OPEN and not opens:
                s[p] = IS_RED
        if s == before:
            return s


def given_state(b: Board) -> list[int]:
    return [IS_RED if v == RED else OPEN if v == EMPTY else IS_BLUE for v in b.cells]


def brute_force(b: Board) -> set[tuple[bool, ...]]:
    """Every colouring of the open cells that the independent checker accepts."""
    open_cells = [i for i, v in enumerate(b.cells) if v == EMPTY]
    out = set()
    for bits in itertools.product((False, True), repeat=len(open_cells)):
        blue = [v >= 0 for v in b.cells]
        for i, v in zip(open_cells, bits, strict=True):
            blue[i] = v
        if is_solution(b.rows, b.cols, b.cells, blue):
            out.add(tuple(blue))
    return out


def frontier(b: Board, s: list[int]) -> set[int]:
    """Open cells where a number's view could stop or go on: the first cell not blue each
    way from every number, if it is open."""
    out = set()
    for p, v in enumerate(b.cells):
        if v > 0:
            for way in WAYS:
                cells = ray(b, p, way)
                k = 0
                while k < len(cells) and s[cells[k]] == IS_BLUE:
                    k += 1
                if k < len(cells) and s[cells[k]] == OPEN:
                    out.add(cells[k])
    return out


def seen(blue, b: Board, p: int) -> int:
    total = 0
    for way in WAYS:
        for q in ray(b, p, way):
            if not blue[q]:
                break
            total += 1
    return total


def small_board(rng: random.Random) -> Board:
    """A board of at most 12 cells from a random colouring: some blues show what they see,
    some are given plain, some reds are given, the rest open (not always solvable)."""
    rows = rng.randint(1, 4)
    cols = rng.randint(1, max(1, min(4, 12 // rows)))
    blue = [rng.random() < 0.6 for _ in range(rows * cols)]
    shape = Board(rows, cols, (EMPTY,) * (rows * cols))
    symbols = []
    for p in range(rows * cols):
        if rng.random() < 0.55:
            symbols.append(".")
        elif not blue[p]:
            symbols.append("#")
        else:
            n = seen(blue, shape, p)
            symbols.append(str(n) if n and rng.random() < 0.85 else "O")
    text = "\n".join("".join(symbols[r * cols:(r + 1) * cols]) for r in range(rows))
    (board,) = parse_text(text + "\n")
    return board


BOARDS = [small_board(random.Random(seed)) for seed in range(160)]
SOLUTIONS = [brute_force(b) for b in BOARDS]


def test_the_boards_bite() -> None:
    """The fixed list has boards of every kind the properties below need."""
    counts = [len(s) for s in SOLUTIONS]
    assert counts.count(0) >= 10 and counts.count(1) >= 30 and sum(c > 1 for c in counts) >= 30
    stalled = [b for b in BOARDS if (s := naive_rules(b, given_state(b))) and OPEN in s]
    assert len(stalled) >= 20


# --- the rules ------------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_propagate_reaches_the_naive_fixed_point(index: int) -> None:
    b = BOARDS[index]
    geo = solver.Geometry.of(b)
    s = solver.initial_state(b)
    assert s == given_state(b)
    log: list[solver.Step] = []
    changed: list[int] = []
    ok = solver.propagate(b, geo, s, log, changed=changed)
    want = naive_rules(b, given_state(b))
    assert ok == (want is not None)
    if want is None:
        assert not SOLUTIONS[index]
        return
    assert s == want
    decided = [p for p in range(len(s)) if s[p] != given_state(b)[p]]
    assert sorted(changed) == decided  # each cell once
    assert [step.cell for step in log] == changed
    for step in log:
        assert step.state == s[step.cell]
        for truth in SOLUTIONS[index]:
            assert truth[step.cell] == (step.state == IS_BLUE), step
    # the fixed point again from what was touched: nothing more
    again = list(s)
    assert solver.propagate(b, geo, again, touched=decided) and again == s


@pytest.mark.parametrize("index", range(0, len(BOARDS), 2))
def test_propagate_from_a_touched_cell_reaches_the_naive_fixed_point(index: int) -> None:
    """From a fixed point, one open cell set each way: the rules from that cell alone reach
    what the naive rules reach from everything."""
    b = BOARDS[index]
    geo = solver.Geometry.of(b)
    base = naive_rules(b, given_state(b))
    if base is None:
        return
    for p in [q for q in range(len(base)) if base[q] == OPEN][:4]:
        for colour in (IS_BLUE, IS_RED):
            s = list(base)
            s[p] = colour
            changed: list[int] = []
            ok = solver.propagate(b, geo, s, touched=[p], changed=changed)
            want = naive_rules(b, [colour if q == p else t for q, t in enumerate(base)])
            assert ok == (want is not None), (p, colour)
            if want is not None:
                assert s == want
                assert sorted(changed) == [q for q in range(len(s))
                                           if s[q] != base[q] and q != p]


@pytest.mark.parametrize("text, cells, reasons", [
    # a 2 at the left end of a row of three: both cells to its right are blue
    ("2..\n", {1: IS_BLUE, 2: IS_BLUE},
     ["the 2 at r1c1 must see at least 2 right", "the 2 at r1c1 must see at least 2 right"]),
    # a 1 in the corner of a row: one blue, then a red
    ("1..\n", {1: IS_BLUE, 2: IS_RED},
     ["the 1 at r1c1 must see at least 1 right", "the 1 at r1c1 sees exactly 1 right"]),
    # a 3 in the middle of a column of five, with a red two cells above it
    (".\n#\n.\n3\n.\n.\n", {2: IS_BLUE, 4: IS_BLUE, 5: IS_BLUE, 0: IS_RED},
     None),
    # a given blue with one open neighbour; the open cell walled in by reds
    ("O.#\n###\n#.#\n", {1: IS_BLUE, 7: IS_RED},
     ["the blue at r1c1 has no other neighbour to see", "a blue here could see no other blue"]),
    # a 3 in the corner of a 2x3 board: it sees all it can, one up and two left
    ("...\n..3\n", {2: IS_BLUE, 3: IS_BLUE, 4: IS_BLUE, 0: OPEN, 1: OPEN},
     ["the 3 at r2c3 must see at least 1 up", "the 3 at r2c3 must see at least 2 left",
      "the 3 at r2c3 must see at least 2 left"]),
])
def test_rules_worked_by_hand(text: str, cells: dict[int, int], reasons: list[str] | None) -> None:
    (b,) = parse_text(text)
    s = solver.initial_state(b)
    log: list[solver.Step] = []
    assert solver.propagate(b, solver.Geometry.of(b), s, log)
    for p, state in cells.items():
        assert s[p] == state, p
    if reasons is not None:
        assert [step.reason for step in log] == reasons


@pytest.mark.parametrize("text", ["1.1\n", "O#\n##\n", "O#O\n", ".1.\n1.1\n",
                                  "41...\n"])  # the 4 makes the 1 see three blues
def test_a_contradiction_is_found_by_the_rules(text: str) -> None:
    (b,) = parse_text(text)
    assert naive_rules(b, given_state(b)) is None and not brute_force(b)
    assert not solver.deduce(b).consistent and not solver.deduce(b, trials=False).consistent
    assert not solver.propagate(b, solver.Geometry.of(b), solver.initial_state(b))
    assert solver.solve(b) is None and solver.count_solutions(b, 5) == 0


# --- trials ---------------------------------------------------------------------------------

_DIRECTED = re.compile(r"the (\d) at r(\d+)c(\d+) (must see at least|sees exactly) (\d+) "
                       r"(up|down|left|right)")


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_deduce_is_sound_and_stops_only_when_no_trial_decides(index: int) -> None:
    b = BOARDS[index]
    truths = SOLUTIONS[index]
    logic = solver.deduce(b, trials=False)
    rules = naive_rules(b, given_state(b))
    assert logic.consistent == (rules is not None)
    assert not [s for s in logic.steps if s.reason.startswith("trial")]
    if rules is not None:
        assert logic.state == rules
    full = solver.deduce(b)
    if not full.consistent:
        assert not truths
        return
    s = full.state
    decided = [p for p in range(len(s)) if s[p] != given_state(b)[p]]
    assert sorted(step.cell for step in full.steps) == decided
    for step in full.steps:
        assert s[step.cell] == step.state
        for truth in truths:
            assert truth[step.cell] == (step.state == IS_BLUE), step
        if step.reason.startswith("trial"):
            other = "red" if step.state == IS_BLUE else "blue"
            assert step.reason == f"trial: {other} here leads to a contradiction"
        m = _DIRECTED.fullmatch(step.reason)
        if m:
            n, r, c = int(m.group(1)), int(m.group(2)) - 1, int(m.group(3)) - 1
            assert b.cells[r * b.cols + c] == n
            assert step.cell in ray(b, r * b.cols + c, m.group(6))
    # a fixed point of the rules and of every trial on the frontier
    assert naive_rules(b, s) == s
    for p in frontier(b, s):
        for colour in (IS_BLUE, IS_RED):
            assert naive_rules(b, [colour if q == p else t for q, t in enumerate(s)]) \
                is not None, (p, colour)
    if full.steps and truths:
        assert any(not step.reason.startswith("trial") for step in full.steps) or \
            rules == given_state(b)


def test_trials_decide_where_the_rules_stall() -> None:
    """Some boards of the list need trials; each trial is on a frontier cell."""
    with_trials = 0
    for b in BOARDS:
        full = solver.deduce(b)
        state = naive_rules(b, given_state(b))
        for step in full.steps:
            if step.reason.startswith("trial"):
                with_trials += 1
                assert state is not None
        if state is not None and full.consistent:
            assert set(full.state) <= {OPEN, IS_BLUE, IS_RED}
    assert with_trials >= 3


# --- the search -----------------------------------------------------------------------------

@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_the_search_finds_every_solution_once(index: int) -> None:
    b = BOARDS[index]
    truths = SOLUTIONS[index]
    stats = solver.Stats()
    found = [tuple(s) for s in solver.iter_solutions(b, stats)]
    assert len(found) == len(set(found)) and set(found) == truths
    # a binary tree: every guess is a child of a branch, every leaf a solution or a dead end
    if naive_rules(b, given_state(b)) is None:
        assert (stats.guesses, stats.dead_ends, stats.probes) == (0, 0, 0)
    else:
        assert stats.guesses % 2 == 0
        assert len(truths) + stats.dead_ends == stats.guesses // 2 + 1
        # cells are probed exactly when a number's view could still stop or go on
        assert (stats.probes > 0) == bool(frontier(b, naive_rules(b, given_state(b))))
    for limit in (1, 2, 3, 100):
        assert solver.count_solutions(b, limit) == min(limit, len(truths))
    assert solver.count_solutions(b) == min(2, len(truths))
    assert solver.is_unique(b) == (len(truths) == 1)
    first = solver.solve(b)
    assert (first is None) == (not truths) and (first is None or tuple(first) in truths)


@pytest.mark.parametrize("index", range(len(BOARDS)))
def test_trials_that_finish_a_board_leave_the_search_no_guess(index: int) -> None:
    """The look-ahead does at least what `deduce`'s trials do: when they finish the board,
    the search never guesses."""
    b = BOARDS[index]
    full = solver.deduce(b)
    if not full.consistent or OPEN in full.state:
        return
    stats = solver.Stats()
    assert tuple(solver.solve(b, stats)) == tuple(t == IS_BLUE for t in full.state)
    assert stats.guesses == 0 and stats.dead_ends == 0


def test_where_names_rows_and_columns_from_one() -> None:
    assert solver._where(4, 0) == "r1c1"
    assert solver._where(4, 7) == "r2c4"
    assert solver._where(3, 10) == "r4c2"


def test_geometry_lists_rays_neighbours_and_watchers() -> None:
    (b,) = parse_text("..2.\n....\n1...\n")
    geo = solver.Geometry.of(b)
    for p in range(12):
        assert geo.rays[p] == tuple(tuple(ray(b, p, way)) for way in WAYS)
        assert sorted(geo.neighbours[p]) == sorted(neighbours(b, p))
    assert geo.numbers == [(2, 2), (8, 1)]
    for q in range(12):
        # a number n watches the first n + 1 cells of each of its rays
        want = tuple(k for k, (p, n) in enumerate(geo.numbers)
                     for way in WAYS if q in ray(b, p, way)[:n + 1])
        assert geo.watchers[q] == want, q


@pytest.mark.parametrize("size, seed", [(4, 7), (6, 2), (4, 1), (5, 3), (6, 51)])
def test_the_look_ahead_fixes_the_colour_a_trial_refutes(size: int, seed: int) -> None:
    """Generated boards whose trials refute blue here and red there: the look-ahead takes
    each refuted colour's other, as `deduce` does, and never guesses."""
    from programs.puzzles.ohno.generator import generate

    b, truth = generate(size, seed=seed)
    full = solver.deduce(b)
    assert full.consistent and OPEN not in full.state
    assert [t == IS_BLUE for t in full.state] == truth
    stats = solver.Stats()
    assert solver.solve(b, stats) == truth
    assert stats.guesses == 0 and stats.dead_ends == 0


def test_these_boards_refute_both_colours() -> None:
    from programs.puzzles.ohno.generator import generate

    refuted = set()
    for size, seed in [(4, 7), (6, 2), (4, 1), (5, 3), (6, 51)]:
        b, _ = generate(size, seed=seed)
        refuted |= {s.reason for s in solver.deduce(b).steps if s.reason.startswith("trial")}
    assert refuted == {"trial: blue here leads to a contradiction",
                       "trial: red here leads to a contradiction"}


@pytest.mark.parametrize("text", ["..O.\n..3.\n.3.3\n", "O..3\n4...\n.2..\n",
                                  ".O.\n..1\n.3.\n3..\n", "..2#\n.1..\n1...\n",
                                  "1..1\n.23.\n..O.\n", "O...3\n....3\nO#1..\n"])
def test_a_board_only_the_look_ahead_refutes_is_one_dead_end(text: str) -> None:
    """No colouring solves these (brute force), the rules do not see it, the look-ahead
    does at once: the search ends in one dead end without a guess, and finds nothing."""
    (b,) = parse_text(text)
    assert not brute_force(b)
    assert naive_rules(b, given_state(b)) is not None
    stats = solver.Stats()
    assert list(solver.iter_solutions(b, stats)) == []
    assert (stats.guesses, stats.dead_ends) == (0, 1) and stats.probes >= 1
    assert solver.count_solutions(b, 3) == 0 and solver.solve(b) is None
    assert not solver.is_unique(b)
