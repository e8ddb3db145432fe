"""The SAT engine (lazy connectivity cuts) as an independent oracle for Nurikabe: the same
solutions as the pure-Python solver and a brute force, on small boards and the seed set."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.checker import is_solution
from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.generator import generate_sparse
from programs.puzzles.nurikabe.model import UNKNOWN, Puzzle, clue_problem
from programs.puzzles.nurikabe.solver import iter_solutions, logic_only

from .helpers import (
    brute_force_count,
    clued_puzzle,
    hui_games,
    reference_solution,
    shared_files,
)

pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
from programs.puzzles.nurikabe import sat  # noqa: E402


def _puzzle(rows: int, cols: int, seed: int, max_island: int) -> Puzzle:
    """A clue on one random cell of every island of a random valid grid: solvable."""
    return clued_puzzle(rows, cols, random.Random(seed), max_island)[0]


@pytest.mark.parametrize("name", ["n1", "n2", "n3", "n4", "n5", "n6", "n7"])
def test_hui_puzzles_have_the_same_single_solution(name: str) -> None:
    puzzle = hui_games()[name].puzzle
    by_sat = list(itertools.islice(sat.iter_solutions(puzzle), 2))
    assert by_sat == list(itertools.islice(iter_solutions(puzzle), 2))
    assert len(by_sat) == 1 and is_solution(puzzle, by_sat[0])


def test_shared_puzzles_match_their_reference_solutions() -> None:
    for path in shared_files():
        puzzle = read_plain(path.read_text()).puzzle
        found = list(itertools.islice(sat.iter_solutions(puzzle), 2))
        assert found == [reference_solution(path)], path.name


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 3), st.integers(2, 4), st.integers(0, 10**6), st.integers(1, 6))
def test_counts_agree_with_sat_and_brute_force(rows: int, cols: int, seed: int,
                                               max_island: int) -> None:
    puzzle = _puzzle(rows, cols, seed, max_island)
    if clue_problem(puzzle) is not None:
        return  # two islands' clues may touch after all; the rules refuse those up front
    by_sat = sorted(sat.iter_solutions(puzzle))
    assert by_sat, "the grid the clues came from"
    assert by_sat == sorted(iter_solutions(puzzle))
    assert len(by_sat) == brute_force_count(puzzle)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
@example(seed=17445)  # 12 solutions: an unsound first "island reach" rule lost two
@example(seed=131072)  # the grid drawn first kept a 2x2 block of wall: no solution at all
def test_counts_on_8x8_boards_agree_with_sat(seed: int) -> None:
    puzzle = _puzzle(8, 8, seed, 9)
    mine = list(itertools.islice(iter_solutions(puzzle), 30))
    assert mine and all(is_solution(puzzle, s) for s in mine)
    assert len(mine) == sum(1 for _ in itertools.islice(sat.iter_solutions(puzzle), 30))


def test_sparse_generator_makes_unique_puzzles_the_rules_alone_do_not_finish() -> None:
    puzzle, solution = generate_sparse(7, 7, 2, max_island=10, min_open=4)
    assert sum(1 for c in puzzle.clues if c) <= 49 // 7
    assert logic_only(puzzle, lookahead=False)[0].count(UNKNOWN) >= 4
    assert list(itertools.islice(sat.iter_solutions(puzzle), 2)) == [solution]
