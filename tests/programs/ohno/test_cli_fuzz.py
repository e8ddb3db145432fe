"""No input file makes `pc1 solve 0hn0` raise: every outcome is an exit status."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from programs.ohno.cli import solve_main
from programs.ohno.examples import EXAMPLES


@st.composite
def mutated(draw) -> bytes:
    """A seed board with random edits: good, bad and odd inputs alike."""
    text = bytearray((EXAMPLES[draw(st.sampled_from(sorted(EXAMPLES)))] + "\n").encode())
    for _ in range(draw(st.integers(0, 4))):
        pos = draw(st.integers(0, len(text)))
        junk = draw(
            st.binary(max_size=3) | st.sampled_from([b"\n", b"#", b"9", b"O", b"\xff", b"0"])
        )
        if draw(st.booleans()):
            text[pos:pos] = junk
        else:
            del text[pos : pos + len(junk) + 1]
    return bytes(text)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutated(), st.sampled_from([(False, False), (True, False), (False, True)]))
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
