"""The fast solver: seed puzzles, counting, contradictions, agreement with Hui's method."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku import fast, hui
from programs.puzzles.sudoku.checker import is_solution
from programs.puzzles.sudoku.examples import EXAMPLES, cells


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_seed_puzzles_solve_and_check(name: str) -> None:
    _, puzzle, printed = EXAMPLES[name]
    solution = fast.solve(cells(puzzle))
    assert solution is not None
    assert is_solution(cells(puzzle), solution)
    if printed:
        assert solution == cells(printed)


@pytest.mark.parametrize(("name", "count"), [("ym", 1), ("su21_1", 1), ("su21_99", 1), ("x", 1)])
def test_unique_seed_puzzles(name: str, count: int) -> None:
    assert fast.count_solutions(cells(EXAMPLES[name][1]), limit=10) == count


def test_clark_has_many_solutions_and_the_limit_holds() -> None:
    puzzle = cells(EXAMPLES["clark"][1])
    assert fast.count_solutions(puzzle, limit=2) == 2
    assert fast.count_solutions(puzzle, limit=500) == 500
    seen = set()
    for k, s in enumerate(fast.iter_solutions(puzzle)):
        assert is_solution(puzzle, s)
        seen.add(s)
        if k == 199:
            break
    assert len(seen) == 200
    # Hui's breadth-first loop and the fast solver agree on the first generations' solutions
    found = hui.sudoku(puzzle, max_boards=400)
    assert found and set(found) <= set(fast.iter_solutions(puzzle))


def test_contradictions_have_no_solution() -> None:
    assert fast.initial_masks([5, 5] + [0] * 79) is None
    assert fast.solve([5, 5] + [0] * 79) is None
    # legal clues, yet r1c9 can hold nothing: 1-8 in its row, 9 in its column
    puzzle = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 72
    puzzle[9 * 4 + 8] = 9
    assert fast.solve(puzzle) is None
    assert fast.count_solutions(puzzle) == 0


def test_empty_grid_has_solutions() -> None:
    solution = fast.solve([0] * 81)
    assert solution is not None and is_solution([0] * 81, solution)


def _random_grid(seed: int) -> list[int]:
    """A random valid grid: a pattern grid with shuffled digits, bands, stacks, rows, columns."""
    rnd = random.Random(seed)
    digits = rnd.sample(range(1, 10), 9)
    bands = rnd.sample(range(3), 3)
    stacks = rnd.sample(range(3), 3)
    rows = [3 * b + r for b in bands for r in rnd.sample(range(3), 3)]
    cols = [3 * s + c for s in stacks for c in rnd.sample(range(3), 3)]
    return [digits[(3 * (r % 3) + r // 3 + c) % 9] for r in rows for c in cols]


def test_random_grids_are_valid() -> None:
    for seed in range(20):
        assert is_solution([0] * 81, _random_grid(seed))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.25, 0.6))
def test_random_puzzles_keep_their_grid_as_a_solution(seed: int, keep: float) -> None:
    grid = _random_grid(seed)
    rnd = random.Random(seed + 1)
    puzzle = [v if rnd.random() < keep else 0 for v in grid]
    solution = fast.solve(puzzle)
    assert solution is not None and is_solution(puzzle, solution)
    n = fast.count_solutions(puzzle, limit=3)
    assert 1 <= n <= 3
    if n == 1:
        assert list(solution) == grid


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_fast_agrees_with_hui_on_counts(seed: int) -> None:
    grid = _random_grid(seed)
    rnd = random.Random(seed)
    puzzle = [v if rnd.random() < 0.45 else 0 for v in grid]
    trace = hui.Trace()
    by_hui = hui.sudoku(puzzle, max_boards=300, trace=trace)
    assert all(is_solution(puzzle, s) for s in by_hui)
    if not trace.stopped and fast.count_solutions(puzzle, limit=300) < 300:
        assert sorted(by_hui) == sorted(fast.iter_solutions(puzzle))


def _brute_solutions(puzzle: list[int], limit: int) -> list[tuple[int, ...]]:
    """Reference: plain backtracking on the emptiest-choice cell, sharing nothing with fast."""
    grid = list(puzzle)
    found: list[tuple[int, ...]] = []

    def legal(i: int) -> set[int]:
        r, c = divmod(i, 9)
        br, bc = 3 * (r // 3), 3 * (c // 3)
        used = {grid[9 * r + k] for k in range(9)} | {grid[9 * k + c] for k in range(9)}
        used |= {grid[9 * (br + dr) + bc + dc] for dr in range(3) for dc in range(3)}
        return set(range(1, 10)) - used

    def clues_ok() -> bool:
        for i, v in enumerate(grid):
            if v:
                grid[i] = 0
                ok = v in legal(i)
                grid[i] = v
                if not ok:
                    return False
        return True

    def go() -> None:
        empty = [i for i in range(81) if not grid[i]]
        if not empty:
            found.append(tuple(grid))
            return
        i, options = min(((i, legal(i)) for i in empty), key=lambda e: len(e[1]))
        for v in sorted(options):
            grid[i] = v
            go()
            grid[i] = 0
            if len(found) >= limit:
                return

    if clues_ok():
        go()
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.33, 0.7), st.booleans())
def test_counts_agree_with_brute_force(seed: int, keep: float, spoil: bool) -> None:
    grid = _random_grid(seed)
    rnd = random.Random(seed + 2)
    puzzle = [v if rnd.random() < keep else 0 for v in grid]
    if spoil:
        # a legal-looking but wrong clue: often no solution, sometimes a clash
        i = rnd.randrange(81)
        puzzle[i] = grid[i] % 9 + 1
    reference = _brute_solutions(puzzle, limit=4)
    assert fast.count_solutions(puzzle, limit=4) == len(reference)
    ours = list(fast.iter_solutions(puzzle))[:4] if len(reference) < 4 else []
    if len(reference) < 4:
        assert sorted(ours) == sorted(reference)
        assert all(is_solution(puzzle, s) for s in ours)
    solution = fast.solve(puzzle)
    assert (solution is None) == (not reference)
    if solution is not None:
        assert is_solution(puzzle, solution)


@pytest.mark.parametrize(
    "clues",
    [
        {0: 5, 10: 5},  # same box
        {0: 5, 8: 5},  # same row
        {0: 5, 72: 5},  # same column
    ],
)
def test_clashing_clues(clues: dict[int, int]) -> None:
    puzzle = [0] * 81
    for i, v in clues.items():
        puzzle[i] = v
    assert fast.solve(puzzle) is None
    assert fast.count_solutions(puzzle) == 0
    assert fast.initial_masks(puzzle) is None


def _peers(i: int) -> list[int]:
    """The 20 cells that share a row, column or box with cell i, by coordinates."""
    r, c = divmod(i, 9)
    return [j for j in range(81) if j != i and (
        j // 9 == r or j % 9 == c or (j // 27 == r // 3 and j % 9 // 3 == c // 3))]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.0, 0.5), st.integers(0, 80), st.integers(0, 19))
def test_a_clue_repeated_in_a_house_fails_the_first_count(seed: int, keep: float, i: int,
                                                          k: int) -> None:
    # clues kept from a valid grid, and one of them repeated in a peer: no solution can
    # exist, and the clue board (where the two remove each other) reports it at once
    rnd = random.Random(seed)
    puzzle = [v if rnd.random() < keep else 0 for v in _random_grid(seed)]
    puzzle[i] = _random_grid(seed)[i]
    puzzle[_peers(i)[k]] = puzzle[i]
    assert fast.initial_masks(puzzle) is None
    assert fast.solve(puzzle) is None


def test_two_hidden_singles_in_one_cell_is_a_contradiction() -> None:
    # r1c1 is the only place for 1 in row 1 and the only place for 2 in column 1
    puzzle = [0] * 81
    placed = {
        (2, 5): 1, (3, 8): 1, (5, 2): 1, (8, 3): 1,  # 1 barred from r1c2..r1c9
        (2, 6): 2, (3, 7): 2, (4, 3): 2, (8, 2): 2,  # 2 barred from r2c1..r9c1
    }  # fmt: skip
    for (r, c), v in placed.items():
        puzzle[9 * (r - 1) + c - 1] = v
    assert fast.initial_masks(puzzle) is None
    assert fast.solve(puzzle) is None
    # each half alone is fine: the clash is between the two hidden singles
    only_ones = [v if v == 1 else 0 for v in puzzle]
    assert fast.solve(only_ones) is not None


def test_initial_masks_keep_the_solution() -> None:
    for name in ("ym", "su21_1", "su21_99", "x"):
        puzzle = cells(EXAMPLES[name][1])
        masks = fast.initial_masks(puzzle)
        solution = fast.solve(puzzle)
        assert masks is not None and solution is not None
        assert all(m >> (v - 1) & 1 for m, v in zip(masks, solution, strict=True))
        assert all(m == 1 << (v - 1) for m, v in zip(masks, puzzle, strict=True) if v)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        fast.solve([0] * 80)
    with pytest.raises(ValueError):
        fast.solve([10] + [0] * 80)


def test_guesses_counts_branches() -> None:
    assert fast.guesses(cells(EXAMPLES["ym"][2])) == 0
    assert fast.guesses([0] * 81) >= 1
