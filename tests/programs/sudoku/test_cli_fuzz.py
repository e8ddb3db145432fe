"""No input file makes `pc1 solve sudoku` raise: every outcome is an exit status."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from programs.sudoku.cli import solve_main
from programs.sudoku.examples import EXAMPLES

LINE = EXAMPLES["su21_99"][1]


@st.composite
def mutated(draw) -> bytes:
    """A real puzzle file with random edits: good, bad and odd inputs alike."""
    text = bytearray((LINE + "\n" + LINE.replace("0", ".") + "\n").encode())
    for _ in range(draw(st.integers(0, 4))):
        pos = draw(st.integers(0, len(text)))
        junk = draw(st.binary(max_size=3) | st.sampled_from([b"\n", b"#", b"5", b"\xff", b" "]))
        if draw(st.booleans()):
            text[pos:pos] = junk
        else:
            del text[pos : pos + len(junk) + 1]
    return bytes(text)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutated(), st.sampled_from([(False, False), (False, True)]))
def test_cli_survives_mutated_files(capsys, data: bytes, flags: tuple[bool, bool]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.txt"
        path.write_bytes(data)
        status = solve_main(str(path), explain=flags[0], count=flags[1])
    captured = capsys.readouterr()
    assert status in (0, 1, 2)
    assert len(captured.err.splitlines()) <= 1
    if status == 2:
        assert captured.err.startswith("pc1 solve: ") and captured.out == ""


def test_directory_is_a_clean_error(tmp_path: Path, capsys) -> None:
    assert solve_main(str(tmp_path)) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


@pytest.mark.parametrize("data", [b"", b"\x00" * 90, b"\xef\xbb\xbf" + LINE.encode()])
def test_odd_files(tmp_path: Path, capsys, data: bytes) -> None:
    path = tmp_path / "odd.txt"
    path.write_bytes(data)
    assert solve_main(str(path)) in (0, 2)
    assert len(capsys.readouterr().err.splitlines()) <= 1
