"""Count n-queens solutions unit by unit through an executor, with a ledger and progress.

``count_in_units`` lists the work units (programs.queens.units), skips those a ledger
already holds, runs the rest on the executor it is given (this process, local processes or
a Dask cluster: programs.queens.executors), records each result in the ledger as it arrives and
reports progress.  ``verify_units`` recounts a random sample of finished units.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from programs.queens.executors import Executor, SerialExecutor
from programs.queens.ledger import Ledger
from programs.queens.units import (
    Classes,
    WorkUnit,
    add_classes,
    count_unit,
    default_depth,
    solutions,
    units_digest,
    work_units,
)

Progress = Callable[[int, int, int], None]  # (units done, units in all, solutions so far)


@dataclass
class UnitCount:
    """The result of a count in units."""

    n: int
    depth: int
    units: list[WorkUnit]
    done: dict[int, Classes] = field(default_factory=dict)  # unit index -> its classes
    resumed: int = 0  # units found finished in the ledger

    @property
    def classes(self) -> Classes:
        """Classes of solutions by size, over every finished unit."""
        total: Classes = {}
        for part in self.done.values():
            add_classes(total, part)
        return total

    @property
    def total(self) -> int:
        """The number of solutions found so far (all of them once every unit is done)."""
        return solutions(self.classes)

    @property
    def complete(self) -> bool:
        """True when every unit has been counted."""
        return len(self.done) == len(self.units)


def _count_indexed(item: tuple[int, WorkUnit]) -> Classes:
    return count_unit(item[1])


def count_in_units(n: int, executor: Executor | None = None, *, depth: int | None = None,
                   ledger: str | Path | None = None,
                   progress: Progress | None = None) -> UnitCount:
    """Count the n-queens solutions in work units; resume from and write to `ledger`."""
    depth = default_depth(n) if depth is None else depth
    units = work_units(n, depth)
    result = UnitCount(n, depth, units)
    book = Ledger(ledger, n, depth, len(units), units_digest(units)) if ledger else None
    if book is not None:
        result.done.update(book.done)
        result.resumed = len(book.done)
    running = solutions(result.classes)
    if progress is not None:
        progress(len(result.done), len(units), running)
    todo = [(i, unit) for i, unit in enumerate(units) if i not in result.done]
    executor = executor or SerialExecutor()
    try:
        for (index, _), classes in executor.map_unordered(_count_indexed, todo):
            result.done[index] = classes
            if book is not None:
                book.record(index, classes)
            running += solutions(classes)
            if progress is not None:
                progress(len(result.done), len(units), running)
    finally:
        if book is not None:
            book.close()
    return result


@dataclass(frozen=True)
class Mismatch:
    """A unit whose recount differs from the recorded result."""

    index: int
    unit: WorkUnit
    recorded: Classes
    recounted: Classes


def verify_units(count: UnitCount, k: int, executor: Executor | None = None,
                 rng: random.Random | None = None) -> tuple[list[int], list[Mismatch]]:
    """Recount `k` random finished units: (the units chosen, those that came out different)."""
    finished = sorted(count.done)
    if not 0 <= k <= len(finished):
        raise ValueError(f"--verify must be from 0 to {len(finished)} (the finished units), "
                         f"got {k}")
    chosen = sorted((rng or random.Random()).sample(finished, k))
    executor = executor or SerialExecutor()
    bad = []
    items = [(i, count.units[i]) for i in chosen]
    for (index, unit), classes in executor.map_unordered(_count_indexed, items):
        recorded = {s: c for s, c in count.done[index].items() if c}
        if {s: c for s, c in classes.items() if c} != recorded:
            bad.append(Mismatch(index, unit, count.done[index], classes))
    return chosen, sorted(bad, key=lambda m: m.index)
