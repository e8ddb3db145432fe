"""docs/puzzles.md: every example in it reads with the format it is shown for."""

from __future__ import annotations

import re
from pathlib import Path

from programs.puzzles.nurikabe.formats import read_games
from programs.puzzles.ohno.checker import solution_problems
from programs.puzzles.ohno.formats import parse_solution
from programs.puzzles.ohno.formats import parse_text as parse_ohno
from programs.puzzles.sudoku.formats import parse_text as parse_sudoku

DOC = Path(__file__).resolve().parents[3] / "docs" / "puzzles.md"


def examples() -> list[str]:
    """The puzzle files the doc shows: its code blocks without a language (```sh blocks are
    shell sessions, run by the docs' example test)."""
    blocks = re.findall(r"```(\w*)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [text for language, text in blocks if not language]


def test_the_doc_shows_seven_examples() -> None:
    assert len(examples()) == 7


def test_nurikabe_examples_read_in_their_formats() -> None:
    plain, hui, progcomp = examples()[:3]
    for text, kind in ((plain, "plain"), (hui, "hui"), (progcomp, "progcomp")):
        found, games = read_games(text, "docs")
        assert found == kind and len(games) == 1
    # the plain grid and Hui's n1 are the same puzzle
    assert read_games(plain)[1][0].puzzle == read_games(hui)[1][0].puzzle
    game = read_games(progcomp)[1][0]
    assert game.name == "Sample1" and game.puzzle.rows == 4


def test_sudoku_line_and_grid_are_the_same_puzzle() -> None:
    line, grid = examples()[3:5]
    (a,), (b,) = parse_sudoku(line), parse_sudoku(grid)
    assert a.cells == b.cells and sum(1 for c in a.cells if c) == 17


def test_ohno_example_and_its_solution() -> None:
    board_text, solution_text = examples()[5:7]
    (board,) = parse_ohno(board_text)
    rows, cols, blue = parse_solution(solution_text)
    assert (board.rows, board.cols) == (rows, cols) == (4, 4) and blue.count(True) == 10
    assert solution_problems(rows, cols, board.cells, blue) == []
