"""No input file makes `pc1 solve sudoku` raise: every outcome is an exit status."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from programs.puzzles.sudoku.checker import is_solution
from programs.puzzles.sudoku.cli import solve_main
from programs.puzzles.sudoku.examples import EXAMPLES
from programs.puzzles.sudoku.formats import read_file
from tests.programs.cli_fuzz import assert_clean_outcome
from tests.strategies import mutated_files

LINE = EXAMPLES["su21_99"][1]


SAMPLES = [LINE + "\n" + LINE.replace("0", ".")]
JUNK = [b"\n", b"#", b"5", b"\xff", b" "]
FLAGS = [(False, False), (False, True)]


def verify_sudoku(path: str, status: int, out: str) -> None:
    """Every printed 81-digit line solves its puzzle; with status 0 each puzzle has one."""
    puzzles = read_file(path)
    answers = [ln for ln in out.splitlines() if len(ln) == 81 and ln.isdigit()]
    for answer in answers:
        assert any(is_solution(p.cells, [int(ch) for ch in answer]) for p in puzzles)
    if status == 0 and all(p.layout == "line" for p in puzzles):
        assert len(answers) >= len(puzzles)
        solved = iter(answers)
        for p in puzzles:  # in the order of the file
            assert any(is_solution(p.cells, [int(ch) for ch in a]) for a in solved)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutated_files(SAMPLES, JUNK), st.sampled_from(FLAGS))
def test_cli_survives_mutated_files(capsys, data: bytes, flags: tuple[bool, bool]) -> None:
    status = assert_clean_outcome(solve_main, data, flags, capsys, verify_sudoku)
    event(f"status {status}")


def test_directory_is_a_clean_error(tmp_path: Path, capsys) -> None:
    assert solve_main(str(tmp_path)) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


@pytest.mark.parametrize("data", [b"", b"\x00" * 90, b"\xef\xbb\xbf" + LINE.encode()])
def test_odd_files(tmp_path: Path, capsys, data: bytes) -> None:
    path = tmp_path / "odd.txt"
    path.write_bytes(data)
    assert solve_main(str(path)) in (0, 2)
    assert len(capsys.readouterr().err.splitlines()) <= 1
