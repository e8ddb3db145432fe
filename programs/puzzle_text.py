"""Reading puzzle files: a path or '-' for standard input, UTF-8 with the place of a bad byte."""

from __future__ import annotations

import sys

COUNT_LIMIT = 2  # `--count` answers "unique?": 0, 1 or "at least 2"


def solve_error(message: str) -> None:
    """The one stderr line of a failed `pc1 solve` run."""
    print(f"pc1 solve: {message}", file=sys.stderr)


# some 24,000 Sudokus of a line each: far above any puzzle collection; a bigger file is
# refused before it is parsed, so that no file can make a solver run out of memory
MAX_PUZZLE_BYTES = 2_000_000


def read_puzzle_text(path: str, error: type[Exception] = ValueError) -> tuple[str, str]:
    """(text, display name) of a puzzle file; undecodable bytes raise `error` with line/column."""
    name = "<stdin>" if path == "-" else path
    if path == "-":
        data = sys.stdin.buffer.read(MAX_PUZZLE_BYTES + 1)
    else:
        with open(path, "rb") as fh:
            data = fh.read(MAX_PUZZLE_BYTES + 1)
    if len(data) > MAX_PUZZLE_BYTES:
        raise error(f"{name}: more than {MAX_PUZZLE_BYTES:,} bytes: too large for a puzzle file")
    return decode_text(data, name, error), name


def decode_text(data: bytes, name: str, error: type[Exception] = ValueError) -> str:
    """UTF-8 text of `data`; on a bad byte, `error` naming its line and column."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise error(f"{name}: line {line}, column {col}: not UTF-8 text") from None


def count_summary(found: int) -> str:
    """What a solution count up to a limit says: none, unique, or not unique."""
    if not found:
        return "no solution"
    if found == 1:
        return "1 solution (unique)"
    return f"at least {found} solutions (not unique)"
