"""`pc1 solve 0hn0`: the seed's boards in and out, counting, explanation, errors."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from programs.puzzles.ohno.checker import is_solution
from programs.puzzles.ohno.cli import solve_main
from programs.puzzles.ohno.examples import EXAMPLES
from programs.puzzles.ohno.formats import parse_solution, parse_text


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "b.txt"
    path.write_text(text)
    return str(path)


def solutions_in(out: str) -> list[str]:
    """Blocks of O/# rows in the output."""
    blocks = []
    for block in out.strip().split("\n\n"):
        rows = [ln for ln in block.splitlines() if ln and set(ln) <= set("O#")]
        if rows:
            blocks.append("\n".join(rows))
    return blocks


@pytest.mark.parametrize("name", ["example1", "example2", "example3"])
def test_seed_inputs_solved_and_checked(tmp_path: Path, capsys, name: str) -> None:
    assert solve_main(write(tmp_path, EXAMPLES[name] + "\n")) == 0
    out = capsys.readouterr().out
    (b,) = parse_text(EXAMPLES[name])
    rows, cols, blue = parse_solution(out)
    assert (rows, cols) == (9, 9)
    assert is_solution(b.rows, b.cols, b.cells, blue)


def test_all_boards_in_one_file_and_count(tmp_path: Path, capsys) -> None:
    text = "\n\n".join(EXAMPLES[n] for n in sorted(EXAMPLES)) + "\n\n....\n....\n"
    assert solve_main(write(tmp_path, text), count=True) == 0
    out = capsys.readouterr().out
    assert out.count(": 1 solution\n") == 4
    assert out.rstrip().endswith("OOOO\nOOOO\n# puzzle at line 36: at least 2 solutions")
    assert len(solutions_in(out)) == 5


def test_explain(tmp_path: Path, capsys) -> None:
    assert solve_main(write(tmp_path, EXAMPLES["demo"]), explain=True) == 0
    out = capsys.readouterr().out
    assert "r3c4 blue: the 2 at r4c4 must see at least 2 up" in out
    assert out.rstrip().endswith("solution:\nOO##\n##OO\nOO#O\nOO#O")


def test_explain_a_board_that_needs_search(tmp_path: Path, capsys) -> None:
    assert solve_main(write(tmp_path, "....\n....\n"), explain=True) == 0
    out = capsys.readouterr().out
    assert "logic stops with 8 open cells" in out and "search finishes it" in out


def test_no_solution(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, "1.1\n")
    assert solve_main(path) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [f"pc1 solve: {path}: puzzle at line 1: no solution"]
    assert solve_main(path, explain=True) == 1
    assert "contradiction" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "tail"),
    [
        ("...\n..\n", "line 2, column 3: row is 2 cells long, expected 3 like line 1"),
        ("..\n.b\n", "line 2, column 2: 'b' is not '.', '#', 'O' or a digit 1-9"),
        ("#..\n.9.\n...\n", "line 2, column 2: 9 can see at most 4 cells"),
    ],
)
def test_bad_input_one_line_exit_2(tmp_path: Path, capsys, text: str, tail: str) -> None:
    path = write(tmp_path, text)
    assert solve_main(path) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"pc1 solve: {path}: {tail}")


def test_missing_file_and_stdin(monkeypatch, capsys, tmp_path: Path) -> None:
    assert solve_main(str(tmp_path / "none.txt")) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(EXAMPLES["demo"].encode())))
    assert solve_main("-") == 0
    assert capsys.readouterr().out.strip() == "OO##\n##OO\nOO#O\nOO#O"
