"""The independent checker and the Progcomp report."""

from __future__ import annotations

from pathlib import Path

import pytest

from programs.puzzles.nurikabe.checker import (
    first_violation,
    is_solution,
    progcomp_line,
    solution_problems,
)
from programs.puzzles.nurikabe.cli import check_main
from programs.puzzles.nurikabe.formats import read_plain, read_progcomp

from .helpers import DATA, hui_games, hui_s1, progcomp_sample


def test_progcomp_sample_output_line_for_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = check_main(str(DATA / "task5sample.dat"))
    out = capsys.readouterr()
    assert out.out.splitlines() == (DATA / "task5sample.out").read_text().splitlines()
    assert out.err == ""
    assert status == 1  # two games break rules


def test_progcomp_sample_through_the_library() -> None:
    games = progcomp_sample()
    assert first_violation(games[0].puzzle, games[0].cells) is None
    assert games[0].is_complete() and is_solution(games[0].puzzle, games[0].cells)
    v = first_violation(games[1].puzzle, games[1].cells)
    assert v is not None and (v.rule, v.row, v.col) == (4, 0, 0)
    v = first_violation(games[2].puzzle, games[2].cells)
    assert v is not None and (v.rule, v.row, v.col) == (1, 3, 2)


def test_hui_s1_checks_out_and_n1_does_not() -> None:
    s1 = hui_s1()
    n1 = hui_games()["n1"]
    assert s1.puzzle == n1.puzzle
    assert is_solution(s1.puzzle, s1.cells)
    assert not is_solution(n1.puzzle, n1.cells)  # unknown cells left
    assert solution_problems(n1.puzzle, s1.cells, n1.cells) == []


def _report(text: str) -> str:
    game = read_progcomp(text, "t")[0]
    v = first_violation(game.puzzle, game.cells)
    return progcomp_line(game.name, v) if v else "ok"


@pytest.mark.parametrize(("text", "line"), [
    ("3 A\n2 L D\nD D D\nL D 1\n0 END\n",
     "A violates rule 1: no numbered cell in island at [2,0] (0-origin)"),
    ("3 B\n2 L L\nD D D\n1 D D\n0 END\n",
     "B violates rule 2: wrong number of cells (3, not 2) in island at [0,0] (0-origin)"),
    ("3 C\n3 L D\nD D D\n1 D 1\n0 END\n",
     "C violates rule 2: wrong number of cells (2, not 3) in island at [0,0] (0-origin)"),
    ("3 D\n1 D L\nD D D\nD D 1\n0 END\n",
     "D violates rule 1: no numbered cell in island at [0,2] (0-origin)"),
    ("3 E\n1 D 1\nD D D\nD D 1\n0 END\n",
     "E violates rule 5: 2x2 block of dark cells at [1,0] (0-origin)"),
    ("3 F\n1 D .\nL 3 .\n. . .\n0 END\n",
     "F violates rule 1: multiple numbered cell in island at [1,1] (0-origin)"),
    ("3 G\n2 . .\n. . .\n. . 1\n0 END\n", "ok"),
    # A grey cell keeps an island open and a dark path possible.
    ("3 H\n2 L D\n. . D\nD . 1\n0 END\n", "ok"),
    ("3 I\n2 L D\nD L D\nD D 1\n0 END\n",
     "I violates rule 2: wrong number of cells (3, not 2) in island at [0,0] (0-origin)"),
    ("3 J\nD 1 D\n1 . 1\nD 1 D\n0 END\n",
     "J violates rule 4: dark cell at [0,0] (0-origin) is not connected to all other dark cells"),
])
def test_rule_violations(text: str, line: str) -> None:
    assert _report(text) == line


def test_shared_solutions_check_out() -> None:
    from .helpers import reference_solution, shared_files

    for path in shared_files():
        game = read_plain(path.read_text(), path.name)
        solution = reference_solution(path)
        assert solution_problems(game.puzzle, solution, game.cells) == [], path.name
        # Flip one non-clue cell: the checker must notice.
        i = next(k for k, c in enumerate(game.puzzle.clues) if not c)
        broken = list(solution)
        broken[i] = 3 - broken[i]
        assert not is_solution(game.puzzle, tuple(broken)), path.name


def test_unsolved_game_is_solved_in_the_report(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    # Sample1 with some cells greyed out.
    (tmp_path / "u.dat").write_text("4 Partial\nL D 2 .\n2 . D D\n. D 3 .\n1 D L L\n0 END\n")
    assert check_main(str(tmp_path / "u.dat")) == 0
    lines = capsys.readouterr().out.splitlines()
    # the verdict says the game as given is unfinished, and that the grid below is a solution
    assert lines == ["Partial is Unsolved (4 cells still grey); a solution:",
                     "L D 2 L", "2 D D D", "D D 3 D", "1 D L L"]
    solved = read_progcomp("4 S\n" + "\n".join(lines[1:]) + "\n0 END\n", "s")[0]
    assert is_solution(solved.puzzle, solved.cells)
