"""Shared by the puzzle commands: reading puzzle files (a path or '-', UTF-8 with the place of
a bad byte), the `--count` limit, the count line, "no solution" and the SAT-engine check."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TypeVar

from pc1.base import InputError, Reporter, display_name, read_text_file, say

COUNT_LIMIT = 2  # `--count` alone answers "unique?": 0, 1 or "at least 2"
ENGINES = ("python", "sat")

T = TypeVar("T")


def solve_error(message: str) -> None:
    """The one stderr line of a failed `pc1 solve` run."""
    say("solve", message)


# some 24,000 Sudokus of a line each: far above any puzzle collection; a bigger file is
# refused before it is parsed, so that no file can make a solver run out of memory
MAX_PUZZLE_BYTES = 2_000_000


def read_puzzle_text(path: str, error: type[Exception] = ValueError) -> tuple[str, str]:
    """(text, display name) of a puzzle file ('-': stdin); any failure raises `error`."""
    try:
        text = read_text_file(path, MAX_PUZZLE_BYTES, "a puzzle file")
    except InputError as exc:
        raise error(str(exc)) from None
    return text, display_name(path)


def count_limit(text: str) -> int:
    """The argument of `--count`: a positive number, or 'all' (0: no limit)."""
    if text.strip().lower() == "all":
        return 0
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 1:
        raise ValueError(f"--count takes a positive number or 'all', not {text!r}")
    return value


def limit_of(count: bool | int | None) -> int | None:
    """What a solve_main `count` argument asks: None no count, 0 no limit, else the limit."""
    if count is None or count is False:
        return None
    if count is True:
        return COUNT_LIMIT
    return int(count)


def count_summary(found: int, complete: bool = True) -> str:
    """What a count says: 'no solution', 'N solutions', or 'at least N solutions'."""
    if not found:
        return "no solution"
    if not complete:
        return f"at least {found} solutions"
    return "1 solution" if found == 1 else f"{found} solutions"


def count_line(label: str, found: int, complete: bool) -> str:
    """The one stdout line of a count, after the puzzle's first solution."""
    return f"# {label}: {count_summary(found, complete)}"


def no_solution(name: str, labels: list[str]) -> None:
    """The one stderr line naming the puzzles of a file that have no solution."""
    shown = ", ".join(labels[:5]) + (", ..." if len(labels) > 5 else "")
    solve_error(f"{name}: {shown}: no solution")


def count_solutions(solutions: Iterable[T], limit: int, label: str,
                    clock: Callable[[], float] = time.monotonic) -> tuple[T | None, int, bool]:
    """(first solution, how many, search finished) counting up to `limit` (0: no limit).

    A long count shows its progress on stderr (`pc1.base.Reporter`: a bar on a terminal, a
    line every few seconds otherwise).
    """
    first: T | None = None
    found = 0
    with Reporter(f"pc1 solve: {label}", clock=clock) as progress:
        for solution in solutions:
            if first is None:
                first = solution
            found += 1
            if limit and found >= limit:
                return first, found, False  # stopped at the limit: there may be more
            progress.count(found, limit or None, unit="solutions so far")
    return first, found, True


def sat_missing() -> str | None:
    """Why `--engine sat` cannot run here, or None when python-sat is installed."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return "--engine sat needs python-sat: pip install 'pc1-workbench[sat]'"
    return None


def engine_problem(engine: str, explain: bool) -> str | None:
    """Why this engine cannot do the job asked (one line), or None."""
    if engine not in ENGINES:
        return f"--engine is one of {', '.join(ENGINES)}, not {engine!r}"
    if engine == "sat":
        if explain:
            return "--explain shows the steps of the python engine, not of --engine sat"
        return sat_missing()
    return None
