"""Single rules on chosen boards: the cells a rule names are the cells it sets, and on random
boards every cell it sets has that state in every solution the SAT engine finds."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.board import Analysis, Board, Contradiction
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle, clue_problem
from programs.puzzles.nurikabe.rules import RULES, island_bottleneck, unreachable

from .helpers import clued_puzzle


def _board(text: str) -> Board:
    game = read_plain(text)
    return Board(game.puzzle, game.cells)


def test_island_bottleneck_names_the_neck_of_a_cornered_island() -> None:
    # Within three more cells the 4 reaches r1c2, r2c2, then r2c3 or r3c2 (r3c3 is a fourth
    # step away): it must pass r1c2 and r2c2, and either of the last two will do.
    board = _board("4 . X X\n"
                   "X . . X\n"
                   "X . . X\n"
                   "X X X X\n")
    found = island_bottleneck(board, Analysis(board))
    assert [(board.name(d.cell), d.state) for d in found] == [("r1c2", LAND), ("r2c2", LAND)]
    assert all(d.rule == "island bottleneck" and "island 4 at r1c1" in d.reason for d in found)
    assert [d.reason.split("only ")[1] for d in found] == ["1 of its 4 cells", "2 of its 4 cells"]


def test_island_bottleneck_leaves_an_island_with_two_ways_alone() -> None:
    board = _board(". . . .\n"
                   ". 3 . .\n"
                   ". . . .\n")
    assert island_bottleneck(board, Analysis(board)) == []


def test_unreachable_counts_the_whole_land_fragment_an_island_would_take_in() -> None:
    # The 5 has four cells to add. Stepping onto the land at r1c3 brings r2c3 with it: two
    # cells for one step, so r1c4 is its fourth cell and r1c5 a fifth, out of reach (three
    # steps away by path length alone).
    board = _board("5 . o . .\n"
                   ". . o . .\n")
    found = unreachable(board, Analysis(board))
    assert [(board.name(d.cell), d.state) for d in found] == [("r1c5", WALL), ("r2c5", WALL)]


def _random_case(rows: int, cols: int, seed: int, max_island: int,
                 shown: float) -> tuple[Puzzle, tuple[int, ...]]:
    """A clue on one cell of every island of a random valid grid, and some of its cells."""
    rnd = random.Random(seed)
    puzzle, grid = clued_puzzle(rows, cols, rnd, max_island)
    clues = puzzle.clues
    state = tuple(s if clues[i] or rnd.random() < shown else UNKNOWN for i, s in enumerate(grid))
    return puzzle, state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.0, 0.2, 0.4]))
def test_every_rule_is_sound_on_random_boards(seed: int, shown: float) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
    from programs.puzzles.nurikabe import sat

    puzzle, state = _random_case(6, 6, seed, 12, shown)
    if clue_problem(puzzle) is not None:
        return
    solutions = list(itertools.islice(sat.iter_solutions(puzzle, state), 200))
    assert solutions, "the grid the clues came from"
    board = Board(puzzle, state)
    for name, rule in RULES:
        try:
            found = rule(board, Analysis(board))
        except Contradiction as exc:  # a rule may refuse a board only if it has no solution
            raise AssertionError(f"{name}: {exc}") from exc
        for d in found:
            assert all(s[d.cell] == d.state for s in solutions), (name, d)
    assert {s[i] for s in solutions for i in range(puzzle.size)} <= {LAND, WALL}
