"""The SAT engine as an independent oracle for 0h n0, boards up to 40x40 without recursion,
and the size limit."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from programs.puzzles.ohno import solver
from programs.puzzles.ohno.checker import is_solution
from programs.puzzles.ohno.cli import solve_main
from programs.puzzles.ohno.examples import EXAMPLES
from programs.puzzles.ohno.formats import BLUE, EMPTY, MAX_SIDE, RED, Board, parse_text
from programs.puzzles.ohno.generator import random_coloring, sight

pytest.importorskip("pysat", reason="python-sat (extra [sat]) is the SAT oracle")
from programs.puzzles.ohno import sat  # noqa: E402


def _count(solutions, limit: int) -> int:
    return sum(1 for _ in itertools.islice(solutions, limit))


def _board(rows: int, cols: int, seed: int, keep: float) -> Board:
    """Givens taken from a random valid coloring: at least that coloring solves it."""
    rnd = random.Random(seed)
    blue = random_coloring(rows, cols, rnd)
    cells = []
    for i, b in enumerate(blue):
        seen = sight(rows, cols, blue, i)
        truth = RED if not b else (seen if 1 <= seen <= 9 else BLUE)
        cells.append(truth if rnd.random() < keep else EMPTY)
    return Board(rows, cols, tuple(cells))


def _brute_force(board: Board) -> int:
    """Every coloring of the cells, judged by the checker."""
    n = board.rows * board.cols
    return sum(is_solution(board.rows, board.cols, board.cells, list(bits))
               for bits in itertools.product((False, True), repeat=n))


def test_seed_boards_solve_the_same() -> None:
    for text in EXAMPLES.values():
        for board in parse_text(text):
            assert list(sat.iter_solutions(board)) == list(solver.iter_solutions(board))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 3), st.integers(2, 4), st.integers(0, 10**6), st.floats(0.0, 0.6))
def test_counts_agree_with_sat_and_brute_force(rows: int, cols: int, seed: int,
                                               keep: float) -> None:
    board = _board(rows, cols, seed, keep)
    by_sat = sorted(map(tuple, sat.iter_solutions(board)))
    assert by_sat, "the coloring the givens came from"
    assert by_sat == sorted(map(tuple, solver.iter_solutions(board)))
    assert len(by_sat) == _brute_force(board)


@pytest.mark.parametrize("seed", range(3))
def test_40x40_boards_agree_with_sat(seed: int) -> None:
    board = _board(40, 40, seed, 0.5)
    mine = list(itertools.islice(solver.iter_solutions(board), 2))
    assert mine and all(is_solution(40, 40, board.cells, b) for b in mine)
    assert len(mine) == _count(sat.iter_solutions(board), 2)


def test_empty_40x40_board_searches_1600_cells_deep_without_recursion() -> None:
    board = Board(40, 40, (EMPTY,) * 1600)
    found = list(itertools.islice(solver.iter_solutions(board), 3))
    assert len(found) == 3 and len(set(map(tuple, found))) == 3
    assert all(is_solution(40, 40, board.cells, b) for b in found)


@pytest.mark.parametrize(("rows", "cols"), [(1, MAX_SIDE + 1), (MAX_SIDE + 1, 3), (50, 50)])
def test_a_board_beyond_the_maximum_is_refused_in_one_line(tmp_path: Path, capsys,
                                                           rows: int, cols: int) -> None:
    path = tmp_path / "big.txt"
    path.write_text("# too big\n" + ("." * cols + "\n") * rows)
    assert solve_main(str(path)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    # the place named is where the board first goes past the limit
    where = f"line 2, column {MAX_SIDE + 1}" if cols > MAX_SIDE else \
        f"line {2 + MAX_SIDE}, column 1"
    assert captured.err == (f"pc1 solve: {path}: {where}: the board from line 2 is {rows}x"
                            f"{cols}, larger than the {MAX_SIDE}x{MAX_SIDE} this solver takes\n")


def test_the_largest_board_is_taken(tmp_path: Path, capsys) -> None:
    path = tmp_path / "max.txt"
    path.write_text(("." * MAX_SIDE + "\n") * MAX_SIDE)
    assert solve_main(str(path), count=3, engine="sat") == 0
    out = capsys.readouterr().out
    assert out.endswith("# puzzle at line 1: at least 3 solutions\n")
