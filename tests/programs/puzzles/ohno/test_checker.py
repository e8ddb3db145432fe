"""The independent 0h n0 checker against the seed's printed outputs and broken colorings."""

from __future__ import annotations

import pytest

from programs.puzzles.ohno.checker import is_solution, solution_problems
from programs.puzzles.ohno.examples import EXAMPLES, PRINTED_SOLUTIONS
from programs.puzzles.ohno.formats import parse_solution, parse_text


def board_and_printed(name: str):
    (board,) = parse_text(EXAMPLES[name])
    rows, cols, blue = parse_solution(PRINTED_SOLUTIONS[name])
    assert (rows, cols) == (board.rows, board.cols)
    return board, blue


@pytest.mark.parametrize("name", sorted(PRINTED_SOLUTIONS))
def test_printed_solutions_obey_the_rules(name: str) -> None:
    board, blue = board_and_printed(name)
    assert solution_problems(board.rows, board.cols, board.cells, blue) == []


def test_third_example_printed_output_is_wrong() -> None:
    # the seed prints example 2's output under example 3; the checker must say so
    (board,) = parse_text(EXAMPLES["example3"])
    _, _, copied = parse_solution(PRINTED_SOLUTIONS["example2"])
    problems = solution_problems(board.rows, board.cols, board.cells, copied)
    assert problems and any("sees" in p for p in problems)


def test_each_rule_is_checked() -> None:
    board, blue = board_and_printed("demo")
    r, c = 0, 0  # r1c1 is plain blue, seen by the 1 at r1c2
    flipped = list(blue)
    flipped[r * 4 + c] = False
    problems = solution_problems(4, 4, board.cells, flipped)
    assert "row 1, column 2: 1 sees 0 blue cells" in problems
    assert "row 1, column 2: blue cell sees no other blue" in problems
    red_given = list(blue)
    red_given[14] = True  # the '#' at r4c3
    assert "row 4, column 3: given red is blue" in solution_problems(4, 4, board.cells, red_given)
    number_red = list(blue)
    number_red[1] = False
    assert "row 1, column 2: given blue is red" in solution_problems(4, 4, board.cells, number_red)
    lonely = [True, False, False, False]
    assert solution_problems(2, 2, [-2] * 4, lonely) == [
        "row 1, column 1: blue cell sees no other blue"
    ]
    assert not is_solution(2, 2, [-2] * 4, [True])
