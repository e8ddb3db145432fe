"""The fast solver's hidden pairs in boxes against a plain per-box reading of the rule,
its box layout against cell coordinates, and the pairs inside the propagation.

Hidden pair: when two digits can each go in only the same two cells of a box, those two
cells hold nothing else. The reference below works on sets of digits per cell, box by
box, sharing nothing with the whole-board masks of fast.py."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku import fast

from .test_fast import _random_grid
from .test_fast_locked import _board_of, _removed

BOXES = [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)]


def _hidden_pairs(cands: list[set[int]]) -> tuple[set[tuple[int, int]], bool]:
    """(cell, digit) pairs that hidden pairs in boxes remove, and whether a cell is in two
    different pairs (a contradiction, where fast removes less)."""
    removed: set[tuple[int, int]] = set()
    pairs_of: dict[int, set[frozenset[int]]] = {}
    for box in BOXES:
        places = {d: frozenset(i for i in box if d in cands[i]) for d in range(1, 10)}
        for d1, d2 in combinations(range(1, 10), 2):
            if len(places[d1]) == 2 and places[d1] == places[d2]:
                for i in places[d1]:
                    removed |= {(i, d) for d in cands[i] - {d1, d2}}
                    pairs_of.setdefault(i, set()).add(frozenset((d1, d2)))
    return removed, any(len(p) > 1 for p in pairs_of.values())


def _random_cands(seed: int, keep: float) -> list[set[int]]:
    """Candidate sets around a valid grid: each cell keeps its grid digit and each other
    digit with probability `keep`, so digits often have two places left in a box."""
    rnd = random.Random(seed)
    grid = _random_grid(seed)
    return [{v} | {d for d in range(1, 10) if rnd.random() < keep} for v in grid]


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.05, 0.5))
def test_box_pairs_remove_what_the_rule_removes(seed: int, keep: float) -> None:
    cands = _random_cands(seed, keep)
    board = _board_of(cands)
    expected, clash = _hidden_pairs(cands)
    got = _removed(board, board & ~fast._box_pairs(board))
    assert got <= expected
    if not clash:
        assert got == expected


def test_the_random_boards_often_have_pairs_that_remove_something() -> None:
    # the property above is only worth as much as the share of boards where the rule works
    fired = sum(bool(_hidden_pairs(_random_cands(seed, 0.05 + 0.45 * seed / 200))[0])
                for seed in range(200))
    assert 40 <= fired <= 190


def test_boxes_as_rows_moves_each_cell_to_its_place_in_its_box() -> None:
    for r in range(9):
        for c in range(9):
            box, at = 3 * (r // 3) + c // 3, 3 * (r % 3) + c % 3
            for d in (0, 4, 8):
                moved = fast._boxes_as_rows(1 << (fast.D * d + fast.W * r + c))
                assert moved == 1 << (fast.D * d + fast.W * box + at)


@given(st.integers(0, 2**729 - 1))
def test_boxes_as_rows_is_its_own_inverse(bits: int) -> None:
    board = sum(1 << (fast.D * (k // 81) + fast.CELL_POS[k % 81])
                for k in range(729) if bits >> k & 1)
    assert fast._boxes_as_rows(fast._boxes_as_rows(board)) == board


def _hand_pair() -> tuple[int, set[tuple[int, int]]]:
    """A board where 3 and 7 can go only in r4c5 and r6c6 of the middle box, and what
    hidden pairs remove from it, worked by hand: every other digit of those two cells."""
    cands = [set(range(1, 10)) for _ in range(81)]
    middle = [9 * r + c for r in range(3, 6) for c in range(3, 6)]
    for i in middle:
        if i not in (9 * 3 + 4, 9 * 5 + 5):
            cands[i] -= {3, 7}
    expected = {(i, d) for i in (9 * 3 + 4, 9 * 5 + 5) for d in (1, 2, 4, 5, 6, 8, 9)}
    return _board_of(cands), expected


def test_a_hidden_pair_by_hand() -> None:
    board, expected = _hand_pair()
    assert _removed(board, board & ~fast._box_pairs(board)) == expected


def test_no_pair_no_change() -> None:
    assert fast._box_pairs(fast.FULL) == 0


def test_pairs_only_below_the_root_and_after_claiming() -> None:
    board, pair = _hand_pair()
    # 9 placed in r9c9 (a branch: its peers cleared, no single follows from it)
    k = fast.D * 8 + fast.CELL_POS[80]
    branch = board & fast.KEEP[k]
    # nothing to claim: the pair waits for claiming to have paid off, at the root or not
    assert fast._propagate(board, 0) == (board, 0)
    assert fast._propagate(branch, 1 << k) == (branch, 1 << k)
    # 4 kept out of r1c4-r1c9, so row 1 claims box 1 for it: by hand, 4 leaves rows 2 and
    # 3 of box 1; below the root the pair then goes as well, at the root it does not
    for c in range(3, 9):
        branch &= ~(1 << (fast.D * 3 + fast.CELL_POS[c]))
    claim = {(9 * r + c, 4) for r in (1, 2) for c in range(3)}
    below = fast._propagate(branch, 1 << k)
    assert below is not None and _removed(branch, below[0]) == claim | pair
    root = fast._propagate(branch, 0)  # the 9 as a clue: placed by the root count
    assert root is not None and _removed(branch, root[0]) == claim
