"""No input file makes `pc1 solve 0hn0` raise: every outcome is an exit status."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from programs.ohno.cli import solve_main
from programs.ohno.examples import EXAMPLES
from tests.programs.cli_fuzz import assert_clean_outcome
from tests.strategies import mutated_files

SAMPLES = [EXAMPLES[k] for k in sorted(EXAMPLES)]
JUNK = [b"\n", b"#", b"9", b"O", b"\xff", b"0"]
FLAGS = [(False, False), (True, False), (False, True)]


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutated_files(SAMPLES, JUNK), st.sampled_from(FLAGS))
def test_cli_survives_mutated_files(capsys, data: bytes, flags: tuple[bool, bool]) -> None:
    assert_clean_outcome(solve_main, data, flags, capsys)
