"""No input file makes `pc1 solve 0hn0` raise: every outcome is an exit status."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from programs.puzzles.ohno.checker import is_solution
from programs.puzzles.ohno.cli import solve_main
from programs.puzzles.ohno.examples import EXAMPLES
from programs.puzzles.ohno.formats import parse_solution, read_file
from tests.programs.cli_fuzz import answer_blocks, assert_clean_outcome
from tests.strategies import mutated_files

SAMPLES = [EXAMPLES[k] for k in sorted(EXAMPLES)]
JUNK = [b"\n", b"#", b"9", b"O", b"\xff", b"0"]
FLAGS = [(False, False), (True, False), (False, True)]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutated_files(SAMPLES, JUNK), st.sampled_from(FLAGS))
def test_cli_survives_mutated_files(capsys, data: bytes, flags: tuple[bool, bool]) -> None:
    status = assert_clean_outcome(solve_main, data, flags, capsys, verify_ohno)
    event(f"status {status}")


def verify_ohno(path: str, status: int, out: str) -> None:
    """Each printed O/# grid solves one of the boards; with status 0 every board is solved."""
    boards = read_file(path)
    grids = [b for b in answer_blocks(out) if set(b) <= set("O#\n")]
    for grid in grids:
        rows, cols, blue = parse_solution(grid)
        assert any(
            (b.rows, b.cols) == (rows, cols) and is_solution(rows, cols, b.cells, blue)
            for b in boards
        )
    if status == 0 and len(grids) == len(answer_blocks(out)):  # plain answers, no steps
        solved = {
            i for i, b in enumerate(boards) for g in grids
            if is_solution(b.rows, b.cols, b.cells, parse_solution(g)[2])
            if len(parse_solution(g)[2]) == b.rows * b.cols
        }
        assert solved == set(range(len(boards)))
