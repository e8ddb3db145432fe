"""The sample puzzles that ship with the package: each reads, and has exactly one solution."""

from __future__ import annotations

from pc1.cli.main import main
from programs.puzzles.samples import SAMPLES, sample_path, sample_text


def test_every_solve_kind_has_a_sample_file() -> None:
    from pc1.cli.puzzles import PUZZLES

    assert set(SAMPLES) == set(PUZZLES)
    for kind in SAMPLES:
        assert sample_path(kind).is_file()


def test_sudoku_sample_has_one_solution() -> None:
    from programs.puzzles.sudoku.checker import is_solution
    from programs.puzzles.sudoku.fast import count_solutions, solve
    from programs.puzzles.sudoku.formats import parse_text

    [puzzle] = parse_text(sample_text("sudoku"), "sudoku.txt")
    assert count_solutions(puzzle.cells, limit=3) == 1
    assert is_solution(puzzle.cells, solve(puzzle.cells))


def test_ohno_sample_has_one_solution() -> None:
    from programs.puzzles.ohno.formats import parse_text
    from programs.puzzles.ohno.solver import count_solutions

    [board] = parse_text(sample_text("0hn0"), "ohno.txt")
    assert (board.rows, board.cols) == (7, 7)
    assert count_solutions(board, limit=3) == 1


def test_nurikabe_sample_has_one_solution() -> None:
    from programs.puzzles.nurikabe.formats import read_games
    from programs.puzzles.nurikabe.solver import solve

    fmt, [game] = read_games(sample_text("nurikabe"), "nurikabe.txt")
    assert fmt == "plain" and (game.puzzle.rows, game.puzzle.cols) == (7, 7)
    result = solve(game.puzzle, limit=3)
    assert len(result.solutions) == 1 and result.exhausted


def test_samples_command_lists_and_prints(capsys) -> None:
    assert main(["samples"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed[:len(SAMPLES)] == sorted(SAMPLES)
    for name in listed:  # every listed sample can be printed
        assert main(["samples", name]) == 0
        assert capsys.readouterr().out == sample_path(name).read_text()
    assert main(["samples", "sudoku"]) == 0
    assert capsys.readouterr().out == sample_text("sudoku")
