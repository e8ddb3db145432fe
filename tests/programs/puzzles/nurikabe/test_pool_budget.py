"""The unreachable rule's 2x2 budget (whole-board cell sets) reports what the reference one,
block by block, reports: the same first broken block, the same island, on boards crowded
with small islands and walls, where such contradictions are common."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe import rules
from programs.puzzles.nurikabe.board import Analysis, Board, Contradiction
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle

from . import reference_rules as ref


def _crowded_board(seed: int, clued: float, walled: float, top: int = 5) -> Board:
    """Small clues scattered over a board of walls and unknown cells."""
    rnd = random.Random(seed)
    rows, cols = rnd.randint(2, 9), rnd.randint(2, 9)
    clues = tuple(rnd.randint(1, top) if rnd.random() < clued else 0 for _ in range(rows * cols))
    state = [LAND if c else WALL if rnd.random() < walled else UNKNOWN for c in clues]
    return Board(Puzzle(rows, cols, clues), state)


def _outcome(board: Board, rule) -> object:  # noqa: ANN001 - a rule
    try:
        return rule(board, Analysis(board))
    except Contradiction as exc:
        return ("contradiction", str(exc))


@settings(max_examples=1500, deadline=None)
@given(seed=st.integers(0, 10**9), clued=st.sampled_from([0.03, 0.05, 0.1]),
       walled=st.floats(0.0, 0.3), top=st.sampled_from([3, 5, 8]))
def test_unreachable_reports_the_reference_block_and_island(seed: int, clued: float,
                                                            walled: float, top: int) -> None:
    board = _crowded_board(seed, clued, walled, top)
    try:
        Analysis(board)
    except Contradiction:
        return
    assert _outcome(board, rules.unreachable) == _outcome(board, ref.unreachable)


def test_crowded_boards_reach_both_budget_contradictions() -> None:
    """The boards above do meet both contradictions of the budget, often enough to matter."""
    seen = {"no island can break": 0, "cannot break all": 0}
    for seed in range(2000):
        board = _crowded_board(seed, (0.03, 0.05, 0.1)[seed % 3], (seed % 4) / 10,
                               (3, 5, 8)[seed % 5 % 3])
        try:
            outcome = _outcome(board, ref.unreachable)
        except Contradiction:
            continue
        for words in seen:
            if isinstance(outcome, tuple) and words in outcome[1]:
                seen[words] += 1
    assert min(seen.values()) >= 20, seen
