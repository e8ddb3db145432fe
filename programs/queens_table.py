"""A table of n-queens counts, size after size, that a caller can stop at any moment.

Boards up to ``INLINE_LIMIT`` are counted in the caller's thread (well under a second);
larger ones run in a separate process, so that stopping ends the search at once instead
of after the board in hand (15 queens take about 10 s, 16 queens a minute).
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from programs.queens_classes import classes
from programs.queens_symmetry import symmetry_classes

INLINE_LIMIT = 12
POLL_SECONDS = 0.05


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


def _count_into(n: int, pipe) -> None:  # runs in the worker process
    pipe.send(count_row(n))
    pipe.close()


def count_stoppable(n: int, stopped: Callable[[], bool]) -> CountRow | None:
    """Count one board size in a worker process; None (and the process ended) if stopped."""
    if n <= INLINE_LIMIT:
        return None if stopped() else count_row(n)
    context = multiprocessing.get_context("spawn")  # no fork from a threaded program
    ours, theirs = context.Pipe(duplex=False)
    process = context.Process(target=_count_into, args=(n, theirs), daemon=True)
    process.start()
    theirs.close()
    try:
        while not ours.poll(POLL_SECONDS):
            if stopped():
                return None
            if not process.is_alive() and not ours.poll():
                raise RuntimeError(f"the count of {n} queens ended without an answer")
        return ours.recv()
    finally:
        if process.is_alive():
            process.terminate()
        process.join()
        ours.close()


def count_table(sizes: Iterable[int], stopped: Callable[[], bool]) -> Iterator[CountRow]:
    """The rows for the sizes in turn, until they run out or ``stopped()`` says stop."""
    for n in sizes:
        row = count_stoppable(n, stopped)
        if row is None:
            return
        yield row
