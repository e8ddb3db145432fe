"""Ways to finish an island kept from an earlier board and checked again near the cells
decided since are exactly the ways a fresh enumeration finds on the later board."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe import rules
from programs.puzzles.nurikabe.board import Analysis, Board, Contradiction, cell_set
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.model import WALL

from . import reference_rules as ref
from .test_speedups import BOARDS, _decide_some, _random_board


def _fresh(board, a, k):  # noqa: ANN001, ANN202 - test helper
    """The reference enumeration's ways as cell sets, or None past the kept limit."""
    shapes = ref._completions(board, a, rules._touching(board, a), k, 400)
    if shapes is None:
        return None
    p = board.puzzle
    return {cell_set(s, p.rows, p.cols) for s in shapes}


def _compare(seed: int, unknown: float, land: float, share: float, more: int
             ) -> tuple[int, int]:
    """Keep the ways of a random board's islands, decide a share of its open cells at
    random, and hold the kept ways to fresh ones; returns the islands compared and those
    of them that lost ways."""
    compared = dropped = 0
    board = _random_board(seed, unknown, land)
    try:
        a = Analysis(board)
    except Contradiction:
        return compared, dropped
    touch = rules._touching(board, a)
    for k, region in enumerate(a.islands):
        if region.clue and len(region.cells) < region.clue:
            rules._island_sets(board, a, touch, k, 400)
    after, changed = _decide_some(board, share, more)
    try:
        b = Analysis(after, a, changed)
    except Contradiction:
        return compared, dropped
    touch = rules._touching(after, b)
    for k, region in enumerate(b.islands):
        if not region.clue or len(region.cells) == region.clue:
            continue
        if region.clue_cell not in b.shapes:
            continue
        kept = rules._island_sets(after, b, touch, k, 400)
        assert kept is not None
        compared += 1
        dropped += len(kept) < len(a.shapes[region.clue_cell][0])
        assert {s for s, _border in kept} == _fresh(after, b, k)
        assert all(border == rules.beside(s, after.puzzle.rows, after.puzzle.cols)
                   for s, border in kept)
    return compared, dropped


@settings(max_examples=400, deadline=None)
@given(**BOARDS, share=st.floats(0.0, 0.5), more=st.integers(0, 10**9))
def test_ways_kept_from_an_earlier_board_are_the_fresh_ones(
        seed: int, unknown: float, land: float, share: float, more: int) -> None:
    _compare(seed, max(unknown, 0.7), land, share, more)


def test_many_kept_ways_stop_fitting_on_the_random_boards() -> None:
    # The comparison says little unless the decided cells often drop some of the ways.
    rnd = random.Random(28)
    compared = dropped = 0
    for seed in range(1000):
        c, d = _compare(seed, rnd.choice([0.7, 0.9]), rnd.uniform(0.0, 0.6),
                        rnd.uniform(0.0, 0.5), seed)
        compared += c
        dropped += d
    assert compared > 120
    assert dropped > compared // 4, (compared, dropped)


def test_a_wall_three_steps_away_that_closes_a_block_beside_a_kept_way_drops_it() -> None:
    # The 2 can only take the cell to its right; walling it in then walls (0, 2), and the
    # block right of that is one wall short until (1, 3) is decided: three steps from it.
    earlier = read_plain("2 . . X\nX . X .\n. . . .\n")
    board = Board(earlier.puzzle, earlier.cells)
    a = Analysis(board)
    rules._island_sets(board, a, rules._touching(board, a), 0, 400)
    assert [s for s, _ in a.shapes[0][0]] == [cell_set([0, 1], 3, 4)]
    after = board.copy()
    after.cells[7] = WALL
    b = Analysis(after, a, [7])
    assert rules._island_sets(after, b, rules._touching(after, b), 0, 400) == ()
    assert _fresh(after, b, 0) == set()
