"""Step-by-step explanations and Hui-style hints."""

from __future__ import annotations

from programs.puzzles.nurikabe.board import Board
from programs.puzzles.nurikabe.explain import describe, explain, hint, picture
from programs.puzzles.nurikabe.model import UNKNOWN
from programs.puzzles.nurikabe.solver import apply, logic_only, solve

from .helpers import hui_games, hui_s1


def test_hints_alone_solve_hui_puzzles_and_each_agrees_with_the_solution() -> None:
    for name in ("n1", "n2", "n3", "n4", "n5", "n6"):
        game = hui_games()[name]
        solution = solve(game.puzzle).solutions[0]
        board = Board(game.puzzle)
        for _ in range(game.puzzle.size):
            d = hint(game.puzzle, tuple(board.cells))
            if d is None:
                break
            assert board.cells[d.cell] == UNKNOWN
            assert solution[d.cell] == d.state, (name, d)
            apply(board, [d])
        assert tuple(board.cells) == solution, name


def test_hint_on_a_solved_grid_is_none() -> None:
    s1 = hui_s1()
    assert hint(s1.puzzle, s1.cells) is None


def test_first_hint_for_n1_is_the_cheapest_rule() -> None:
    game = hui_games()["n1"]
    d = hint(game.puzzle)
    assert d is not None and d.rule == "complete island"
    assert describe(game.puzzle, d).startswith("r1c1 wall")  # beside the 1 at r1c2


def test_explanation_replays_to_the_solution() -> None:
    game = hui_games()["n7"]
    cells, steps = logic_only(game.puzzle)
    board = Board(game.puzzle)
    for s in steps:
        assert board.cells[s.cell] == UNKNOWN  # each cell is set once
        board.cells[s.cell] = s.state
    assert board.cells == cells
    lines = explain(game.puzzle, steps)
    assert len(lines) == len(steps) == game.puzzle.size - sum(1 for c in game.puzzle.clues if c)
    assert lines[0].strip().startswith("1. r")
    rules = {s.rule for s in steps}
    assert {"complete island", "unreachable", "pool"} <= rules


def test_picture_is_huis_see() -> None:
    s1 = hui_s1()
    assert picture(s1.puzzle, s1.cells).splitlines()[1:4] == [
        "|X|1|X|X|X|", "+-+-+-+-+-+", "|X|X|X| |2|"]
