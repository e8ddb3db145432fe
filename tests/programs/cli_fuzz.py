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


def assert_points_into(text: str, message: str, name: str) -> None:
    """An input error names the file and a line and column inside ``text``; a quoted
    character is the one found there."""
    match = re.match(rf"{re.escape(name)}: line (\d+), column (\d+): (.*)$", message)
    assert match, message
    line, column = int(match[1]), int(match[2])
    lines = text.splitlines() or [""]
    assert 1 <= line <= len(lines) + 1
    here = lines[line - 1] if line <= len(lines) else ""
    assert 1 <= column <= len(here) + 1
    quoted = re.match(r"'(.)' is not", match[3])
    if quoted:
        assert here[column - 1] == quoted[1]
