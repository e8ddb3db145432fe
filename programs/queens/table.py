"""A table of n-queens counts, size after size, that a caller can stop at any moment.

Boards up to ``INLINE_LIMIT`` are counted in the caller's thread (well under a second);
larger ones run in a separate process, so that stopping ends the search at once instead
of after the board in hand (15 queens take about 10 s, 16 queens a minute).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from programs.queens.equivalence import classes
from programs.queens.symmetry import symmetry_classes
from programs.stoppable import Stopped, run_stoppable

INLINE_LIMIT = 12


@dataclass(frozen=True)
class CountRow:
    """The solutions of one board size and how many of them are essentially different."""

    n: int
    solutions: int
    classes: int
    seconds: float  # CPU time of the count (the worker process's, for large boards)


def count_row(n: int) -> CountRow:
    """Count one board size here and now."""
    if n < 1:
        raise ValueError(f"N must be at least 1, got {n}")
    start = time.process_time()
    if n < 5:
        groups = classes(n)
        total, unique = sum(map(len, groups)), len(groups)
    else:
        sizes = symmetry_classes(n)
        total, unique = sum(k * v for k, v in sizes.items()), sum(sizes.values())
    return CountRow(n, total, unique, time.process_time() - start)


def count_stoppable(n: int, stopped: Callable[[], bool]) -> CountRow | None:
    """Count one board size (in a worker process when large); None if stopped first."""
    if n <= INLINE_LIMIT:
        return None if stopped() else count_row(n)
    try:
        return run_stoppable(count_row, (n,), stopped)
    except Stopped:
        return None


def count_table(sizes: Iterable[int], stopped: Callable[[], bool]) -> Iterator[CountRow]:
    """The rows for the sizes in turn, until they run out or ``stopped()`` says stop."""
    for n in sizes:
        row = count_stoppable(n, stopped)
        if row is None:
            return
        yield row
