"""The fast solver's locked candidates (claiming) against a plain per-house reading of the
rule, and claiming inside the propagation (where the singles stall, once).

Claiming: when a digit's candidates in a row (or column) all lie in one box, no other cell
of that box can hold it. The reference below works on sets of digits per cell, house by
house, sharing nothing with the whole-board masks of fast.py."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku import fast

from .test_fast import _random_grid
from .test_fast_inference import _candidates

ROWS = [[9 * r + c for c in range(9)] for r in range(9)]
COLS = [[9 * r + c for r in range(9)] for c in range(9)]


def _box(i: int) -> int:
    """Box number (0-8) of cell i."""
    return 3 * (i // 27) + i % 9 // 3


def _claims(cands: list[set[int]]) -> tuple[set[tuple[int, int]], bool]:
    """(cell, digit) pairs claiming removes, and whether two rows or two columns claim
    the same box for the same digit (a contradiction, where fast removes less)."""
    removed: set[tuple[int, int]] = set()
    clash = False
    for lines in (ROWS, COLS):
        claimed: set[tuple[int, int]] = set()
        for line in lines:
            for d in range(1, 10):
                places = [i for i in line if d in cands[i]]
                boxes = {_box(i) for i in places}
                if len(boxes) != 1:
                    continue
                box = boxes.pop()
                clash |= (box, d) in claimed
                claimed.add((box, d))
                removed |= {(i, d) for i in range(81)
                            if _box(i) == box and i not in line and d in cands[i]}
    return removed, clash


def _board_of(cands: list[set[int]]) -> int:
    """The fast solver's board for these candidate sets."""
    return sum(1 << (fast.D * (d - 1) + fast.CELL_POS[i]) for i in range(81) for d in cands[i])


def _removed(before: int, after: int) -> set[tuple[int, int]]:
    """(cell, digit) pairs present in `before`, gone in `after`."""
    a, b = _candidates(before), _candidates(after)
    assert all(b[i] <= a[i] for i in range(81)), "a candidate appeared"
    return {(i, d) for i in range(81) for d in a[i] - b[i]}


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.15, 0.7))
def test_claiming_removes_what_the_rule_removes(seed: int, keep: float) -> None:
    # random candidate sets around a valid grid: each cell keeps its grid digit and each
    # other digit with probability `keep`, so rows often have one box left for a digit
    rnd = random.Random(seed)
    grid = _random_grid(seed)
    cands = [{v} | {d for d in range(1, 10) if rnd.random() < keep} for v in grid]
    board = _board_of(cands)
    expected, clash = _claims(cands)
    got = _removed(board, fast._locked(board))
    assert got <= expected
    if not clash:
        assert got == expected


def _hand_claims() -> tuple[int, set[tuple[int, int]]]:
    """A board where 4 in row 1 lies only in box 1 (r1c2, r1c3) and 7 in column 9 only in
    box 9 (r7c9, r9c9), and what claiming removes from it, worked by hand."""
    cands = [set(range(1, 10)) for _ in range(81)]
    for c in (0, 3, 4, 5, 6, 7, 8):
        cands[c].discard(4)
    for r in range(6):
        cands[9 * r + 8].discard(7)
    cands[9 * 7 + 8].discard(7)
    box1_rows23 = {9 * r + c for r in (1, 2) for c in range(3)}
    box9_cols78 = {9 * r + c for r in (6, 7, 8) for c in (6, 7)}
    return _board_of(cands), {(i, 4) for i in box1_rows23} | {(i, 7) for i in box9_cols78}


def test_claiming_in_a_row_and_in_a_column_by_hand() -> None:
    board, expected = _hand_claims()
    assert _removed(board, fast._locked(board)) == expected


def test_no_claim_no_change() -> None:
    assert fast._locked(fast.FULL) == fast.FULL


def test_propagation_claims_where_the_singles_stall() -> None:
    # no single anywhere on the hand board (4 keeps two places in row 1 and in box 1),
    # so what the propagation removes is claiming's work alone
    board, expected = _hand_claims()
    result = fast._propagate(board, 0)
    assert result is not None
    assert _removed(board, result[0]) == expected
