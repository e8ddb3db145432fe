"""The SAT engine as an independent oracle: the same solutions and counts as the fast solver
and plain backtracking, and counts that follow from how a puzzle was built."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku import fast
from programs.puzzles.sudoku.checker import is_solution
from programs.puzzles.sudoku.examples import EXAMPLES, cells

from .test_fast import _brute_solutions, _random_grid
from .test_guards import HARD

pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
from programs.puzzles.sudoku import sat  # noqa: E402


def _count(solutions, limit: int) -> int:
    return sum(1 for _ in itertools.islice(solutions, limit))


def test_every_seed_puzzle_solves_the_same() -> None:
    for name, (_source, text, _printed) in EXAMPLES.items():
        puzzle = cells(text)
        if name == "clark":
            continue  # many solutions: compared in full below
        assert sat.solve(puzzle) == fast.solve(puzzle)


def test_clark_has_15220_solutions() -> None:
    # 15220 is the SAT engine's count (10 s with blocking clauses, so not repeated here)
    puzzle = cells(EXAMPLES["clark"][1])
    assert _count(fast.iter_solutions(puzzle), 20000) == 15220


def test_a_few_clues_more_and_clark_has_the_same_solutions_both_ways() -> None:
    puzzle = list(cells(EXAMPLES["clark"][1]))
    first = fast.solve(puzzle)
    assert first is not None
    for i in [i for i, v in enumerate(puzzle) if not v][:7]:
        puzzle[i] = first[i]
    by_sat = set(sat.iter_solutions(puzzle))
    assert 1 < len(by_sat) < 15220
    assert by_sat == set(fast.iter_solutions(puzzle))
    assert all(is_solution(puzzle, s) for s in by_sat)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.3, 0.55))
def test_counts_agree_with_the_fast_solver_and_backtracking(seed: int, keep: float) -> None:
    grid = _random_grid(seed)
    rnd = random.Random(seed + 3)
    puzzle = [v if rnd.random() < keep else 0 for v in grid]
    by_sat = _count(sat.iter_solutions(puzzle), 100)
    assert by_sat >= 1  # the grid it came from
    assert by_sat == _count(fast.iter_solutions(puzzle), 100)
    if by_sat < 100:
        assert by_sat == len(_brute_solutions(puzzle, 100))


def _rectangles(grid: list[int]) -> list[tuple[int, int, int, int]]:
    """Cells r1c1, r1c2, r2c1, r2c2 holding a b / b a, in two boxes of one band, with no row
    or column shared between two of them (found greedily)."""
    used_rows: set[int] = set()
    used_cols: set[int] = set()
    out = []
    for r1, r2 in itertools.combinations(range(9), 2):
        if r1 // 3 != r2 // 3 or r1 in used_rows or r2 in used_rows:
            continue
        for c1, c2 in itertools.combinations(range(9), 2):
            if c1 // 3 == c2 // 3 or c1 in used_cols or c2 in used_cols:
                continue
            a, b = grid[9 * r1 + c1], grid[9 * r1 + c2]
            if grid[9 * r2 + c1] == b and grid[9 * r2 + c2] == a:
                out.append((9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2))
                used_rows |= {r1, r2}
                used_cols |= {c1, c2}
                break
    return out


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_k_swappable_rectangles_give_2_to_the_k_solutions(name: str) -> None:
    # Emptying a b / b a rectangle leaves each of its rows and columns missing {a, b} and
    # nothing else, so it has exactly two fillings; with no row or column shared the
    # rectangles are independent: 2**k solutions, known without solving anything.
    # a puzzle with many solutions (clark) may be first solved by a grid without one: the
    # first of its solutions that has one will do
    grids = (list(g) for g in itertools.islice(fast.iter_solutions(cells(EXAMPLES[name][1])), 50))
    grid = next((g for g in grids if _rectangles(g)), [])
    rects = _rectangles(grid)
    assert rects, "each of these puzzles has a solution with one at least"
    puzzle = list(grid)
    for rect in rects:
        for i in rect:
            puzzle[i] = 0
    expected = 2 ** len(rects)
    assert _count(sat.iter_solutions(puzzle), 1000) == expected
    assert _count(fast.iter_solutions(puzzle), 1000) == expected


@pytest.mark.parametrize("text", HARD)
def test_hard_minimal_puzzles_and_their_spoilt_forms_count_alike(text: str) -> None:
    # minimal puzzles from the benchmark's hard set (the ones that need claiming and deep
    # search): unique; without any one clue, two solutions at least (minimal); with one
    # clue changed, whatever the SAT engine says
    puzzle = list(cells(text))
    solution = sat.solve(puzzle)
    assert solution is not None and is_solution(puzzle, solution)
    assert fast.solve(puzzle) == solution
    assert _count(fast.iter_solutions(puzzle), 2) == 1
    rnd = random.Random(text)
    clues = [i for i, v in enumerate(puzzle) if v]
    for i in rnd.sample(clues, 3):
        fewer = list(puzzle)
        fewer[i] = 0
        assert _count(sat.iter_solutions(fewer), 2) == 2
        assert _count(fast.iter_solutions(fewer), 2) == 2
        wrong = list(puzzle)
        wrong[i] = rnd.choice([d for d in range(1, 10) if d != puzzle[i]])
        by_sat = _count(sat.iter_solutions(wrong), 2)
        assert _count(fast.iter_solutions(wrong), 2) == by_sat
        found = fast.solve(wrong)
        assert (found is None) == (by_sat == 0)
        assert found is None or is_solution(wrong, found)
