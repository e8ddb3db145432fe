"""The fast solver's propagation against brute force: what it removes, when it gives up,
and that it stops only at the fixed point of naked and hidden singles.

Boards come from random grids with some clues kept (now and then one clue changed, so
that some have no solution), and one further placement as a branch of the search makes
it; the propagation then runs with few new singles at a time, its KEEP path."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku import fast

from .test_fast import _brute_solutions, _random_grid

LIMIT = 40  # solutions enumerated; boards with more are left out of the checks

HOUSES = (
    [[9 * r + c for c in range(9)] for r in range(9)]
    + [[9 * r + c for r in range(9)] for c in range(9)]
    + [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)]
)


def _candidates(board: int) -> list[set[int]]:
    """Per cell, the digits (1-9) the board still allows."""
    where = fast._where(board)
    return [{d + 1 for d in range(9) if where[d] >> i & 1} for i in range(81)]


def _puzzle(seed: int, keep: float, spoil: bool) -> list[int]:
    """A random partial grid; with `spoil`, one clue changed."""
    rnd = random.Random(seed)
    grid = _random_grid(seed)
    puzzle = [v if rnd.random() < keep else 0 for v in grid]
    if spoil:
        i = rnd.randrange(81)
        puzzle[i] = grid[i] % 9 + 1
    return puzzle


def _assert_sound(result: tuple[int, int] | None, solutions: list[tuple[int, ...]]) -> None:
    """Nothing a solution uses was removed; a contradiction only where none exists."""
    if result is None:
        assert not solutions
        return
    cands = _candidates(result[0])
    for s in solutions:
        assert all(v in cands[i] for i, v in enumerate(s))


def _assert_fixed_point(board: int) -> None:
    """No single left unplaced: a naked single's digit is gone from its peers, and a digit
    with one place in a house is the only candidate of that cell."""
    cands = _candidates(board)
    for house in HOUSES:
        for d in range(1, 10):
            places = [i for i in house if d in cands[i]]
            assert places, "a contradiction went unreported"
            if len(places) == 1:
                assert cands[places[0]] == {d}
        for i in house:
            if len(cands[i]) == 1:
                assert not any(cands[i] <= cands[j] for j in house if j != i)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.3, 0.55), st.booleans(), st.integers(0, 10**6))
def test_propagation_removes_only_what_no_solution_uses(seed: int, keep: float, spoil: bool,
                                                        pick: int) -> None:
    puzzle = _puzzle(seed, keep, spoil)
    solutions = _brute_solutions(puzzle, LIMIT)
    if len(solutions) >= LIMIT:
        return
    result = fast._propagate(fast._board(puzzle), 0)
    _assert_sound(result, solutions)
    if result is None:
        return
    board, placed = result
    _assert_fixed_point(board)
    # a branch: one candidate of an open cell placed, then propagated from there
    options = [(i, d) for i, c in enumerate(_candidates(board)) if len(c) > 1 for d in c]
    if not options:
        return
    i, d = options[pick % len(options)]
    k = fast.D * (d - 1) + fast.CELL_POS[i]
    branch = fast._propagate(board & fast.KEEP[k], placed | 1 << k)
    _assert_sound(branch, [s for s in solutions if s[i] == d])
    if branch is not None:
        _assert_fixed_point(branch[0])


def _board_with(clues: dict[tuple[int, int], int], cut: dict[tuple[int, int], set[int]]) -> int:
    """The board of `clues` (placed, not propagated) with the digits `cut` taken out."""
    puzzle = [0] * 81
    for (r, c), v in clues.items():
        puzzle[9 * (r - 1) + c - 1] = v
    board = fast._board(puzzle)
    for (r, c), digits in cut.items():
        for d in digits:
            board &= ~(1 << (fast.D * (d - 1) + fast.CELL_POS[9 * (r - 1) + c - 1]))
    return board


@pytest.mark.parametrize(
    "cut",
    [
        {(5, 5): set(range(1, 10))},  # a cell with no digit left
        {(1, c): {4} for c in range(1, 10)},  # 4 has no place in row 1
        {(r, 7): {4} for r in range(1, 10)},  # nor in column 7
        {(r, c): {4} for r in range(4, 7) for c in range(4, 7)},  # nor in the middle box
    ],
)
def test_each_kind_of_emptiness_is_a_contradiction_at_once(cut) -> None:
    assert fast._propagate(_board_with({}, cut), 0) is None


@pytest.mark.parametrize(
    "cut",
    [
        {**{(1, c): {1} for c in range(2, 10)}, **{(r, 1): {2} for r in range(2, 10)}},
        {(1, c): {1, 2} for c in range(2, 10)},  # both found by the same count
    ],
)
def test_two_singles_in_one_cell_are_a_contradiction(cut) -> None:
    # r1c1 is the only place of 1 in row 1 and of 2 in its column or row: each one placed
    # removes the other
    assert fast._propagate(_board_with({}, cut), 0) is None
