"""`pc1 solve nurikabe` and `pc1 check nurikabe`: output, exit status, one-line errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from programs.puzzles.nurikabe.cli import check_main, solve_main
from programs.puzzles.nurikabe.formats import read_hui
from programs.puzzles.nurikabe.model import LAND, UNKNOWN

from .helpers import DATA, hui_s1


def _n1(tmp_path: Path) -> Path:
    text = (DATA / "hui_puzzles.txt").read_text()
    block = text[text.index("n1=:"):text.index("n2=:")]
    path = tmp_path / "n1.txt"
    path.write_text(block)
    return path


def test_solve_prints_solution_in_input_format(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_main(str(_n1(tmp_path)), count=True) == 0
    out = capsys.readouterr().out
    grid, count = out.rsplit("\n", 2)[0], out.splitlines()[-1]
    assert read_hui(grid)[0].cells == hui_s1().cells
    assert count == "# puzzle: 1 solution"


def test_solve_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert solve_main(str(_n1(tmp_path)), explain=True) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["1.", "r1c1", "wall"]
    assert "complete island" in lines[0]


def test_solve_plain_from_stdin(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("2 . . .\n. . . 2\n"))
    assert solve_main("-", count=True) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "# puzzle: at least 2 solutions"
    assert out[0].split()[0] == "2"


def test_solve_no_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1 . 1\n. . .\n1 . 2\n")
    assert solve_main(str(path)) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"pc1 solve: {path}: puzzle: no solution\n"


@pytest.mark.parametrize(("text", "error"), [
    (". 1 .\n. x .\n", "row 2, column 2: 'x' is not a clue number, '.', 'X' or 'o'"),
    (". 1 .\n. .\n", "row 2, column 3: missing cell (row has 2 cells, expected 3)"),
    (". 2 3\n. . .\n", "row 1, column 2: clue 2 touches clue 3 on its right"),
    ("9 . .\n. . .\n", "row 1, column 1: clue 9 is larger than the grid (6 cells)"),
])
def test_solve_input_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str,
                            error: str) -> None:
    path = tmp_path / "puzzle.txt"
    path.write_text(text)
    assert solve_main(str(path)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"pc1 solve: {path}: {error}\n"


def test_missing_and_binary_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_main(str(tmp_path / "nope.dat")) == 2
    assert capsys.readouterr().err.startswith("pc1 check: ")
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00\x01")
    assert solve_main(str(tmp_path / "bin")) == 2
    err = capsys.readouterr().err
    assert err.startswith("pc1 solve: ") and err.count("\n") == 1


@st.composite
def plain_grids_with_slips(draw) -> str:
    """A small plain grid (clues, '.', 'X', 'o'), now and then with a slip of the pen."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    cell = st.sampled_from([".", ".", ".", ".", "1", "2", "3", "X", "o"])
    text = "\n".join(" ".join(draw(cell) for _ in range(cols)) for _ in range(rows)) + "\n"
    if draw(st.integers(0, 3)) == 0:
        pos = draw(st.integers(0, len(text)))
        text = text[:pos] + draw(st.sampled_from(list("0123 .DLXo#\n_1ENDx"))) + text[pos:]
    return text


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(plain_grids_with_slips())
@example("2\n0")  # solved all land: the J matrix of the answer is the puzzle's own
def test_cli_answers_on_stdin_are_right(capsys: pytest.CaptureFixture[str], text: str) -> None:
    """solve prints a grid the checker accepts; check says Solved exactly for solved grids."""
    import sys

    from programs.puzzles.nurikabe.checker import is_solution
    from programs.puzzles.nurikabe.formats import read_games

    old = sys.stdin
    try:
        for main, prog in ((solve_main, "pc1 solve: "), (check_main, "pc1 check: ")):
            sys.stdin = io.StringIO(text)
            status = main("-")
            out, err = capsys.readouterr()
            assert status in (0, 1, 2) and err.count("\n") <= 1
            event(f"{prog[4:9]} status {status}")
            if status == 2:
                assert err.startswith(prog + "<stdin>") and out == ""
                continue
            _, (game,) = read_games(text, "<stdin>")
            if main is solve_main and status == 0:
                _, (answer,) = read_games(out, "<out>")
                assert answer.puzzle == game.puzzle
                if UNKNOWN in answer.cells:
                    # a J matrix writes a board all land as the puzzle itself (0 is both
                    # "empty" and "white"): then all land must be the answer
                    assert out.split() == text.split()
                    assert is_solution(game.puzzle, (LAND,) * len(game.puzzle.clues))
                else:
                    assert is_solution(answer.puzzle, answer.cells)
            if main is check_main:
                solved = is_solution(game.puzzle, game.cells)
                assert (f"{game.name} is Solved" in out) == solved
    finally:
        sys.stdin = old


def test_pc1_command_line() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "pc1", "check", "nurikabe", str(DATA / "task5sample.dat")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    if "No module named" in done.stderr:
        pytest.skip("pc1 cannot be run as a module here")
    assert done.stdout.splitlines() == (DATA / "task5sample.out").read_text().splitlines()
    assert done.returncode == 1


def test_solve_gives_each_game_of_a_progcomp_file_its_result(capsys) -> None:
    from programs.puzzles.samples import sample_path

    path = str(sample_path("nurikabe_progcomp"))
    assert solve_main(path) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[:5] == ["Sample1", "L D 2 L", "2 D D D", "D D 3 D", "1 D L L"]
    assert lines[5] == "Sample2"
    assert lines[6].startswith("no solution: as given it violates rule 4: dark cell at [0,0]")
    assert lines[7] == "Sample3"
    assert lines[8].startswith("no solution: as given it violates rule 1: ")
    assert err == f"pc1 solve: {path}: game Sample2, game Sample3: no solution\n"


def test_check_says_unsolved_and_unsolvable_apart(tmp_path: Path, capsys) -> None:
    # clue 1 beside clue 1 with the wall between them closed: cannot be finished
    (tmp_path / "g.dat").write_text("3 Stuck\n1 . 1\n. . .\n1 . 2\n0 END\n")
    assert check_main(str(tmp_path / "g.dat")) == 1
    assert capsys.readouterr().out == "Stuck is Unsolved (5 cells still grey) and has no solution\n"
