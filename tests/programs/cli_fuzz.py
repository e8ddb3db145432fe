"""Run a puzzle CLI on raw bytes and check the outcome is an exit status, never a traceback."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path


def assert_clean_outcome(solve_main: Callable[..., int], data: bytes, flags: tuple[bool, bool],
                         capsys) -> None:
    """`solve_main` on a file holding `data`: 0, 1 or 2, and at most one line on stderr."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.txt"
        path.write_bytes(data)
        status = solve_main(str(path), explain=flags[0], count=flags[1])
    captured = capsys.readouterr()
    assert status in (0, 1, 2)
    assert len(captured.err.splitlines()) <= 1
    if status == 2:
        assert captured.err.startswith("pc1 solve: ") and captured.out == ""
