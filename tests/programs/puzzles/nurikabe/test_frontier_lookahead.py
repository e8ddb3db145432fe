"""The rules run ahead of the frontier count (lookahead.py) drop only dead frontiers and force
only cells every completion has: with them after every cell, the count and its solutions
are still those of every colouring judged by the checker, of the SAT engine, of the search."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.checker import is_solution
from programs.puzzles.nurikabe.frontier import count
from programs.puzzles.nurikabe.model import LAND, WALL, Puzzle

from .helpers import clued_puzzle, hui_games
from .test_frontier import CAP, every_solution, tiny_games


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_games(), st.integers(1, 3))
def test_looking_ahead_keeps_every_solution_of_a_tiny_board(game, every: int) -> None:
    puzzle, cells = game
    truth = every_solution(puzzle, cells)
    found = count(puzzle, cells, cap=CAP, ahead=every)
    assert found.count == len(truth)
    assert set(found.solutions) == truth


def _sparse(rnd: random.Random, rows: int, cols: int) -> Puzzle:
    """A board with a few numbers at random places (often without a solution, or many)."""
    clues = [0] * (rows * cols)
    for i in rnd.sample(range(rows * cols), rnd.randint(2, 5)):
        clues[i] = rnd.randint(1, 7)
    return Puzzle(rows, cols, tuple(clues))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_looking_ahead_counts_as_the_sat_engine_on_random_numbers(seed: int) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
    from programs.puzzles.nurikabe import sat

    rnd = random.Random(seed)
    puzzle = _sparse(rnd, rnd.randint(3, 6), rnd.randint(3, 6))
    by_sat = set(itertools.islice(sat.iter_solutions(puzzle), 6))
    found = count(puzzle, cap=6, ahead=1)
    assert found.count == len(by_sat)
    if len(by_sat) < 6:
        assert set(found.solutions) == by_sat


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 10), st.integers(1, 4))
def test_looking_ahead_on_generated_boards_with_cells_given(seed: int, shown: int,
                                                            every: int) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
    from programs.puzzles.nurikabe import sat

    rnd = random.Random(seed)
    puzzle = clued_puzzle(rnd.randint(5, 7), rnd.randint(5, 7), rnd, rnd.randint(3, 7))[0]
    cells = list(puzzle.empty_state())
    for i in rnd.sample([i for i in range(puzzle.size) if not puzzle.clues[i]], shown):
        cells[i] = rnd.choice((LAND, WALL))
    by_sat = set(itertools.islice(sat.iter_solutions(puzzle, tuple(cells)), 3))
    found = count(puzzle, tuple(cells), cap=3, ahead=every)
    assert found.count == len(by_sat)
    if len(by_sat) < 3:
        assert set(found.solutions) == by_sat


def test_hui_puzzles_looked_ahead_at_every_cell() -> None:
    from programs.puzzles.nurikabe.solver import solve

    for name in ("n1", "n4", "n6"):
        puzzle = hui_games()[name].puzzle
        found = count(puzzle, ahead=1)
        assert found.count == 1
        assert found.solutions == solve(puzzle).solutions, name


def test_looking_ahead_merges_fewer_frontiers() -> None:
    # Not a timing: the number of frontiers made, which the rules can only lower.
    puzzle = hui_games()["n6"].puzzle
    plain = count(puzzle, ahead=0)
    ahead = count(puzzle, ahead=1)
    assert ahead.total < plain.total and ahead.count == plain.count == 1


# Boards where a piece of land joined above the frontier once misled the look-ahead: its
# cells above were left out of an island's room, and reaching one of its cells on the
# frontier did not reach the others.
PIECES = [Puzzle(4, 7, (0,) * 18 + (4,) + (0,) * 8 + (11,)),
          Puzzle(7, 6, (0,) * 22 + (2,) + (0,) * 7 + (20,) + (0,) * 11)]


@pytest.mark.parametrize("every", [1, 2, 3])
@pytest.mark.parametrize("puzzle", PIECES)
def test_land_joined_above_the_frontier_counts_whole(puzzle: Puzzle, every: int) -> None:
    pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
    from programs.puzzles.nurikabe import sat

    by_sat = set(itertools.islice(sat.iter_solutions(puzzle), 50))
    found = count(puzzle, cap=50, ahead=every)
    assert found.count == len(by_sat)
    if len(by_sat) < 50:
        assert set(found.solutions) == by_sat
    else:
        assert len(set(found.solutions)) == 50
        assert all(is_solution(puzzle, s) for s in found.solutions)
