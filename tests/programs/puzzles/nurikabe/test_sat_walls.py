"""The SAT engine's written-out wall connectivity (the walls' reach from their first cell),
checked against a brute force with the reach written from the start or at the first cut."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.formats import read_plain
from programs.puzzles.nurikabe.model import LAND, UNKNOWN, WALL, Puzzle, clue_problem

from .helpers import brute_force_count, clued_puzzle, reference_solution, shared_files

pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT engine")
from programs.puzzles.nurikabe import sat  # noqa: E402

FIRED: list[bool] = []  # per example: whether the walls' reach was written


@pytest.fixture(autouse=True, params=[0, 1])
def reach_early(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Write the walls' reach from the start, or at the first lazy cut (mid-enumeration)."""
    monkeypatch.setattr(sat, "TREE_AFTER", request.param)


def _solutions(puzzle: Puzzle, cells: tuple[int, ...] | None = None) -> list[tuple[int, ...]]:
    engine = sat.NurikabeSat()
    found = sorted(engine.iter_solutions(puzzle, cells))
    FIRED.append(any(shape.reach for shape in engine.shapes.values()))
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(3, 4), st.integers(0, 10**6), st.integers(1, 5),
       st.integers(0, 10**6))
def test_counts_agree_with_brute_force(rows: int, cols: int, seed: int, max_island: int,
                                       given_seed: int) -> None:
    puzzle, grid = clued_puzzle(rows, cols, random.Random(seed), max_island)
    if clue_problem(puzzle) is not None:
        return
    # Some cells of the grid the clues came from given, so the count runs from a state too.
    rnd = random.Random(given_seed)
    cells = tuple(s if c or rnd.random() < 0.2 else UNKNOWN
                  for c, s in zip(puzzle.clues, grid, strict=True))
    assert len(_solutions(puzzle)) == brute_force_count(puzzle)
    assert len(_solutions(puzzle, cells)) == brute_force_count(puzzle, cells)


def test_the_reach_was_written_in_most_examples_from_the_start() -> None:
    if sat.TREE_AFTER:
        return  # at the first cut: small boards seldom need one
    FIRED.clear()
    test_counts_agree_with_brute_force()
    assert sum(FIRED) >= len(FIRED) // 2, (sum(FIRED), len(FIRED))


def test_a_wall_snaking_from_its_first_cell_is_found() -> None:
    # The walls of this solution are one path from r1c1, its first wall: W - 1 steps long.
    puzzle = read_plain("""
        # puzzle: nurikabe  width: 4  height: 3
        . . . .
        4 . . .
        . . . .
    """).puzzle
    snake = tuple(WALL if ch == "#" else LAND for ch in "####" "...#" ".###")
    found = _solutions(puzzle)
    assert snake in found
    assert len(found) == brute_force_count(puzzle)
    assert FIRED[-1] or sat.TREE_AFTER


def test_shared_puzzles_keep_their_reference_solutions() -> None:
    for path in shared_files():
        puzzle = read_plain(path.read_text()).puzzle
        assert _solutions(puzzle) == [reference_solution(path)], path.name


def test_states_are_land_or_wall() -> None:
    puzzle, _grid = clued_puzzle(3, 3, random.Random(5), 3)
    for solution in _solutions(puzzle):
        assert set(solution) <= {LAND, WALL}
