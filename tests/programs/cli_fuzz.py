"""Run a puzzle CLI on raw bytes and check the outcome: an exit status, never a traceback,
and when it answers, answers that the puzzle's checker accepts."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

# (path of the input, exit status, stdout) -> None; asserts the answers are right
Verify = Callable[[str, int, str], None]


def assert_clean_outcome(solve_main: Callable[..., int], data: bytes, flags: tuple[bool, bool],
                         capsys, verify: Verify | None = None) -> int:
    """`solve_main` on a file holding `data`: 0, 1 or 2, one line naming the file on an
    error, and ``verify`` of the printed answers otherwise; returns the status."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.txt"
        path.write_bytes(data)
        status = solve_main(str(path), explain=flags[0], count=flags[1])
        captured = capsys.readouterr()
        assert status in (0, 1, 2)
        assert len(captured.err.splitlines()) <= 1
        if status == 2:
            assert captured.err.startswith("pc1 solve: ") and captured.out == ""
            assert "fuzz.txt" in captured.err and captured.err.endswith("\n")
        elif verify is not None:
            verify(str(path), status, captured.out)
    return status


def answer_blocks(out: str) -> list[str]:
    """The printed answers separated by blank lines, comment lines ("# ...") left out."""
    blocks = re.split(r"\n\s*\n", out.strip("\n"))
    kept = ["\n".join(ln for ln in b.splitlines() if not ln.startswith("# ")) for b in blocks]
    return [b for b in kept if b.strip()]
