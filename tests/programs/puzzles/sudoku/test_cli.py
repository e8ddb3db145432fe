"""`pc1 solve sudoku`: output, counting, explanation, exit status and one-line errors."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from programs.puzzles.sudoku.checker import is_solution
from programs.puzzles.sudoku.cli import solve_main
from programs.puzzles.sudoku.examples import EXAMPLES, cells
from programs.puzzles.sudoku.formats import format_grid, parse_text
from tests.shared_data import SHARED_PUZZLES, shared_path


def write(tmp_path: Path, text: str, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_many_puzzles_per_file_come_back_solved(tmp_path: Path, capsys) -> None:
    names = ["ym", "su21_1", "su21_99", "x"]
    text = "# Hui's puzzles\n" + "\n".join(EXAMPLES[n][1] for n in names) + "\n"
    assert solve_main(write(tmp_path, text)) == 0
    out = capsys.readouterr().out
    solved = parse_text(out)
    assert len(solved) == 4
    for name, s in zip(names, solved, strict=True):
        assert is_solution(cells(EXAMPLES[name][1]), s.cells)
        assert s.layout == "line"


def test_grid_file_answers_with_a_grid(tmp_path: Path, capsys) -> None:
    puzzle = cells(EXAMPLES["su21_99"][1])
    assert solve_main(write(tmp_path, format_grid(puzzle, boxes=True))) == 0
    out = capsys.readouterr().out
    assert out.strip() == format_grid(cells(EXAMPLES["su21_99"][2]))


def test_count_unique_and_multiple(tmp_path: Path, capsys) -> None:
    text = EXAMPLES["ym"][1] + "\n" + EXAMPLES["clark"][1] + "\n"
    assert solve_main(write(tmp_path, text), count=True) == 0
    out = capsys.readouterr().out
    assert "# puzzle at line 1: 1 solution\n" in out
    assert out.endswith("# puzzle at line 2: at least 2 solutions\n")
    solved = parse_text(out)
    assert len(solved) == 2
    assert is_solution(cells(EXAMPLES["clark"][1]), solved[1].cells)


def test_explain_shows_hui_steps(tmp_path: Path, capsys) -> None:
    assert solve_main(write(tmp_path, EXAMPLES["su21_99"][1]), explain=True) == 0
    out = capsys.readouterr().out
    assert "r9c3=9 (only place in column 3)" in out
    assert "guess: r2c6 has the fewest candidates {6,7}: 2 boards" in out
    assert "Hui's method found 1 solution" in out
    assert out.rstrip().endswith(format_grid(cells(EXAMPLES["su21_99"][2]), boxes=True))


def test_no_solution_exits_1(tmp_path: Path, capsys) -> None:
    puzzle = "12345678." + "." * 27 + "........9" + "." * 36
    assert solve_main(write(tmp_path, EXAMPLES["ym"][1] + "\n" + puzzle + "\n")) == 1
    captured = capsys.readouterr()
    assert len(parse_text(captured.out)) == 1
    assert captured.err.strip().splitlines() == [
        f"pc1 solve: {tmp_path / 'p.txt'}: puzzle at line 2: no solution"
    ]


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("12x" + "." * 78, "line 1, column 3: 'x' is not a digit or '.'"),
        (".........\n........\n", "line 2, column 9: grid row 2 has 8 cells, expected 9"),
        ("5" + "." * 8 + "5" + "." * 71, "line 1, column 10: 5 repeats in column 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys, text: str, tail: str) -> None:
    path = write(tmp_path, text)
    assert solve_main(path) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"pc1 solve: {path}: {tail}")


def test_missing_file_and_binary_file(tmp_path: Path, capsys) -> None:
    assert solve_main(str(tmp_path / "nope.txt")) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    path = tmp_path / "bin.txt"
    path.write_bytes(b"123\n45\xff\n")
    assert solve_main(str(path)) == 2
    assert capsys.readouterr().err.strip().endswith(
        "line 2, column 3: not UTF-8 text (byte 0xff)")


def test_stdin(monkeypatch, capsys) -> None:
    data = (EXAMPLES["x"][1] + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert solve_main("-") == 0
    (s,) = parse_text(capsys.readouterr().out)
    assert is_solution(cells(EXAMPLES["x"][1]), s.cells)


def test_norvig_hardest_from_shared(capsys) -> None:
    path = shared_path(SHARED_PUZZLES / "sudoku-norvig-hardest-01.txt", "a shared Sudoku file")
    puzzles = parse_text(path.read_text())
    assert solve_main(str(path), count=True) == 0
    out = capsys.readouterr().out
    assert "# puzzle at line 4: 1 solution\n" in out
    (solution,) = parse_text(out)
    assert is_solution(puzzles[0].cells, solution.cells)
    # the file's comments carry the solution; it must agree
    printed = [ln[2:] for ln in path.read_text().splitlines() if ln[2:].strip().isdigit()]
    assert format_grid(solution.cells).splitlines() == printed[-9:]
